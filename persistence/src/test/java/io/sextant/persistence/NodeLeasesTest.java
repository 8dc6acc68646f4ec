package io.sextant.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.testing.FaultProxy;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Several controller instances (each its own {@link Database} pool and {@link InstanceLeases})
 * on one real PostgreSQL: every node owned by exactly one live instance, fair shares, takeover
 * after expiry, hand-over on leave, fencing epochs, and an instance cut off from the database.
 * Waits for expiries are loops guarded by a preemptive timeout far above the lease times; no
 * assertion depends on how fast anything is.
 */
class NodeLeasesTest {
    private static final Duration HANG = Duration.ofSeconds(120);
    /** Leases that never expire during a test: whatever moves, moves by claims, releases and leaves. */
    private static final LeaseTimings LONG = new LeaseTimings(Duration.ofMinutes(5), Duration.ofSeconds(20),
        Duration.ofSeconds(10));
    /** Leases that expire within a test (valid here for 5 s after a heartbeat, ample on a loaded machine). */
    private static final LeaseTimings SHORT = new LeaseTimings(Duration.ofSeconds(6), Duration.ofSeconds(1),
        Duration.ofSeconds(1));
    /**
     * The clock of instances whose own lapse a test does not check: it stands still, so that what
     * they own does not depend on how fast the machine runs the test (their registrations still
     * expire in the database unless they heartbeat).
     */
    private static final LongSupplier STILL = () -> 0L;

    private static PostgresFixture postgres;
    private final LeaseRepository repository = new LeaseRepository();
    private final List<AutoCloseable> closing = new ArrayList<>();

    @BeforeAll
    static void start() throws PersistenceException {
        postgres = PostgresFixture.start().migrated();
    }

    @AfterAll
    static void stop() {
        postgres.close();
    }

    @BeforeEach
    void empty() throws PersistenceException {
        postgres.database.run("clear leases", tx -> {
            try (Statement statement = tx.connection().createStatement()) {
                statement.execute("TRUNCATE node_lease, controller_instance");
            }
        });
    }

    @AfterEach
    void closeAll() throws Exception {
        for (int i = closing.size() - 1; i >= 0; i--) {
            closing.get(i).close();
        }
        closing.clear();
    }

    @Test
    void twoThenThreeInstancesOwnEveryNodeExactlyOnceInFairShares() throws Exception {
        final List<MountedNode> nodes = mount(10);
        final InstanceLeases a = instance("instance-a", LONG);
        final InstanceLeases b = instance("instance-b", LONG);
        settle(a, b);
        assertOwnedExactlyOnce(nodes, a, b);
        assertEquals(List.of(5, 5), sizes(a, b));

        final InstanceLeases c = instance("instance-c", LONG);
        settle(a, b, c);
        assertOwnedExactlyOnce(nodes, a, b, c);
        assertEquals(List.of(4, 3, 3), sizes(a, b, c), "10 nodes on 3 instances: the first by id takes the extra one");
        final List<ControllerInstance> registered = postgres.database.call("instances", repository::instances);
        assertEquals(List.of("instance-a", "instance-b", "instance-c"),
            registered.stream().map(ControllerInstance::instanceId).toList());
        assertEquals(List.of(4, 3, 3), registered.stream().map(ControllerInstance::ownedNodes).toList());
        assertTrue(registered.stream().allMatch(ControllerInstance::live));
    }

