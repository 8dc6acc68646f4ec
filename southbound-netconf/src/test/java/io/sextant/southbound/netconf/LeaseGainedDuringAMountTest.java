package io.sextant.southbound.netconf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import io.sextant.datastore.ControllerStores;
import io.sextant.datastore.WriteTransaction;
import io.sextant.persistence.DeviceOwnership;
import io.sextant.persistence.LeaseHolder;
import io.sextant.persistence.StateBackend;
import io.sextant.security.service.HostKeys;
import io.sextant.southbound.netconf.topology.TopologyModel;
import io.sextant.spi.DeviceSecrets;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.RpcRegistry;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;

/**
 * The lease of a node is told as gained while the node's mount is being committed (a mount
 * writes its lease row before its configuration, and the lease scheduler tells what it gained on
 * a thread of its own): the topology must never take that mount back. It did: the gained node's
 * configuration was read before the topology's lock, still without the mount, and applied after
 * the mount as an unmount ("Node dev-00864 unmounted" during a benchmark's mount of 1,000 devices,
 * and that device was never connected).
 *
 * <p>The test makes that interleaving happen: a validator, which runs while the mount is
 * committed and before it is visible, tells the lease on another thread, while the test holds the
 * topology's lock until the mount is applied. Which of the two waiting threads gets the lock first
 * is the JVM's choice, so the mount is made 20 times; with the old code about half of them were
 * taken back.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class LeaseGainedDuringAMountTest {
    private static final int ROUNDS = 20;

    @Test
    void aLeaseGainedWhileTheMountIsCommittedNeverUnmountsIt() throws Exception {
        final Leases leases = new Leases();
        final int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        try (ControllerStores datastores = new ControllerStores();
             NetconfTopology topology = NetconfTopology.withDefaultParser(datastores, new MountPointRegistry(),
                 new RpcRegistry(), DeviceSecrets.AS_STORED, new NetconfSettings(
                     Files.createTempDirectory("sextant-schema-cache-"), 1, 1, Duration.ofSeconds(30)),
                 HostKeys.inMemory(), StateBackend.inMemory(), leases)) {
            final Teller teller = new Teller(leases, topology);
            datastores.config().registerValidator(TopologyModel.NETCONF_TOPOLOGY, candidate -> teller.tell());
            // a closed port and one attempt: each node stays mounted, idle, without a device
            for (int round = 0; round < ROUNDS; round++) {
                final String nodeId = "node-" + round;
                teller.next(nodeId);
                synchronized (topology) {
                    mount(datastores, TopologyFixture.node(nodeId, "127.0.0.1", closedPort, true, null, null,
                        TopologyFixture.oneAttempt(1_000)));
                }
                teller.join();
                awaitMounted(topology, nodeId, round);
            }
            assertEquals(ROUNDS, topology.nodeIds().size(), () -> "mounted: " + topology.nodeIds());
        }
    }

    /** The lease thread is done; the configuration listener may still be to apply the mount. */
    private static void awaitMounted(final NetconfTopology topology, final String nodeId, final int round)
            throws InterruptedException {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!topology.nodeIds().contains(nodeId)) {
            if (System.nanoTime() > deadline) {
                fail("Node " + nodeId + " (round " + round + ") is not mounted: " + topology.status(nodeId));
            }
            Thread.sleep(10);
        }
    }

    private static void mount(final ControllerStores datastores, final MapEntryNode node)
            throws OperationErrorsException {
        final WriteTransaction tx = datastores.config().newTransaction();
        tx.put(TopologyFixture.nodePath(TopologyModel.nodeId(node)), node);
        tx.commit();
    }

    /**
     * Tells the lease of the node being mounted on a thread of its own, from inside the commit,
     * and returns once that thread waits for the topology's lock (held by the test).
     */
    private static final class Teller {
        private final Leases leases;
        private final Object topologyLock;
        private @Nullable String nodeId;
        private @Nullable Thread thread;

        Teller(final Leases leases, final Object topologyLock) {
            this.leases = leases;
            this.topologyLock = topologyLock;
        }

        void next(final String next) {
            nodeId = next;
        }

        void tell() {
            final String gained = nodeId;
            if (gained == null) {
                return;
            }
            nodeId = null;
            final Thread telling = new Thread(() -> leases.gained(gained), "lease-scheduler-" + gained);
            thread = telling;
            telling.start();
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!waitsFor(telling, topologyLock) && telling.isAlive() && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
        }

        void join() throws InterruptedException {
            final Thread telling = thread;
            if (telling != null) {
                telling.join(10_000);
                assertFalse(telling.isAlive(), "the lease thread still runs");
            }
        }

        private static boolean waitsFor(final Thread thread, final Object lock) {
            final ThreadInfo info = ManagementFactory.getThreadMXBean().getThreadInfo(thread.getId());
            return info != null && info.getThreadState() == Thread.State.BLOCKED && info.getLockInfo() != null
                && info.getLockInfo().getIdentityHashCode() == System.identityHashCode(lock);
        }
    }

    /** This instance owns every node; the test tells when a lease is gained. */
    private static final class Leases implements DeviceOwnership {
        private final List<Listener> listeners = new CopyOnWriteArrayList<>();

        void gained(final String nodeId) {
            listeners.forEach(listener -> listener.gained(nodeId, 1));
        }

        @Override
        public boolean sole() {
            return false;
        }

        @Override
        public Optional<LeaseHolder> heldElsewhere(final String topologyId, final String nodeId) {
            return Optional.empty();
        }

        @Override
        public OptionalLong epoch(final String topologyId, final String nodeId) {
            return OptionalLong.of(1);
        }

        @Override
        public boolean owns(final String topologyId, final String nodeId, final long epoch) {
            return true;
        }

        @Override
        public Watch watch(final String topologyId, final Listener listener) {
            listeners.add(listener);
            return () -> listeners.remove(listener);
        }
    }
}
