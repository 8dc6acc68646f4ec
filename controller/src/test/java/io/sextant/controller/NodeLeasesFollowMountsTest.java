package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.spi.ControllerSettings;
import io.sextant.persistence.Database;
import io.sextant.persistence.InstanceSettings;
import io.sextant.persistence.LeaseQueries;
import io.sextant.persistence.LeaseRepository;
import io.sextant.persistence.MountedNode;
import io.sextant.persistence.NodeLease;
import io.sextant.persistence.StateBackend;
import io.sextant.testing.FreePorts;
import io.sextant.testing.PostgresServer;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
 * With its state in PostgreSQL, mounting a node (NETCONF or CLI) writes the node's lease row in
 * the mount's own transaction and unmounting deletes it; a refused mount writes none. The only
 * instance claims every node at once and keeps its generated instance id in its data directory
 * across restarts; nodes kept from before leases were written get their rows at start.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class NodeLeasesFollowMountsTest {
    private static final String PASSWORD = "node-leases-follow-mounts-test";
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    static Path dataDir;
    private static PostgresServer postgres;
    private static int closedPort;

    @BeforeAll
    static void start() throws Exception {
        postgres = PostgresServer.start();
        closedPort = FreePorts.one();
    }

    @AfterAll
    static void stop() throws Exception {
        if (postgres != null) {
            postgres.close();
        }
    }

    /** One run of the controller on the test's database and data directory. */
    private static final class Run implements AutoCloseable {
        final Database database;
        final Sextant sextant;
        final RestconfClient rest;

        Run() throws Exception {
            database = DurableController.migratedDatabase(postgres);
            sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD), StateBackend.durable(database));
            rest = new RestconfClient(sextant, PASSWORD);
        }

        List<NodeLease> leases() throws Exception {
            return database.call("read the leases", tx -> LeaseQueries.leases(tx));
        }

        /** "topology/node" of every lease row. */
        List<String> leaseNodes() throws Exception {
            return leases().stream().map(lease -> lease.node().toString()).toList();
        }

        /** Wait until every lease row is held by this instance. */
        void awaitAllOwned() throws Exception {
            final long deadline = System.nanoTime() + WAIT.toNanos();
            List<NodeLease> leases = leases();
            while (!leases.stream().allMatch(lease -> lease.held()
                    && sextant.ownership().instanceId().equals(lease.owner()))) {
                assertTrue(System.nanoTime() < deadline, "not every node owned by the only instance: " + leases);
                Thread.sleep(100);
                leases = leases();
            }
        }

        @Override
        public void close() {
            sextant.close();
            database.close();
        }
    }

    private static void put(final RestconfClient rest, final String path, final String body) throws Exception {
        final HttpResponse<String> response = rest.send("PUT", path, body);
        assertTrue(response.statusCode() == 201 || response.statusCode() == 204, response.body());
    }

    private static String cliMount(final String nodeId) {
        return "{\"node\":[{\"node-id\":\"" + nodeId + "\",\"cli-topology:host\":\"127.0.0.1\",\"cli-topology:port\":"
            + closedPort + ",\"cli-topology:transport\":\"ssh\",\"cli-topology:device-type\":\"frr\","
            + "\"cli-topology:device-version\":\"8.4\",\"cli-topology:username\":\"u\",\"cli-topology:password\":\"p\"}]}";
    }

    @Test
    void mountsAndUnmountsWriteTheirLeaseRowsAndTheOnlyInstanceOwnsEveryNode() throws Exception {
        try (Run run = new Run()) {
            put(run.rest, RestconfClient.NETCONF_NODE + "n1", RestconfClient.netconfMount("n1", "127.0.0.1",
                closedPort, "u", "p"));
            put(run.rest, RestconfClient.CLI_NODE + "c1", cliMount("c1"));
            assertTrue(run.leaseNodes().containsAll(List.of("topology-cli/c1", "topology-netconf/n1")),
                run.leaseNodes().toString());
            run.awaitAllOwned();

            // a mount refused (no host) writes no row
            final List<String> before = run.leaseNodes();
            final HttpResponse<String> refused = run.rest.send("PUT", RestconfClient.NETCONF_NODE + "bad",
                "{\"node\":[{\"node-id\":\"bad\",\"netconf-node-topology:port\":830}]}");
            assertEquals(400, refused.statusCode(), refused.body());
            assertEquals(before, run.leaseNodes());

            // unmounting deletes the row
            assertEquals(204, run.rest.send("DELETE", RestconfClient.NETCONF_NODE + "n1").statusCode());
            assertTrue(!run.leaseNodes().contains("topology-netconf/n1") && run.leaseNodes().contains(
                "topology-cli/c1"), run.leaseNodes().toString());
        }
    }

    @Test
    void theInstanceIdIsKeptInTheDataDirectoryAndKeptNodesWithoutRowsGetThemAtStart() throws Exception {
        final String id;
        try (Run first = new Run()) {
            id = first.sextant.ownership().instanceId();
            assertEquals(id, Files.readString(dataDir.resolve(InstanceSettings.ID_FILE), StandardCharsets.UTF_8)
                .strip());
            put(first.rest, RestconfClient.NETCONF_NODE + "k1", RestconfClient.netconfMount("k1", "127.0.0.1",
                closedPort, "u", "p"));
            first.awaitAllOwned();
            // as a database from before mounts wrote their leases
            final List<MountedNode> all = first.leases().stream().map(NodeLease::node).toList();
            first.database.run("forget the leases", tx -> new LeaseRepository().removeNodes(tx, all));
            assertEquals(List.of(), first.leases());
        }
        try (Run second = new Run()) {
            assertEquals(id, second.sextant.ownership().instanceId(), "the same id after a restart");
            assertTrue(second.leaseNodes().contains("topology-netconf/k1"), second.leaseNodes().toString());
            // owned by the first claim, made before the southbounds started
            assertTrue(second.leases().stream().allMatch(lease -> id.equals(lease.owner()) && lease.held()),
                second.leases().toString());
        }
    }
}