    @Test
    void aJoiningInstanceTakesItsShareAndALeavingOneHandsItsNodesBackWithoutWaitingForAnExpiry()
            throws Exception {
        final List<MountedNode> nodes = mount(9);
        final InstanceLeases a = instance("instance-a", LONG);
        settle(a);
        assertEquals(9, a.owned().size());
        final Map<MountedNode, Long> before = epochs(a);

        final InstanceLeases b = instance("instance-b", LONG);
        settle(a, b);
        assertOwnedExactlyOnce(nodes, a, b);
        assertEquals(List.of(5, 4), sizes(a, b));
        for (Lease lease : b.owned()) {
            assertEquals(before.get(lease.node()) + 1, lease.epoch(), "a node handed over gets the next epoch");
            assertFalse(a.owns(lease.node(), before.get(lease.node())), "the former owner no longer passes the check");
        }

        final InstanceLeases c = instance("instance-c", LONG);
        settle(a, b, c);
        assertOwnedExactlyOnce(nodes, a, b, c);
        assertEquals(List.of(3, 3, 3), sizes(a, b, c));

        final List<Lease> leaving = c.owned();
        c.leave();
        assertEquals(List.of(), c.owned(), "a leaving instance owns nothing from the moment it leaves");
        leaving.forEach(lease -> assertFalse(c.owns(lease.node(), lease.epoch())));
        assertEquals(List.of("instance-a", "instance-b"), postgres.database.call("instances", repository::instances)
            .stream().map(ControllerInstance::instanceId).toList(), "it unregistered");
        // the leases last 5 minutes: only the hand-over lets the others take the nodes now
        settle(a, b);
        assertOwnedExactlyOnce(nodes, a, b);
        assertEquals(List.of(5, 4), sizes(a, b));
        final Map<MountedNode, Long> after = epochs(a, b);
        leaving.forEach(lease -> assertEquals(lease.epoch() + 1, after.get(lease.node())));
    }

    @Test
    void anInstanceThatStopsHeartbeatingLosesItsNodesToTheOthersOnlyOnceItsLeasesExpired() throws Exception {
        final List<MountedNode> nodes = mount(12);
        final InstanceLeases a = instance("instance-a", SHORT);
        final InstanceLeases b = instance("instance-b", SHORT, PostgresFixture.settings(postgres.server), STILL);
        final InstanceLeases c = instance("instance-c", SHORT, PostgresFixture.settings(postgres.server), STILL);
        settle(a, b, c);
        assertEquals(List.of(4, 4, 4), sizes(a, b, c));
        final List<Lease> ofA = a.owned();
        final Timestamp lastExpiry = postgres.database.call("expiry of instance-a", tx -> {
            try (Statement statement = tx.connection().createStatement();
                 ResultSet row = statement.executeQuery(
                     "SELECT expires_at FROM controller_instance WHERE instance_id = 'instance-a'")) {
                row.next();
                return row.getTimestamp(1);
            }
        });

        // instance-a stops calling the database; b and c carry on
        assertTimeoutPreemptively(HANG, () -> {
            while (!ownedBy(nodes, b, c)) {
                round(b, c);
            }
        });
        assertOwnedExactlyOnce(nodes, b, c);
        assertEquals(List.of(6, 6), sizes(b, c));
        assertEquals(List.of(), a.owned(), "its leases lapsed by its own clock");
        final Map<MountedNode, Long> now = epochs(b, c);
        for (Lease lease : ofA) {
            assertFalse(a.owns(lease.node(), lease.epoch()));
            assertEquals(lease.epoch() + 1, now.get(lease.node()));
        }
        final long takenEarly = postgres.database.call("claims before the expiry", tx -> {
            try (PreparedStatement select = tx.connection().prepareStatement("""
                    SELECT count(*) FROM node_lease WHERE node_id = ANY (?) AND acquired_at < ?""")) {
                select.setArray(1, tx.connection().createArrayOf("text",
                    ofA.stream().map(lease -> lease.node().nodeId()).toArray()));
                select.setTimestamp(2, lastExpiry);
                try (ResultSet row = select.executeQuery()) {
                    row.next();
                    return row.getLong(1);
                }
            }
        });
        assertEquals(0, takenEarly, "no node of instance-a was claimed before its lease expired (database clock)");
        final ControllerInstance dead = postgres.database.call("instances", repository::instances).get(0);
        assertEquals("instance-a", dead.instanceId());
        assertFalse(dead.live());
        assertEquals(0, dead.ownedNodes());
    }

