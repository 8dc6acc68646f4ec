package io.sextant.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.testing.FaultProxy;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.stream.IntStream;

/**
 * Controller instances for lease tests, each an {@link InstanceLeases} with its own
 * {@link Database} pool on one real PostgreSQL (emptied of instances and leases first), and what
 * tests do with them: rounds of heartbeats and claims, waits, and checks against the database.
 * Waits for expiries are loops guarded by a preemptive timeout far above the lease times.
 */
final class LeaseCluster implements AutoCloseable {
    static final Duration HANG = Duration.ofSeconds(120);
    /** Leases that never expire during a test: whatever moves, moves by claims, releases and leaves. */
    static final LeaseTimings LONG = new LeaseTimings(Duration.ofMinutes(5), Duration.ofSeconds(20),
        Duration.ofSeconds(10));
    /** Leases that expire within a test (valid here for 5 s after a heartbeat, ample on a loaded machine). */
    static final LeaseTimings SHORT = new LeaseTimings(Duration.ofSeconds(6), Duration.ofSeconds(1),
        Duration.ofSeconds(1));
    /**
     * The clock of instances whose own lapse a test does not check: it stands still, so that what
     * they own does not depend on how fast the machine runs the test (their registrations still
     * expire in the database unless they heartbeat).
     */
    private static final LongSupplier STILL = () -> 0L;

    final PostgresFixture postgres;
    final LeaseRepository repository = new LeaseRepository();
    private final List<AutoCloseable> closing = new ArrayList<>();

    LeaseCluster(final PostgresFixture postgres) throws PersistenceException {
        this.postgres = postgres;
        postgres.database.run("clear leases", tx -> {
            try (Statement statement = tx.connection().createStatement()) {
                statement.execute("TRUNCATE node_connection, node_lease, controller_instance");
            }
        });
    }

    /** Closed (in reverse order) with the cluster. */
    <T extends AutoCloseable> T closing(final T resource) {
        closing.add(resource);
        return resource;
    }

    @Override
    public void close() throws Exception {
        for (int i = closing.size() - 1; i >= 0; i--) {
            closing.get(i).close();
        }
        closing.clear();
    }

    /** The transaction ids that wrote the table's rows, in key order. */
    String rowVersions(final String table) throws PersistenceException {
        return postgres.database.call("row versions", tx -> {
            try (Statement statement = tx.connection().createStatement();
                 ResultSet row = statement.executeQuery("SELECT string_agg(xmin::text, ',' ORDER BY ctid) FROM "
                     + table)) {
                row.next();
                return row.getString(1);
            }
        });
    }

    InstanceLeases instance(final String id, final LeaseTimings timings) {
        return instance(id, timings, PostgresFixture.settings(postgres.server));
    }

    /** An instance whose clock stands still ({@link #STILL}): what it owns never lapses by its own clock. */
    InstanceLeases withStillClock(final String id, final LeaseTimings timings) {
        return instance(id, timings, PostgresFixture.settings(postgres.server), STILL);
    }

    InstanceLeases instance(final String id, final LeaseTimings timings, final DatabaseSettings settings) {
        return instance(id, timings, settings, System::nanoTime);
    }

    InstanceLeases instance(final String id, final LeaseTimings timings, final DatabaseSettings settings,
            final LongSupplier clock) {
        return new InstanceLeases(database(settings), id, id + ":8181", timings, clock);
    }

    Database database(final DatabaseSettings settings) {
        final Database database = new Database(settings.withPoolSize(2).withPoolWait(Duration.ofSeconds(2))
            .withTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(5), Duration.ofSeconds(8)));
        return closing(database);
    }

    DatabaseSettings proxied(final FaultProxy proxy) {
        return DatabaseSettings.of("jdbc:postgresql://" + proxy.host() + ":" + proxy.port() + "/sextant",
            postgres.server.user(), postgres.server.password());
    }

    List<MountedNode> mount(final int count) throws PersistenceException {
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
    void reconnect(final InstanceLeases instance) {
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
    void round(final InstanceLeases... instances) throws PersistenceException {
        for (InstanceLeases instance : instances) {
            instance.heartbeat();
        }
        for (InstanceLeases instance : instances) {
            instance.release(instance.claim().surplus());
        }
    }

    /** Rounds until the fair shares stop moving; fails when they never do. */
    void settle(final InstanceLeases... instances) throws PersistenceException {
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
    List<Lease> takeOver(final InstanceLeases taker, final List<Lease> leases,
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

    boolean ownedBy(final List<MountedNode> nodes, final InstanceLeases... instances) {
        final Set<MountedNode> owned = new HashSet<>();
        for (InstanceLeases instance : instances) {
            instance.owned().forEach(lease -> owned.add(lease.node()));
        }
        return owned.containsAll(nodes);
    }

    /** Each node in exactly one instance's view, which the database agrees with. */
    void assertOwnedExactlyOnce(final List<MountedNode> nodes, final InstanceLeases... instances)
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

    List<ControllerInstance> instances() throws PersistenceException {
        return postgres.database.call("instances", LeaseQueries::instances);
    }

    Map<MountedNode, NodeLease> stored() throws PersistenceException {
        final Map<MountedNode, NodeLease> stored = new HashMap<>();
        postgres.database.call("leases", LeaseQueries::leases).forEach(row -> stored.put(row.node(), row));
        return stored;
    }

    boolean holds(final MountedNode node, final String instance, final long epoch)
            throws PersistenceException {
        return postgres.database.call("check the lease", tx -> LeaseQueries.holds(tx, node, instance, epoch));
    }

    /** Those of the nodes (of any of their topologies) whose lease {@code instance} does not hold now. */
    Set<String> notHeld(final List<MountedNode> nodes, final String instance) throws PersistenceException {
        return postgres.database.call("check the leases", tx -> LeaseQueries.notHeld(tx,
            nodes.stream().map(MountedNode::topologyId).distinct().toList(),
            nodes.stream().map(MountedNode::nodeId).toList(), instance));
    }

    Map<MountedNode, Long> epochs(final InstanceLeases... instances) {
        final Map<MountedNode, Long> epochs = new HashMap<>();
        for (InstanceLeases instance : instances) {
            instance.owned().forEach(lease -> epochs.put(lease.node(), lease.epoch()));
        }
        return epochs;
    }

    List<Integer> sizes(final InstanceLeases... instances) {
        final List<Integer> sizes = new ArrayList<>();
        for (InstanceLeases instance : instances) {
            sizes.add(instance.owned().size());
        }
        return sizes;
    }
}
