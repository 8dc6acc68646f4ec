package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.spi.ControllerSettings;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.Netconfd;
import io.sextant.testing.frr.FrrRouter;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Drift: a device changed outside the controller is marked out-of-sync on the node-status
 * stream: a NETCONF device (netconfd) by its netconf-config-change notification, changed through
 * an independent NETCONF session; a CLI device (FRR, no notifications) by the periodic check
 * ({@code sextant.drift.check-interval}), changed through its own vtysh. sync-from-network
 * brings the node back to synced; the controller's own commits before are not drift.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class DriftTest {
    private static final String PASSWORD = "drift-test-admin";
    private static final String SSE = "text/event-stream";

    @TempDir
    Path dataDir;

    private static JsonObject statusEvent(final SseClient status) throws Exception {
        final JsonObject envelope = JsonParser.parseString(status.next().data()).getAsJsonObject()
            .getAsJsonObject("ietf-restconf:notification");
        return envelope.getAsJsonObject("sextant-events:node-status-changed");
    }

    private static SseClient statusOf(final Sextant sextant, final String node) throws Exception {
        final SseClient client = SseClient.open(sextant, "admin", PASSWORD,
            "/rests/streams/json/sextant-node-status?node=" + node, SSE);
        assertEquals(200, client.status(), client.body());
        return client;
    }

    private static void commitDescription(final RestconfClient rest, final String node, final String iface,
            final String description) throws Exception {
        final HttpResponse<String> put = rest.send("PUT", RestconfClient.intentInterface(node, iface),
            "{\"openconfig-interfaces:interface\":[{\"name\":\"" + iface + "\",\"config\":{\"name\":\"" + iface
                + "\",\"type\":\"iana-if-type:ethernetCsmacd\",\"description\":\"" + description + "\"}}]}");
        assertTrue(put.statusCode() == 201 || put.statusCode() == 204, put.body());
        final JsonObject output = rest.rpc("uniconfig-manager:commit", List.of(node));
        assertEquals("complete", output.get("overall-status").getAsString(), output.toString());
    }

    private static void assertStatus(final JsonObject event, final String status, final String previous) {
        assertEquals(status, event.get("status").getAsString(), event.toString());
        assertEquals(previous, event.get("previous-status").getAsString(), event.toString());
    }

    @Test
    void aChangeThroughAnotherNetconfSessionMarksTheNodeOutOfSync() throws Exception {
        try (Netconfd device = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
             Sextant sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD))) {
            final RestconfClient rest = new RestconfClient(sextant, PASSWORD);
            assertEquals(201, rest.send("PUT", RestconfClient.NETCONF_NODE + "ncd", RestconfClient.netconfMount("ncd",
                device.host(), device.port(), device.username(), device.password())).statusCode());
            rest.await(RestconfClient.UNICONFIG_NODE + "ncd" + RestconfClient.CONFIGURATION + "?content=config",
                r -> r.statusCode() == 200, Duration.ofSeconds(90));
            try (SseClient status = statusOf(sextant, "ncd")) {
                // the controller's own commit: the device notifies it too, and it is no drift
                commitDescription(rest, "ncd", "eth-drift", "by the controller");
                assertStatus(statusEvent(status), "changed", "synced");
                assertStatus(statusEvent(status), "synced", "changed");

                try (NetconfVerifier other = NetconfVerifier.connect(device)) {
                    other.editAndCommit("<interfaces xmlns=\"http://openconfig.net/yang/interfaces\"><interface>"
                        + "<name>eth-drift</name><config><name>eth-drift</name><description>behind its back"
                        + "</description></config></interface></interfaces>");
                }
                assertStatus(statusEvent(status), "out-of-sync", "synced");

                final JsonObject sync = rest.rpc("uniconfig-manager:sync-from-network", List.of("ncd"));
                assertEquals("complete", sync.get("overall-status").getAsString(), sync.toString());
                assertStatus(statusEvent(status), "synced", "out-of-sync");
            }
        }
    }

    @Test
    void thePeriodicCheckMarksACliNodeChangedThroughItsOwnVtysh() throws Exception {
        System.setProperty("sextant.drift.check-interval", "PT1S");
        final Sextant started;
        try (FrrRouter router = FrrRouter.builder().namePrefix("dr").interfaces(1).start()) {
            try {
                started = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD));
            } finally {
                System.clearProperty("sextant.drift.check-interval");
            }
            try (Sextant sextant = started) {
                final RestconfClient rest = new RestconfClient(sextant, PASSWORD);
                final HttpResponse<String> mount = rest.send("PUT", RestconfClient.CLI_NODE + "frr-drift",
                    RestconfClient.frrMount("frr-drift", router, ""));
                assertEquals(201, mount.statusCode(), mount.body());
                rest.await(RestconfClient.UNICONFIG_NODE + "frr-drift" + RestconfClient.CONFIGURATION
                    + "?content=config", r -> r.statusCode() == 200, Duration.ofSeconds(90));
                final String iface = router.interfaces().get(0);
                try (SseClient status = statusOf(sextant, "frr-drift")) {
                    commitDescription(rest, "frr-drift", iface, "by the controller");
                    assertStatus(statusEvent(status), "changed", "synced");
                    assertStatus(statusEvent(status), "synced", "changed");

                    router.configure("interface " + iface, "description behind its back");
                    assertStatus(statusEvent(status), "out-of-sync", "synced");

                    final JsonObject sync = rest.rpc("uniconfig-manager:sync-from-network", List.of("frr-drift"));
                    assertEquals("complete", sync.get("overall-status").getAsString(), sync.toString());
                    assertStatus(statusEvent(status), "synced", "out-of-sync");
                }
            }
        }
    }
}
