package io.sextant.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link LeaseScheduler}s of two controller instances on one real PostgreSQL, as the southbounds
 * see them: the first claim is made before {@code start} returns; a joining instance's share is
 * handed over (the giver told of its losses before the taker of its gains, with new epochs); the
 * fence of a session opened before a loss never passes again; closing an instance leaves, and
 * the other is told it gained the rest without waiting for an expiry.
 */
@ExtendWith(LeaseClusters.class)
class LeaseSchedulerTest {
    /** Rounds every 200 ms; leases that never expire during the test, so only claims and leaves move nodes. */
    private static final LeaseTimings QUICK = new LeaseTimings(Duration.ofMinutes(5), Duration.ofMillis(200),
        Duration.ofSeconds(10));
    /** What one topology's listener was told: node id to its epoch now (gained, not lost since), and every event. */
    private static final class Told implements DeviceOwnership.Listener {
        final Map<String, Long> owned = new ConcurrentHashMap<>();
        final List<String> events = new CopyOnWriteArrayList<>();
        /** How long closing a node's session takes: longer than the publishing interval, so a publish waits for it. */
        final long closing;

        Told() {
            this(0);
        }

        Told(final long closingMillis) {
            this.closing = closingMillis;
        }

        @Override
        public void gained(final String nodeId, final long epoch) {
            owned.put(nodeId, epoch);
            events.add("gained " + nodeId);
        }

        @Override
        public void lost(final String nodeId) {
            owned.remove(nodeId);
            events.add("lost " + nodeId);
            try {
                Thread.sleep(closing);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void await(final String what, final BooleanSupplier done) {
        assertTimeoutPreemptively(LeaseCluster.HANG, () -> {
            while (!done.getAsBoolean()) {
                Thread.sleep(50);
            }
        }, what);
    }

    @Test
    void sharesMoveBetweenInstancesAsTheyJoinAndLeaveAndListenersHearOfEveryMove(final LeaseCluster cluster) throws Exception {
        cluster.mount(4);
        final LeaseScheduler a = cluster.closing(LeaseScheduler.start(cluster.instance("instance-a", QUICK)));
        // the first claim is made before start returns
        assertEquals(4, a.owned().size());
        // a slow close makes a publish wait on the hand-over: it must not find the surplus still held
        final Told toldA = new Told(QUICK.heartbeatInterval().toMillis());
        a.watch("topology-netconf", toldA);
        final OptionalLong r03 = a.epoch("topology-netconf", "R03");
        assertTrue(r03.isPresent());
        final BooleanSupplier fenceOfR03 = a.fence("topology-netconf", "R03").orElseThrow();
        assertTrue(fenceOfR03.getAsBoolean());

        final LeaseScheduler b = cluster.closing(LeaseScheduler.start(cluster.instance("instance-b", QUICK)));
        final Told toldB = new Told();
        final Told otherTopology = new Told();
        b.watch("topology-netconf", toldB);
        b.watch("topology-cli", otherTopology);
        await("a hands R02 and R03 over to b", () -> toldB.owned.keySet().equals(Set.of("R02", "R03")));
        assertEquals(List.of("lost R03", "lost R02"), toldA.events, "a was told of its losses, surplus last first");
        assertFalse(fenceOfR03.getAsBoolean(), "a session of a opened before the hand-over may not act any more");
        assertTrue(a.epoch("topology-netconf", "R03").isEmpty());
        assertTrue(toldB.owned.get("R03") > r03.getAsLong(), "a new owner, a new epoch");
        assertTrue(b.owns("topology-netconf", "R03", toldB.owned.get("R03")));
        assertFalse(a.owns("topology-netconf", "R03", r03.getAsLong()));

        a.close();
        await("b gains the rest once a left", () -> toldB.owned.size() == 4);
        assertEquals(List.of("instance-b"), cluster.instances().stream().map(ControllerInstance::instanceId).toList(),
            "a unregistered when it left");
        assertEquals(List.of(), otherTopology.events, "the listener of another topology hears nothing");
    }
}
