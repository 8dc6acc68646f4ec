package io.sextant.uniconfig;

import io.sextant.datastore.events.Event;
import io.sextant.datastore.events.EventStreams;
import io.sextant.datastore.events.Subscription;
import io.sextant.datastore.codec.InstanceIdentifiers;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.common.Revision;
import org.opendaylight.yangtools.yang.common.XMLNamespace;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drift: a device's configuration changed outside the controller. A device's
 * {@code netconf-config-change} notification (RFC 6470, as the {@code device-notifications}
 * stream carries it) and, when {@value #INTERVAL_PROPERTY} is set, a periodic check of every
 * node whose device this instance connects, compare the device's configuration with the node's
 * actual configuration (what is-in-sync does) while holding the node's lock, so that the
 * controller's own commit, whose notification the device sends too, is never taken for drift.
 * A notified node is checked at once and again {@link #SETTLE} later, since a device may send
 * the notification before the change can be read (netconfd does).
 * Each changed data node is governed by the {@link DriftPolicies}: ignored, reported, or put back
 * (the node's actual configuration at those places sent to the device as a commit of that one
 * device would send it, all or none, still under the node's lock, and logged in the transaction
 * log: {@link DriftRestore}). A change reported, or one that
 * could not be put back, marks the node {@code out-of-sync} in {@code topology=uniconfig} (its
 * {@code node-status}), which the {@code sextant-node-status} stream publishes; it stays so until
 * sync-from-network reads the device again (or its session comes back), or a later check
 * finds the device back in sync. Nodes waiting in a gated commit are not checked (their device
 * holds the change being decided). Checks of one node never overlap; a notification during a
 * check asks for one more.
 */
final class DriftWatch implements AutoCloseable {
    /** How often every connected node is checked (ISO-8601 duration, for example PT5M); absent or zero: never. */
    static final String INTERVAL_PROPERTY = "sextant.drift.check-interval";
    static final QName CONFIG_CHANGE = QName.create(QNameModule.of(XMLNamespace.of(
        "urn:ietf:params:xml:ns:yang:ietf-netconf-notifications"), Revision.of("2012-02-06")), "netconf-config-change");
    private static final Logger LOG = LoggerFactory.getLogger(DriftWatch.class);
    /** How long after a notification its node is checked a second time. */
    static final Duration SETTLE = Duration.ofSeconds(2);

    private final NodeRegistry registry;
    private final Function<UniconfigNode, CompletionStage<NodeResult>> compare;
    private final Function<String, Optional<String>> heldByGate;
    private final Executor executor;
    private final EventStreams bus;
    private final DriftPolicies policies;
    private final DriftRestore restorer;
    private volatile Subscription notifications;
    private volatile boolean closed;
    private final ScheduledExecutorService timer;
    /** Nodes with a check queued or running, and whether another was asked for meanwhile. */
    private final ConcurrentHashMap<String, Boolean> checking = new ConcurrentHashMap<>();

    /**
     * @param compare the device's configuration against the node's actual one (SyncService.compare)
     * @param heldByGate the gated commit holding a node, if any
     * @param policies what to do with each change: ignore, report, put back
     * @param restorer what puts changes back
     * @param interval how often every connected node is checked; zero: only on notifications
     */
    DriftWatch(final EventStreams bus, final NodeRegistry registry,
            final Function<UniconfigNode, CompletionStage<NodeResult>> compare,
            final Function<String, Optional<String>> heldByGate, final DriftPolicies policies,
            final DriftRestore restorer, final Executor executor, final Duration interval) {
        this.registry = registry;
        this.policies = policies;
        this.restorer = restorer;
        this.compare = compare;
        this.heldByGate = heldByGate;
        this.executor = executor;
        this.bus = bus;
        this.notifications = subscribe();
        this.timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            final Thread thread = new Thread(runnable, "sextant-drift");
            thread.setDaemon(true);
            return thread;
        });
        if (!interval.isZero() && !interval.isNegative()) {
            timer.scheduleWithFixedDelay(() -> registry.connectedDevices().forEach(this::check),
                interval.toNanos(), interval.toNanos(), TimeUnit.NANOSECONDS);
        }
    }

    /** The check interval {@code properties} set ({@value #INTERVAL_PROPERTY}); zero when none. */
    static Duration interval(final Properties properties) {
        final String value = properties.getProperty(INTERVAL_PROPERTY);
        if (value == null || value.isBlank()) {
            return Duration.ZERO;
        }
        try {
            return Duration.parse(value.strip());
        } catch (DateTimeParseException e) {
            LOG.warn("{}={} is not an ISO-8601 duration (for example PT5M): no periodic drift checks",
                INTERVAL_PROPERTY, value);
            return Duration.ZERO;
        }
    }

    private Subscription subscribe() {
        return bus.subscribe(EventStreams.DEVICE_NOTIFICATIONS, event -> CONFIG_CHANGE.equals(event.name()),
            () -> executor.execute(this::drain));
    }

    private synchronized void drain() {
        final Subscription current = notifications;
        for (Event event = current.poll(); event != null; event = current.poll()) {
            for (String nodeId : event.nodes()) {
                check(nodeId);
                // a device may notify before what it notifies can be read (netconfd does): once more after
                timer.schedule(() -> check(nodeId), SETTLE.toMillis(), TimeUnit.MILLISECONDS);
            }
        }
        if (current.cutOff() && !closed) {
            // more notifications came than waited for us: some are lost, so every node is checked
            LOG.warn("Drift: device notifications came faster than they were checked; checking every node");
            notifications = subscribe();
            registry.connectedDevices().forEach(this::check);
        }
    }

    /** Check node {@code nodeId} soon; when a check of it is queued or running, once more after that one. */
    void check(final String nodeId) {
        if (Boolean.FALSE.equals(checking.compute(nodeId, (id, again) -> again == null ? Boolean.FALSE : Boolean.TRUE))) {
            executor.execute(() -> run(nodeId));
        }
    }

    private void run(final String nodeId) {
        final Optional<UniconfigNode> found = registry.node(nodeId);
        if (found.isEmpty() || registry.device(nodeId).isEmpty() || heldByGate.apply(nodeId).isPresent()) {
            done(nodeId);
            return;
        }
        final UniconfigNode node = found.orElseThrow();
        node.lock().acquire().thenCompose(locked -> compare.apply(node)
            .thenCompose(result -> {
                if (!result.ok()) {
                    LOG.debug("Node {}: drift check failed: {}", nodeId,
                        result.error().map(NodeResult.NodeError::message).orElse("no reason"));
                    return CompletableFuture.completedFuture(null);
                }
                return settle(node, result.diff());
            })
            .whenComplete((ignored, error) -> {
                if (error != null) {
                    LOG.debug("Node {}: drift check failed: {}", nodeId, error.getMessage());
                }
                node.lock().release();
            }))
            .whenComplete((ignored, error) -> done(nodeId));
    }

    /**
     * What the policies say of each change of {@code diff} (the node's actual configuration to
     * its device's): changes to put back are put back on the device, and the node is out of sync
     * when a change is to be reported, or could not be put back. Called with the node's lock held.
     */
    private CompletionStage<@Nullable Void> settle(final UniconfigNode node, final ConfigDiff diff) {
        final List<ConfigDiff.Change> drifted = DataChanges.of(diff, node.schema());
        final List<ConfigDiff.Change> restore = new ArrayList<>();
        final List<String> reported = new ArrayList<>();
        for (ConfigDiff.Change change : drifted) {
            switch (policies.actionFor(node.nodeId(), node.schema(), change.path())) {
                case IGNORE -> LOG.debug("Node {}: drift at {} ignored (drift policy)", node.nodeId(), change.path());
                case RESTORE -> restore.add(change);
                case REPORT -> reported.add(InstanceIdentifiers.toApiPath(change.path(), node.schema()));
                default -> throw new IllegalStateException();
            }
        }
        final CompletionStage<List<String>> notRestored = restore.isEmpty()
            ? CompletableFuture.completedFuture(List.of()) : restorer.restore(node, diff, restore);
        return notRestored.thenAccept(left -> {
            if (!node.retired()) {
                final List<String> out = new ArrayList<>(reported);
                out.addAll(left);
                registry.status().publishDrift(node, out);
            }
        });
    }

    private void done(final String nodeId) {
        // asked again during the check: once more
        if (checking.computeIfPresent(nodeId, (id, again) -> again ? Boolean.FALSE : null) != null) {
            executor.execute(() -> run(nodeId));
        }
    }

    /** Nodes with a check queued or running (for tests). */
    Set<String> checking() {
        return Set.copyOf(checking.keySet());
    }

    @Override
    public void close() {
        closed = true;
        notifications.close();
        timer.shutdownNow();
    }
}
