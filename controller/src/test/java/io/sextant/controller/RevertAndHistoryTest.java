package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.Netconfd;
import io.sextant.testing.PostgresServer;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * revert-changes and the nodes' history over RESTCONF, against a netconfd device checked through
 * an independent NETCONF session, with the state in PostgreSQL: a revert of an earlier commit
 * takes back only that commit, one whose data a later commit changed is refused (nothing changes)
 * or, asked to, skips it; history points read back as committed, diff, and survive a restart.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class RevertAndHistoryTest {
    private static final String PASSWORD = "revert-and-history-test";
    private static final Duration WAIT = Duration.ofSeconds(90);

    @TempDir
    static Path dataDir;
    private static PostgresServer postgres;
    private static Netconfd netconfd;

    @BeforeAll
    static void start() throws Exception {
        postgres = PostgresServer.start();
        netconfd = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
    }

    @AfterAll
    static void stop() throws Exception {
        for (AutoCloseable closeable : new AutoCloseable[] {netconfd, postgres}) {
            if (closeable != null) {
                closeable.close();
            }
        }
    }

    private static DurableController run() throws Exception {
        final DurableController controller = new DurableController(postgres, dataDir, PASSWORD);
        put(controller.rest, RestconfClient.NETCONF_NODE + "ncd", RestconfClient.netconfMount("ncd", netconfd.host(),
            netconfd.port(), netconfd.username(), netconfd.password()));
        controller.rest.await(RestconfClient.UNICONFIG_NODE + "ncd" + RestconfClient.CONFIGURATION
            + "?content=config", r -> r.statusCode() == 200, WAIT);
        controller.rest.awaitConnected("ncd", WAIT);
        return controller;
    }

    private static void put(final RestconfClient rest, final String path, final String body) throws Exception {
        final HttpResponse<String> response = rest.send("PUT", path, body);
        assertTrue(response.statusCode() == 201 || response.statusCode() == 204, response.body());
    }

    private static String interfacePath(final String name) {
        return RestconfClient.UNICONFIG_NODE + "ncd" + RestconfClient.CONFIGURATION
            + "/openconfig-interfaces:interfaces/interface=" + name;
    }

    /** Put an interface into the intent and commit it; the commit's transaction-log id. */
    private static String commitInterface(final RestconfClient rest, final String name, final String description)
            throws Exception {
        put(rest, interfacePath(name), "{\"openconfig-interfaces:interface\":[{\"name\":\"" + name + "\",\"config\":"
            + "{\"name\":\"" + name + "\",\"type\":\"iana-if-type:ethernetCsmacd\",\"description\":\"" + description
            + "\"}}]}");
        return commit(rest);
    }

    private static String commit(final RestconfClient rest) throws Exception {
        final JsonObject commit = rest.rpc("uniconfig-manager:commit", List.of("ncd"));
        assertEquals("complete", commit.get("overall-status").getAsString(), commit.toString());
        final JsonArray points = history(rest);
        return points.get(points.size() - 1).getAsJsonObject().get("transaction-id").getAsString();
    }

    private static JsonArray history(final RestconfClient rest) throws Exception {
        return rest.rpcWithInput("sextant-history:list-history", "{\"input\":{\"node-id\":\"ncd\"}}")
            .getAsJsonArray("point");
    }

    private static JsonObject read(final RestconfClient rest, final String point) throws Exception {
        return rest.rpcWithInput("sextant-history:read-history", "{\"input\":{\"node-id\":\"ncd\"," + point + "}}");
    }

    private static JsonObject revert(final RestconfClient rest, final String commitId, final boolean ignore)
            throws Exception {
        return rest.rpcWithInput("sextant-history:revert-changes", "{\"input\":{\"transaction-id\":[\"" + commitId
            + "\"],\"ignore-non-matching\":" + ignore + "}}");
    }

    private static String runningConfig() throws Exception {
        try (NetconfVerifier device = NetconfVerifier.connect(netconfd)) {
            return device.getConfig("running");
        }
    }

    private static List<String> interfacesOnTheDevice() throws Exception {
        return NetconfVerifier.values(runningConfig(), "data", "interfaces", "interface", "name");
    }

    private static List<String> descriptionsOnTheDevice() throws Exception {
        return NetconfVerifier.values(runningConfig(), "data", "interfaces", "interface", "config", "description");
    }

    @Test
    void aRevertTakesBackOneCommitOnlyAndIsRefusedWhereALaterCommitChangedTheSameLeaf() throws Exception {
        try (DurableController controller = run()) {
            final RestconfClient rest = controller.rest;
            final String first = commitInterface(rest, "rv-first", "first");
            commitInterface(rest, "rv-second", "second");

            final JsonObject reverted = revert(rest, first, false);
            assertEquals("complete", reverted.get("overall-status").getAsString(), reverted.toString());
            final JsonObject diff = rest.rpc("uniconfig-manager:calculate-diff", List.of("ncd"));
            final JsonObject change = RestconfClient.nodeResult(diff, "ncd");
            assertEquals("/openconfig-interfaces:interfaces/interface=rv-first", change.getAsJsonArray(
                "deleted-data").get(0).getAsJsonObject().get("path").getAsString(), diff.toString());
            commit(rest);
            assertFalse(interfacesOnTheDevice().contains("rv-first"), "the first commit is taken back");
            assertTrue(interfacesOnTheDevice().contains("rv-second"), "the second commit stays");

            // a later commit changes the same leaf: refused, naming node and path, and nothing changes
            final String third = commitInterface(rest, "rv-second", "third");
            commitInterface(rest, "rv-second", "fourth");
            final String intentBefore = rest.send("GET", interfacePath("rv-second"), null).body();
            final JsonObject refused = revert(rest, third, false);
            assertEquals("fail", refused.get("overall-status").getAsString(), refused.toString());
            final String why = refused.get("error-message").getAsString();
            assertTrue(why.contains("ncd") && why.contains(
                "/openconfig-interfaces:interfaces/interface=rv-second/config/description"), why);
            assertEquals(intentBefore, rest.send("GET", interfacePath("rv-second"), null).body());
            assertTrue(rest.rpc("uniconfig-manager:calculate-diff", List.of()).get("node-results") == null,
                "a refused revert leaves nothing to commit");

            final JsonObject skipped = revert(rest, third, true);
            assertEquals("complete", skipped.get("overall-status").getAsString(), skipped.toString());
            assertEquals("/openconfig-interfaces:interfaces/interface=rv-second/config/description",
                RestconfClient.nodeResult(skipped, "ncd").getAsJsonArray("skipped-path").get(0).getAsString());
            assertTrue(descriptionsOnTheDevice().contains("fourth"));

            final HttpResponse<String> unknown = rest.send("POST", "/rests/operations/sextant-history:revert-changes",
                "{\"input\":{\"transaction-id\":[\"no-such-transaction\"]}}");
            assertEquals(200, unknown.statusCode(), unknown.body());
            assertTrue(unknown.body().contains("not in uniconfig-manager:transaction-log"), unknown.body());
        }
    }

    @Test
    void historyReadsBackWhatWasCommittedDiffsTwoPointsAndSurvivesARestart() throws Exception {
        final String first;
        final String second;
        final String between;
        final String configurationThen;
        try (DurableController controller = run()) {
            final RestconfClient rest = controller.rest;
            first = commitInterface(rest, "hs-a", "history one");
            configurationThen = JsonParser.parseString(rest.send("GET", RestconfClient.UNICONFIG_NODE + "ncd"
                + RestconfClient.CONFIGURATION + "?content=nonconfig", null).body()).getAsJsonObject()
                .get("uniconfig-topology:configuration").toString();
            between = Instant.now().toString();
            second = commitInterface(rest, "hs-b", "history two");

            final JsonObject atTime = read(rest, "\"time\":\"" + between + "\"");
            assertEquals(first, atTime.get("transaction-id").getAsString(), atTime.toString());
            assertEquals(JsonParser.parseString(configurationThen), JsonParser.parseString(atTime.get(
                "configuration").getAsString()), "history between the commits is what the first committed");
            final JsonObject diff = rest.rpcWithInput("sextant-history:compare-history", "{\"input\":{\"node-id\":"
                + "\"ncd\",\"from\":{\"transaction-id\":\"" + first + "\"},\"to\":{\"transaction-id\":\"" + second
                + "\"}}}");
            assertEquals("/openconfig-interfaces:interfaces/interface=hs-b", diff.getAsJsonArray("created-data")
                .get(0).getAsJsonObject().get("path").getAsString(), diff.toString());
            assertEquals(1, diff.getAsJsonArray("created-data").size(), diff.toString());
            assertFalse(diff.has("deleted-data") || diff.has("updated-data"), diff.toString());
        }
        try (DurableController again = run()) {
            final JsonObject afterFirst = read(again.rest, "\"transaction-id\":\"" + first + "\"");
            assertEquals(JsonParser.parseString(configurationThen), JsonParser.parseString(afterFirst.get(
                "configuration").getAsString()), "the history is kept across a restart");
            final HttpResponse<String> before = again.rest.send("POST", "/rests/operations/sextant-history:"
                + "read-history", "{\"input\":{\"node-id\":\"ncd\",\"time\":\"2000-01-01T00:00:00Z\"}}");
            assertEquals(404, before.statusCode(), before.body());
            assertTrue(before.body().contains("has no kept history"), before.body());
            // and it goes on: a revert of a commit made before the restart
            final JsonObject reverted = revert(again.rest, second, false);
            assertEquals("complete", reverted.get("overall-status").getAsString(), reverted.toString());
            commit(again.rest);
            assertFalse(interfacesOnTheDevice().contains("hs-b"));
            assertTrue(interfacesOnTheDevice().contains("hs-a"));
        }
    }
}
