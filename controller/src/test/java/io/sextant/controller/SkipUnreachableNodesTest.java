package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import io.sextant.spi.ControllerSettings;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.Netconfd;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * commit with skip-unreachable-nodes over RESTCONF against two netconfd devices, one of them
 * stopped: the reachable one commits (read back through an independent session), the other is
 * reported skipped and keeps its pending intent; without the option nothing is sent.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class SkipUnreachableNodesTest {
    private static final String PASSWORD = "skip-unreachable-test";
    private static final Duration WAIT = Duration.ofSeconds(90);

    @TempDir
    Path dataDir;

    private static List<String> interfaces(final Netconfd device) throws Exception {
        try (NetconfVerifier session = NetconfVerifier.connect(device)) {
            return NetconfVerifier.values(session.getConfig("running"), "data", "interfaces", "interface", "name");
        }
    }

    private static void mount(final RestconfClient rest, final String node, final Netconfd device) throws Exception {
        final HttpResponse<String> mounted = rest.send("PUT", RestconfClient.NETCONF_NODE + node,
            RestconfClient.netconfMount(node, device.host(), device.port(), device.username(), device.password()));
        assertEquals(201, mounted.statusCode(), mounted.body());
        rest.await(RestconfClient.UNICONFIG_NODE + node + RestconfClient.CONFIGURATION + "?content=config",
            r -> r.statusCode() == 200, WAIT);
    }

    @Test
    void theReachableNodeCommitsAndTheStoppedOneKeepsItsPendingIntent() throws Exception {
        try (Netconfd up = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
             Netconfd stopped = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
             Sextant sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD))) {
            final RestconfClient rest = new RestconfClient(sextant, PASSWORD);
            mount(rest, "up", up);
            mount(rest, "down", stopped);
            for (String node : List.of("up", "down")) {
                final HttpResponse<String> put = rest.send("PUT", RestconfClient.intentInterface(node, "skip0"),
                    RestconfClient.ethernetInterface("skip0"));
                assertEquals(201, put.statusCode(), put.body());
            }
            stopped.close();
            rest.await(RestconfClient.NETCONF_NODE + "down?content=nonconfig",
                r -> !r.body().contains("\"connected\""), WAIT);

            final JsonObject refused = rest.rpc("uniconfig-manager:commit", List.of("up", "down"));
            assertEquals("fail", refused.get("overall-status").getAsString(), refused.toString());
            assertEquals("no-connection", RestconfClient.nodeResult(refused, "down").get("error-type").getAsString());
            assertFalse(interfaces(up).contains("skip0"), "without the option nothing is sent");

            final JsonObject committed = rest.rpcWithInput("uniconfig-manager:commit", "{\"input\":{\"target-nodes\":"
                + "{\"node\":[\"up\",\"down\"]},\"skip-unreachable-nodes\":true}}");
            assertEquals("complete", committed.get("overall-status").getAsString(), committed.toString());
            assertEquals("complete", RestconfClient.nodeResult(committed, "up").get("status").getAsString());
            final JsonObject skipped = RestconfClient.nodeResult(committed, "down");
            assertEquals("skipped", skipped.get("status").getAsString(), committed.toString());
            assertEquals("no-connection", skipped.get("error-type").getAsString());
            assertTrue(skipped.get("error-message").getAsString().contains("stays pending"), skipped.toString());
            assertTrue(interfaces(up).contains("skip0"), "the reachable device has the change");

            assertEquals(200, rest.send("GET", RestconfClient.intentInterface("down", "skip0") + "?content=config")
                .statusCode(), "the skipped node's intent is still there");
            final JsonObject diff = rest.rpc("uniconfig-manager:calculate-diff", List.of("down"));
            assertTrue(diff.toString().contains("skip0"), "and still differs from its actual configuration: " + diff);
        }
    }
}
