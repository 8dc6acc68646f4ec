package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.spi.ControllerSettings;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfTestTool;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.Netconfd;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The UniConfig layer end to end over RESTCONF against real NETCONF devices: two test-tool
 * devices (candidate only, ietf-interfaces data) and two yuma123 netconfd servers (one with
 * candidate and confirmed-commit, one writing running directly; OpenConfig interfaces). Every
 * device is checked through an independent NETCONF session, never through the controller.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class UniconfigNetconfTest {
    private static final String PASSWORD = "uniconfig-netconf-test";
    private static final String IETF_IF = "urn:ietf:params:xml:ns:yang:ietf-interfaces";
    private static final String OC_IF = "http://openconfig.net/yang/interfaces";
    private static final List<String> ALL = List.of("tt0", "tt1", "ncd", "ncr");

    @TempDir
    static Path dataDir;
    private static NetconfTestTool testTool;
    private static Netconfd candidate;
    private static Netconfd running;
    private static Sextant sextant;
    private static RestconfClient rest;

    @BeforeAll
    static void start() throws Exception {
        testTool = NetconfTestTool.builder().deviceCount(2).ssh(true).models(ModelSets.OPENCONFIG_INTERFACES).start();
        candidate = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
        running = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).target(Netconfd.Target.RUNNING).start();
        sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD));
        rest = new RestconfClient(sextant, PASSWORD);
        mount("tt0", "127.0.0.1", testTool.port(0), "admin", "admin");
        mount("tt1", "127.0.0.1", testTool.port(1), "admin", "admin");
        mount("ncd", candidate.host(), candidate.port(), candidate.username(), candidate.password());
        mount("ncr", running.host(), running.port(), running.username(), running.password());
        for (String node : ALL) {
            rest.await(RestconfClient.UNICONFIG_NODE + node + RestconfClient.CONFIGURATION + "?content=config",
                r -> r.statusCode() == 200, Duration.ofSeconds(90));
        }
    }

    private static void mount(final String node, final String host, final int port, final String user,
            final String password) throws Exception {
        final HttpResponse<String> response = rest.send("PUT", RestconfClient.NETCONF_NODE + node,
            RestconfClient.netconfMount(node, host, port, user, password));
        assertEquals(201, response.statusCode(), response.body());
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable closeable : new AutoCloseable[] { sextant, running, candidate, testTool }) {
            if (closeable != null) {
                try {
                    closeable.close();
                } catch (Exception e) {
                    // keep closing the others
                }
            }
        }
    }

    @AfterEach
    void resetIntent() throws Exception {
        rest.rpc("uniconfig-manager:replace-config-with-operational", List.of());
    }

    private static NetconfVerifier verifier(final String node) throws Exception {
        return switch (node) {
            case "tt0" -> NetconfVerifier.connect(testTool, 0);
            case "tt1" -> NetconfVerifier.connect(testTool, 1);
            case "ncd" -> NetconfVerifier.connect(candidate);
            case "ncr" -> NetconfVerifier.connect(running);
            default -> throw new IllegalArgumentException(node);
        };
    }

    /** The running configuration of a device, read over an independent session. */
    private static String runningConfig(final String node) throws Exception {
        try (NetconfVerifier device = verifier(node)) {
            return device.getConfig("running");
        }
    }

    private static List<String> ietfDescriptions(final String node) throws Exception {
        return NetconfVerifier.values(runningConfig(node), "data", "interfaces", "interface", "description");
    }

    private static List<String> ocDescriptions(final String node) throws Exception {
        return NetconfVerifier.values(runningConfig(node), "data", "interfaces", "interface", "config",
            "description");
    }

    private static String ietfInterface(final String name, final String description) {
        return "{\"ietf-interfaces:interface\":[{\"name\":\"" + name + "\",\"type\":\"iana-if-type:ethernetCsmacd\","
            + "\"description\":\"" + description + "\"}]}";
    }

    private static String ocInterface(final String name, final String configName, final String description) {
        return "{\"openconfig-interfaces:interface\":[{\"name\":\"" + name + "\",\"config\":{\"name\":\"" + configName
            + "\",\"type\":\"iana-if-type:ethernetCsmacd\",\"mtu\":1400,\"description\":\"" + description + "\"}}]}";
    }

    private static void putIntent(final String node, final String path, final String body, final String... headers)
            throws Exception {
        final HttpResponse<String> response = rest.send("PUT", RestconfClient.UNICONFIG_NODE + node
            + RestconfClient.CONFIGURATION + path, body, headers);
        assertTrue(response.statusCode() == 201 || response.statusCode() == 204, response.body());
    }

    private static void putIetf(final String node, final String name, final String description,
            final String... headers) throws Exception {
        putIntent(node, "/ietf-interfaces:interfaces/interface=" + name, ietfInterface(name, description), headers);
    }

    private static void putOc(final String node, final String name, final String configName,
            final String description) throws Exception {
        putIntent(node, "/openconfig-interfaces:interfaces/interface=" + name, ocInterface(name, configName,
            description));
    }

    @Test
    void diffShowsTheIntendedChangesAndCommitPutsThemOnEveryDevice() throws Exception {
        putIetf("tt0", "uc-a", "alpha");
        putIetf("tt1", "uc-b", "bravo");
        putOc("ncd", "uc-c", "uc-c", "charlie");
        putOc("ncr", "uc-d", "uc-d", "delta");

        final JsonObject diff = rest.rpc("uniconfig-manager:calculate-diff", List.of());
        assertEquals("complete", diff.get("overall-status").getAsString(), diff.toString());
        for (String node : ALL) {
            final JsonObject result = RestconfClient.nodeResult(diff, node);
            assertEquals(1, result.getAsJsonArray("created-data").size(), result.toString());
            assertFalse(result.has("updated-data") || result.has("deleted-data"), result.toString());
        }
        assertEquals("/ietf-interfaces:interfaces/interface=uc-a", RestconfClient.nodeResult(diff, "tt0")
            .getAsJsonArray("created-data").get(0).getAsJsonObject().get("path").getAsString());
        assertTrue(RestconfClient.nodeResult(diff, "ncd").getAsJsonArray("created-data").get(0).getAsJsonObject()
            .get("data").getAsString().contains("\"mtu\":1400"), diff.toString());

        final JsonObject commit = rest.rpc("uniconfig-manager:commit", List.of());
        assertEquals("complete", commit.get("overall-status").getAsString(), commit.toString());

        assertTrue(ietfDescriptions("tt0").contains("alpha"));
        assertTrue(ietfDescriptions("tt1").contains("bravo"));
        assertTrue(ocDescriptions("ncd").contains("charlie"));
        assertTrue(ocDescriptions("ncr").contains("delta"));
        for (String node : ALL) {
            final String path = RestconfClient.UNICONFIG_NODE + node + RestconfClient.CONFIGURATION;
            assertEquals(JsonParser.parseString(rest.send("GET", path + "?content=config", null).body()),
                JsonParser.parseString(rest.send("GET", path + "?content=nonconfig", null).body()),
                "actual = intended on " + node);
        }
        assertTrue(rest.rpc("uniconfig-manager:calculate-diff", List.of()).get("node-results") == null,
            "nothing left to commit");
    }

    @Test
    void aDeviceThatRejectsTheChangeLeavesEveryDeviceAsItWas() throws Exception {
        putIetf("tt0", "uc-e", "before");
        putOc("ncr", "uc-f", "uc-f", "before");
        assertEquals("complete", rest.rpc("uniconfig-manager:commit", List.of()).get("overall-status")
            .getAsString());
        final String tt0Before = runningConfig("tt0");
        final String ncrBefore = runningConfig("ncr");
        final String ncdBefore = runningConfig("ncd");

        putIetf("tt0", "uc-e", "after");
        putOc("ncr", "uc-f", "uc-f", "after");
        // the key leafref (name -> config/name) is not checked by the controller, but netconfd checks it
        putOc("ncd", "uc-bad", "not-the-key", "never");
        final JsonObject commit = rest.rpc("uniconfig-manager:commit", List.of("tt0", "ncr", "ncd"));
        assertEquals("fail", commit.get("overall-status").getAsString(), commit.toString());
        final JsonObject failed = RestconfClient.nodeResult(commit, "ncd");
        assertEquals("device-error", failed.get("error-type").getAsString(), failed.toString());
        assertTrue(commit.get("error-message").getAsString().contains("ncd"), commit.toString());

        assertEquals(tt0Before, runningConfig("tt0"), "tt0 restored");
        assertEquals(ncrBefore, runningConfig("ncr"), "ncr (writable-running) restored");
        assertEquals(ncdBefore, runningConfig("ncd"), "ncd unchanged");
        final JsonObject diff = rest.rpc("uniconfig-manager:calculate-diff", List.of());
        assertEquals(3, diff.getAsJsonObject("node-results").getAsJsonArray("node-result").size(),
            "the intent is unchanged: all three changes are still pending");
    }

    @Test
    void outOfBandChangeIsReportedRefusedByCheckedCommitAndPickedUpBySync() throws Exception {
        try (NetconfVerifier device = verifier("tt1")) {
            device.editAndCommit("<interfaces xmlns=\"" + IETF_IF + "\"><interface><name>oob</name>"
                + "<type xmlns:ift=\"urn:ietf:params:xml:ns:yang:iana-if-type\">ift:ethernetCsmacd</type>"
                + "<description>behind-the-back</description></interface></interfaces>");
        }
        final JsonObject inSync = rest.rpc("uniconfig-manager:is-in-sync", List.of("tt0", "tt1"));
        assertTrue(RestconfClient.nodeResult(inSync, "tt0").get("is-in-sync").getAsBoolean());
        assertFalse(RestconfClient.nodeResult(inSync, "tt1").get("is-in-sync").getAsBoolean());
        final JsonObject compare = rest.rpc("uniconfig-manager:compare-config", List.of("tt1"));
        assertTrue(RestconfClient.nodeResult(compare, "tt1").toString().contains("behind-the-back"), compare.toString());

        putIetf("tt1", "uc-g", "refused");
        final JsonObject checked = rest.rpc("uniconfig-manager:checked-commit", List.of("tt1"));
        assertEquals("fail", checked.get("overall-status").getAsString(), checked.toString());
        assertEquals("out-of-sync", RestconfClient.nodeResult(checked, "tt1").get("error-type").getAsString());
        assertFalse(ietfDescriptions("tt1").contains("refused"), "checked-commit changed nothing");

        final JsonObject sync = rest.rpc("uniconfig-manager:sync-from-network", List.of("tt1"));
        assertEquals("complete", sync.get("overall-status").getAsString(), sync.toString());
        final String actual = rest.send("GET", RestconfClient.UNICONFIG_NODE + "tt1" + RestconfClient.CONFIGURATION
            + "/ietf-interfaces:interfaces/interface=oob?content=nonconfig", null).body();
        assertTrue(actual.contains("behind-the-back"), actual);
        assertTrue(RestconfClient.nodeResult(rest.rpc("uniconfig-manager:is-in-sync", List.of("tt1")), "tt1")
            .get("is-in-sync").getAsBoolean());
    }

    @Test
    void snapshotBringsTheDevicesBack() throws Exception {
        putIetf("tt0", "uc-s", "snapshotted");
        assertEquals("complete", rest.rpc("uniconfig-manager:commit", List.of()).get("overall-status")
            .getAsString());
        final JsonObject created = rest.rpcWithInput("snapshot-manager:create-snapshot",
            "{\"input\":{\"snapshot-name\":\"s1\",\"target-nodes\":{\"node\":[\"tt0\"]}}}");
        assertEquals("complete", created.get("overall-status").getAsString(), created.toString());
        final String snapshotted = runningConfig("tt0");

        putIetf("tt0", "uc-s", "changed");
        assertEquals("complete", rest.rpc("uniconfig-manager:commit", List.of()).get("overall-status")
            .getAsString());
        assertTrue(ietfDescriptions("tt0").contains("changed"));

        final JsonObject restore = rest.rpcWithInput("snapshot-manager:replace-config-with-snapshot",
            "{\"input\":{\"snapshot-name\":\"s1\",\"target-nodes\":{\"node\":[\"tt0\"]}}}");
        assertEquals("complete", restore.get("overall-status").getAsString(), restore.toString());
        assertEquals("complete", rest.rpc("uniconfig-manager:commit", List.of()).get("overall-status")
            .getAsString());
        assertEquals(snapshotted, runningConfig("tt0"), "the device is back to the snapshot");
        final String listed = rest.send("GET", "/rests/data/network-topology:network-topology/topology=snapshots"
            + "/node=s1/snapshot-manager:snapshot/node=tt0/configuration/ietf-interfaces:interfaces/interface=uc-s",
            null).body();
        assertTrue(listed.contains("snapshotted"), listed);
        rest.rpcWithInput("snapshot-manager:delete-snapshot", "{\"input\":{\"snapshot-name\":\"s1\"}}");
    }

    @Test
    void concurrentTransactionsOnDifferentNodesBothCommitAndOnTheSameNodeOnlyOne() throws Exception {
        final String tx1 = transaction();
        final String tx2 = transaction();
        putIetf("tt0", "uc-t1", "one", "Sextant-Transaction", tx1);
        putIntent("ncd", "/openconfig-interfaces:interfaces/interface=uc-t2", ocInterface("uc-t2", "uc-t2", "two"),
            "Sextant-Transaction", tx2);
        assertTrue(rest.send("GET", RestconfClient.UNICONFIG_NODE + "tt0" + RestconfClient.CONFIGURATION
            + "/ietf-interfaces:interfaces/interface=uc-t1?content=config", null).statusCode() == 404,
            "outside the transaction its write is invisible");

        final CompletableFuture<JsonObject> first = CompletableFuture.supplyAsync(() -> commit(tx1));
        final CompletableFuture<JsonObject> second = CompletableFuture.supplyAsync(() -> commit(tx2));
        assertEquals("complete", first.get().get("overall-status").getAsString(), first.get().toString());
        assertEquals("complete", second.get().get("overall-status").getAsString(), second.get().toString());
        assertTrue(ietfDescriptions("tt0").contains("one"));
        assertTrue(ocDescriptions("ncd").contains("two"));

        final String tx3 = transaction();
        final String tx4 = transaction();
        putIetf("tt1", "uc-t3", "three", "Sextant-Transaction", tx3);
        putIetf("tt1", "uc-t4", "four", "Sextant-Transaction", tx4);
        final JsonObject winner = commit(tx3);
        final JsonObject loser = commit(tx4);
        assertEquals("complete", winner.get("overall-status").getAsString(), winner.toString());
        assertEquals("fail", loser.get("overall-status").getAsString(), loser.toString());
        assertEquals("conflict", RestconfClient.nodeResult(loser, "tt1").get("error-type").getAsString());
        assertTrue(ietfDescriptions("tt1").contains("three"));
        assertFalse(ietfDescriptions("tt1").contains("four"), "the refused transaction changed nothing");
        rest.rpcWithInput("transaction-manager:close-transaction",
            "{\"input\":{\"transaction-id\":\"" + tx4 + "\"}}");
    }

    private static String transaction() throws Exception {
        return rest.rpcWithInput("transaction-manager:create-transaction", "{\"input\":{}}").get("transaction-id")
            .getAsString();
    }

    private static JsonObject commit(final String tx) {
        try {
            return rest.rpc("uniconfig-manager:commit", List.of(), "Sextant-Transaction", tx);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
