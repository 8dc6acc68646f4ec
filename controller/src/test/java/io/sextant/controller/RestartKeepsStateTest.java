package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import io.sextant.persistence.PersistenceException;
import io.sextant.persistence.YangModuleSetRepository;
import io.sextant.persistence.YangSourceRepository;
import io.sextant.persistence.YangSourceText;
import io.sextant.testing.MisbehavingNetconfDevice;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.Netconfd;
import io.sextant.testing.PostgresServer;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
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
 * device connects, and commits to it answer no-connection while its device is down; also when
 * the data directory lost its schema cache, since the YANG sources and module sets are kept in
 * the database too (once each, whatever the number of nodes that share them).
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
    private static DurableController run() throws Exception {
        return new DurableController(postgres, dataDir, PASSWORD);
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
        try (DurableController first = run()) {
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

        try (DurableController second = run()) {
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
            // with what each commit changed, as before the restart (shown once the start is done)
            second.rest.await("/rests/data/uniconfig-manager:transaction-log?content=nonconfig",
                r -> r.body().contains("created-data") && r.body().contains("kept-committed"), WAIT);
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
            try (DurableController first = run()) {
                keepWithACommittedAndAPendingChange(first, "away", away);
            }
        }
        // the device is gone for good; the controller starts again without it
        try (DurableController second = run()) {
            assertServedAndRefusesCommitsWhileItsDeviceIsDown(second, "away");
        }
    }

    @Test
    void aKeptNodeIsServedFromTheDatabaseWhenTheDataDirectoryLostItsSchemaCache() throws Exception {
        try (Netconfd lost = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
             Netconfd twin = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start()) {
            try (DurableController first = run()) {
                keepWithACommittedAndAPendingChange(first, "lost", lost);
                final String schema = schemaContextId(first, "lost");
                assertTrue(keptModuleSets(first).contains(schema), "the module set of schema " + schema + " is kept");
                final List<YangSourceText> sources = keptSources(first);
                assertFalse(sources.isEmpty(), "netconfd's own modules (not bundled) came by get-schema and are kept");
                final List<String> sets = keptModuleSets(first);

                // a second node whose device advertises the same module set stores nothing more
                put(first.rest, RestconfClient.NETCONF_NODE + "twin", RestconfClient.netconfMount("twin",
                    twin.host(), twin.port(), twin.username(), twin.password()));
                first.rest.await(RestconfClient.UNICONFIG_NODE + "twin" + RestconfClient.CONFIGURATION
                    + "?content=config", r -> r.statusCode() == 200, WAIT);
                assertEquals(schema, schemaContextId(first, "twin"), "the same module set");
                assertEquals(sources, keptSources(first), "no source row added by the second node");
                assertEquals(sets, keptModuleSets(first), "no module set row added by the second node");
            }
        }
        // a new host or a lost disk: the data directory has no schema cache; the devices are gone
        final Path schemaCache = dataDir.resolve("schema-cache");
        assertTrue(Files.isDirectory(schemaCache), "the first run kept its schema cache at " + schemaCache);
        deleteRecursively(schemaCache);
        try (DurableController second = run()) {
            assertServedAndRefusesCommitsWhileItsDeviceIsDown(second, "lost");
            // the cache is filled again from the database, the fast path of the next start
            assertTrue(Files.isDirectory(schemaCache.resolve("module-sets")), "module sets written back");
        }
    }

    /** Mount {@code node} on {@code device}, commit "NODE-committed", leave "NODE-pending" intended only. */
    private static void keepWithACommittedAndAPendingChange(final DurableController run, final String node, final Netconfd device)
            throws Exception {
        put(run.rest, RestconfClient.NETCONF_NODE + node, RestconfClient.netconfMount(node, device.host(),
            device.port(), device.username(), device.password()));
        run.rest.await(RestconfClient.UNICONFIG_NODE + node + RestconfClient.CONFIGURATION + "?content=config",
            r -> r.statusCode() == 200, WAIT);
        put(run.rest, intentPath(node, node + "-committed"), ocInterface(node + "-committed", "committed"));
        final JsonObject commit = run.rest.rpc("uniconfig-manager:commit", List.of(node));
        assertEquals("complete", commit.get("overall-status").getAsString(), commit.toString());
        put(run.rest, intentPath(node, node + "-pending"), ocInterface(node + "-pending", "pending"));
    }

    private static String schemaContextId(final DurableController run, final String node) throws Exception {
        final String status = run.rest.send("GET", RestconfClient.NETCONF_NODE + node + "?content=nonconfig", null)
            .body();
        final Matcher id = Pattern.compile("schema-context-id\":\"([0-9a-f]+)\"").matcher(status);
        assertTrue(id.find(), status);
        return id.group(1);
    }

    private static List<YangSourceText> keptSources(final DurableController run) throws PersistenceException {
        return run.database.call("read the kept YANG sources", tx -> new YangSourceRepository().all(tx));
    }

    private static List<String> keptModuleSets(final DurableController run) throws PersistenceException {
        return run.database.call("read the kept module sets", tx -> new YangModuleSetRepository().ids(tx));
    }

    private static void deleteRecursively(final Path directory) throws IOException {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    /**
     * Node {@code node} was kept with "NODE-committed" committed and "NODE-pending" intended only,
     * and its device is gone: it is served at once, as kept, edited, diffed, and its commit answers
     * no-connection with nothing changed.
     */
    private static void assertServedAndRefusesCommitsWhileItsDeviceIsDown(final DurableController run, final String node)
            throws Exception {
        // served at once, as kept: no waiting for a device that is not there
        assertEquals(200, run.rest.send("GET", intentPath(node, node + "-committed") + "?content=nonconfig",
            null).statusCode(), "the actual configuration");
        assertEquals(200, run.rest.send("GET", intentPath(node, node + "-pending") + "?content=config", null)
            .statusCode(), "the pending intent");
        put(run.rest, intentPath(node, node + "-later"), ocInterface(node + "-later", "later"));
        final JsonObject diff = run.rest.rpc("uniconfig-manager:calculate-diff", List.of(node));
        assertTrue(RestconfClient.nodeResult(diff, node).toString().contains(node + "-later"), diff.toString());

        final JsonObject commit = run.rest.rpc("uniconfig-manager:commit", List.of(node));
        assertEquals("fail", commit.get("overall-status").getAsString(), commit.toString());
        assertEquals("no-connection", RestconfClient.nodeResult(commit, node).get("error-type").getAsString(),
            commit.toString());
        // a refused commit changed nothing: both changes are still pending
        for (String iface : List.of(node + "-pending", node + "-later")) {
            assertEquals(200, run.rest.send("GET", intentPath(node, iface) + "?content=config", null)
                .statusCode(), iface + " intended");
            assertEquals(404, run.rest.send("GET", intentPath(node, iface) + "?content=nonconfig", null)
                .statusCode(), iface + " not actual");
        }
    }
}
