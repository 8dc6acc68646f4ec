package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import io.sextant.spi.ControllerSettings;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.Netconfd;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Templates (and copy-one-to-many) over RESTCONF against two yuma123 netconfd servers (OpenConfig interfaces; one with
 * candidate, one writing running): a template stored, applied with per-node values in a
 * transaction, shown by calculate-diff, committed, and each device's configuration read through
 * an independent NETCONF session; failures that name the variable or the path and change nothing.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class TemplatesNetconfTest {
    private static final String PASSWORD = "templates-netconf-test";
    private static final String TEMPLATE = "/rests/data/sextant-templates:templates/template=";
    private static final String APPLY = "sextant-templates:apply-template";
    private static final String CONFIGURATION = "{\"openconfig-interfaces:interfaces\":{\"interface\":[{\"name\":"
        + "\"{$ifname}\",\"config\":{\"name\":\"{$ifname}\",\"type\":\"iana-if-type:ethernetCsmacd\",\"mtu\":"
        + "\"{$mtu}\",\"description\":\"{$description}\"}}]}}";

    @TempDir
    static Path dataDir;
    private static Netconfd candidate;
    private static Netconfd running;
    private static Sextant sextant;
    private static RestconfClient rest;

    @BeforeAll
    static void start() throws Exception {
        candidate = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
        running = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).target(Netconfd.Target.RUNNING).start();
        sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD));
        rest = new RestconfClient(sextant, PASSWORD);
        for (Map.Entry<String, Netconfd> device : Map.of("ncd", candidate, "ncr", running).entrySet()) {
            final Netconfd d = device.getValue();
            final HttpResponse<String> response = rest.send("PUT", RestconfClient.NETCONF_NODE + device.getKey(),
                RestconfClient.netconfMount(device.getKey(), d.host(), d.port(), d.username(), d.password()));
            assertEquals(201, response.statusCode(), response.body());
        }
        for (String node : List.of("ncd", "ncr")) {
            rest.await(RestconfClient.UNICONFIG_NODE + node + RestconfClient.CONFIGURATION + "?content=config",
                r -> r.statusCode() == 200, Duration.ofSeconds(90));
        }
        storeTemplate("access-port", "interface");
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable closeable : new AutoCloseable[] { sextant, running, candidate }) {
            if (closeable != null) {
                try {
                    closeable.close();
                } catch (Exception e) {
                    // keep closing the others
                }
            }
        }
    }

    private static void storeTemplate(final String name, final String description) throws Exception {
        final String body = "{\"sextant-templates:template\":[{\"name\":\"" + name + "\",\"description\":\""
            + description + "\",\"configuration\":" + new JsonPrimitive(CONFIGURATION) + ",\"operation\":[{\"path\":"
            + "\"openconfig-interfaces:interfaces/interface={$ifname}\",\"operation\":\"replace\"}]}]}";
        final HttpResponse<String> response = rest.send("PUT", TEMPLATE + name, body);
        assertTrue(response.statusCode() == 201 || response.statusCode() == 204, response.body());
    }

    private static String node(final String id, final Map<String, String> values) {
        return "{\"node-id\":\"" + id + "\",\"variable\":[" + values.entrySet().stream().map(v -> "{\"name\":\""
            + v.getKey() + "\",\"value\":\"" + v.getValue() + "\"}").collect(Collectors.joining(",")) + "]}";
    }

    private static JsonObject apply(final String template, final String nodes, final String... headers)
            throws Exception {
        return rest.rpcWithInput(APPLY, "{\"input\":{\"template-name\":\"" + template + "\",\"target-nodes\":{"
            + "\"node\":[" + nodes + "]}}}", headers);
    }

    private static String runningConfig(final String node) throws Exception {
        try (NetconfVerifier device = node.equals("ncd") ? NetconfVerifier.connect(candidate)
                : NetconfVerifier.connect(running)) {
            return device.getConfig("running");
        }
    }

    private static List<String> ocValues(final String node, final String leaf) throws Exception {
        return NetconfVerifier.values(runningConfig(node), "data", "interfaces", "interface", "config", leaf);
    }

    @Test
    void aTemplateWithPerNodeValuesIsDiffedAndCommittedToEachDevice() throws Exception {
        final String tx = rest.rpcWithInput("transaction-manager:create-transaction", "{\"input\":{}}")
            .get("transaction-id").getAsString();
        final JsonObject applied = apply("access-port", node("ncd", Map.of("ifname", "tpl-a", "mtu", "9000",
            "description", "alpha")) + "," + node("ncr", Map.of("ifname", "tpl-b", "mtu", "1400", "description",
            "bravo")), "Sextant-Transaction", tx);
        assertEquals("complete", applied.get("overall-status").getAsString(), applied.toString());

        assertTrue(rest.rpc("uniconfig-manager:calculate-diff", List.of()).get("node-results") == null,
            "outside the transaction nothing changed");
        final JsonObject diff = rest.rpc("uniconfig-manager:calculate-diff", List.of(), "Sextant-Transaction", tx);
        for (String node : List.of("ncd", "ncr")) {
            assertEquals(1, RestconfClient.nodeResult(diff, node).getAsJsonArray("created-data").size(),
                diff.toString());
        }
        assertTrue(RestconfClient.nodeResult(diff, "ncd").getAsJsonArray("created-data").get(0).getAsJsonObject()
            .get("data").getAsString().contains("\"mtu\":9000"), diff.toString());

        final JsonObject commit = rest.rpc("uniconfig-manager:commit", List.of(), "Sextant-Transaction", tx);
        assertEquals("complete", commit.get("overall-status").getAsString(), commit.toString());

        assertTrue(ocValues("ncd", "description").contains("alpha"), runningConfig("ncd"));
        assertTrue(ocValues("ncd", "mtu").contains("9000"), runningConfig("ncd"));
        assertTrue(ocValues("ncr", "description").contains("bravo"), runningConfig("ncr"));
        assertTrue(ocValues("ncr", "mtu").contains("1400"), runningConfig("ncr"));
        assertFalse(ocValues("ncr", "description").contains("alpha"), "each node got its own values");
    }

    @Test
    void aMissingVariableOrARefusedValueIsNamedAndNothingChanges() throws Exception {
        final String ncdBefore = runningConfig("ncd");
        final String ncrBefore = runningConfig("ncr");

        final JsonObject missing = apply("access-port", node("ncd", Map.of("ifname", "tpl-c", "mtu", "1500",
            "description", "c")) + "," + node("ncr", Map.of("ifname", "tpl-d", "description", "d")));
        assertEquals("fail", missing.get("overall-status").getAsString(), missing.toString());
        final String missingMessage = RestconfClient.nodeResult(missing, "ncr").get("error-message").getAsString();
        assertTrue(missingMessage.contains("Variable 'mtu' has no value"), missingMessage);
        assertTrue(RestconfClient.nodeResult(missing, "ncd").get("error-message").getAsString()
            .startsWith("Not applied"), missing.toString());

        final JsonObject refused = apply("access-port", node("ncd", Map.of("ifname", "tpl-c", "mtu", "70000",
            "description", "c")) + "," + node("ncr", Map.of("ifname", "tpl-d", "mtu", "1500", "description", "d")));
        assertEquals("fail", refused.get("overall-status").getAsString(), refused.toString());
        final String refusedMessage = RestconfClient.nodeResult(refused, "ncd").get("error-message").getAsString();
        assertTrue(refusedMessage.contains("openconfig-interfaces:interfaces/interface=tpl-c/config/mtu"),
            refusedMessage);

        assertTrue(rest.rpc("uniconfig-manager:calculate-diff", List.of()).get("node-results") == null,
            "no node's intent changed");
        assertEquals("complete", rest.rpc("uniconfig-manager:commit", List.of()).get("overall-status")
            .getAsString());
        assertEquals(ncdBefore, runningConfig("ncd"));
        assertEquals(ncrBefore, runningConfig("ncr"));
    }

    @Test
    void templatesAreStoredListedUpdatedAndDeletedOverRestconf() throws Exception {
        storeTemplate("scratch", "first");
        storeTemplate("scratch", "second");
        final JsonObject listed = JsonParser.parseString(rest.send("GET", TEMPLATE + "scratch").body())
            .getAsJsonObject();
        assertEquals("second", listed.getAsJsonArray("sextant-templates:template").get(0).getAsJsonObject()
            .get("description").getAsString(), listed.toString());
        assertEquals(204, rest.send("DELETE", TEMPLATE + "scratch").statusCode());
        assertEquals(404, rest.send("GET", TEMPLATE + "scratch").statusCode());
        final JsonObject gone = apply("scratch", node("ncd", Map.of("ifname", "x", "mtu", "1", "description", "y")));
        assertEquals("Template scratch does not exist", gone.get("error-message").getAsString());

        final HttpResponse<String> broken = rest.send("PUT", TEMPLATE + "broken", "{\"sextant-templates:template\":[{"
            + "\"name\":\"broken\",\"configuration\":\"{\\\"openconfig-interfaces:interfaces\\\":\"}]}");
        assertEquals(400, broken.statusCode(), broken.body());
        assertTrue(broken.body().contains("Template broken: its configuration is not valid JSON"), broken.body());
    }

    @Test
    void aSubtreeCopiedFromOneNodeToAnotherIsCommittedToItsDevice() throws Exception {
        final HttpResponse<String> put = rest.send("PUT", RestconfClient.intentInterface("ncd", "cp-a"),
            RestconfClient.ethernetInterface("cp-a", "copied from ncd"));
        assertEquals(201, put.statusCode(), put.body());
        final JsonObject copied = rest.rpcWithInput("uniconfig-manager:copy-one-to-many", "{\"input\":{"
            + "\"source-node\":\"ncd\",\"path\":\"openconfig-interfaces:interfaces/interface=cp-a\","
            + "\"target-nodes\":{\"node\":[\"ncr\"]}}}");
        assertEquals("complete", copied.get("overall-status").getAsString(), copied.toString());
        final JsonObject commit = rest.rpc("uniconfig-manager:commit", List.of("ncd", "ncr"));
        assertEquals("complete", commit.get("overall-status").getAsString(), commit.toString());
        assertTrue(ocValues("ncr", "description").contains("copied from ncd"), runningConfig("ncr"));

        final JsonObject nothing = rest.rpcWithInput("uniconfig-manager:copy-one-to-many", "{\"input\":{"
            + "\"source-node\":\"ncd\",\"path\":\"openconfig-interfaces:interfaces/interface=absent\","
            + "\"target-nodes\":{\"node\":[\"ncr\"]}}}");
        assertEquals("fail", nothing.get("overall-status").getAsString(), nothing.toString());
        assertTrue(nothing.toString().contains("has nothing at openconfig-interfaces:interfaces/interface=absent"),
            nothing.toString());
        assertTrue(rest.rpc("uniconfig-manager:calculate-diff", List.of()).get("node-results") == null,
            "a refused copy changed nothing");
    }
}