    @Test
    void concurrentClaimsNeverGiveANodeToTwoInstances() throws Exception {
        final List<MountedNode> nodes = mount(30);
        final List<InstanceLeases> instances = List.of(instance("instance-a", LONG), instance("instance-b", LONG),
            instance("instance-c", LONG));
        final Map<MountedNode, Long> highest = new HashMap<>();
        final ExecutorService pool = Executors.newFixedThreadPool(instances.size());
        try {
            for (int round = 0; round < 100; round++) {
                // every round, all (even rounds) or one of them (odd rounds) leave and come back
                for (int i = 0; i < instances.size(); i++) {
                    if (round % 2 == 0 || i == round % instances.size()) {
                        instances.get(i).leave();
                    }
                }
                for (InstanceLeases instance : instances) {
                    instance.heartbeat();
                }
                final CyclicBarrier together = new CyclicBarrier(instances.size());
                final List<Future<List<Lease>>> claims = new ArrayList<>();
                for (InstanceLeases instance : instances) {
                    claims.add(pool.submit(() -> {
                        together.await(30, TimeUnit.SECONDS);
                        final LeaseRepository.Claimed claimed = instance.claim();
                        instance.release(claimed.surplus());
                        return claimed.won();
                    }));
                }
                final Set<MountedNode> wonThisRound = new HashSet<>();
                for (Future<List<Lease>> claim : claims) {
                    for (Lease lease : claim.get(60, TimeUnit.SECONDS)) {
                        assertTrue(wonThisRound.add(lease.node()), "round " + round + ": " + lease.node()
                            + " won twice");
                    }
                }
                final Map<MountedNode, NodeLease> stored = stored();
                final Set<MountedNode> ownedSomewhere = new HashSet<>();
                for (InstanceLeases instance : instances) {
                    for (Lease lease : instance.owned()) {
                        assertTrue(ownedSomewhere.add(lease.node()), "round " + round + ": " + lease.node()
                            + " owned by two instances");
                        final NodeLease row = stored.get(lease.node());
                        assertEquals(instance.instanceId(), row.owner(), "round " + round + ": " + lease.node());
                        assertEquals(row.epoch(), lease.epoch(), "round " + round + ": " + lease.node());
                    }
                }
                for (NodeLease row : stored.values()) {
                    final long previous = highest.getOrDefault(row.node(), 0L);
                    assertTrue(row.epoch() >= previous, "epochs never go back: " + row);
                    highest.put(row.node(), row.epoch());
                }
            }
        } finally {
            pool.shutdownNow();
        }
        settle(instances.toArray(InstanceLeases[]::new));
        assertOwnedExactlyOnce(nodes, instances.toArray(InstanceLeases[]::new));
        assertEquals(List.of(10, 10, 10), sizes(instances.toArray(InstanceLeases[]::new)));
    }

    @Test
    void anInstanceWhoseConnectionIsCutOwnsNothingAtOnceAndBeforeAnotherCanClaimItsNodes() throws Exception {
        final List<MountedNode> nodes = mount(10);
        final FaultProxy proxy = FaultProxy.start("127.0.0.1", postgres.server.port());
        closing.add(proxy);
        final InstanceLeases a = instance("instance-a", SHORT, proxied(proxy), System::nanoTime);
        final InstanceLeases b = instance("instance-b", SHORT, PostgresFixture.settings(postgres.server), STILL);
        settle(a, b);
        final List<Lease> ofA = a.owned();
        assertEquals(5, ofA.size());

        proxy.refuse(true);
        proxy.cut();
        final PersistenceException lost = assertTimeoutPreemptively(HANG,
            () -> assertThrows(PersistenceException.class, a::heartbeat));
        assertTrue(lost.unavailable(), lost.getMessage());
        assertEquals(List.of(), a.owned(), "a failed heartbeat drops every lease at once");
        ofA.forEach(lease -> assertFalse(a.owns(lease.node(), lease.epoch())));

        final List<Lease> taken = takeOver(b, ofA, a);
        assertEquals(5, taken.size());
        proxy.refuse(false);
        reconnect(a);
        settle(a, b);
        assertOwnedExactlyOnce(nodes, a, b);
        for (Lease lease : a.owned()) {
            final Lease was = ofA.stream().filter(old -> old.node().equals(lease.node())).findFirst().orElse(null);
            if (was != null) {
                assertTrue(lease.epoch() > was.epoch(), "back with a new epoch: " + lease);
                assertFalse(a.owns(lease.node(), was.epoch()));
            }
        }
    }

