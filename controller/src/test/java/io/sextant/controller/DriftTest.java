package io.sextant.controller;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
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
 * brings the node back to synced; the controller's own commits before are not drift. Drift
 * policies ({@code sextant-drift:drift-policies}) ignore a change, put one back on the device
 * (NETCONF and CLI), and leave the rest reported.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class DriftTest {
    private static final String PASSWORD = "drift-test-admin";
    private static final String SSE = "text/event-stream";
    /** Longer than a notified node's second check (DriftWatch.SETTLE, 2 s). */
    private static final long DRIFT_SETTLE_MILLIS = 4000;

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

    private static RestconfClient mountNetconfd(final Sextant sextant, final Netconfd device, final String node)
            throws Exception {
        final RestconfClient rest = new RestconfClient(sextant, PASSWORD);
        assertEquals(201, rest.send("PUT", RestconfClient.NETCONF_NODE + node, RestconfClient.netconfMount(node,
            device.host(), device.port(), device.username(), device.password())).statusCode());
        rest.await(RestconfClient.UNICONFIG_NODE + node + RestconfClient.CONFIGURATION + "?content=config",
            r -> r.statusCode() == 200, Duration.ofSeconds(90));
        return rest;
    }

    private static RestconfClient mountFrr(final Sextant sextant, final FrrRouter router, final String node)
            throws Exception {
        final RestconfClient rest = new RestconfClient(sextant, PASSWORD);
        final HttpResponse<String> mount = rest.send("PUT", RestconfClient.CLI_NODE + node,
            RestconfClient.frrMount(node, router, ""));
        assertEquals(201, mount.statusCode(), mount.body());
        rest.await(RestconfClient.UNICONFIG_NODE + node + RestconfClient.CONFIGURATION + "?content=config",
            r -> r.statusCode() == 200, Duration.ofSeconds(90));
        return rest;
    }

    /** A controller whose periodic drift check runs every second. */
    private Sextant startCheckingEverySecond() throws Exception {
        System.setProperty("sextant.drift.check-interval", "PT1S");
        try {
            return Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD));
        } finally {
            System.clearProperty("sextant.drift.check-interval");
        }
    }

    private static void assertStatus(final JsonObject event, final String status, final String previous) {
        assertEquals(status, event.get("status").getAsString(), event.toString());
        assertEquals(previous, event.get("previous-status").getAsString(), event.toString());
    }

    @Test
    void aChangeThroughAnotherNetconfSessionMarksTheNodeOutOfSync() throws Exception {
        try (Netconfd device = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
             Sextant sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD))) {
            final RestconfClient rest = mountNetconfd(sextant, device, "ncd");
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

    private static void storePolicy(final RestconfClient rest, final String name, final String path,
            final String action) throws Exception {
        final HttpResponse<String> put = rest.send("PUT", "/rests/data/sextant-drift:drift-policies/policy=" + name,
            "{\"sextant-drift:policy\":[{\"name\":\"" + name + "\",\"path\":\"" + path + "\",\"action\":\""
                + action + "\"}]}");
        assertEquals(201, put.statusCode(), put.body());
    }

    private static String interfaceConfig(final NetconfVerifier session, final String iface) throws Exception {
        return session.getConfig("running", "<interfaces xmlns=\"http://openconfig.net/yang/interfaces\"><interface>"
            + "<name>" + iface + "</name><config/></interface></interfaces>");
    }

    @Test
    void driftPoliciesIgnoreOneChangePutAnotherBackAndReportTheRest() throws Exception {
        try (Netconfd device = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
             Sextant sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD))) {
            final RestconfClient rest = mountNetconfd(sextant, device, "ncd");
            storePolicy(rest, "descriptions", "openconfig-interfaces:interfaces/interface/config/description",
                "ignore");
            storePolicy(rest, "mtu", "openconfig-interfaces:interfaces/interface/config/mtu", "restore");
            final HttpResponse<String> unqualified = rest.send("PUT",
                "/rests/data/sextant-drift:drift-policies/policy=bad", "{\"sextant-drift:policy\":[{\"name\":\"bad\","
                    + "\"path\":\"interfaces\",\"action\":\"ignore\"}]}");
            assertEquals(400, unqualified.statusCode(), unqualified.body());
            assertTrue(unqualified.body().contains("must begin with module:name"), unqualified.body());
            final HttpResponse<String> typo = rest.send("PUT", "/rests/data/sextant-drift:drift-policies/policy=typo",
                "{\"sextant-drift:policy\":[{\"name\":\"typo\",\"path\":\"openconfig-interfaces:interfaces/interface/"
                    + "config/descripton\",\"action\":\"ignore\"}]}");
            assertEquals(400, typo.statusCode(), typo.body());
            assertTrue(typo.body().contains("no 'descripton' there"), "the connected node's schema tells: " + typo.body());

            try (SseClient status = statusOf(sextant, "ncd")) {
                final HttpResponse<String> put = rest.send("PUT", RestconfClient.intentInterface("ncd", "eth-p"),
                    "{\"openconfig-interfaces:interface\":[{\"name\":\"eth-p\",\"config\":{\"name\":\"eth-p\","
                        + "\"type\":\"iana-if-type:ethernetCsmacd\",\"mtu\":1500,\"description\":\"by the controller\"}}]}");
                assertEquals(201, put.statusCode(), put.body());
                final JsonObject output = rest.rpc("uniconfig-manager:commit", List.of("ncd"));
                assertEquals("complete", output.get("overall-status").getAsString(), output.toString());
                assertStatus(statusEvent(status), "changed", "synced");
                assertStatus(statusEvent(status), "synced", "changed");

                try (NetconfVerifier other = NetconfVerifier.connect(device)) {
                    other.editAndCommit("<interfaces xmlns=\"http://openconfig.net/yang/interfaces\"><interface>"
                        + "<name>eth-p</name><config><name>eth-p</name><mtu>9000</mtu><description>behind its back"
                        + "</description></config></interface></interfaces>");
                    // mtu: put back by the controller; the description: left as the device has it
                    await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
                        .until(() -> interfaceConfig(other, "eth-p").contains("<mtu>1500</mtu>"));
                    final String config = interfaceConfig(other, "eth-p");
                    assertTrue(config.contains("<description>behind its back</description>"), config);

                    // neither change is reported, also once the put-back's own notification is checked
                    Thread.sleep(DRIFT_SETTLE_MILLIS);
                    assertEquals("synced", nodeStatus(rest, "ncd"));
                    assertRestoreLogged(rest, "ncd", "9000", "1500");

                    other.editAndCommit("<interfaces xmlns=\"http://openconfig.net/yang/interfaces\"><interface>"
                        + "<name>eth-p</name><config><name>eth-p</name><enabled>false</enabled></config></interface>"
                        + "</interfaces>");
                    // no policy for enabled: reported, and the event before it was the commit's synced
                    assertStatus(statusEvent(status), "out-of-sync", "synced");
                    assertTrue(interfaceConfig(other, "eth-p").contains("<enabled>false</enabled>"),
                        "a reported change stays on the device");
                }
            }
        }
    }

    @Test
    void aRestorePolicyPutsACliDevicesDescriptionBackAfterItsOwnVtyshChangedIt() throws Exception {
        try (FrrRouter router = FrrRouter.builder().namePrefix("dp").interfaces(1).start()) {
            try (Sextant sextant = startCheckingEverySecond()) {
                final RestconfClient rest = mountFrr(sextant, router, "frr-policy");
                storePolicy(rest, "descriptions", "openconfig-interfaces:interfaces/interface/config/description",
                    "restore");
                final String iface = router.interfaces().get(0);
                commitDescription(rest, "frr-policy", iface, "by the controller");

                router.configure("interface " + iface, "description behind its back");
                await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250))
                    .until(() -> router.runningConfig().contains("description by the controller"));
                assertTrue(!router.runningConfig().contains("behind its back"), router.runningConfig());
                Thread.sleep(DRIFT_SETTLE_MILLIS);
                assertEquals("synced", nodeStatus(rest, "frr-policy"));
            }
        }
    }

    /**
     * The transaction log has the restore of {@code node}, by the drift policy, with what it changed on the
     * device (the MTU from {@code before} back to {@code after}), and revert-changes of it changes nothing and
     * says why.
     */
    private static void assertRestoreLogged(final RestconfClient rest, final String node, final String before,
            final String after) throws Exception {
        final HttpResponse<String> read = rest.send("GET",
            "/rests/data/uniconfig-manager:transaction-log?content=nonconfig");
        assertEquals(200, read.statusCode(), read.body());
        JsonObject restore = null;
        for (JsonElement entry : JsonParser.parseString(read.body()).getAsJsonObject()
                .getAsJsonObject("uniconfig-manager:transaction-log").getAsJsonArray("transaction")) {
            if ("drift-restore".equals(entry.getAsJsonObject().get("operation").getAsString())) {
                restore = entry.getAsJsonObject();
            }
        }
        assertNotNull(restore, "a drift-restore entry in " + read.body());
        assertEquals("drift-policy", restore.get("user").getAsString(), restore.toString());
        assertEquals("complete", restore.get("status").getAsString(), restore.toString());
        final JsonObject logged = restore.getAsJsonArray("node").get(0).getAsJsonObject();
        assertEquals(node, logged.get("node-id").getAsString(), restore.toString());
        final String changes = logged.toString();
        assertTrue(changes.contains("mtu") && changes.contains(before) && changes.contains(after),
            "the device's MTU from " + before + " back to " + after + ": " + changes);

        final String intentBefore = rest.send("GET", RestconfClient.intentInterface(node, "eth-p"), null).body();
        final HttpResponse<String> revert = rest.send("POST", "/rests/operations/sextant-history:revert-changes",
            "{\"input\":{\"transaction-id\":[\"" + restore.get("transaction-id").getAsString() + "\"]}}");
        assertEquals(200, revert.statusCode(), revert.body());
        assertTrue(revert.body().contains("changed no intended configuration: there is nothing to revert"),
            revert.body());
        assertEquals(intentBefore, rest.send("GET", RestconfClient.intentInterface(node, "eth-p"), null).body());
    }

    private static String nodeStatus(final RestconfClient rest, final String node) throws Exception {
        final HttpResponse<String> read = rest.send("GET", RestconfClient.UNICONFIG_NODE + node
            + "/uniconfig-topology:node-status");
        assertEquals(200, read.statusCode(), read.body());
        return JsonParser.parseString(read.body()).getAsJsonObject().get("uniconfig-topology:node-status")
            .getAsString();
    }

    @Test
    void thePeriodicCheckMarksACliNodeChangedThroughItsOwnVtysh() throws Exception {
        try (FrrRouter router = FrrRouter.builder().namePrefix("dr").interfaces(1).start()) {
            try (Sextant sextant = startCheckingEverySecond()) {
                final RestconfClient rest = mountFrr(sextant, router, "frr-drift");
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
