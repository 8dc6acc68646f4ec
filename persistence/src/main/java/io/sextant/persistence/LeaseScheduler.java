package io.sextant.persistence;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.eclipse.jdt.annotation.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one controller instance's {@link InstanceLeases}: a heartbeat and a claim every
 * {@link LeaseTimings#heartbeatInterval()} (the first before {@link #start} returns, so that the
 * nodes kept in the database are owned before the southbounds start), nodes over the fair share
 * handed over, and {@link InstanceLeases#leave()} on {@link #close()}. Each change of what is
 * owned is told to the topology's {@link DeviceOwnership.Listener}s: gains connect, losses close.
 *
 * <p>Leases also end without any call returning: they are valid only until the last heartbeat's
 * send time plus the validity. A check every half interval, on a thread of its own, tells such
 * losses even while a database call hangs.
 */
public final class LeaseScheduler implements DeviceOwnership, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LeaseScheduler.class);

    private final InstanceLeases leases;
    private final ScheduledExecutorService timers;
    private final Map<String, List<Listener>> listeners = new HashMap<>();
    /** What the listeners were told is owned: node to epoch. Guarded by {@code this}. */
    private Map<MountedNode, Long> told = Map.of();
    /** The last database failure logged, so that an outage is logged once, not every interval. */
    private volatile @Nullable String lastFailure;
    private volatile boolean closed;
    /** Whether a claim has succeeded since the start. */
    private volatile boolean claimedOnce;
    /** Whether a round asked for by {@link #claimSoon} is waiting to run. */
    private final AtomicBoolean claimAsked = new AtomicBoolean();
    /** Rounds run one at a time (the scheduled ones and those asked for). */
    private final Object rounds = new Object();

    private LeaseScheduler(final InstanceLeases leases) {
        this.leases = Objects.requireNonNull(leases);
        this.timers = Executors.newScheduledThreadPool(2, runnable -> {
            final Thread thread = new Thread(runnable, "sextant-leases-" + leases.instanceId());
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * Heartbeat and claim once now, then every interval.
     *
     * @throws InterruptedException when interrupted during the first round (nothing keeps running then)
     */
    public static LeaseScheduler start(final InstanceLeases leases) throws InterruptedException {
        final LeaseScheduler scheduler = new LeaseScheduler(leases);
        try {
            scheduler.timers.submit(scheduler::round).get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("The first lease round failed", e.getCause());
        } catch (InterruptedException e) {
            scheduler.timers.shutdownNow();
            throw e;
        }
        final long interval = leases.timings().heartbeatInterval().toMillis();
        scheduler.timers.scheduleWithFixedDelay(scheduler::round, interval, interval, TimeUnit.MILLISECONDS);
        scheduler.timers.scheduleWithFixedDelay(scheduler::publish, interval / 2, interval / 2, TimeUnit.MILLISECONDS);
        LOG.info("Controller instance {}: {} node(s) owned after the first claim", leases.instanceId(),
            leases.owned().size());
        return scheduler;
    }

    @Override
    public String instanceId() {
        return leases.instanceId();
    }

    @Override
    public Optional<String> unready() {
        if (!claimedOnce) {
            return Optional.of("Controller instance " + leases.instanceId()
                + " has not claimed its share of the nodes yet: the database has not answered since it started");
        }
        if (!leases.registered()) {
            return Optional.of("Controller instance " + leases.instanceId()
                + " owns no node: its last heartbeat to the database is older than its lease");
        }
        return Optional.empty();
    }

    /** The leases held now, valid by this instance's clock. */
    public List<Lease> owned() {
        return leases.owned();
    }

    @Override
    public boolean sole() {
        return false;
    }

    @Override
    public OptionalLong epoch(final String topologyId, final String nodeId) {
        return leases.epoch(new MountedNode(topologyId, nodeId));
    }

    @Override
    public Optional<LeaseHolder> heldElsewhere(final String topologyId, final String nodeId) {
        return leases.holderElsewhere(new MountedNode(topologyId, nodeId));
    }

    @Override
    public boolean owns(final String topologyId, final String nodeId, final long epoch) {
        return leases.owns(new MountedNode(topologyId, nodeId), epoch);
    }

    @Override
    public synchronized Watch watch(final String topologyId, final Listener listener) {
        listeners.computeIfAbsent(topologyId, id -> new CopyOnWriteArrayList<>()).add(listener);
        return () -> {
            synchronized (LeaseScheduler.this) {
                listeners.getOrDefault(topologyId, List.of()).remove(listener);
            }
        };
    }

    @Override
    public void claimSoon() {
        if (!closed && claimAsked.compareAndSet(false, true)) {
            try {
                timers.execute(() -> {
                    claimAsked.set(false);
                    round();
                });
            } catch (RejectedExecutionException e) {
                // closing
            }
        }
    }

    /** One heartbeat and claim; the surplus handed over; every change told. Never throws. */
    private void round() {
        synchronized (rounds) {
            if (!closed) {
                renewAndClaim();
                publish();
            }
        }
    }

    private void renewAndClaim() {
        try {
            leases.heartbeat();
            final LeaseRepository.Claimed claimed = leases.claim();
            claimedOnce = true;
            if (!claimed.surplus().isEmpty()) {
                handOver(claimed.surplus());
            }
            if (lastFailure != null) {
                LOG.info("Controller instance {}: the database answers again", leases.instanceId());
                lastFailure = null;
            }
        } catch (PersistenceException | RuntimeException e) {
            final String failure = String.valueOf(e.getMessage());
            if (!failure.equals(lastFailure)) {
                LOG.warn("Controller instance {} owns no node until the database answers: {}", leases.instanceId(),
                    failure);
                lastFailure = failure;
            }
        }
    }

    /**
     * Stop acting on {@code surplus} (the listeners close their sessions), then release them. Both
     * under the monitor {@link #publish} takes: a publish between the two would find the surplus
     * still held, tell the listeners they gained it (a session opened again to a device being
     * handed over) and then, at the next publish, that they lost it again.
     */
    private synchronized void handOver(final List<MountedNode> surplus) throws PersistenceException {
        final Map<MountedNode, Long> now = new HashMap<>(told);
        for (MountedNode node : surplus) {
            if (now.remove(node) != null) {
                tell(node, listener -> listener.lost(node.nodeId()));
            }
        }
        told = Map.copyOf(now);
        LOG.info("Controller instance {} hands {} node(s) over to the others", leases.instanceId(), surplus.size());
        leases.release(surplus);
    }

    /** Tell the listeners what changed since they were last told. */
    private synchronized void publish() {
        if (closed) {
            return;
        }
        final Map<MountedNode, Long> now = new HashMap<>();
        leases.owned().forEach(lease -> now.put(lease.node(), lease.epoch()));
        final List<MountedNode> lost = new ArrayList<>();
        told.forEach((node, epoch) -> {
            if (!epoch.equals(now.get(node))) {
                lost.add(node);
            }
        });
        final List<Lease> gained = new ArrayList<>();
        now.forEach((node, epoch) -> {
            if (!epoch.equals(told.get(node))) {
                gained.add(new Lease(node, epoch));
            }
        });
        told = Map.copyOf(now);
        lost.forEach(node -> tell(node, listener -> listener.lost(node.nodeId())));
        gained.forEach(lease -> tell(lease.node(), listener -> listener.gained(lease.node().nodeId(), lease.epoch())));
        if (!lost.isEmpty() || !gained.isEmpty()) {
            LOG.info("Controller instance {}: {} node(s) gained, {} lost, {} owned", leases.instanceId(),
                gained.size(), lost.size(), now.size());
        }
    }

    private void tell(final MountedNode node, final Consumer<Listener> news) {
        for (Listener listener : listeners.getOrDefault(node.topologyId(), List.of())) {
            try {
                news.accept(listener);
            } catch (RuntimeException e) {
                LOG.error("A listener failed on the ownership news of node {}", node, e);
            }
        }
    }

    /** Stop renewing and leave: every lease is released, so the other instances take the nodes at once. */
    @Override
    public void close() {
        closed = true;
        timers.shutdownNow();
        try {
            timers.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            leases.leave();
            LOG.info("Controller instance {} left: its nodes are the other instances' now", leases.instanceId());
        } catch (PersistenceException | RuntimeException e) {
            LOG.warn("Controller instance {} could not leave orderly (its nodes are taken over once its "
                + "registration expires): {}", leases.instanceId(), e.getMessage());
        }
    }

    @Override
    public String toString() {
        return "LeaseScheduler[" + leases + "]";
    }
}
