package io.sextant.uniconfig;

import io.sextant.persistence.LeaseHolder;
import io.sextant.spi.OperationErrorsException;
import io.sextant.uniconfig.NodeResult.ErrorKind;
import io.sextant.unified.UnifiedDevice;
import io.sextant.unified.UnifiedDevices;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.Function;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The nodes of topology=uniconfig and the devices behind them: a node is created by the first
 * sync of its connected device (intent = actual), and its status (synced, changed, sync
 * failed) is published in the operational datastore. Nodes kept by an earlier run come back as
 * they were kept, without reading their devices: at once when their schema can be built without
 * the device ({@link UnifiedDevices#schema}), otherwise when the device connects with the same
 * models. Until its device is back such a node is read and edited as usual, and commits to it
 * fail with no-connection. A node an interrupted commit left in doubt waits for its device.
 */
final class NodeRegistry {
    private static final Logger LOG = LoggerFactory.getLogger(NodeRegistry.class);

    private final ConcurrentHashMap<String, UniconfigNode> nodes = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, UniconfigStore.KeptNode> kept = new ConcurrentHashMap<>();
    /** Held while a kept node is claimed, by its device or by {@link #restoreKnown()}: only one gets it. */
    private final Object claims = new Object();
    /**
     * Nodes being taken from a connection of their device (restored, recovered or read), until
     * that ends; guarded by {@link #claims}. Another connection of the same device meanwhile waits
     * for it, so that a node under recovery is never taken for a new one (read and kept afresh
     * while its recovery goes on, which would leave the kept configuration and the node apart).
     */
    private final Map<String, CompletableFuture<Void>> taking = new HashMap<>();
    /** Nodes unmounted while {@link #taking} them: not served once taken; guarded by {@link #claims}. */
    private final Set<String> unmountedWhileTaken = new HashSet<>();
    private final UnifiedDevices devices;
    private final NodeStatusWriter status;
    private final UniconfigStore store;
    private final InterruptedCommits interrupted;
    private final Executor executor;

    NodeRegistry(final UnifiedDevices devices, final NodeStatusWriter status, final UniconfigStore store,
            final Executor executor) throws OperationErrorsException {
        this.devices = devices;
        this.status = status;
        this.store = store;
        this.executor = executor;
        final long loading = System.nanoTime();
        for (UniconfigStore.KeptNode node : store.load()) {
            kept.put(node.nodeId(), node);
        }
        if (!kept.isEmpty()) {
            LOG.info("{} UniConfig nodes kept from an earlier run (loaded in {} ms), waiting for their devices",
                kept.size(), (System.nanoTime() - loading) / 1_000_000);
        }
        interrupted = new InterruptedCommits(store, kept.keySet());
        restoreKnown();
    }

    /**
     * Serve the kept nodes whose schemas can now be built without their devices (nodes in doubt
     * excepted): as they were kept, at once.
     */
    void restoreKnown() {
        if (kept.isEmpty()) {
            return;
        }
        final long start = System.nanoTime();
        final Map<String, Optional<EffectiveModelContext>> schemas = new HashMap<>();
        int restored = 0;
        for (UniconfigStore.KeptNode keptNode : List.copyOf(kept.values())) {
            final String nodeId = keptNode.nodeId();
            if (interrupted.inDoubt(nodeId)) {
                continue;
            }
            final Optional<EffectiveModelContext> schema = schemas.computeIfAbsent(keptNode.schemaKey(),
                devices::schema);
            if (schema.isEmpty()) {
                continue;
            }
            final UniconfigNode node;
            try {
                node = new UniconfigNode(nodeId, schema.orElseThrow(), keptNode.schemaKey(), keptNode.intended(),
                    keptNode.actual());
            } catch (OperationErrorsException e) {
                LOG.warn("Kept node {} waits for its device: its configuration does not fit its schema built "
                    + "without the device: {}", nodeId, CommitCoordinator.describe(e, schema.orElseThrow()));
                continue;
            }
            // published before it is visible: a write to the node publishes after this
            publish(node);
            synchronized (claims) {
                // its device may have connected meanwhile and claimed it
                if (kept.remove(nodeId, keptNode)) {
                    nodes.put(nodeId, node);
                    restored++;
                }
            }
        }
        if (restored > 0) {
            LOG.info("{} kept UniConfig nodes served before their devices connect ({} ms), {} wait for their devices",
                restored, (System.nanoTime() - start) / 1_000_000, kept.size());
        }
    }

    /**
     * A node this instance does not serve yet (new here, or waiting for its device) as another
     * controller instance kept it: served as kept when its schema can be built without its device,
     * otherwise it waits for its device as a node kept by an earlier run does.
     *
     * @return whether it was taken: not when the node is served here (a served node takes the kept
     *     version under its lock, {@link #takeNewer})
     */
    boolean keptElsewhere(final UniconfigStore.KeptNode keptNode) {
        synchronized (claims) {
            if (nodes.containsKey(keptNode.nodeId()) || taking.containsKey(keptNode.nodeId())) {
                return false;
            }
            kept.put(keptNode.nodeId(), keptNode);
        }
        restoreKnown();
        return true;
    }

    /**
     * The node's device was unmounted, through this controller instance or another (the node's
     * kept rows were deleted with the mount's, in its database transaction): the node is no longer
     * served, and a change waiting for its lock fails instead of landing on it.
     */
    void unmounted(final String nodeId) {
        final @Nullable UniconfigNode node;
        synchronized (claims) {
            kept.remove(nodeId);
            node = nodes.remove(nodeId);
            if (taking.containsKey(nodeId)) {
                unmountedWhileTaken.add(nodeId);
            }
        }
        store.forgotten(nodeId);
        if (node == null) {
            return;
        }
        status.remove(nodeId);
        node.lock().acquire().whenComplete((ok, failure) -> {
            if (failure == null) {
                node.retireUnmounted();
                node.lock().release();
            }
        });
        LOG.info("UniConfig node {} is gone with its device's mount", nodeId);
    }

    /** Whether the node's device was unmounted while a connection of it is taking the node (for tests). */
    boolean unmountedWhileTaken(final String nodeId) {
        synchronized (claims) {
            return unmountedWhileTaken.contains(nodeId);
        }
    }

    /** Nodes of commits an earlier run left pending, until their devices are back. */
    Set<String> inDoubtNodeIds() {
        return interrupted.inDoubt();
    }

    /** Whether the node was kept by an earlier run and waits for its device (not served yet). */
    boolean waitsForDevice(final String nodeId) {
        return kept.containsKey(nodeId);
    }

    UniconfigStore store() {
        return store;
    }

    Optional<UniconfigNode> node(final String nodeId) {
        return Optional.ofNullable(nodes.get(nodeId));
    }

    Set<String> nodeIds() {
        return Set.copyOf(nodes.keySet());
    }

    /** The connected device of a node. */
    Optional<UnifiedDevice> device(final String nodeId) {
        return devices.device(nodeId);
    }

    /**
     * The one other controller instance that connects the devices of all of {@code nodeIds}, when
     * this one connects none of them; null otherwise (this instance does the work, or answers per
     * node why it cannot: nodes split between instances go through each holder separately). An
     * operation on devices fails with {@link io.sextant.spi.HeldElsewhere}'s error naming it.
     */
    @Nullable LeaseHolder holderOfAll(final List<String> nodeIds) {
        LeaseHolder holder = null;
        for (String nodeId : nodeIds) {
            if (device(nodeId).isPresent()) {
                return null;
            }
            final LeaseHolder of;
            try {
                of = store.heldElsewhere(nodeId).orElse(null);
            } catch (OperationErrorsException e) {
                return null;
            }
            if (of == null || holder != null && !holder.equals(of)) {
                return null;
            }
            holder = of;
        }
        return holder;
    }

    /** Ids of every connected device. */
    List<String> connectedDevices() {
        return devices.devices().stream().map(UnifiedDevice::nodeId).toList();
    }

    /**
     * A device connected: on its first connection (or with new models), read it and create its
     * node (intent = actual). A failed read lists the node with its sync-error.
     */
    CompletionStage<Void> deviceConnected(final UnifiedDevice device) {
        final String nodeId = device.nodeId();
        final UniconfigStore.@Nullable KeptNode keptNode;
        final CompletableFuture<Void> taken = new CompletableFuture<>();
        final @Nullable CompletableFuture<Void> earlier;
        final @Nullable UniconfigNode served;
        synchronized (claims) {
            earlier = taking.get(nodeId);
            final UniconfigNode existing = nodes.get(nodeId);
            served = earlier == null && existing != null && existing.schemaKey().equals(device.schemaKey())
                ? existing : null;
            if (earlier == null && served == null) {
                keptNode = kept.remove(nodeId);
                taking.put(nodeId, taken);
            } else {
                keptNode = null;
            }
        }
        if (served != null) {
            // served already (followed from what another instance kept, or connected before)
            return settleOrphans(served, device);
        }
        if (earlier != null) {
            // an earlier connection is taking the node: decide once it is done
            return earlier.handle((ok, failure) -> null).thenCompose(ignored -> deviceConnected(device));
        }
        CompletionStage<Void> work;
        try {
            work = take(device, keptNode);
        } catch (RuntimeException e) {
            work = CompletableFuture.failedFuture(e);
        }
        work.whenComplete((ok, failure) -> {
            synchronized (claims) {
                taking.remove(nodeId, taken);
                unmountedWhileTaken.remove(nodeId);
            }
            if (failure != null) {
                taken.completeExceptionally(failure);
            } else {
                taken.complete(null);
            }
        });
        return taken;
    }

    /**
     * A served node whose device this instance connects now: commits of it that another instance
     * left pending when it died are settled under the node's lock, as an interrupted commit is at a
     * start ({@link InterruptedCommits#recover}): the device is brought to the node's kept
     * configuration, read afresh from the database first. Nothing is read from a device without
     * such a commit. Never fails: a commit that cannot be settled now stays pending and is tried
     * again when the device connects again.
     */
    private CompletionStage<Void> settleOrphans(final UniconfigNode node, final UnifiedDevice device) {
        final List<UniconfigStore.Interrupted> orphaned;
        try {
            orphaned = store.orphanedCommitsOf(node.nodeId());
        } catch (OperationErrorsException e) {
            LOG.warn("The commits other controller instances left pending for node {} cannot be read now; they are "
                + "read again when its device connects again: {}", node.nodeId(), e.getMessage());
            return CompletableFuture.completedFuture(null);
        }
        if (orphaned.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        return node.lock().acquire().thenCompose(locked -> {
            try {
                // settled against what is kept now, read afresh (not only when a newer version is known)
                if (store.takeKept(node.nodeId(), kept -> take(node, kept))) {
                    publish(node);
                }
            } catch (OperationErrorsException e) {
                LOG.warn("Node {}: its kept configuration cannot be read now; the commits another controller instance "
                    + "left pending are settled when its device connects again: {}", node.nodeId(), e.getMessage());
                return CompletableFuture.<Void>completedFuture(null);
            }
            CompletionStage<Void> settled = CompletableFuture.completedFuture(null);
            for (UniconfigStore.Interrupted commit : orphaned) {
                if (interrupted.adopt(commit, node.nodeId())) {
                    settled = settled.thenCompose(ignored -> interrupted.recover(node.nodeId(), node.actualRoot(),
                        device, executor)).thenAccept(outcome -> recovered(node, outcome));
                }
            }
            return settled;
        }).handle((ok, failure) -> {
            node.lock().release();
            if (failure != null) {
                LOG.warn("Node {}: a commit another controller instance left pending could not be settled", node.nodeId(),
                    failure);
            }
            return null;
        });
    }

    /** A served node after {@link InterruptedCommits#recover}: it says what its device holds when that is not what it kept. */
    private void recovered(final UniconfigNode node, final InterruptedCommits.Outcome outcome) {
        final NormalizedNode held = outcome.held();
        if (held == null) {
            status.writeFailure(node.nodeId(), "In doubt after a commit another controller instance left pending, "
                + outcome.problem() + "; tried again when the device reconnects");
            return;
        }
        if (outcome.problem() == null) {
            return;
        }
        try {
            final NodeUpdate update = node.synced(held);
            store.changed(update);
            update.apply();
            publish(node);
        } catch (OperationErrorsException e) {
            LOG.warn("Node {}: what its device holds after a commit another instance left pending cannot be kept: {}",
                node.nodeId(), e.getMessage());
        }
        status.writeFailure(node.nodeId(), "After a commit another controller instance left pending "
            + outcome.problem());
    }

    /** {@link #deviceConnected}, the node claimed: restore or recover {@code keptNode}, or read the device. */
    private CompletionStage<Void> take(final UnifiedDevice device, final UniconfigStore.@Nullable KeptNode keptNode) {
        final String nodeId = device.nodeId();
        if (keptNode != null && keptNode.schemaKey().equals(device.schemaKey())) {
            if (interrupted.inDoubt(nodeId)) {
                return interrupted.recover(nodeId, keptNode.actual(), device, executor)
                    .thenAcceptAsync(outcome -> restore(keptNode, device, outcome), executor);
            }
            // a commit of it an instance left pending when it died (after this one started) is settled now
            return CompletableFuture.runAsync(() -> restore(keptNode, device, null), executor)
                .thenCompose(restored -> {
                    final UniconfigNode node = nodes.get(nodeId);
                    return node == null ? CompletableFuture.completedFuture(null) : settleOrphans(node, device);
                });
        }
        interrupted.readAgain(nodeId);
        final @Nullable UniconfigNode replaced = nodes.get(nodeId);
        // a node the device had with other models is replaced under its lock, and retired: a
        // change waiting for that lock fails instead of landing on the node no longer served
        final CompletionStage<Void> locked = replaced == null ? CompletableFuture.completedFuture(null)
            : replaced.lock().acquire();
        return locked.thenCompose(ignored -> device.readConfiguration()).thenAcceptAsync(config -> {
            try {
                final UniconfigNode node = new UniconfigNode(nodeId, device.schema(), device.schemaKey(), config);
                store.created(node, config);
                // published before it is visible: a write to the new node publishes after this
                publish(node, true);
                if (!served(node)) {
                    // unmounted while read: the rows just created go too
                    store.deleted(nodeId);
                    return;
                }
                if (replaced != null) {
                    replaced.retire();
                }
            } catch (OperationErrorsException e) {
                throw new IllegalStateException("The configuration read from " + nodeId + " could not be taken: "
                    + CommitCoordinator.describe(e, device.schema()), e);
            }
        }, executor).whenComplete((ok, error) -> {
            if (replaced != null) {
                replaced.lock().release();
            }
            if (error != null) {
                status.writeFailure(device.nodeId(), CommitCoordinator.describe(error, device.schema()));
            }
        });
    }

    /**
     * A kept node whose device is back with the same models: as it was kept, nothing read; or,
     * for a node that was in doubt, with what its device holds after the recovery.
     */
    private void restore(final UniconfigStore.KeptNode keptNode, final UnifiedDevice device,
            final InterruptedCommits.@Nullable Outcome recovery) {
        if (recovery != null && recovery.held() == null) {
            kept.put(keptNode.nodeId(), keptNode);
            status.writeFailure(keptNode.nodeId(), "In doubt after an interrupted commit, "
                + recovery.problem() + "; tried again when the device reconnects");
            return;
        }
        try {
            final UniconfigNode node = new UniconfigNode(keptNode.nodeId(), device.schema(), keptNode.schemaKey(),
                keptNode.intended(), keptNode.actual());
            final NormalizedNode held = recovery == null ? null : recovery.held();
            if (recovery != null && held != null && recovery.problem() != null) {
                // the device could not be brought to its kept configuration: the node says what it holds
                final NodeUpdate update = node.synced(held);
                store.changed(update);
                update.apply();
                status.writeFailure(node.nodeId(), "After an interrupted commit " + recovery.problem());
                served(node);
                return;
            }
            publish(node, true);
            served(node);
        } catch (OperationErrorsException e) {
            kept.put(keptNode.nodeId(), keptNode);
            throw new IllegalStateException("The kept configuration of " + keptNode.nodeId()
                + " does not fit its device's schema: " + CommitCoordinator.describe(e, device.schema()), e);
        }
    }

    /**
     * Serve a node taken from its device's connection, unless the device was unmounted meanwhile.
     *
     * @return whether it is served
     */
    private boolean served(final UniconfigNode node) {
        synchronized (claims) {
            if (!unmountedWhileTaken.remove(node.nodeId())) {
                nodes.put(node.nodeId(), node);
                return true;
            }
        }
        LOG.info("UniConfig node {} is not served: its device was unmounted while it was taken", node.nodeId());
        status.remove(node.nodeId());
        return false;
    }

    /** A schema a live node with {@code schemaKey} is in (to read data kept in that schema). */
    Optional<EffectiveModelContext> schemaOf(final String schemaKey) {
        return nodes.values().stream().filter(n -> n.schemaKey().equals(schemaKey)).findAny()
            .map(UniconfigNode::schema);
    }

    /**
     * Keep {@code update}, then apply it and publish the node's status. Call with the node's
     * lock held. Nothing changes when it cannot be kept.
     */
    void apply(final NodeUpdate update) throws OperationErrorsException {
        keep(update);
        update.apply();
        publish(update.node());
    }

    /**
     * Keep {@code update} (see {@link UniconfigStore#changed}). Refused because another controller
     * instance changed the node since this one loaded or kept it, the node takes the version kept
     * by the other (so the request can be made again on what is kept) and the refusal (in-use)
     * goes to the caller. Call with the node's lock held.
     */
    void keep(final NodeUpdate update) throws OperationErrorsException {
        try {
            store.changed(update);
        } catch (OperationErrorsException e) {
            if (e.errors().stream().anyMatch(error -> error.tag() == ErrorTag.IN_USE)) {
                takeNewer(List.of(update.node()));
            }
            throw e;
        }
    }

    /**
     * Those of {@code locked} that another controller instance kept in a newer version take it
     * (found in one read), so that a commit diffs what was kept last wherever it was kept. When the
     * read fails, nothing is taken: the version check of the commit's keep stays the safety net.
     * Call with the nodes' locks held.
     */
    void takeKeptNewer(final List<UniconfigNode> locked) {
        if (locked.isEmpty()) {
            return;
        }
        final Set<String> newer;
        try {
            newer = store.keptNewer(locked.stream().map(UniconfigNode::nodeId).toList());
        } catch (OperationErrorsException e) {
            // the keep's version check refuses what a stale copy would keep
            LOG.warn("The kept versions of {} cannot be read now: {}", locked.stream().map(UniconfigNode::nodeId)
                .toList(), e.getMessage());
            return;
        }
        if (!newer.isEmpty()) {
            takeNewer(locked.stream().filter(node -> newer.contains(node.nodeId())).toList());
        }
    }

    /**
     * Each node takes the version kept in the database when it is newer than the node's (changed
     * through another controller instance). Call with the nodes' locks held.
     */
    void takeNewer(final Collection<UniconfigNode> changed) {
        for (UniconfigNode node : changed) {
            try {
                if (store.takeNewer(node.nodeId(), kept -> take(node, kept))) {
                    LOG.info("Node {} was changed through another controller instance: it now holds the version "
                        + "kept in the database", node.nodeId());
                    publish(node);
                }
            } catch (OperationErrorsException e) {
                LOG.warn("Node {} was changed through another controller instance, and the version kept in the "
                    + "database cannot be taken now: {}", node.nodeId(), e.getMessage());
            }
        }
    }

    private static boolean take(final UniconfigNode node, final UniconfigStore.KeptNode kept)
            throws OperationErrorsException {
        if (!kept.schemaKey().equals(node.schemaKey())) {
            LOG.warn("Node {} was kept by another controller instance with other device models ({}, here {}): "
                + "this instance keeps its copy until the device connects here", node.nodeId(), kept.schemaKey(),
                node.schemaKey());
            return false;
        }
        node.reloaded(kept.intended(), kept.actual()).apply();
        return true;
    }

    /**
     * Publish the node's status (changed when its intent differs from its actual
     * configuration, synced otherwise) when it differs from what was published. Call with the
     * node's lock held.
     */
    void publish(final UniconfigNode node) {
        publish(node, false);
    }

    /** The node was just read from its device: publish its status and time of sync. */
    void publishSynced(final UniconfigNode node) {
        publish(node, true);
    }

    /**
     * A drift check compared the node's device with its actual configuration: out-of-sync when
     * {@code differs}, else back to its status when it was out of sync. Call with the node's lock held.
     */
    void publishDrift(final UniconfigNode node, final boolean differs) {
        if (differs) {
            if (node.published() != NodeStatusWriter.Status.OUT_OF_SYNC) {
                LOG.info("Node {}: its device's configuration changed outside the controller (out-of-sync)",
                    node.nodeId());
                status.write(node.nodeId(), NodeStatusWriter.Status.OUT_OF_SYNC, node.lastSync());
                node.published(NodeStatusWriter.Status.OUT_OF_SYNC);
            }
        } else if (node.published() == NodeStatusWriter.Status.OUT_OF_SYNC) {
            LOG.info("Node {}: its device is back in sync", node.nodeId());
            publish(node, true);
        }
    }

    private void publish(final UniconfigNode node, final boolean synced) {
        final NodeStatusWriter.Status now = node.hasChanges() ? NodeStatusWriter.Status.CHANGED
            : NodeStatusWriter.Status.SYNCED;
        if (!synced && node.published() == NodeStatusWriter.Status.OUT_OF_SYNC) {
            // drift stays shown until the device is read again or found back in sync
            return;
        }
        if (synced || now != node.published()) {
            status.write(node.nodeId(), now, node.lastSync());
            node.published(now);
        }
    }

    /**
     * The nodes an operation that acts on changes targets: those requested, or (when none)
     * those the transaction changed, or without a transaction every node with changes.
     */
    List<String> changedTargets(final List<String> requested, final @Nullable IntentTransaction tx) {
        if (!requested.isEmpty()) {
            return List.copyOf(new LinkedHashSet<>(requested));
        }
        if (tx != null) {
            return tx.changedNodes();
        }
        return nodes.values().stream().filter(UniconfigNode::hasChanges).map(UniconfigNode::nodeId).sorted()
            .toList();
    }

    /** The nodes requested, or every node. */
    List<String> targets(final List<String> requested) {
        return requested.isEmpty() ? nodes.keySet().stream().sorted().toList()
            : List.copyOf(new LinkedHashSet<>(requested));
    }

    /** Run {@code action} on each target node in parallel; every failure becomes that node's result. */
    CompletionStage<OperationResult> forEachNode(final List<String> requested,
            final Function<UniconfigNode, CompletionStage<NodeResult>> action) {
        final List<CompletableFuture<NodeResult>> futures = new ArrayList<>();
        for (String id : targets(requested)) {
            final UniconfigNode node = nodes.get(id);
            futures.add(node == null ? CompletableFuture.completedFuture(unknown(id)) : perNode(node, action));
        }
        return CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new))
            .thenApply(ignored -> OperationResult.of(futures.stream().map(CompletableFuture::join).toList()));
    }

    /** One node's share of an operation; whatever way it fails, the failure becomes the node's result. */
    static CompletableFuture<NodeResult> perNode(final UniconfigNode node,
            final Function<UniconfigNode, CompletionStage<NodeResult>> action) {
        CompletionStage<NodeResult> stage;
        try {
            stage = action.apply(node);
        } catch (RuntimeException e) {
            stage = CompletableFuture.failedFuture(e);
        }
        return stage.toCompletableFuture().exceptionally(e -> NodeResult.failed(node.nodeId(), e, node.schema()));
    }

    static NodeResult unknown(final String nodeId) {
        return NodeResult.failed(nodeId, ErrorKind.UNKNOWN_NODE, "Node " + nodeId + " is not in topology uniconfig "
            + "(it appears after its device is mounted and first synced)");
    }

    /** The failure of a node whose device is not connected. */
    static NodeFailure notConnected() {
        return new NodeFailure(ErrorKind.NO_CONNECTION, "Device is not connected");
    }
}
