package io.sextant.persistence;

import static io.sextant.persistence.LeaseCluster.LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.testing.FaultProxy;
import java.sql.Statement;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Several controller instances (each its own {@link Database} pool and {@link InstanceLeases})
 * on one real PostgreSQL: every node owned by exactly one live instance, fair shares, hand-over
 * when instances join and leave, concurrent claims, fencing epochs, the local validity rule, and
 * what a heartbeat costs. Faults: {@link NodeLeaseFaultsTest}.
 */
@ExtendWith(LeaseClusters.class)
class NodeLeasesTest {
    @Test
    void twoThenThreeInstancesOwnEveryNodeExactlyOnceInFairShares(final LeaseCluster cluster) throws Exception {
        final List<MountedNode> nodes = cluster.mount(10);
        final InstanceLeases a = cluster.instance("instance-a", LONG);
        final InstanceLeases b = cluster.instance("instance-b", LONG);
        cluster.settle(a, b);
        cluster.assertOwnedExactlyOnce(nodes, a, b);
        assertEquals(List.of(5, 5), cluster.sizes(a, b));

        final InstanceLeases c = cluster.instance("instance-c", LONG);
        cluster.settle(a, b, c);
        cluster.assertOwnedExactlyOnce(nodes, a, b, c);
        assertEquals(List.of(4, 3, 3), cluster.sizes(a, b, c), "10 nodes on 3 instances: the first by id takes the extra one");
        final List<ControllerInstance> registered = cluster.instances();
        assertEquals(List.of("instance-a", "instance-b", "instance-c"),
            registered.stream().map(ControllerInstance::instanceId).toList());
        assertEquals(List.of(4, 3, 3), registered.stream().map(ControllerInstance::ownedNodes).toList());
        assertTrue(registered.stream().allMatch(ControllerInstance::live));
    }

    @Test
    void aJoiningInstanceTakesItsShareAndALeavingOneHandsItsNodesBackWithoutWaitingForAnExpiry(final LeaseCluster cluster)
            throws Exception {
        final List<MountedNode> nodes = cluster.mount(9);
        final InstanceLeases a = cluster.instance("instance-a", LONG);
        cluster.settle(a);
        assertEquals(9, a.owned().size());
        final Map<MountedNode, Long> before = cluster.epochs(a);

        final InstanceLeases b = cluster.instance("instance-b", LONG);
        cluster.settle(a, b);
        cluster.assertOwnedExactlyOnce(nodes, a, b);
        assertEquals(List.of(5, 4), cluster.sizes(a, b));
        for (Lease lease : b.owned()) {
            assertEquals(before.get(lease.node()) + 1, lease.epoch(), "a node handed over gets the next epoch");
            assertFalse(a.owns(lease.node(), before.get(lease.node())), "the former owner no longer passes the check");
        }

        final InstanceLeases c = cluster.instance("instance-c", LONG);
        cluster.settle(a, b, c);
        cluster.assertOwnedExactlyOnce(nodes, a, b, c);
        assertEquals(List.of(3, 3, 3), cluster.sizes(a, b, c));

        final List<Lease> leaving = c.owned();
        c.leave();
        assertEquals(List.of(), c.owned(), "a leaving instance owns nothing from the moment it leaves");
        leaving.forEach(lease -> assertFalse(c.owns(lease.node(), lease.epoch())));
        assertEquals(List.of("instance-a", "instance-b"), cluster.instances()
            .stream().map(ControllerInstance::instanceId).toList(), "it unregistered");
        // the leases last 5 minutes: only the hand-over lets the others take the nodes now
        cluster.settle(a, b);
        cluster.assertOwnedExactlyOnce(nodes, a, b);
        assertEquals(List.of(5, 4), cluster.sizes(a, b));
        final Map<MountedNode, Long> after = cluster.epochs(a, b);
        leaving.forEach(lease -> assertEquals(lease.epoch() + 1, after.get(lease.node())));
    }

    @Test
    void concurrentClaimsNeverGiveANodeToTwoInstances(final LeaseCluster cluster) throws Exception {
        final List<MountedNode> nodes = cluster.mount(30);
        final List<InstanceLeases> instances = List.of(cluster.instance("instance-a", LONG), cluster.instance("instance-b", LONG),
            cluster.instance("instance-c", LONG));
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
                final Map<MountedNode, NodeLease> stored = cluster.stored();
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
        cluster.settle(instances.toArray(InstanceLeases[]::new));
        cluster.assertOwnedExactlyOnce(nodes, instances.toArray(InstanceLeases[]::new));
        assertEquals(List.of(10, 10, 10), cluster.sizes(instances.toArray(InstanceLeases[]::new)));
    }

    @Test
    void fencingEpochsGrowOnEveryChangeOfOwnerAndAnOldEpochNeverPassesAgain(final LeaseCluster cluster,
            final PostgresFixture postgres) throws Exception {
        final MountedNode node = cluster.mount(1).get(0);
        final InstanceLeases a = cluster.instance("instance-a", LONG);
        final InstanceLeases b = cluster.instance("instance-b", LONG);
        a.heartbeat();
        assertEquals(List.of(new Lease(node, 1)), a.claim().won());
        assertEquals(List.of(new Lease(node, 1)), a.heartbeat(), "a renewal keeps the epoch");
        assertTrue(a.owns(node, 1));
        assertFalse(a.owns(node, 0));
        assertTrue(cluster.holds(node, "instance-a", 1));
        assertFalse(cluster.holds(node, "instance-b", 1));

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
        assertFalse(cluster.holds(node, "instance-a", 2));
        assertFalse(cluster.holds(node, "instance-b", 3));
        assertTrue(cluster.holds(node, "instance-a", 4));

        // a registration that lapsed in the database is begun anew without its leases: they are claimed anew
        postgres.database.run("expire", tx -> {
            try (Statement statement = tx.connection().createStatement()) {
                statement.execute("UPDATE controller_instance SET expires_at = clock_timestamp() - interval '1 second'");
            }
        });
        assertEquals(List.of(), a.heartbeat());
        assertEquals(null, cluster.stored().get(node).owner(), "released by the heartbeat that began the registration anew");
        assertFalse(a.owns(node, 4));
        assertEquals(List.of(new Lease(node, 5)), a.claim().won());
    }

