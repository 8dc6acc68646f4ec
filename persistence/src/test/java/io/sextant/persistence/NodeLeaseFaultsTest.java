package io.sextant.persistence;

import static io.sextant.persistence.LeaseCluster.HANG;
import static io.sextant.persistence.LeaseCluster.SHORT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Instances that stop, lose their database connection or see it freeze, and a second process
 * with the same instance id: nobody else claims an instance's nodes before it has given them up
 * by its own clock, and nobody owns a node twice. No assertion depends on how fast anything is.
 */
@ExtendWith(LeaseClusters.class)
class NodeLeaseFaultsTest {
    @Test
    void anInstanceThatStopsHeartbeatingLosesItsNodesToTheOthersOnlyOnceItsLeasesExpired(final LeaseCluster cluster,
            final PostgresFixture postgres) throws Exception {
        final List<MountedNode> nodes = cluster.mount(12);
        final InstanceLeases a = cluster.instance("instance-a", SHORT);
        final InstanceLeases b = cluster.withStillClock("instance-b", SHORT);
        final InstanceLeases c = cluster.withStillClock("instance-c", SHORT);
        cluster.settle(a, b, c);
        assertEquals(List.of(4, 4, 4), cluster.sizes(a, b, c));
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
            while (!cluster.ownedBy(nodes, b, c)) {
                cluster.round(b, c);
            }
        });
        cluster.assertOwnedExactlyOnce(nodes, b, c);
        assertEquals(List.of(6, 6), cluster.sizes(b, c));
        assertEquals(List.of(), a.owned(), "its leases lapsed by its own clock");
        final Map<MountedNode, Long> now = cluster.epochs(b, c);
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
        final ControllerInstance dead = cluster.instances().get(0);
        assertEquals("instance-a", dead.instanceId());
        assertFalse(dead.live());
        assertEquals(0, dead.ownedNodes());
    }

    @Test
    void anInstanceWhoseConnectionIsCutOwnsNothingAtOnceAndBeforeAnotherCanClaimItsNodes(final LeaseCluster cluster,
            final PostgresFixture postgres) throws Exception {
        final List<MountedNode> nodes = cluster.mount(10);
        final FaultProxy proxy = cluster.closing(FaultProxy.start("127.0.0.1", postgres.server.port()));
        final InstanceLeases a = cluster.instance("instance-a", SHORT, cluster.proxied(proxy), System::nanoTime);
        final InstanceLeases b = cluster.withStillClock("instance-b", SHORT);
        cluster.settle(a, b);
        final List<Lease> ofA = a.owned();
        assertEquals(5, ofA.size());

        proxy.refuse(true);
        proxy.cut();
        final PersistenceException lost = assertTimeoutPreemptively(HANG,
            () -> assertThrows(PersistenceException.class, a::heartbeat));
        assertTrue(lost.unavailable(), lost.getMessage());
        assertEquals(List.of(), a.owned(), "a failed heartbeat drops every lease at once");
        ofA.forEach(lease -> assertFalse(a.owns(lease.node(), lease.epoch())));

        final List<Lease> taken = cluster.takeOver(b, ofA, a);
        assertEquals(5, taken.size());
        proxy.refuse(false);
        cluster.reconnect(a);
        cluster.settle(a, b);
        cluster.assertOwnedExactlyOnce(nodes, a, b);
        for (Lease lease : a.owned()) {
            final Lease was = ofA.stream().filter(old -> old.node().equals(lease.node())).findFirst().orElse(null);
            if (was != null) {
                assertTrue(lease.epoch() > was.epoch(), "back with a new epoch: " + lease);
                assertFalse(a.owns(lease.node(), was.epoch()));
            }
        }
    }

    @Test
    void anInstanceWhoseDatabaseStopsAnsweringGivesItsLeasesUpByItsOwnClockBeforeAnotherCanClaimThem(final LeaseCluster cluster,
            final PostgresFixture postgres)
            throws Exception {
        final List<MountedNode> nodes = cluster.mount(10);
        final FaultProxy proxy = cluster.closing(FaultProxy.start("127.0.0.1", postgres.server.port()));
        final InstanceLeases a = cluster.instance("instance-a", SHORT, cluster.proxied(proxy), System::nanoTime);
        final InstanceLeases b = cluster.withStillClock("instance-b", SHORT);
        cluster.settle(a, b);
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
            final List<Lease> taken = cluster.takeOver(b, ofA, a);
            assertEquals(5, taken.size());
            assertEquals(List.of(), a.owned());
            proxy.resume();
            hanging.get(60, TimeUnit.SECONDS);
        } finally {
            proxy.resume();
            heartbeat.shutdownNow();
        }
        cluster.reconnect(a);
        for (Lease lease : b.owned()) {
            assertFalse(a.owned().stream().anyMatch(mine -> mine.node().equals(lease.node())),
                "the late answer renewed nothing another instance took: " + lease);
        }
        cluster.settle(a, b);
        cluster.assertOwnedExactlyOnce(nodes, a, b);
    }

    @Test
    void aSecondLiveProcessWithTheSameInstanceIdIsRefusedAndOwnsNothing(final LeaseCluster cluster) throws Exception {
        final List<MountedNode> nodes = cluster.mount(4);
        final InstanceLeases first = cluster.instance("instance-a", SHORT);
        cluster.settle(first);
        final InstanceLeases second = cluster.withStillClock("instance-a", SHORT);
        final PersistenceException refused = assertThrows(PersistenceException.class, second::heartbeat);
        assertEquals(PersistenceException.Reason.BAD_DATA, refused.reason());
        assertTrue(refused.getMessage().contains("Instance id instance-a is in use by another live controller instance"),
            refused.getMessage());
        assertEquals(List.of(), second.claim().won(), "it never registered: it wins nothing");
        second.release(nodes);
        second.leave();
        assertEquals(List.of("instance-a"), cluster.instances().stream()
            .map(ControllerInstance::instanceId).toList(), "its leave did not unregister the first");
        cluster.round(first);
        cluster.assertOwnedExactlyOnce(nodes, first);

        // once the first stops, the id expires and the newcomer takes it over, with new epochs
        final Map<MountedNode, Long> before = cluster.epochs(first);
        assertTimeoutPreemptively(HANG, () -> {
            while (!cluster.ownedBy(nodes, second)) {
                try {
                    cluster.round(second);
                } catch (PersistenceException e) {
                    assertEquals(PersistenceException.Reason.BAD_DATA, e.reason(), e.getMessage());
                    Thread.sleep(200);
                }
            }
        });
        assertEquals(List.of(), first.owned());
        second.owned().forEach(lease -> assertTrue(lease.epoch() > before.get(lease.node()), lease.toString()));
        assertThrows(PersistenceException.class, first::heartbeat, "the first, back, is now the one refused");
        cluster.assertOwnedExactlyOnce(nodes, second, first);
    }

    @Test
    void instancesThatLapseAndRenewAtRandomAroundTheirExpiryNeverOwnANodeTogether(final LeaseCluster cluster) throws Exception {
        // leases of half a second, renewed late at random: registrations lapse, are retired by the
        // other instance's claims and begun anew, often while the other claims
        final LeaseTimings brief = new LeaseTimings(Duration.ofMillis(500), Duration.ofMillis(100),
            Duration.ofMillis(100));
        final List<MountedNode> nodes = cluster.mount(8);
        final List<InstanceLeases> instances = List.of(cluster.instance("instance-a", brief),
            cluster.instance("instance-b", brief));
        final AtomicBoolean running = new AtomicBoolean(true);
        final ExecutorService pool = Executors.newFixedThreadPool(instances.size());
        final Set<String> terms = ConcurrentHashMap.newKeySet();
        final List<String> overlaps = new ArrayList<>();
        try {
            final List<Future<Integer>> loops = new ArrayList<>();
            for (int i = 0; i < instances.size(); i++) {
                final InstanceLeases instance = instances.get(i);
                final int lateness = i == 0 ? 800 : 300;
                loops.add(pool.submit(() -> {
                    int rounds = 0;
                    while (running.get()) {
                        cluster.round(instance);
                        instance.owned().forEach(lease -> terms.add(lease.node() + "#" + lease.epoch()));
                        Thread.sleep(ThreadLocalRandom.current().nextInt(lateness));
                        rounds++;
                    }
                    return rounds;
                }));
            }
            // until every node changed hands a few times
            assertTimeoutPreemptively(HANG, () -> checkTogether(cluster, instances, loops, terms, nodes.size() * 5, overlaps));
            running.set(false);
            for (Future<Integer> loop : loops) {
                assertTrue(loop.get(60, TimeUnit.SECONDS) > 0);
            }
        } finally {
            running.set(false);
            pool.shutdownNow();
        }
        assertEquals(List.of(), overlaps);
    }

    /**
     * Reads one instance's leases, then the other's, until {@code terms} holds {@code until} terms
     * or a loop ended (failed); a node the second owns in an older term than the first already
     * held is an overlap.
     */
    private static void checkTogether(final LeaseCluster cluster, final List<InstanceLeases> instances,
            final List<Future<Integer>> loops, final Set<String> terms, final int until, final List<String> overlaps)
            throws InterruptedException {
        for (int sample = 0; terms.size() < until && loops.stream().noneMatch(Future::isDone); sample++) {
            final InstanceLeases first = instances.get(sample % 2);
            final InstanceLeases second = instances.get(1 - sample % 2);
            final Map<MountedNode, Long> earlier = cluster.epochs(first);
            cluster.epochs(second).forEach((node, epoch) -> {
                final Long newer = earlier.get(node);
                if (newer != null && epoch < newer && overlaps.size() < 20) {
                    overlaps.add(node + ": " + second.instanceId() + " in term " + epoch + " after "
                        + first.instanceId() + " took term " + newer);
                }
            });
            if (sample % 100 == 0) {
                Thread.sleep(1);
            }
        }
    }
}