    @Test
    void anInstanceWhoseDatabaseStopsAnsweringGivesItsLeasesUpByItsOwnClockBeforeAnotherCanClaimThem()
            throws Exception {
        final List<MountedNode> nodes = mount(10);
        final FaultProxy proxy = FaultProxy.start("127.0.0.1", postgres.server.port());
        closing.add(proxy);
        final InstanceLeases a = instance("instance-a", SHORT, proxied(proxy), System::nanoTime);
        final InstanceLeases b = instance("instance-b", SHORT, PostgresFixture.settings(postgres.server), STILL);
        settle(a, b);
        final List<Lease> ofA = a.owned();

        // the heartbeat is sent and never answered: no failure tells instance-a anything
        proxy.stall();
        final ExecutorService heartbeat = Executors.newSingleThreadExecutor();
        try {
            final Future<?> hanging = heartbeat.submit(() -> {
                try {
                    a.heartbeat();
                } catch (PersistenceException e) {
                    // the socket timeout, or the answer after resume(): either is fine
                }
            });
            final List<Lease> taken = takeOver(b, ofA, a);
            assertEquals(5, taken.size());
            assertEquals(List.of(), a.owned());
            proxy.resume();
            hanging.get(60, TimeUnit.SECONDS);
        } finally {
            proxy.resume();
            heartbeat.shutdownNow();
        }
        reconnect(a);
        for (Lease lease : b.owned()) {
            assertFalse(a.owned().stream().anyMatch(mine -> mine.node().equals(lease.node())),
                "the late answer renewed nothing another instance took: " + lease);
        }
        settle(a, b);
        assertOwnedExactlyOnce(nodes, a, b);
    }

    @Test
    void fencingEpochsGrowOnEveryChangeOfOwnerAndAnOldEpochNeverPassesAgain() throws Exception {
        final MountedNode node = mount(1).get(0);
        final InstanceLeases a = instance("instance-a", LONG);
        final InstanceLeases b = instance("instance-b", LONG);
        a.heartbeat();
        assertEquals(List.of(new Lease(node, 1)), a.claim().won());
        assertEquals(List.of(new Lease(node, 1)), a.heartbeat(), "a renewal keeps the epoch");
        assertTrue(a.owns(node, 1));
        assertFalse(a.owns(node, 0));
        assertTrue(holds(node, "instance-a", 1));
        assertFalse(holds(node, "instance-b", 1));

        a.release(List.of(node));
        assertFalse(a.owns(node, 1), "released: no longer owned here, even before the database answers");
        assertEquals(List.of(new Lease(node, 2)), a.claim().won(), "claimed again by the same instance: a new term");
        assertFalse(a.owns(node, 1));
        a.leave();
        b.heartbeat();
        assertEquals(List.of(new Lease(node, 3)), b.claim().won());
        b.leave();
        a.heartbeat();
        assertEquals(List.of(new Lease(node, 4)), a.claim().won());
        assertFalse(a.owns(node, 2), "the same instance's former term stays fenced off");
        assertFalse(b.owns(node, 3));
        assertTrue(a.owns(node, 4));
        assertFalse(holds(node, "instance-a", 2));
        assertFalse(holds(node, "instance-b", 3));
        assertTrue(holds(node, "instance-a", 4));

        // a registration that lapsed in the database is begun anew without its leases: they are claimed anew
        postgres.database.run("expire", tx -> {
            try (Statement statement = tx.connection().createStatement()) {
                statement.execute("UPDATE controller_instance SET expires_at = clock_timestamp() - interval '1 second'");
            }
        });
        assertEquals(List.of(), a.heartbeat());
        assertEquals(null, stored().get(node).owner(), "released by the heartbeat that began the registration anew");
        assertFalse(a.owns(node, 4));
        assertEquals(List.of(new Lease(node, 5)), a.claim().won());
    }

