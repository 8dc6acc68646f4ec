package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import io.sextant.spi.ControllerSettings;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.Netconfd;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The RPCs that compute a node's new intent themselves (apply-template, revert-changes,
 * replace-config-with-snapshot, replace-config-with-operational) are held to the user's NACM
 * write rules on the node's configuration, as a write through its mount point is: a user who may
 * run them but not change what they would change gets 403 access-denied and nothing changes,
 * immediately and in a transaction; what the rules permit goes through. Against a netconfd device.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class IntentChangingRpcsUnderNacmTest {
    private static final String PASSWORD = "intent-rpcs-nacm-admin";
    private static final String ED_PASSWORD = "intent-rpcs-nacm-ed";
    private static final String NODE = "ncd";
    private static final String OPERATIONS = "/rests/operations/";
    private static final String TEMPLATE = "{\"openconfig-interfaces:interfaces\":{\"interface\":[{\"name\":"
        + "\"{$ifname}\",\"config\":{\"name\":\"{$ifname}\",\"type\":\"iana-if-type:ethernetCsmacd\","
        + "\"description\":\"{$description}\"}}]}}";
    /** Ed may change interface eth1 of any UniConfig node's intent, nothing else of it. */
    private static final String ED_MAY_CHANGE_ETH1 = "/network-topology:network-topology/network-topology:topology"
        + "/network-topology:node/uniconfig-topology:configuration/yang-ext:mount/openconfig-interfaces:interfaces"
        + "/openconfig-interfaces:interface[openconfig-interfaces:name='eth1']";

    @TempDir
    static Path dataDir;
    private static Netconfd device;
    private static Sextant sextant;
    private static RestconfClient admin;
    private static RestconfClient ed;

    @BeforeAll
    static void start() throws Exception {
        device = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
        sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD));
        admin = new RestconfClient(sextant, PASSWORD);
        assertStatus(201, admin.send("PUT", RestconfClient.NETCONF_NODE + NODE, RestconfClient.netconfMount(NODE,
            device.host(), device.port(), device.username(), device.password())));
        admin.await(RestconfClient.UNICONFIG_NODE + NODE + RestconfClient.CONFIGURATION + "?content=config",
            r -> r.statusCode() == 200, Duration.ofSeconds(90));
        assertStatus(204, admin.send("POST", OPERATIONS + "sextant-users:set-password",
            "{\"input\":{\"name\":\"ed\",\"password\":\"" + ED_PASSWORD + "\"}}"));
        assertStatus(204, admin.send("PATCH", "/rests/data/ietf-netconf-acm:nacm", """
            {"ietf-netconf-acm:nacm":{"groups":{"group":[{"name":"editors","user-name":["ed"]}]},
             "rule-list":[{"name":"editors","group":["editors"],"rule":[
              {"name":"run-everything","module-name":"*","rpc-name":"*","access-operations":"exec",
               "action":"permit"},
              {"name":"read-everything","module-name":"*","access-operations":"read","action":"permit"},
              {"name":"eth1","path":"%s","access-operations":"*","action":"permit"}]}]}}"""
            .formatted(ED_MAY_CHANGE_ETH1)));
        ed = new RestconfClient(sextant, "ed", ED_PASSWORD);
        assertStatus(201, admin.send("PUT", "/rests/data/sextant-templates:templates/template=description",
            "{\"sextant-templates:template\":[{\"name\":\"description\",\"configuration\":"
                + new JsonPrimitive(TEMPLATE) + "}]}"));
    }

    @AfterAll
    static void stop() throws Exception {
        if (sextant != null) {
            sextant.close();
        }
        if (device != null) {
            device.close();
        }
    }

    /** eth1 and eth2 committed with the descriptions "one" and "two", nothing pending. */
    @BeforeEach
    void committedInterfaces() throws Exception {
        for (String name : List.of("eth1", "eth2")) {
            final HttpResponse<String> put = admin.send("PUT", RestconfClient.intentInterface(NODE, name),
                RestconfClient.ethernetInterface(name, name.equals("eth1") ? "one" : "two"));
            assertTrue(put.statusCode() == 201 || put.statusCode() == 204, put.body());
        }
        commit();
    }

    private static void commit() throws Exception {
        final JsonObject commit = admin.rpc("uniconfig-manager:commit", List.of(NODE));
        assertEquals("complete", commit.get("overall-status").getAsString(), commit.toString());
    }

    private static void assertStatus(final int expected, final HttpResponse<String> response) {
        assertEquals(expected, response.statusCode(), response.body());
    }

    /** The description of an interface in the node's intent, as the admin reads it (in {@code tx} if given). */
    private static String description(final String name, final String... tx) throws Exception {
        final HttpResponse<String> read = admin.send("GET", RestconfClient.intentInterface(NODE, name)
            + "/config/description", null, tx);
        assertStatus(200, read);
        return read.body().replaceAll(".*\"openconfig-interfaces:description\":\"([^\"]*)\".*", "$1").strip();
    }

    private static void assertDenied(final HttpResponse<String> answer, final String what) {
        assertStatus(403, answer);
        assertTrue(answer.body().contains("\"error-tag\":\"access-denied\""), answer.body());
        assertTrue(answer.body().contains("Access denied: user 'ed' may not"), answer.body());
        assertTrue(answer.body().contains(what), answer.body());
        assertTrue(answer.body().contains("of node " + NODE), answer.body());
    }

    private static HttpResponse<String> applyTemplate(final RestconfClient user, final String ifname,
            final String description, final String... headers) throws Exception {
        return user.send("POST", OPERATIONS + "sextant-templates:apply-template", "{\"input\":{\"template-name\":"
            + "\"description\",\"target-nodes\":{\"node\":[{\"node-id\":\"" + NODE + "\",\"variable\":["
            + "{\"name\":\"ifname\",\"value\":\"" + ifname + "\"},{\"name\":\"description\",\"value\":\""
            + description + "\"}]}]}}}", headers);
    }

    @Test
    void anotherUsersGatedCommitIsDecidedOnlyWithWriteAccessToWhatItChanges() throws Exception {
        assertStatus(204, admin.send("PUT", RestconfClient.intentInterface(NODE, "eth2"),
            RestconfClient.ethernetInterface("eth2", "gated")));
        final JsonObject waiting = admin.rpcWithInput("uniconfig-manager:commit", "{\"input\":{\"target-nodes\":"
            + "{\"node\":[\"" + NODE + "\"]},\"sextant-gate:confirm-timeout\":600}}");
        final JsonObject gate = waiting.getAsJsonObject("sextant-gate:gate");
        assertEquals("awaiting-confirmation", gate.get("state").getAsString(), waiting.toString());
        final String decision = "{\"input\":{\"commit-id\":\"" + gate.get("commit-id").getAsString() + "\"}}";
        for (String rpc : List.of("confirm-commit", "cancel-commit")) {
            final HttpResponse<String> refused = ed.send("POST", OPERATIONS + "sextant-gate:" + rpc, decision);
            assertStatus(403, refused);
            assertTrue(refused.body().contains("\"error-tag\":\"access-denied\"")
                && refused.body().contains("User ed may not") && refused.body().contains("of user admin"),
                refused.body());
        }
        final JsonObject confirmed = admin.rpcWithInput("sextant-gate:confirm-commit", decision);
        assertEquals("complete", confirmed.get("overall-status").getAsString(), "still waiting, then confirmed by "
            + "its user: " + confirmed);
        try (NetconfVerifier session = NetconfVerifier.connect(device)) {
            assertTrue(session.getConfig("running").contains("gated"), "kept on the device");
        }
    }

    @Test
    void applyTemplateChangesOnlyWhatTheUserMayWrite() throws Exception {
        assertDenied(applyTemplate(ed, "eth2", "by ed"), "/interfaces/interface=eth2");
        assertEquals("two", description("eth2"), "nothing changed");

        final HttpResponse<String> permitted = applyTemplate(ed, "eth1", "by ed");
        assertStatus(200, permitted);
        assertEquals("complete", RestconfClient.output(permitted).get("overall-status").getAsString(),
            permitted.body());
        assertEquals("by ed", description("eth1"));
        commit();
    }

    @Test
    void applyTemplateInATransactionIsRefusedAndTheTransactionKeepsItsView() throws Exception {
        final String tx = ed.rpcWithInput("transaction-manager:create-transaction", "{\"input\":{}}")
            .get("transaction-id").getAsString();
        try {
            assertStatus(200, applyTemplate(ed, "eth1", "in tx", "Sextant-Transaction", tx));
            assertDenied(applyTemplate(ed, "eth2", "in tx", "Sextant-Transaction", tx), "/interfaces/interface=eth2");
            final HttpResponse<String> read = ed.send("GET", RestconfClient.intentInterface(NODE, "eth2")
                + "/config/description", null, "Sextant-Transaction", tx);
            assertStatus(200, read);
            assertTrue(read.body().contains("\"two\""), read.body());
            final HttpResponse<String> eth1 = ed.send("GET", RestconfClient.intentInterface(NODE, "eth1")
                + "/config/description", null, "Sextant-Transaction", tx);
            assertTrue(eth1.body().contains("\"in tx\""), "the permitted change stays in the transaction: "
                + eth1.body());
        } finally {
            ed.send("POST", OPERATIONS + "transaction-manager:close-transaction",
                "{\"input\":{\"transaction-id\":\"" + tx + "\"}}");
        }
        assertEquals("one", description("eth1"), "nothing outside the transaction");
    }

    @Test
    void revertOfAChangeTheUserMayNotMakeIsRefused() throws Exception {
        assertStatus(204, admin.send("PUT", RestconfClient.intentInterface(NODE, "eth2") + "/config/description",
            "{\"openconfig-interfaces:description\":\"changed by admin\"}"));
        commit();
        final JsonArray points = admin.rpcWithInput("sextant-history:list-history", "{\"input\":{\"node-id\":\""
            + NODE + "\"}}").getAsJsonArray("point");
        final String last = points.get(points.size() - 1).getAsJsonObject().get("transaction-id").getAsString();

        assertDenied(ed.send("POST", OPERATIONS + "sextant-history:revert-changes",
            "{\"input\":{\"transaction-id\":[\"" + last + "\"]}}"), "/interfaces/interface=eth2");
        assertEquals("changed by admin", description("eth2"));
        final JsonObject diff = admin.rpc("uniconfig-manager:calculate-diff", List.of());
        assertEquals(null, diff.get("node-results"), "nothing pending: " + diff);
    }

    /** A user of the shipped (read-only) operator group reads a node's history and cannot revert it. */
    @Test
    void theShippedOperatorGroupReadsANodesHistoryButCannotRevertIt() throws Exception {
        assertStatus(204, admin.send("POST", OPERATIONS + "sextant-users:set-password",
            "{\"input\":{\"name\":\"olga\",\"password\":\"" + ED_PASSWORD + "\"}}"));
        assertStatus(204, admin.send("PATCH", "/rests/data/ietf-netconf-acm:nacm", """
            {"ietf-netconf-acm:nacm":{"groups":{"group":[{"name":"operator","user-name":["olga"]}]}}}"""));
        final RestconfClient olga = new RestconfClient(sextant, "olga", ED_PASSWORD);
        final JsonArray points = olga.rpcWithInput("sextant-history:list-history", "{\"input\":{\"node-id\":\""
            + NODE + "\"}}").getAsJsonArray("point");
        final String last = points.get(points.size() - 1).getAsJsonObject().get("transaction-id").getAsString();
        final JsonObject read = olga.rpcWithInput("sextant-history:read-history", "{\"input\":{\"node-id\":\""
            + NODE + "\",\"transaction-id\":\"" + last + "\"}}");
        assertEquals(last, read.get("transaction-id").getAsString());
        final String configuration = read.get("configuration").getAsString();
        assertTrue(configuration.contains("\"description\":\"one\"")
            && configuration.contains("\"description\":\"two\""), "the node as committed: " + configuration);
        assertEquals(200, olga.send("POST", OPERATIONS + "sextant-history:compare-history", "{\"input\":{"
            + "\"node-id\":\"" + NODE + "\",\"from\":{\"transaction-id\":\"" + last + "\"},\"to\":{"
            + "\"transaction-id\":\"" + last + "\"}}}").statusCode());

        final HttpResponse<String> revert = olga.send("POST", OPERATIONS + "sextant-history:revert-changes",
            "{\"input\":{\"transaction-id\":[\"" + last + "\"]}}");
        assertStatus(403, revert);
        assertTrue(revert.body().contains("\"error-tag\":\"access-denied\""), revert.body());
        assertEquals("one", description("eth1"), "nothing reverted");
    }

    @Test
    void replaceConfigWithSnapshotAndWithOperationalAreRefusedWhereTheyWouldChangeWhatTheUserMayNot()
            throws Exception {
        assertEquals("complete", admin.rpcWithInput("snapshot-manager:create-snapshot", "{\"input\":{"
            + "\"snapshot-name\":\"before\",\"target-nodes\":{\"node\":[\"" + NODE + "\"]}}}").get("overall-status")
            .getAsString());
        assertStatus(204, admin.send("PUT", RestconfClient.intentInterface(NODE, "eth2") + "/config/description",
            "{\"openconfig-interfaces:description\":\"pending\"}"));

        assertDenied(ed.send("POST", OPERATIONS + "snapshot-manager:replace-config-with-snapshot",
            "{\"input\":{\"snapshot-name\":\"before\",\"target-nodes\":{\"node\":[\"" + NODE + "\"]}}}"),
            "/interfaces/interface=eth2");
        assertEquals("pending", description("eth2"));
        assertDenied(ed.send("POST", OPERATIONS + "uniconfig-manager:replace-config-with-operational",
            "{\"input\":{\"target-nodes\":{\"node\":[\"" + NODE + "\"]}}}"), "/interfaces/interface=eth2");
        assertEquals("pending", description("eth2"), "the admin's pending change is still there");

        // the admin may: the pending change goes
        final JsonObject reset = admin.rpc("uniconfig-manager:replace-config-with-operational", List.of(NODE));
        assertEquals("complete", reset.get("overall-status").getAsString(), reset.toString());
        assertEquals("two", description("eth2"));
    }
}
