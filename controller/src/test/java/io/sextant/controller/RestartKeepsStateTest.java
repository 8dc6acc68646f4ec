package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import io.sextant.datastore.service.ControllerSettings;
import io.sextant.persistence.Database;
import io.sextant.persistence.DatabaseSettings;
import io.sextant.persistence.StateBackend;
import io.sextant.testing.MisbehavingNetconfDevice;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.Netconfd;
import io.sextant.testing.PostgresServer;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A controller stopped and started again on the same PostgreSQL keeps what a user did: the
 * mounts, the committed and the pending intent, the snapshots and the transaction log; and it
 * trusts what it kept instead of reading the devices again (a device that counts its
 * get-config requests gets none after the restart). A kept node is served at once, before its
 * device connects, and commits to it answer no-connection while its device is down.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class RestartKeepsStateTest {
    private static final String PASSWORD = "restart-keeps-state-test";
    private static final String OC_IF = "http://openconfig.net/yang/interfaces";
    private static final Duration WAIT = Duration.ofSeconds(90);

    @TempDir
    static Path dataDir;
    private static PostgresServer postgres;
    private static Netconfd netconfd;
    private static MisbehavingNetconfDevice counter;
    private static String openTransaction;

    @BeforeAll
    static void start() throws Exception {
        postgres = PostgresServer.start();
        netconfd = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
        counter = MisbehavingNetconfDevice.builder().ssh(true).credentials("admin", "admin").start();
    }

    @AfterAll
    static void stop() throws Exception {
        for (AutoCloseable closeable : new AutoCloseable[] {counter, netconfd, postgres}) {
            if (closeable != null) {
                closeable.close();
            }
        }
    }

    /** One run of the controller on the test's database and data directory. */
    private static final class Run implements AutoCloseable {
        final Database database;
        final Sextant sextant;
        final RestconfClient rest;

        Run() throws Exception {
            database = new Database(DatabaseSettings.of(postgres.jdbcUrl(), postgres.user(), postgres.password()));
            database.migrate();
            sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD), StateBackend.durable(database));
            rest = new RestconfClient(sextant, PASSWORD);
        }

        @Override
        public void close() {
            sextant.close();
            database.close();
        }
    }

    private static String ocInterface(final String name, final String description) {
        return "{\"openconfig-interfaces:interface\":[{\"name\":\"" + name + "\",\"config\":{\"name\":\"" + name
            + "\",\"type\":\"iana-if-type:ethernetCsmacd\",\"mtu\":1400,\"description\":\"" + description + "\"}}]}";
    }

    private static String intentPath(final String node, final String iface) {
        return RestconfClient.UNICONFIG_NODE + node + RestconfClient.CONFIGURATION
            + "/openconfig-interfaces:interfaces/interface=" + iface;
    }

    private static void put(final RestconfClient rest, final String path, final String body) throws Exception {
        final HttpResponse<String> response = rest.send("PUT", path, body);
        assertTrue(response.statusCode() == 201 || response.statusCode() == 204, response.body());
    }

    private static List<String> descriptionsOnTheDevice() throws Exception {
        try (NetconfVerifier device = NetconfVerifier.connect(netconfd)) {
            return NetconfVerifier.values(device.getConfig("running"), "data", "interfaces", "interface", "config",
                "description");
        }
    }

    @Test
    void mountsIntentSnapshotsAndTheLogSurviveARestartAndKeptNodesAreNotReadAgain() throws Exception {
        try (Run first = new Run()) {
            put(first.rest, RestconfClient.NETCONF_NODE + "ncd", RestconfClient.netconfMount("ncd", netconfd.host(),
                netconfd.port(), netconfd.username(), netconfd.password()));
            put(first.rest, RestconfClient.NETCONF_NODE + "cnt", RestconfClient.netconfMount("cnt", "127.0.0.1",
                counter.port(), "admin", "admin"));
            for (String node : List.of("ncd", "cnt")) {
                first.rest.await(RestconfClient.UNICONFIG_NODE + node + RestconfClient.CONFIGURATION
                    + "?content=config", r -> r.statusCode() == 200, WAIT);
            }
            put(first.rest, intentPath("ncd", "kept-committed"), ocInterface("kept-committed", "committed"));
            final JsonObject commit = first.rest.rpc("uniconfig-manager:commit", List.of("ncd"));
            assertEquals("complete", commit.get("overall-status").getAsString(), commit.toString());
            assertTrue(descriptionsOnTheDevice().contains("committed"));
            put(first.rest, intentPath("ncd", "kept-pending"), ocInterface("kept-pending", "pending"));
            final JsonObject snapshot = first.rest.rpcWithInput("snapshot-manager:create-snapshot",
                "{\"input\":{\"snapshot-name\":\"before\",\"target-nodes\":{\"node\":[\"ncd\"]}}}");
            assertEquals("complete", snapshot.get("overall-status").getAsString(), snapshot.toString());
            openTransaction = first.rest.rpcWithInput("transaction-manager:create-transaction", "{\"input\":{}}")
                .get("transaction-id").getAsString();
        }
        final int readsBefore = counter.requests("get-config");
        assertTrue(readsBefore >= 1, "the first sync read the device");

        try (Run second = new Run()) {
            // the mounts are back and connect again
            for (String node : List.of("ncd", "cnt")) {
                second.rest.await(RestconfClient.NETCONF_NODE + node + "?content=nonconfig",
                    r -> r.body().contains("\"connected\""), WAIT);
                second.rest.await(RestconfClient.UNICONFIG_NODE + node + RestconfClient.CONFIGURATION
                    + "?content=config", r -> r.statusCode() == 200, WAIT);
            }
            // the committed change is intended and actual, the pending one intended only
            assertEquals(200, second.rest.send("GET", intentPath("ncd", "kept-committed") + "?content=nonconfig",
                null).statusCode());
            assertEquals(200, second.rest.send("GET", intentPath("ncd", "kept-pending") + "?content=config", null)
                .statusCode());
            assertEquals(404, second.rest.send("GET", intentPath("ncd", "kept-pending") + "?content=nonconfig", null)
                .statusCode());
            final JsonObject diff = second.rest.rpc("uniconfig-manager:calculate-diff", List.of("ncd"));
            assertTrue(RestconfClient.nodeResult(diff, "ncd").toString().contains("kept-pending"), diff.toString());
            // the snapshot and the log are kept
            assertEquals(200, second.rest.send("GET", "/rests/data/network-topology:network-topology/"
                + "topology=snapshots/node=before?content=nonconfig", null).statusCode());
            final String log = second.rest.send("GET",
                "/rests/data/uniconfig-manager:transaction-log?content=nonconfig", null).body();
            assertTrue(log.contains("ncd") && log.contains("complete"), log);
            // sextant:status says where state is kept
            final String status = second.rest.send("GET", "/rests/data/sextant:status", null).body();
            assertTrue(status.contains("\"state\":\"PostgreSQL ") && status.contains("schema version"), status);
            // an open transaction is not kept: naming it is a clear 404
            final HttpResponse<String> lost = second.rest.send("GET", intentPath("ncd", "kept-pending"), null,
                "Sextant-Transaction", openTransaction);
            assertEquals(404, lost.statusCode(), lost.body());
            assertTrue(lost.body().contains("Transaction " + openTransaction + " does not exist") && lost.body()
                .contains("opened before the controller restarted"), lost.body());
            // the kept nodes were trusted: no device read
            assertEquals(readsBefore, counter.requests("get-config"), "no get-config after the restart");

            // and the pending change still commits
            final JsonObject commit = second.rest.rpc("uniconfig-manager:commit", List.of("ncd"));
            assertEquals("complete", commit.get("overall-status").getAsString(), commit.toString());
            assertTrue(descriptionsOnTheDevice().containsAll(List.of("committed", "pending")));
        }
    }

    @Test
    void aKeptNodeIsReadEditedAndRefusedCommitsWhileItsDeviceIsDown() throws Exception {
        try (Netconfd away = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start()) {
            try (Run first = new Run()) {
                put(first.rest, RestconfClient.NETCONF_NODE + "away", RestconfClient.netconfMount("away",
                    away.host(), away.port(), away.username(), away.password()));
                first.rest.await(RestconfClient.UNICONFIG_NODE + "away" + RestconfClient.CONFIGURATION
                    + "?content=config", r -> r.statusCode() == 200, WAIT);
                put(first.rest, intentPath("away", "away-committed"), ocInterface("away-committed", "committed"));
                final JsonObject commit = first.rest.rpc("uniconfig-manager:commit", List.of("away"));
                assertEquals("complete", commit.get("overall-status").getAsString(), commit.toString());
                put(first.rest, intentPath("away", "away-pending"), ocInterface("away-pending", "pending"));
            }
        }
        // the device is gone for good; the controller starts again without it
        try (Run second = new Run()) {
            // served at once, as kept: no waiting for a device that is not there
            assertEquals(200, second.rest.send("GET", intentPath("away", "away-committed") + "?content=nonconfig",
                null).statusCode(), "the actual configuration");
            assertEquals(200, second.rest.send("GET", intentPath("away", "away-pending") + "?content=config", null)
                .statusCode(), "the pending intent");
            put(second.rest, intentPath("away", "away-later"), ocInterface("away-later", "later"));
            final JsonObject diff = second.rest.rpc("uniconfig-manager:calculate-diff", List.of("away"));
            assertTrue(RestconfClient.nodeResult(diff, "away").toString().contains("away-later"), diff.toString());

            final JsonObject commit = second.rest.rpc("uniconfig-manager:commit", List.of("away"));
            assertEquals("fail", commit.get("overall-status").getAsString(), commit.toString());
            assertEquals("no-connection", RestconfClient.nodeResult(commit, "away").get("error-type").getAsString(),
                commit.toString());
            // a refused commit changed nothing: both changes are still pending
            for (String iface : List.of("away-pending", "away-later")) {
                assertEquals(200, second.rest.send("GET", intentPath("away", iface) + "?content=config", null)
                    .statusCode(), iface + " intended");
                assertEquals(404, second.rest.send("GET", intentPath("away", iface) + "?content=nonconfig", null)
                    .statusCode(), iface + " not actual");
            }
        }
    }
}