    @Test
    void leasesAreValidHereUntilTheLastSuccessfulCallWasSentPlusTheLeaseTimeMinusTheMargin() throws Exception {
        final MountedNode node = mount(1).get(0);
        final AtomicLong clock = new AtomicLong(1_000);
        final Database database = database(PostgresFixture.settings(postgres.server));
        final InstanceLeases a = new InstanceLeases(database, "instance-a", "a:8181", LONG, clock::get);
        a.heartbeat();
        final Lease lease = a.claim().won().get(0);
        final long validity = LONG.validity().toNanos();
        clock.addAndGet(validity - 1);
        assertTrue(a.owns(node, lease.epoch()));
        clock.addAndGet(1);
        assertFalse(a.owns(node, lease.epoch()), "lapsed by the local clock, though the database still has it");
        assertEquals(List.of(), a.owned());
        assertTrue(holds(node, "instance-a", lease.epoch()));

        assertEquals(List.of(lease), a.heartbeat(), "still unexpired in the database: renewed with its epoch");
        clock.addAndGet(validity - 1);
        assertTrue(a.owns(node, lease.epoch()));
        assertThrows(IllegalArgumentException.class, () -> new LeaseTimings(Duration.ofSeconds(6),
            Duration.ofSeconds(5), Duration.ofSeconds(2)), "heartbeats too rare for the lease time");
    }

    @Test
    void aSecondLiveProcessWithTheSameInstanceIdIsRefusedAndOwnsNothing() throws Exception {
        final List<MountedNode> nodes = mount(4);
        final InstanceLeases first = instance("instance-a", SHORT);
        settle(first);
        final InstanceLeases second = instance("instance-a", SHORT, PostgresFixture.settings(postgres.server), STILL);
        final PersistenceException refused = assertThrows(PersistenceException.class, second::heartbeat);
        assertEquals(PersistenceException.Reason.BAD_DATA, refused.reason());
        assertTrue(refused.getMessage().contains("Instance id instance-a is in use by another live controller instance"),
            refused.getMessage());
        assertEquals(List.of(), second.claim().won(), "it never registered: it wins nothing");
        second.release(nodes);
        second.leave();
        assertEquals(List.of("instance-a"), postgres.database.call("instances", repository::instances).stream()
            .map(ControllerInstance::instanceId).toList(), "its leave did not unregister the first");
        round(first);
        assertOwnedExactlyOnce(nodes, first);

        // once the first stops, the id expires and the newcomer takes it over, with new epochs
        final Map<MountedNode, Long> before = epochs(first);
        assertTimeoutPreemptively(HANG, () -> {
            while (!ownedBy(nodes, second)) {
                try {
                    round(second);
                } catch (PersistenceException e) {
                    assertEquals(PersistenceException.Reason.BAD_DATA, e.reason(), e.getMessage());
                    Thread.sleep(200);
                }
            }
        });
        assertEquals(List.of(), first.owned());
        second.owned().forEach(lease -> assertTrue(lease.epoch() > before.get(lease.node()), lease.toString()));
        assertThrows(PersistenceException.class, first::heartbeat, "the first, back, is now the one refused");
        assertOwnedExactlyOnce(nodes, second, first);
    }

