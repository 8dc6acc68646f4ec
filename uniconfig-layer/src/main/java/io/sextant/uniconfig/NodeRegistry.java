package io.sextant.uniconfig;

import io.sextant.spi.OperationErrorsException;
import io.sextant.unified.UnifiedDevice;
import io.sextant.unified.UnifiedDevices;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Function;
import org.eclipse.jdt.annotation.Nullable;
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

    /** Where each node stands: served, unbuilt, waiting for its device, or being taken. */
    private final NodeTable table = new NodeTable();
    private final UnifiedDevices devices;
    private final NodeStatusWriter status;
    private final UniconfigStore store;
    private final InterruptedCommits interrupted;
    private final OrphanedCommits orphans;
    private final KeptVersions versions;
    private final Executor executor;
    private final BackgroundBuild background;

    NodeRegistry(final UnifiedDevices devices, final NodeStatusWriter status, final UniconfigStore store,
            final Executor executor) throws OperationErrorsException {
        this.devices = devices;
        this.status = status;
        this.store = store;
        this.executor = executor;
        final long loading = System.nanoTime();
        for (UniconfigStore.Kept node : store.loadUndecoded()) {
            table.loaded(node);
        }
        final Set<String> keptIds = table.waitingIds();
        if (!keptIds.isEmpty()) {
            LOG.info("{} UniConfig nodes kept from an earlier run (loaded in {} ms), waiting for their devices",
                keptIds.size(), (System.nanoTime() - loading) / 1_000_000);
        }
        interrupted = new InterruptedCommits(store, keptIds);
        orphans = new OrphanedCommits(store, interrupted, status, executor);
        versions = new KeptVersions(store, status);
        background = new BackgroundBuild(executor, table::unbuiltIds, this::built);
        restoreKnown();
    }

    /**
     * Serve the kept nodes whose schemas can now be built without their devices (nodes in doubt
     * excepted): as they were kept, at once, each built at its first use or by the background build.
     */
    void restoreKnown() {
        final List<UniconfigStore.Kept> waiting = table.waiting();
        if (waiting.isEmpty()) {
            return;
        }
        final Map<String, Optional<EffectiveModelContext>> schemas = new HashMap<>();
        int served = 0;
        for (UniconfigStore.Kept keptNode : waiting) {
            final String nodeId = keptNode.nodeId();
            if (interrupted.inDoubt(nodeId)) {
                continue;
            }
            final Optional<EffectiveModelContext> schema = schemas.computeIfAbsent(keptNode.schemaKey(),
                devices::schema);
            if (schema.isEmpty()) {
                continue;
            }
            // unless its device connected meanwhile and claimed it
            if (table.serveUnbuilt(keptNode, schema.orElseThrow())) {
                served++;
            }
        }
        if (served > 0) {
            LOG.info("{} kept UniConfig nodes served before their devices connect (each built at its first use or in "
                + "the background), {} wait for their devices", served, table.waitingIds().size());
            background.start();
        }
    }

    /**
     * The served node, built first when it is not yet ({@link NodeTable#unbuilt}); null when it is not served
     * (one whose kept configuration turns out not to fit its schema or not to be readable is not).
     */
    private @Nullable UniconfigNode built(final String nodeId) {
        final UnbuiltNode pending = table.unbuilt(nodeId);
        if (pending == null) {
            return table.built(nodeId);
        }
        final UnbuiltNode.Outcome outcome = pending.build(status);
        if (!table.finished(nodeId, pending, outcome) && outcome instanceof UnbuiltNode.Outcome.Built) {
            // unmounted while it was built: its status goes too
            status.remove(nodeId);
        }
        return table.built(nodeId);
    }

    /**
     * A node this instance does not serve yet (new here, or waiting for its device) as another
     * controller instance kept it: served as kept when its schema can be built without its device,
     * otherwise it waits for its device as a node kept by an earlier run does.
     *
     * @return whether it was taken: not when the node is served here (a served node takes the kept
     *     version under its lock, {@link KeptVersions#takeNewer})
     */
    boolean keptElsewhere(final UniconfigStore.KeptNode keptNode) {
        if (!table.keptElsewhere(keptNode)) {
            return false;
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
        final @Nullable UniconfigNode node = table.unmounted(nodeId);
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
        return table.unmountedWhileTaken(nodeId);
    }

    /** Nodes of commits an earlier run left pending, until their devices are back. */
    Set<String> inDoubtNodeIds() {
        return interrupted.inDoubt();
    }

    /**
     * A commit failed and the devices of {@code nodeIds} could not be rolled back: those nodes are
     * in doubt and the commit stays pending until each device is put back to its node's
     * configuration from before the commit, once the commit lets go of the node when the device is
     * connected now, otherwise when it connects ({@link #deviceConnected}).
     */
    void notRolledBack(final CommitRecord failed, final List<String> nodeIds) {
        interrupted.notRolledBack(failed, nodeIds);
        for (String nodeId : nodeIds) {
            final @Nullable UniconfigNode node = built(nodeId);
            final Optional<UnifiedDevice> device = devices.device(nodeId);
            if (node != null && device.isPresent()) {
                orphans.settle(node, device.orElseThrow());
            }
        }
    }

    /** Whether the node was kept by an earlier run and waits for its device (not served yet). */
    boolean waitsForDevice(final String nodeId) {
        return table.waitsForDevice(nodeId);
    }

    UniconfigStore store() {
        return store;
    }

    /** The nodes' changes as kept, and the versions other instances kept. */
    KeptVersions versions() {
        return versions;
    }

    /** Where the nodes' status is published. */
    NodeStatusWriter status() {
        return status;
    }

    Optional<UniconfigNode> node(final String nodeId) {
        return Optional.ofNullable(built(nodeId));
    }

    Set<String> nodeIds() {
        return table.servedIds();
    }

    /** The connected device of a node. */
    Optional<UnifiedDevice> device(final String nodeId) {
        return devices.device(nodeId);
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
        final UnbuiltNode pending = table.unbuilt(nodeId);
        if (pending != null) {
            if (pending.schemaKey().equals(device.schemaKey())) {
                // served unbuilt in the device's models: nothing read, built only to settle a commit left pending
                return orphans.settle(nodeId, () -> built(nodeId), device);
            }
            // in other models: built first, on the layer's executor (not the device's), then replaced
            return CompletableFuture.supplyAsync(() -> built(nodeId), executor)
                .thenCompose(ignored -> deviceConnected(device));
        }
        final CompletableFuture<Void> taken = new CompletableFuture<>();
        final NodeTable.Claim claim = table.claim(nodeId, device.schemaKey(), taken);
        final UniconfigNode served = claim.served();
        final CompletableFuture<Void> earlier = claim.earlier();
        if (served != null) {
            // served already (followed from what another instance kept, or connected before)
            return orphans.settle(served, device);
        }
        if (earlier != null) {
            // an earlier connection is taking the node: decide once it is done
            return earlier.handle((ok, failure) -> null).thenCompose(ignored -> deviceConnected(device));
        }
        CompletionStage<Void> work;
        try {
            work = take(device, claim.kept());
        } catch (RuntimeException e) {
            work = CompletableFuture.failedFuture(e);
        }
        work.whenComplete((ok, failure) -> {
            table.released(nodeId, taken);
            if (failure != null) {
                taken.completeExceptionally(failure);
            } else {
                taken.complete(null);
            }
        });
        return taken;
    }

    /** {@link #deviceConnected}, the node claimed: restore or recover {@code kept}, or read the device. */
    private CompletionStage<Void> take(final UnifiedDevice device, final UniconfigStore.@Nullable Kept kept) {
        final String nodeId = device.nodeId();
        final UniconfigStore.KeptNode keptNode = kept != null && kept.schemaKey().equals(device.schemaKey())
            ? decoded(kept) : null;
        if (keptNode != null) {
            if (interrupted.inDoubt(nodeId)) {
                return interrupted.recover(nodeId, keptNode.actual(), device, executor)
                    .thenAcceptAsync(outcome -> restore(keptNode, device, outcome), executor);
            }
            // a commit of it an instance left pending when it died (after this one started) is settled now
            return CompletableFuture.runAsync(() -> restore(keptNode, device, null), executor)
                .thenCompose(restored -> {
                    final UniconfigNode node = table.built(nodeId);
                    return node == null ? CompletableFuture.completedFuture(null) : orphans.settle(node, device);
                });
        }
        interrupted.readAgain(nodeId);
        final @Nullable UniconfigNode replaced = table.built(nodeId);
        // a node the device had with other models is replaced under its lock, and retired: a
        // change waiting for that lock fails instead of landing on the node no longer served
        final CompletionStage<Void> locked = replaced == null ? CompletableFuture.completedFuture(null)
            : replaced.lock().acquire();
        return locked.thenCompose(ignored -> device.readConfiguration()).thenAcceptAsync(config -> {
            try {
                final UniconfigNode node = new UniconfigNode(nodeId, device.schema(), device.schemaKey(), config);
                store.created(node, config);
                // published before it is visible: a write to the new node publishes after this
                status.publishSynced(node);
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

    /** The kept node's configurations; null when they cannot be read (logged): the device is read again. */
    private static UniconfigStore.@Nullable KeptNode decoded(final UniconfigStore.Kept kept) {
        try {
            return kept.decode();
        } catch (OperationErrorsException e) {
            return null;
        }
    }

    /**
     * A kept node whose device is back with the same models: as it was kept, nothing read; or,
     * for a node that was in doubt, with what its device holds after the recovery.
     */
    private void restore(final UniconfigStore.KeptNode keptNode, final UnifiedDevice device,
            final InterruptedCommits.@Nullable Outcome recovery) {
        if (recovery != null && recovery.held() == null) {
            table.waitAgain(keptNode);
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
            status.publishSynced(node);
            served(node);
        } catch (OperationErrorsException e) {
            table.waitAgain(keptNode);
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
        if (table.serve(node)) {
            return true;
        }
        LOG.info("UniConfig node {} is not served: its device was unmounted while it was taken", node.nodeId());
        status.remove(node.nodeId());
        return false;
    }

    /** The schema of a served node (built or not, without building it); null when it is not served here. */
    @Nullable EffectiveModelContext servedSchema(final String nodeId) {
        return table.schemaOfNode(nodeId);
    }

    /** A schema a live node with {@code schemaKey} is in (to read data kept in that schema). */
    Optional<EffectiveModelContext> schemaOf(final String schemaKey) {
        return table.schemaOf(schemaKey);
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
        // whether an unbuilt node has changes is known once it is built
        table.unbuiltIds().forEach(this::built);
        return table.builtNodes().stream().filter(UniconfigNode::hasChanges).map(UniconfigNode::nodeId).sorted()
            .toList();
    }

    /** The nodes requested, or every node. */
    List<String> targets(final List<String> requested) {
        return requested.isEmpty() ? nodeIds().stream().sorted().toList()
            : List.copyOf(new LinkedHashSet<>(requested));
    }

    /** Run {@code action} on each target node in parallel; every failure becomes that node's result. */
    CompletionStage<OperationResult> forEachNode(final List<String> requested,
            final Function<UniconfigNode, CompletionStage<NodeResult>> action) {
        final List<CompletableFuture<NodeResult>> futures = new ArrayList<>();
        for (String id : targets(requested)) {
            final UniconfigNode node = built(id);
            futures.add(node == null ? CompletableFuture.completedFuture(NodeResults.unknown(id))
                : NodeResults.run(node, action));
        }
        return CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new))
            .thenApply(ignored -> OperationResult.of(futures.stream().map(CompletableFuture::join).toList()));
    }
}