    @Test
    void oneQueryTellsWhichOfACommitsNodesTheInstanceNoLongerHolds(final LeaseCluster cluster,
            final PostgresFixture postgres) throws Exception {
        final List<MountedNode> nodes = cluster.mount(3);
        final InstanceLeases a = cluster.instance("instance-a", LONG);
        a.heartbeat();
        assertEquals(3, a.claim().won().size());
        final List<MountedNode> withUnknown = new ArrayList<>(nodes);
        withUnknown.add(new MountedNode(nodes.get(0).topologyId(), "never-mounted"));
        assertEquals(Set.of("never-mounted"), cluster.notHeld(withUnknown, "instance-a"));
        assertEquals(Set.of(nodes.get(0).nodeId(), nodes.get(1).nodeId(), nodes.get(2).nodeId()),
            cluster.notHeld(nodes, "instance-b"));

        a.release(List.of(nodes.get(1)));
        assertEquals(Set.of(nodes.get(1).nodeId()), cluster.notHeld(nodes, "instance-a"));

        // a registration that lapsed in the database holds nothing, though the lease rows still name it
        postgres.database.run("expire", tx -> {
            try (Statement statement = tx.connection().createStatement()) {
                statement.execute("UPDATE controller_instance SET expires_at = clock_timestamp() - interval '1 second'");
            }
        });
        assertEquals(Set.of(nodes.get(0).nodeId(), nodes.get(1).nodeId(), nodes.get(2).nodeId()),
            cluster.notHeld(nodes, "instance-a"));
    }

    @Test
    void leasesAreValidHereUntilTheLastSuccessfulCallWasSentPlusTheLeaseTimeMinusTheMargin(final LeaseCluster cluster,
            final PostgresFixture postgres) throws Exception {
        final MountedNode node = cluster.mount(1).get(0);
        final AtomicLong clock = new AtomicLong(1_000);
        final Database database = cluster.database(PostgresFixture.settings(postgres.server));
        final InstanceLeases a = new InstanceLeases(database, "instance-a", "a:8181", LONG, clock::get);
        a.heartbeat();
        final Lease lease = a.claim().won().get(0);
        final long validity = LONG.validity().toNanos();
        clock.addAndGet(validity - 1);
        assertTrue(a.owns(node, lease.epoch()));
        clock.addAndGet(1);
        assertFalse(a.owns(node, lease.epoch()), "lapsed by the local clock, though the database still has it");
        assertEquals(List.of(), a.owned());
        assertTrue(cluster.holds(node, "instance-a", lease.epoch()));

        assertEquals(List.of(lease), a.heartbeat(), "still unexpired in the database: renewed with its epoch");
        clock.addAndGet(validity - 1);
        assertTrue(a.owns(node, lease.epoch()));
        assertThrows(IllegalArgumentException.class, () -> new LeaseTimings(Duration.ofSeconds(6),
            Duration.ofSeconds(5), Duration.ofSeconds(2)), "heartbeats too rare for the lease time");
    }

    @Test
    void aHeartbeatIsOneRoundTripWithoutATransactionToCommit(final LeaseCluster cluster, final PostgresFixture postgres)
            throws Exception {
        cluster.mount(3);
        final FaultProxy proxy = cluster.closing(FaultProxy.start("127.0.0.1", postgres.server.port()));
        // every statement's text on the wire: pgjdbc otherwise reuses COMMIT as a server-side prepared statement
        final DatabaseSettings textual = cluster.proxied(proxy);
        final InstanceLeases a = cluster.instance("instance-a", LONG, DatabaseSettings.of(textual.url() + "?prepareThreshold=0",
            textual.user(), textual.password()));
        cluster.settle(a);
        final FaultProxy.Armed commit = proxy.arm(FaultProxy.Trigger.of("COMMIT", FaultProxy.Moment.BEFORE, "",
            FaultProxy.Effect.NONE));
        assertEquals(3, a.heartbeat().size());
        assertFalse(commit.hasFired(), "no COMMIT was sent: the heartbeat statement was its own transaction");
        a.claim();
        assertTrue(commit.hasFired(), "a claim, several statements, commits its transaction");
    }

    @Test
    void aHeartbeatRenewsEveryLeaseByWritingOnlyTheInstancesRow(final LeaseCluster cluster) throws Exception {
        cluster.mount(50);
        final InstanceLeases a = cluster.instance("instance-a", LONG);
        final InstanceLeases b = cluster.instance("instance-b", LONG);
        cluster.settle(a, b);
        final String leaseVersions = cluster.rowVersions("node_lease");
        final String instanceVersions = cluster.rowVersions("controller_instance");
        assertEquals(25, a.heartbeat().size());
        assertEquals(25, b.heartbeat().size());
        assertEquals(leaseVersions, cluster.rowVersions("node_lease"), "no lease row was written");
        assertNotEquals(instanceVersions, cluster.rowVersions("controller_instance"));
    }
}
