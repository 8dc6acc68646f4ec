package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import io.sextant.persistence.NodeLease;
import io.sextant.testing.MisbehavingNetconfDevice;
import io.sextant.testing.PostgresServer;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two controller instances in one JVM on one real PostgreSQL: what is changed through one reaches
 * the other without a restart, from the database (hints by NOTIFY, catch-up by the rows' stamps).
 * A mount through A appears on B, and its device gets exactly one session, from its owner; an
 * unmount through A removes the node from B, and its UniConfig node and intent from both; an
 * intent written through A is read on B as A wrote it, with no change refused first; changes made
 * while the listening connections were terminated still arrive; and B never writes back what it
 * only applied.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ChangesReachTheOtherInstanceTest {
    private static final String PASSWORD = "changes-reach-the-other-instance-test";
    /** Generous: changes are expected within about two seconds. */
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    static Path dirA;
    @TempDir
    static Path dirB;
    private static PostgresServer postgres;
    private static final List<MisbehavingNetconfDevice> DEVICES = new ArrayList<>();
    private static InJvmInstance a;
    private static InJvmInstance b;

    @BeforeAll
    static void start() throws Exception {
        postgres = PostgresServer.start();
        for (int i = 0; i < 6; i++) {
            DEVICES.add(MisbehavingNetconfDevice.builder().ssh(true).credentials("admin", "admin").start());
        }
        a = new InJvmInstance(dirA, DurableController.migratedDatabase(postgres), PASSWORD);
        b = InJvmInstance.joining(a, dirB, DurableController.migratedDatabase(postgres), PASSWORD);
    }

    @AfterAll
    static void stop() throws Exception {
        for (AutoCloseable closeable : new AutoCloseable[] {b, a}) {
            if (closeable != null) {
                closeable.close();
            }
        }
        for (MisbehavingNetconfDevice device : DEVICES) {
            device.close();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    void aMountThroughOneInstanceAppearsOnTheOtherWithOneSessionFromItsOwner() throws Exception {
        final MisbehavingNetconfDevice device = DEVICES.get(0);
        mount("mounted", device);
        final String stamp = stamp("mounted");
        awaitStatus(b, "mounted", 200);

        // one session, from whichever instance holds the lease
        Waits.until("the device has one session, from its owner", WAIT, () -> oneSessionFromOwner("mounted", device),
            () -> sessions("mounted", device));
        // b applied the mount without writing it back
        assertEquals(stamp, stamp("mounted"), "the node's row was written again");
        // and b serves its UniConfig node, kept by whichever instance read the device first
        b.rest.await(RestconfClient.UNICONFIG_NODE + "mounted" + RestconfClient.CONFIGURATION + "?content=config",
            r -> r.statusCode() == 200, WAIT);
    }

    @Test
    void anUnmountThroughOneInstanceRemovesTheNodeFromTheOther() throws Exception {
        final MisbehavingNetconfDevice device = DEVICES.get(1);
        mount("unmounted", device);
        awaitStatus(b, "unmounted", 200);
        Waits.until("the device has one session, from its owner", WAIT, () -> oneSessionFromOwner("unmounted",
            device), () -> sessions("unmounted", device));

        final HttpResponse<String> deleted = a.rest.send("DELETE", RestconfClient.NETCONF_NODE + "unmounted");
        assertEquals(204, deleted.statusCode(), deleted.body());
        awaitStatus(b, "unmounted", 404);
        Waits.until("the device has no session", WAIT, () -> device.openSessions() == 0
            && !a.hasSession("unmounted") && !b.hasSession("unmounted"), () -> sessions("unmounted", device));
    }

    @Test
    void aNodeUnmountedThroughOneInstanceIsNoLongerServedByEitherAndItsIntentIsGone() throws Exception {
        final MisbehavingNetconfDevice device = DEVICES.get(4);
        mount("deleted", device);
        final String node = RestconfClient.UNICONFIG_NODE + "deleted" + RestconfClient.CONFIGURATION
            + "?content=config";
        a.rest.await(node, r -> r.statusCode() == 200, WAIT);
        b.rest.await(node, r -> r.statusCode() == 200, WAIT);
        final HttpResponse<String> written = a.rest.send("PUT", RestconfClient.intentInterface("deleted", "eth7"),
            RestconfClient.ethernetInterface("eth7"));
        assertEquals(201, written.statusCode(), written.body());
        b.rest.await(RestconfClient.intentInterface("deleted", "eth7") + "?content=config",
            r -> r.statusCode() == 200, WAIT);

        final HttpResponse<String> deleted = a.rest.send("DELETE", RestconfClient.NETCONF_NODE + "deleted");
        assertEquals(204, deleted.statusCode(), deleted.body());
        a.rest.await(node, r -> r.statusCode() == 404, WAIT);
        b.rest.await(node, r -> r.statusCode() == 404, WAIT);
        assertEquals(0, uniconfigRows("deleted"), "the node's kept configuration is deleted with its mount");

        // mounted again, the node is read afresh from its device: the intent written before is gone
        mount("deleted", device);
        a.rest.await(node, r -> r.statusCode() == 200, WAIT);
        b.rest.await(node, r -> r.statusCode() == 200, WAIT);
        for (InJvmInstance instance : List.of(a, b)) {
            final HttpResponse<String> iface = instance.rest.send("GET", RestconfClient.intentInterface("deleted",
                "eth7") + "?content=config");
            assertEquals(404, iface.statusCode(), instance.id() + ": " + iface.body());
        }
    }

    @Test
    void anIntentWrittenThroughOneInstanceIsReadOnTheOtherAsWritten() throws Exception {
        mount("intent", DEVICES.get(2));
        final String node = RestconfClient.UNICONFIG_NODE + "intent" + RestconfClient.CONFIGURATION
            + "?content=config";
        a.rest.await(node, r -> r.statusCode() == 200, WAIT);
        b.rest.await(node, r -> r.statusCode() == 200, WAIT);

        final HttpResponse<String> written = a.rest.send("PUT", RestconfClient.intentInterface("intent", "eth9"),
            RestconfClient.ethernetInterface("eth9"));
        assertEquals(201, written.statusCode(), written.body());
        final String intentThroughA = a.rest.send("GET", node).body();
        assertTrue(intentThroughA.contains("eth9"), intentThroughA);
        // read only, nothing changed through b first: b's copy follows what a kept
        b.rest.await(node, r -> r.statusCode() == 200 && r.body().equals(intentThroughA), WAIT);
        final HttpResponse<String> ifaceThroughB = b.rest.send("GET", RestconfClient.intentInterface("intent",
            "eth9") + "?content=config");
        assertEquals(200, ifaceThroughB.statusCode(), ifaceThroughB.body());
    }

    @Test
    void aSnapshotCreatedThroughOneInstanceIsListedOnTheOtherAndGoesWhenDeleted() throws Exception {
        mount("snapped", DEVICES.get(5));
        a.rest.await(RestconfClient.UNICONFIG_NODE + "snapped" + RestconfClient.CONFIGURATION + "?content=config",
            r -> r.statusCode() == 200, WAIT);
        final JsonObject created = a.rest.rpcWithInput("snapshot-manager:create-snapshot",
            "{\"input\":{\"snapshot-name\":\"across\",\"target-nodes\":{\"node\":[\"snapped\"]}}}");
        assertEquals("complete", created.get("overall-status").getAsString(), created.toString());
        final String listed = "/rests/data/network-topology:network-topology/topology=snapshots/node=across"
            + "?content=nonconfig";
        b.rest.await(listed, r -> r.statusCode() == 200 && r.body().contains("snapped"), WAIT);
        // and what it holds is readable through the other instance's mount point
        b.rest.await("/rests/data/network-topology:network-topology/topology=snapshots/node=across/"
            + "snapshot-manager:snapshot/node=snapped/configuration?content=config", r -> r.statusCode() == 200, WAIT);

        final JsonObject deleted = a.rest.rpcWithInput("snapshot-manager:delete-snapshot",
            "{\"input\":{\"snapshot-name\":\"across\"}}");
        assertEquals("complete", deleted.get("overall-status").getAsString(), deleted.toString());
        b.rest.await(listed, r -> r.statusCode() == 404, WAIT);
    }

    @Test
    void changesMadeWhileTheListeningConnectionsAreDownStillArrive() throws Exception {
        final List<Integer> before = listeners();
        assertEquals(2, before.size(), "one listening connection per instance: " + before);
        final int terminated;
        try (Connection connection = connect(); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT count(pg_terminate_backend(pid)) FROM "
                 + "pg_stat_activity WHERE application_name = 'sextant-change-hints'")) {
            rows.next();
            terminated = rows.getInt(1);
        }
        assertEquals(2, terminated);
        // at once, while nobody listens: the notification is lost, the rows are not
        mount("meanwhile", DEVICES.get(3));
        awaitStatus(b, "meanwhile", 200);
        Waits.until("both instances listen again, on new connections", WAIT, () -> {
            final List<Integer> now = listeners();
            return now.size() == 2 && now.stream().noneMatch(before::contains);
        }, () -> "listening backends before " + before + ", now " + listeners());
    }

    private static void mount(final String node, final MisbehavingNetconfDevice device) throws Exception {
        final HttpResponse<String> mounted = a.rest.send("PUT", RestconfClient.NETCONF_NODE + node,
            RestconfClient.netconfMount(node, "127.0.0.1", device.port(), "admin", "admin"));
        assertEquals(201, mounted.statusCode(), mounted.body());
    }

    private static void awaitStatus(final InJvmInstance instance, final String node, final int status)
            throws Exception {
        instance.rest.await(RestconfClient.NETCONF_NODE + node + "?content=config", r -> r.statusCode() == status,
            WAIT);
    }

    /** The transaction stamp of the node's configuration row. */
    private static String stamp(final String node) throws Exception {
        try (Connection connection = connect(); PreparedStatement select = connection.prepareStatement(
                "SELECT changed_xid::text FROM config_entry WHERE entry_key LIKE ?")) {
            select.setString(1, "%topology-id=topology-netconf]/node[node-id=" + node + "]");
            try (ResultSet rows = select.executeQuery()) {
                final List<String> stamps = new ArrayList<>();
                while (rows.next()) {
                    stamps.add(rows.getString(1));
                }
                assertEquals(1, stamps.size(), "rows of node " + node + ": " + stamps);
                return stamps.get(0);
            }
        }
    }

    /** The rows of the node's kept UniConfig configuration. */
    private static int uniconfigRows(final String node) throws Exception {
        try (Connection connection = connect(); PreparedStatement select = connection.prepareStatement(
                "SELECT count(*) FROM uniconfig_node WHERE node_id = ?")) {
            select.setString(1, node);
            try (ResultSet rows = select.executeQuery()) {
                rows.next();
                return rows.getInt(1);
            }
        }
    }

    private static Connection connect() throws Exception {
        return DriverManager.getConnection(postgres.jdbcUrl(), postgres.user(), postgres.password());
    }

    private static boolean oneSessionFromOwner(final String node, final MisbehavingNetconfDevice device) {
        final String owner = owner(node);
        return owner != null && device.openSessions() == 1 && a.hasSession(node) == a.id().equals(owner)
            && b.hasSession(node) == b.id().equals(owner);
    }

    private static String owner(final String node) {
        try {
            return a.leases().stream().filter(lease -> lease.node().nodeId().equals(node) && lease.held())
                .map(NodeLease::owner).findFirst().orElse(null);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static String sessions(final String node, final MisbehavingNetconfDevice device) {
        return "owner " + owner(node) + ", device sessions " + device.openSessions() + ", from a " + a.hasSession(node)
            + ", from b " + b.hasSession(node);
    }

    /** The server processes of the listening connections. */
    private static List<Integer> listeners() {
        try (Connection connection = connect(); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT pid FROM pg_stat_activity "
                 + "WHERE application_name = 'sextant-change-hints' ORDER BY pid")) {
            final List<Integer> pids = new ArrayList<>();
            while (rows.next()) {
                pids.add(rows.getInt(1));
            }
            return pids;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