    @Test
    void aHeartbeatIsOneRoundTripWithoutATransactionToCommit() throws Exception {
        mount(3);
        final FaultProxy proxy = FaultProxy.start("127.0.0.1", postgres.server.port());
        closing.add(proxy);
        // every statement's text on the wire: pgjdbc otherwise reuses COMMIT as a server-side prepared statement
        final DatabaseSettings textual = proxied(proxy);
        final InstanceLeases a = instance("instance-a", LONG, DatabaseSettings.of(textual.url() + "?prepareThreshold=0",
            textual.user(), textual.password()));
        settle(a);
        final FaultProxy.Armed commit = proxy.arm(FaultProxy.Trigger.of("COMMIT", FaultProxy.Moment.BEFORE, "",
            FaultProxy.Effect.NONE));
        assertEquals(3, a.heartbeat().size());
        assertFalse(commit.hasFired(), "no COMMIT was sent: the heartbeat statement was its own transaction");
        a.claim();
        assertTrue(commit.hasFired(), "a claim, several statements, commits its transaction");
    }

    @Test
    void aHeartbeatRenewsEveryLeaseByWritingOnlyTheInstancesRow() throws Exception {
        mount(50);
        final InstanceLeases a = instance("instance-a", LONG);
        final InstanceLeases b = instance("instance-b", LONG);
        settle(a, b);
        final String leaseVersions = rowVersions("node_lease");
        final String instanceVersions = rowVersions("controller_instance");
        assertEquals(25, a.heartbeat().size());
        assertEquals(25, b.heartbeat().size());
        assertEquals(leaseVersions, rowVersions("node_lease"), "no lease row was written");
        assertNotEquals(instanceVersions, rowVersions("controller_instance"));
    }

    // --- helpers ---

    /** The transaction ids that wrote the table's rows, in key order. */
    private static String rowVersions(final String table) throws PersistenceException {
        return postgres.database.call("row versions", tx -> {
            try (Statement statement = tx.connection().createStatement();
                 ResultSet row = statement.executeQuery("SELECT string_agg(xmin::text, ',' ORDER BY ctid) FROM "
                     + table)) {
                row.next();
                return row.getString(1);
            }
        });
    }

    private InstanceLeases instance(final String id, final LeaseTimings timings) {
        return instance(id, timings, PostgresFixture.settings(postgres.server));
    }

    private InstanceLeases instance(final String id, final LeaseTimings timings, final DatabaseSettings settings) {
        return instance(id, timings, settings, System::nanoTime);
    }

    private InstanceLeases instance(final String id, final LeaseTimings timings, final DatabaseSettings settings,
            final LongSupplier clock) {
        return new InstanceLeases(database(settings), id, id + ":8181", timings, clock);
    }

