package io.sextant.controller;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.persistence.NodeLease;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.Netconfd;
import io.sextant.testing.PostgresServer;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two controller instances on one PostgreSQL and one netconfd device: a commit sent to the
 * instance that does not connect the device is sent on to the one that does (its lease holder)
 * and lands, each time right after the change was written through the first instance; the device,
 * read through a session of the test's own, holds every committed value in turn, and the holder's
 * transaction log lists the commits; is-in-sync, compare-config and sync-from-network through it are
 * answered by the holder too, and so are reads of the node's connection status and reads and writes
 * of the device's data through its mount point; a read of the whole topology's state through
 * either shows the node connected, through the other naming the holder. A request that was sent
 * on once is never sent on again. A gated commit (a confirm
 * timeout) made through the instance without the device waits on the holder, and its
 * confirm-commit and cancel-commit through that instance are sent on to the holder too, and while it
 * waits either instance lists it in {@code sextant-gate:pending-commits}. A reader of either
 * instance's {@code sextant-commits} stream learns of the holder's commits, and one of its
 * {@code sextant-node-status} stream of the connection of a device the other instance connects.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class CommitsThroughAnyInstanceTest {
    private static final String PASSWORD = "commits-through-any-instance-test";
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String NODE = "anywhere";
    private static final String IFACE = "eth-forwarded";
    private static final String COMMIT = "/rests/operations/uniconfig-manager:commit";
    private static final String TARGET = "{\"input\":{\"target-nodes\":{\"node\":[\"" + NODE + "\"]}}}";

    @TempDir
    static Path dirA;
    @TempDir
    static Path dirB;
    private static PostgresServer postgres;
    private static Netconfd netconfd;
    private static InJvmInstance a;
    private static InJvmInstance b;

    @BeforeAll
    static void start() throws Exception {
        postgres = PostgresServer.start();
        netconfd = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
        a = new InJvmInstance(dirA, DurableController.migratedDatabase(postgres), PASSWORD);
        b = InJvmInstance.joining(a, dirB, DurableController.migratedDatabase(postgres), PASSWORD);
    }

    @AfterAll
    static void stop() throws Exception {
        for (AutoCloseable closeable : new AutoCloseable[] {b, a, netconfd, postgres}) {
            if (closeable != null) {
                closeable.close();
            }
        }
    }

    /** The node mounted (once; a test after the first finds it mounted), served by both; its holder. */
    private static InJvmInstance mountedHolder() throws Exception {
        final HttpResponse<String> mounted = a.rest.send("PUT", RestconfClient.NETCONF_NODE + NODE,
            RestconfClient.netconfMount(NODE, netconfd.host(), netconfd.port(), netconfd.username(),
                netconfd.password()));
        assertTrue(mounted.statusCode() == 201 || mounted.statusCode() == 204, mounted.statusCode() + " "
            + mounted.body());
        final String node = RestconfClient.UNICONFIG_NODE + NODE + RestconfClient.CONFIGURATION + "?content=config";
        a.rest.await(node, r -> r.statusCode() == 200, WAIT);
        b.rest.await(node, r -> r.statusCode() == 200, WAIT);
        final InJvmInstance holder = holder().equals(a.id()) ? a : b;
        final InJvmInstance other = holder == a ? b : a;
        assertTrue(holder.hasSession(NODE) && !other.hasSession(NODE), "one session, from the holder");
        return holder;
    }

    @Test
    void aCommitThroughTheInstanceWithoutTheDeviceLandsThroughTheHolder() throws Exception {
        final InJvmInstance holder = mountedHolder();
        final InJvmInstance other = holder == a ? b : a;
        // the other test's commits are audited too: only this one's count
        final Timestamp since = Timestamp.from(Instant.now());

        final List<String> committed = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            final String value = "committed through " + other.id() + " #" + i;
            final HttpResponse<String> put = other.rest.send("PUT", RestconfClient.intentInterface(NODE, IFACE),
                RestconfClient.ethernetInterface(IFACE, value));
            assertTrue(put.statusCode() == 201 || put.statusCode() == 204, put.statusCode() + " " + put.body());
            // at once: the holder commits what was just kept through the other instance
            final HttpResponse<String> commit = other.rest.send("POST", COMMIT, TARGET);
            assertEquals(200, commit.statusCode(), commit.body());
            assertEquals("complete", RestconfClient.output(commit).get("overall-status").getAsString(), commit.body());
            assertEquals(value, descriptionOnDevice(), "commit " + i + " is on the device");
            committed.add(value);
        }
        assertEquals(5, committed.size());
        assertTrue(completeCommits(holder) >= 5, "the holder's log lists the commits it made");

        // the device reads are sent on too
        for (String rpc : List.of("is-in-sync", "compare-config", "sync-from-network")) {
            final HttpResponse<String> read = other.rest.send("POST", "/rests/operations/uniconfig-manager:" + rpc,
                TARGET);
            assertEquals(200, read.statusCode(), rpc + ": " + read.body());
            assertEquals("complete", RestconfClient.output(read).get("overall-status").getAsString(),
                rpc + ": " + read.body());
            if (rpc.equals("is-in-sync")) {
                assertTrue(read.body().contains("\"is-in-sync\":true"), read.body());
            }
        }

        // the node's connection status: the holder's state, read through the other instance
        final HttpResponse<String> status = other.rest.send("GET", RestconfClient.NETCONF_NODE + NODE
            + "?content=nonconfig");
        assertEquals(200, status.statusCode(), status.body());
        assertTrue(status.body().contains("\"netconf-node-topology:connection-status\":\"connected\""),
            status.body());

        // the device's own data through its mount point: read and written through the holder
        final String mountPoint = RestconfClient.NETCONF_NODE + NODE + "/yang-ext:mount/openconfig-interfaces:interfaces"
            + "/interface=" + IFACE;
        final HttpResponse<String> live = other.rest.send("GET", mountPoint + "?content=config");
        assertEquals(200, live.statusCode(), live.body());
        assertTrue(live.body().contains(committed.get(committed.size() - 1)), live.body());
        final HttpResponse<String> written = other.rest.send("PUT", mountPoint + "/config/description",
            "{\"openconfig-interfaces:description\":\"written through the mount point via " + other.id() + "\"}");
        assertTrue(written.statusCode() == 201 || written.statusCode() == 204, written.statusCode() + " "
            + written.body());
        assertEquals("written through the mount point via " + other.id(), descriptionOnDevice());

        // sent on already (as the holder would get it): never sent on again, the error names the holder
        final HttpResponse<String> again = other.rest.send("POST", COMMIT, TARGET, "Sextant-Forwarded", "true");
        assertEquals(409, again.statusCode(), again.body());
        final JsonObject error = JsonParser.parseString(again.body()).getAsJsonObject()
            .getAsJsonObject("ietf-restconf:errors").getAsJsonArray("error").get(0).getAsJsonObject();
        assertEquals("held-elsewhere", error.get("error-app-tag").getAsString(), again.body());
        assertTrue(error.get("error-message").getAsString().contains("controller instance " + holder.id()),
            again.body());
        assertNotEquals(-1, again.body().indexOf(holder.sextant.restconfPort() + ""), "the error tells the holder's "
            + "address: " + again.body());

        // each commit sent on was audited once, by the holder, naming the client and the instance that sent it
        // on; the one the client marked as sent on was answered, and audited, where it arrived
        final List<String> expected = new ArrayList<>(Collections.nCopies(5, "127.0.0.1 (sent on by 127.0.0.1) "
            + "success"));
        expected.add("true (sent on by 127.0.0.1) failure");
        await("the commits' audit records").atMost(WAIT).until(() -> commitAudits(since).size() >= expected.size());
        assertEquals(expected, commitAudits(since));
    }

    @Test
    void aReaderOfTheCommitStreamOfEitherInstanceLearnsOfACommitTheHolderMade() throws Exception {
        final InJvmInstance holder = mountedHolder();
        final InJvmInstance other = holder == a ? b : a;
        try (SseClient commits = SseClient.open(other.sextant, "admin", PASSWORD,
                "/rests/streams/json/sextant-commits?node=" + NODE, "text/event-stream")) {
            final String value = "committed through " + holder.id() + ", told by " + other.id();
            final HttpResponse<String> put = holder.rest.send("PUT", RestconfClient.intentInterface(NODE, IFACE),
                RestconfClient.ethernetInterface(IFACE, value));
            assertTrue(put.statusCode() == 201 || put.statusCode() == 204, put.statusCode() + " " + put.body());
            final List<String> before = loggedIds(holder);
            final HttpResponse<String> commit = holder.rest.send("POST", COMMIT, TARGET);
            assertEquals(200, commit.statusCode(), commit.body());
            assertEquals("complete", RestconfClient.output(commit).get("overall-status").getAsString(), commit.body());
            final List<String> made = new ArrayList<>(loggedIds(holder));
            made.removeAll(before);
            assertEquals(1, made.size(), "the holder logged the commit: " + made);

            // made and told on the holder; the other instance tells its readers too (earlier tests' commits
            // it follows late may come first)
            final SseClient.Message told = commits.next(message -> message.data().contains(made.get(0)));
            final JsonObject event = JsonParser.parseString(told.data()).getAsJsonObject()
                .getAsJsonObject("ietf-restconf:notification").getAsJsonObject("sextant-events:commit-finished");
            assertEquals("complete", event.get("outcome").getAsString(), event.toString());
            assertEquals(NODE, event.getAsJsonArray("node").get(0).getAsJsonObject().get("node-id").getAsString(),
                event.toString());
        }
    }

    @Test
    void aReaderOfTheNodeStatusStreamOfEitherInstanceLearnsOfTheOtherInstancesDevices() throws Exception {
        final String twin = "twin-of-" + NODE;
        final String path = "/rests/streams/json/sextant-node-status?node=" + twin;
        try (SseClient atA = SseClient.open(a.sextant, "admin", PASSWORD, path, "text/event-stream");
             SseClient atB = SseClient.open(b.sextant, "admin", PASSWORD, path, "text/event-stream")) {
            // a second node on the same device: one instance connects it, the other only learns of it
            final HttpResponse<String> mounted = a.rest.send("PUT", RestconfClient.NETCONF_NODE + twin,
                RestconfClient.netconfMount(twin, netconfd.host(), netconfd.port(), netconfd.username(),
                    netconfd.password()));
            assertEquals(201, mounted.statusCode(), mounted.body());
            final InJvmInstance holder = await().atMost(WAIT).until(() -> a.leases().stream()
                .filter(lease -> lease.node().nodeId().equals(twin) && lease.held()).map(NodeLease::owner)
                .findFirst().map(owner -> owner.equals(a.id()) ? a : b), found -> found.isPresent()).orElseThrow();
            final SseClient elsewhere = holder == a ? atB : atA;

            final SseClient.Message connected = elsewhere.next(message -> message.data().contains("\"connected\""));
            final JsonObject event = JsonParser.parseString(connected.data()).getAsJsonObject()
                .getAsJsonObject("ietf-restconf:notification").getAsJsonObject("sextant-events:node-status-changed");
            assertEquals(twin, event.get("node-id").getAsString(), event.toString());
            assertEquals("topology-netconf", event.get("topology-id").getAsString(), event.toString());
            assertFalse((holder == a ? b : a).hasSession(twin), "told by the instance without the device's session");
        } finally {
            a.rest.send("DELETE", RestconfClient.NETCONF_NODE + twin, null);
        }
    }

    /** The transaction-ids {@code instance}'s transaction log lists. */
    private static List<String> loggedIds(final InJvmInstance instance) throws Exception {
        final HttpResponse<String> read = instance.rest.send("GET",
            "/rests/data/uniconfig-manager:transaction-log?content=nonconfig");
        final List<String> ids = new ArrayList<>();
        if (read.statusCode() == 404) {
            // nothing logged yet
            return ids;
        }
        assertEquals(200, read.statusCode(), read.body());
        final JsonObject log = JsonParser.parseString(read.body()).getAsJsonObject()
            .getAsJsonObject("uniconfig-manager:transaction-log");
        if (log.has("transaction")) {
            for (JsonElement entry : log.getAsJsonArray("transaction")) {
                ids.add(entry.getAsJsonObject().get("transaction-id").getAsString());
            }
        }
        return ids;
    }

    @Test
    void aReadOfTheWholeTopologyThroughEitherInstanceShowsTheNodeConnectedAndWhoHoldsIt() throws Exception {
        final InJvmInstance holder = mountedHolder();
        final InJvmInstance other = holder == a ? b : a;
        final String topology = "/rests/data/network-topology:network-topology/topology=topology-netconf"
            + "?content=nonconfig";
        final String connected = "\"netconf-node-topology:connection-status\":\"connected\"";
        final String here = holder.rest.await(topology, r -> r.body().contains(connected), WAIT).body();
        assertTrue(here.contains("\"node-id\":\"" + NODE + "\""), here);
        // the holder's report reaches the database within a fraction of a second
        final String there = other.rest.await(topology, r -> r.body().contains(connected), WAIT).body();
        assertEquals(200, other.rest.send("GET", topology, null).statusCode());
        assertTrue(there.contains("\"node-id\":\"" + NODE + "\"") && there.contains(
            "held by controller instance " + holder.id()), there);
        // and in a read of every topology
        final String all = other.rest.send("GET", "/rests/data/network-topology:network-topology?content=nonconfig",
            null).body();
        assertTrue(all.contains(connected) && all.contains("held by controller instance " + holder.id()), all);
    }

    @Test
    void aGatedCommitWaitsOnTheHolderAndIsDecidedThroughTheOtherInstance() throws Exception {
        final InJvmInstance holder = mountedHolder();
        final InJvmInstance other = holder == a ? b : a;

        final String confirmed = "gated through " + other.id() + ", confirmed through it";
        final String commitId = gatedCommitThrough(other, confirmed);
        // waiting on the holder, it is listed through either instance (through the other once the holder
        // marked it in the database, a moment later), and its entry read through the other
        for (InJvmInstance through : List.of(holder, other)) {
            final HttpResponse<String> listed = through.rest.await(
                "/rests/data/sextant-gate:pending-commits?content=nonconfig",
                read -> read.body().contains("\"commit-id\":\"" + commitId + "\""), WAIT);
            assertEquals(200, listed.statusCode(), listed.body());
            assertTrue(listed.body().contains("\"commit-id\":\"" + commitId + "\"")
                && listed.body().contains("\"" + NODE + "\""), "listed through " + through.id() + ": " + listed.body());
        }
        final HttpResponse<String> entry = other.rest.send("GET",
            "/rests/data/sextant-gate:pending-commits/pending-commit=" + commitId + "?content=nonconfig", null);
        assertEquals(200, entry.statusCode(), "sent on to " + holder.id() + ": " + entry.body());
        assertTrue(entry.body().contains("confirm-deadline"), entry.body());
        final HttpResponse<String> confirm = other.rest.send("POST", "/rests/operations/sextant-gate:confirm-commit",
            "{\"input\":{\"commit-id\":\"" + commitId + "\"}}");
        assertEquals(200, confirm.statusCode(), "sent on to " + holder.id() + ", which runs it: " + confirm.body());
        assertEquals("confirmed", gate(RestconfClient.output(confirm)).get("state").getAsString(), confirm.body());
        assertEquals(confirmed, descriptionOnDevice());

        final String cancelledId = gatedCommitThrough(other, "gated through " + other.id() + ", cancelled through it");
        final HttpResponse<String> cancel = other.rest.send("POST", "/rests/operations/sextant-gate:cancel-commit",
            "{\"input\":{\"commit-id\":\"" + cancelledId + "\"}}");
        assertEquals(200, cancel.statusCode(), cancel.body());
        assertEquals("put-back", gate(RestconfClient.output(cancel)).get("state").getAsString(), cancel.body());
        assertEquals(confirmed, descriptionOnDevice(), "the cancelled commit was put back on the device");

        // decided already: no instance runs it any more, and the answer says so where it arrived
        final HttpResponse<String> again = other.rest.send("POST", "/rests/operations/sextant-gate:confirm-commit",
            "{\"input\":{\"commit-id\":\"" + cancelledId + "\"}}");
        assertEquals(404, again.statusCode(), again.body());
        assertTrue(again.body().contains("data-missing") && again.body().contains(cancelledId), again.body());
        // and neither instance lists a decided commit
        for (InJvmInstance through : List.of(holder, other)) {
            final String listed = through.rest.await("/rests/data/sextant-gate:pending-commits?content=nonconfig",
                read -> !read.body().contains(commitId) && !read.body().contains(cancelledId), WAIT).body();
            assertFalse(listed.contains(commitId) || listed.contains(cancelledId), through.id() + ": " + listed);
        }
    }

    /**
     * The interface's description := {@code value}, written and committed through {@code through}
     * with a confirm timeout (the commit is sent on to the holder, where it waits); its commit id.
     */
    private static String gatedCommitThrough(final InJvmInstance through, final String value) throws Exception {
        final HttpResponse<String> put = through.rest.send("PUT", RestconfClient.intentInterface(NODE, IFACE),
            RestconfClient.ethernetInterface(IFACE, value));
        assertTrue(put.statusCode() == 201 || put.statusCode() == 204, put.statusCode() + " " + put.body());
        final HttpResponse<String> commit = through.rest.send("POST", COMMIT, "{\"input\":{\"target-nodes\":{\"node\":[\""
            + NODE + "\"]},\"sextant-gate:confirm-timeout\":600}}");
        assertEquals(200, commit.statusCode(), commit.body());
        final JsonObject gate = gate(RestconfClient.output(commit));
        assertEquals("awaiting-confirmation", gate.get("state").getAsString(), commit.body());
        assertEquals(value, descriptionOnDevice(), "applied while it waits");
        return gate.get("commit-id").getAsString();
    }

    private static JsonObject gate(final JsonObject output) {
        final String member = output.has("sextant-gate:gate") ? "sextant-gate:gate" : "gate";
        assertTrue(output.has(member), output.toString());
        return output.getAsJsonObject(member);
    }

    /** The audit records of commits since {@code since}, oldest first: each its source and outcome. */
    private static List<String> commitAudits(final Timestamp since) throws Exception {
        final List<String> found = new ArrayList<>();
        try (Connection sql = DriverManager.getConnection(postgres.jdbcUrl(), postgres.user(), postgres.password());
             PreparedStatement query = sql.prepareStatement("SELECT source, outcome FROM audit_event WHERE type = "
                 + "'rpc' AND details->>'rpc' = 'uniconfig-manager:commit' AND time >= ? ORDER BY time, id")) {
            query.setTimestamp(1, since);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    found.add(rows.getString(1) + " " + rows.getString(2));
                }
            }
        }
        return found;
    }

    /** The instance holding the node's lease now. */
    private static String holder() throws Exception {
        return a.leases().stream().filter(lease -> lease.node().nodeId().equals(NODE) && lease.held())
            .map(NodeLease::owner).findFirst().orElseThrow();
    }


    private static long completeCommits(final InJvmInstance instance) throws Exception {
        final HttpResponse<String> read = instance.rest.send("GET",
            "/rests/data/uniconfig-manager:transaction-log?content=nonconfig");
        assertEquals(200, read.statusCode(), read.body());
        long complete = 0;
        for (JsonElement entry : JsonParser.parseString(read.body()).getAsJsonObject()
                .getAsJsonObject("uniconfig-manager:transaction-log").getAsJsonArray("transaction")) {
            if ("complete".equals(entry.getAsJsonObject().get("status").getAsString())) {
                complete++;
            }
        }
        return complete;
    }

    /** The interface's description in the device's running datastore, read through a session of the test's own. */
    private static String descriptionOnDevice() throws Exception {
        try (NetconfVerifier session = NetconfVerifier.connect(netconfd)) {
            final String running = session.getConfig("running", "<interfaces xmlns=\"http://openconfig.net/yang/"
                + "interfaces\"><interface><name>" + IFACE + "</name></interface></interfaces>");
            final List<String> descriptions = NetconfVerifier.values(running, "data", "interfaces", "interface",
                "config", "description");
            assertEquals(1, descriptions.size(), "one description of " + IFACE + " on the device: " + running);
            return descriptions.get(0);
        }
    }


}