    private Database database(final DatabaseSettings settings) {
        final Database database = new Database(settings.withPoolSize(2).withPoolWait(Duration.ofSeconds(2))
            .withTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(5), Duration.ofSeconds(8)));
        closing.add(database);
        return database;
    }

    private static DatabaseSettings proxied(final FaultProxy proxy) {
        return DatabaseSettings.of("jdbc:postgresql://" + proxy.host() + ":" + proxy.port() + "/sextant",
            postgres.server.user(), postgres.server.password());
    }

    private List<MountedNode> mount(final int count) throws PersistenceException {
        final List<MountedNode> nodes = IntStream.range(0, count)
            .mapToObj(i -> new MountedNode("topology-netconf", String.format("R%02d", i))).toList();
        postgres.database.run("mount", tx -> {
            for (MountedNode node : nodes) {
                repository.addNode(tx, node);
            }
        });
        return nodes;
    }

    /**
     * Heartbeats until one succeeds: after an outage the pool opens connections again with a
     * back-off (HikariCP's, up to 5 s), so the first calls may still fail as unavailable.
     */
    private static void reconnect(final InstanceLeases instance) {
        assertTimeoutPreemptively(HANG, () -> {
            while (true) {
                try {
                    instance.heartbeat();
                    return;
                } catch (PersistenceException e) {
                    assertTrue(e.unavailable(), e.getMessage());
                    Thread.sleep(200);
                }
            }
        });
    }

    /** One round: every instance renews, then each claims and hands its surplus over. */
    private static void round(final InstanceLeases... instances) throws PersistenceException {
        for (InstanceLeases instance : instances) {
            instance.heartbeat();
        }
        for (InstanceLeases instance : instances) {
            instance.release(instance.claim().surplus());
        }
    }

    /** Rounds until the fair shares stop moving; fails when they never do. */
    private static void settle(final InstanceLeases... instances) throws PersistenceException {
        List<List<Lease>> before = null;
        for (int i = 0; i < 10; i++) {
            round(instances);
            final List<List<Lease>> now = new ArrayList<>();
            for (InstanceLeases instance : instances) {
                now.add(instance.owned());
            }
            if (now.equals(before)) {
                return;
            }
            before = now;
        }
        throw new AssertionError("the shares did not settle in 10 rounds: " + before);
    }

    /**
     * Round after round of {@code taker} until it won every one of {@code leases} of {@code loser};
     * whenever it holds one, the loser must not pass the check for it.
     */
    private static List<Lease> takeOver(final InstanceLeases taker, final List<Lease> leases,
            final InstanceLeases loser) {
        return assertTimeoutPreemptively(HANG, () -> {
            final List<Lease> taken = new ArrayList<>();
            while (taken.size() < leases.size()) {
                round(taker);
                taken.clear();
                for (Lease mine : taker.owned()) {
                    for (Lease theirs : leases) {
                        if (theirs.node().equals(mine.node())) {
                            assertFalse(loser.owns(theirs.node(), theirs.epoch()),
                                "two owners of " + mine.node() + " at once");
                            assertTrue(mine.epoch() > theirs.epoch());
                            taken.add(mine);
                        }
                    }
                }
            }
            return taken;
        });
    }

    private static boolean ownedBy(final List<MountedNode> nodes, final InstanceLeases... instances) {
        final Set<MountedNode> owned = new HashSet<>();
        for (InstanceLeases instance : instances) {
            instance.owned().forEach(lease -> owned.add(lease.node()));
        }
        return owned.containsAll(nodes);
    }

    /** Each node in exactly one instance's view, which the database agrees with. */
    private void assertOwnedExactlyOnce(final List<MountedNode> nodes, final InstanceLeases... instances)
            throws PersistenceException {
        final Map<MountedNode, NodeLease> stored = stored();
        final Map<MountedNode, String> owners = new HashMap<>();
        for (InstanceLeases instance : instances) {
            for (Lease lease : instance.owned()) {
                final String other = owners.put(lease.node(), instance.instanceId());
                assertEquals(null, other, lease.node() + " owned by " + other + " and " + instance.instanceId());
                final NodeLease row = stored.get(lease.node());
                assertTrue(row.held(), row.toString());
                assertEquals(instance.instanceId(), row.owner());
                assertEquals(lease.epoch(), row.epoch());
            }
        }
        assertEquals(new HashSet<>(nodes), owners.keySet(), "every node has an owner");
    }

    private Map<MountedNode, NodeLease> stored() throws PersistenceException {
        final Map<MountedNode, NodeLease> stored = new HashMap<>();
        postgres.database.call("leases", repository::leases).forEach(row -> stored.put(row.node(), row));
        return stored;
    }

    private boolean holds(final MountedNode node, final String instance, final long epoch)
            throws PersistenceException {
        return postgres.database.call("check the lease", tx -> repository.holds(tx, node, instance, epoch));
    }

    private static Map<MountedNode, Long> epochs(final InstanceLeases... instances) {
        final Map<MountedNode, Long> epochs = new HashMap<>();
        for (InstanceLeases instance : instances) {
            instance.owned().forEach(lease -> epochs.put(lease.node(), lease.epoch()));
        }
        return epochs;
    }

    private static List<Integer> sizes(final InstanceLeases... instances) {
        final List<Integer> sizes = new ArrayList<>();
        for (InstanceLeases instance : instances) {
            sizes.add(instance.owned().size());
        }
        return sizes;
    }
}
