package io.sextant.uniconfig;

import io.sextant.datastore.OperationFailedException;
import io.sextant.datastore.WriteTransaction.PreparedCommit;
import io.sextant.datastore.service.RequestContext;
import io.sextant.uniconfig.IntentTransaction.NodeChanges;
import io.sextant.uniconfig.NodeResult.ErrorKind;
import io.sextant.unified.DeviceChange;
import io.sextant.unified.UnifiedDevice;
import io.sextant.unified.UnifiedDevices;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The UniConfig layer's operations over nodes: calculate-diff, commit (atomic across devices,
 * rolled back on failure), checked-commit, dry-run, sync-from-network,
 * replace-config-with-operational, is-in-sync, compare-config, snapshots and transactions.
 * Every operation answers asynchronously with an {@link OperationResult}; only requests that
 * cannot run at all (an unknown transaction, say) fail the stage.
 */
public final class UniconfigManager implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(UniconfigManager.class);

    private final ConcurrentHashMap<String, UniconfigNode> nodes = new ConcurrentHashMap<>();
    private final UnifiedDevices devices;
    private final TransactionManager transactions;
    private final NodeStatusWriter status;
    private final TransactionLog log;
    private final SnapshotStore snapshots;
    private final Executor executor;
    private final Duration lockTimeout;

    UniconfigManager(final UnifiedDevices devices, final NodeStatusWriter status, final TransactionLog log,
            final SnapshotStore snapshots, final Executor executor, final Duration transactionIdleTimeout) {
        this.devices = devices;
        this.status = status;
        this.log = log;
        this.snapshots = snapshots;
        this.executor = executor;
        this.transactions = new TransactionManager(transactionIdleTimeout);
        this.lockTimeout = Duration.ofSeconds(30);
    }

    // ---------------------------------------------------------------- nodes

    Optional<UniconfigNode> node(final String nodeId) {
        return Optional.ofNullable(nodes.get(nodeId));
    }

    public Set<String> nodeIds() {
        return Set.copyOf(nodes.keySet());
    }

    /** The schema of a node's configuration. */
    public Optional<EffectiveModelContext> schemaOf(final String nodeId) {
        return node(nodeId).map(UniconfigNode::schema);
    }

    TransactionManager transactions() {
        return transactions;
    }

    /** A device connected: on its first connection, read it and create its node (intent = actual). */
    CompletionStage<Void> deviceConnected(final UnifiedDevice device) {
        final UniconfigNode existing = nodes.get(device.nodeId());
        if (existing != null && existing.schema().equals(device.schema())) {
            return CompletableFuture.completedFuture(null);
        }
        return device.readConfiguration().thenAcceptAsync(config -> {
            try {
                final UniconfigNode node = new UniconfigNode(device.nodeId(), device.schema(), config);
                // published before it is visible: a write to the new node publishes after this
                publish(node, true);
                nodes.put(device.nodeId(), node);
            } catch (OperationFailedException e) {
                throw new IllegalStateException("The configuration read from " + device.nodeId()
                    + " does not fit its schema: " + CommitCoordinator.describe(e, device.schema()), e);
            }
        }, executor).whenComplete((ok, error) -> {
            if (error != null) {
                status.writeFailure(device.nodeId(), CommitCoordinator.describe(error, device.schema()));
            }
        });
    }

    // ---------------------------------------------------------------- transactions

    public String createTransaction(final String user, final Optional<Duration> idleTimeout) {
        return transactions.create(user, idleTimeout).id();
    }

    public boolean closeTransaction(final String id) {
        return transactions.close(id);
    }

    // ---------------------------------------------------------------- diff and dry-run

    public CompletionStage<OperationResult> calculateDiff(final List<String> requested, final RequestContext context) {
        return withTransaction(context, tx -> {
            final List<NodeResult> results = new ArrayList<>();
            for (String nodeId : targets(requested, tx, true)) {
                final UniconfigNode node = nodes.get(nodeId);
                if (node == null) {
                    results.add(unknown(nodeId));
                    continue;
                }
                results.add(NodeResult.ok(nodeId).withDiff(Differ.diff(node.actualRoot(), intendedView(node, tx))));
            }
            return CompletableFuture.completedFuture(OperationResult.of(results));
        });
    }

    public CompletionStage<OperationResult> dryRun(final List<String> requested, final RequestContext context) {
        return withTransaction(context, tx -> {
            final List<NodeResult> results = new ArrayList<>();
            for (String nodeId : targets(requested, tx, true)) {
                final UniconfigNode node = nodes.get(nodeId);
                if (node == null) {
                    results.add(unknown(nodeId));
                    continue;
                }
                final Optional<UnifiedDevice> device = devices.device(nodeId);
                if (device.isEmpty()) {
                    results.add(NodeResult.failed(nodeId, ErrorKind.NO_CONNECTION, "Device is not connected"));
                    continue;
                }
                final NormalizedNode intended = intendedView(node, tx);
                final List<Change> changes = Differ.diff(node.actualRoot(), intended);
                try {
                    final DeviceChange change = device.orElseThrow().prepare(
                        ChangeCandidate.of(node.actualRoot(), intended, changes));
                    results.add(NodeResult.ok(nodeId).withDiff(changes)
                        .withPayload(device.orElseThrow().protocol(), change.payload()));
                } catch (OperationFailedException e) {
                    results.add(NodeResult.failed(nodeId, ErrorKind.PROCESSING_ERROR,
                        CommitCoordinator.describe(e, node.schema())));
                }
            }
            return CompletableFuture.completedFuture(OperationResult.of(results));
        });
    }

    // ---------------------------------------------------------------- commit

    public CompletionStage<OperationResult> commit(final List<String> requested, final RequestContext context) {
        return commit(requested, context, false);
    }

    public CompletionStage<OperationResult> checkedCommit(final List<String> requested,
            final RequestContext context) {
        return commit(requested, context, true);
    }

    /** One node's share of a commit. */
    private record Target(UniconfigNode node, NormalizedNode intended, List<Change> changes,
            Optional<NodeChanges> txChanges) {
    }

    private CompletionStage<OperationResult> commit(final List<String> requested, final RequestContext context,
            final boolean checked) {
        return withTransaction(context, tx -> {
            final List<String> ids = targets(requested, tx, true);
            final List<NodeResult> unknown = ids.stream().filter(id -> !nodes.containsKey(id)).map(this::unknown)
                .toList();
            if (!unknown.isEmpty()) {
                return CompletableFuture.completedFuture(OperationResult.failed(
                    "Unknown node(s): nothing was committed", unknown));
            }
            final List<UniconfigNode> locked = lockAll(ids);
            if (locked == null) {
                return CompletableFuture.completedFuture(OperationResult.failed(
                    "A target node is busy with another commit: nothing was committed",
                    ids.stream().map(id -> NodeResult.failed(id, ErrorKind.CONFLICT,
                        "node is being committed by another request")).toList()));
            }
            final CompletionStage<OperationResult> result;
            try {
                result = commitLocked(locked, tx, checked, context);
            } catch (RuntimeException e) {
                unlock(locked);
                throw e;
            }
            return result.whenComplete((ok, error) -> unlock(locked));
        });
    }

    private CompletionStage<OperationResult> commitLocked(final List<UniconfigNode> locked,
            final Optional<IntentTransaction> tx, final boolean checked, final RequestContext context) {
        final List<Target> targets = new ArrayList<>();
        final List<NodeResult> conflicts = new ArrayList<>();
        for (UniconfigNode node : locked) {
            final Optional<NodeChanges> txChanges = tx.flatMap(t -> t.touched(node.nodeId()));
            if (txChanges.isPresent() && txChanges.orElseThrow().conflicted()) {
                conflicts.add(NodeResult.failed(node.nodeId(), ErrorKind.CONFLICT, "The intended configuration of "
                    + node.nodeId() + " was changed and committed by another transaction after this transaction "
                    + "touched it; nothing was committed. Start a new transaction."));
                continue;
            }
            final NormalizedNode intended = txChanges.map(c -> c.view().read(UniconfigNode.ROOT).orElseThrow())
                .orElseGet(node::intendedRoot);
            targets.add(new Target(node, intended, Differ.diff(node.actualRoot(), intended), txChanges));
        }
        if (!conflicts.isEmpty()) {
            return CompletableFuture.completedFuture(OperationResult.failed(
                "Conflict with another transaction: nothing was committed", conflicts));
        }
        final CompletionStage<Optional<OperationResult>> precheck = checked ? checkInSync(targets)
            : CompletableFuture.completedFuture(Optional.empty());
        return precheck.thenComposeAsync(refused -> refused.isPresent()
            ? CompletableFuture.completedFuture(refused.orElseThrow())
            : pushAndRecord(targets, tx, context, checked ? "checked-commit" : "commit"), executor);
    }

    /** For checked-commit: every target device must still hold what the node last synced. */
    private CompletionStage<Optional<OperationResult>> checkInSync(final List<Target> targets) {
        final List<CompletableFuture<NodeResult>> reads = new ArrayList<>();
        for (Target target : targets) {
            reads.add(perNode(target.node(), this::compare));
        }
        return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).thenApply(ignored -> {
            final List<NodeResult> results = reads.stream().map(CompletableFuture::join).toList();
            if (results.stream().allMatch(r -> r.ok() && r.diff().isEmpty())) {
                return Optional.empty();
            }
            return Optional.of(OperationResult.failed("A target device changed outside the controller since the "
                + "last sync: nothing was committed (sync-from-network picks the change up)",
                results.stream().map(r -> !r.ok() ? r : r.diff().isEmpty() ? NodeResult.ok(r.nodeId())
                    : NodeResult.failed(r.nodeId(), ErrorKind.OUT_OF_SYNC, "The device's configuration differs "
                        + "from the one last synced (" + r.diff().size() + " change(s))")).toList()));
        });
    }

    private CompletionStage<OperationResult> pushAndRecord(final List<Target> targets,
            final Optional<IntentTransaction> tx, final RequestContext context, final String operation) {
        final List<CommitCoordinator.Participant> participants = new ArrayList<>();
        final Map<String, PreparedCommit> preparedIntents = new HashMap<>();
        final List<NodeResult> failures = new ArrayList<>();
        for (Target target : targets) {
            final String nodeId = target.node().nodeId();
            try {
                if (target.txChanges().isPresent() && !target.txChanges().orElseThrow().isEmpty()) {
                    // the transaction's intent must be valid before any device is touched
                    preparedIntents.put(nodeId, target.txChanges().orElseThrow().view().prepare());
                }
                if (target.changes().isEmpty()) {
                    continue;
                }
                final Optional<UnifiedDevice> device = devices.device(nodeId);
                if (device.isEmpty()) {
                    failures.add(NodeResult.failed(nodeId, ErrorKind.NO_CONNECTION, "Device is not connected"));
                    continue;
                }
                participants.add(new CommitCoordinator.Participant(nodeId, device.orElseThrow().prepare(
                    ChangeCandidate.of(target.node().actualRoot(), target.intended(), target.changes())),
                    target.node().schema()));
            } catch (OperationFailedException e) {
                failures.add(NodeResult.failed(nodeId, ErrorKind.PROCESSING_ERROR,
                    CommitCoordinator.describe(e, target.node().schema())));
            }
        }
        if (!failures.isEmpty()) {
            abandon(targets, preparedIntents.keySet());
            return CompletableFuture.completedFuture(record(operation, context, targets,
                OperationResult.failed("Nothing was committed: " + failures.get(0).error().orElseThrow().message(),
                    withOthersUntouched(targets, failures))));
        }
        return CommitCoordinator.run(participants).thenApplyAsync(failure -> {
            if (failure.isPresent()) {
                abandon(targets, preparedIntents.keySet());
                return record(operation, context, targets, failedResult(targets, failure.orElseThrow()));
            }
            final List<NodeResult> results = new ArrayList<>();
            final Set<String> committed = new LinkedHashSet<>();
            for (Target target : targets) {
                final String nodeId = target.node().nodeId();
                try {
                    final PreparedCommit intent = preparedIntents.get(nodeId);
                    if (intent != null) {
                        intent.commit();
                        target.node().intentChanged();
                    }
                    target.node().committed();
                    committed.add(nodeId);
                    publish(target.node());
                    results.add(NodeResult.ok(nodeId).withDiff(target.changes()));
                } catch (OperationFailedException e) {
                    results.add(NodeResult.failed(nodeId, ErrorKind.PROCESSING_ERROR, "The devices were changed but "
                        + "the controller could not record it: " + CommitCoordinator.describe(e,
                            target.node().schema())));
                }
            }
            tx.ifPresent(t -> {
                synchronized (t) {
                    t.forget(committed);
                }
            });
            return record(operation, context, targets, OperationResult.of(results));
        }, executor);
    }

    /** After a failed commit, a transaction's prepared intents are dropped: rebuild its views. */
    private static void abandon(final List<Target> targets, final Set<String> prepared) {
        for (Target target : targets) {
            if (prepared.contains(target.node().nodeId()) && target.txChanges().isPresent()) {
                try {
                    target.txChanges().orElseThrow().rebuild();
                } catch (OperationFailedException e) {
                    LOG.warn("Transaction view of {} could not be rebuilt", target.node().nodeId(), e);
                }
            }
        }
    }

    private static List<NodeResult> withOthersUntouched(final List<Target> targets, final List<NodeResult> failures) {
        final Set<String> failed = new LinkedHashSet<>();
        failures.forEach(f -> failed.add(f.nodeId()));
        final List<NodeResult> results = new ArrayList<>(failures);
        for (Target target : targets) {
            if (!failed.contains(target.node().nodeId())) {
                results.add(NodeResult.failed(target.node().nodeId(), ErrorKind.PROCESSING_ERROR,
                    "Not committed: another target node failed"));
            }
        }
        return results;
    }

    private static OperationResult failedResult(final List<Target> targets, final CommitCoordinator.Failure failure) {
        final List<NodeResult> results = new ArrayList<>();
        final String rollback = failure.rollbackProblems().isEmpty() ? "" : "; ROLLBACK FAILED: "
            + String.join("; ", failure.rollbackProblems());
        for (Target target : targets) {
            final String nodeId = target.node().nodeId();
            if (nodeId.equals(failure.nodeId())) {
                results.add(NodeResult.failed(nodeId, ErrorKind.DEVICE_ERROR, failure.message() + rollback));
            } else {
                results.add(NodeResult.failed(nodeId, ErrorKind.PROCESSING_ERROR, "Rolled back: node "
                    + failure.nodeId() + " failed" + rollback));
            }
        }
        return OperationResult.failed("Commit failed on node " + failure.nodeId() + ": " + failure.message()
            + (failure.rollbackProblems().isEmpty() ? "; every changed device was restored" : rollback), results);
    }

    private OperationResult record(final String operation, final RequestContext context, final List<Target> targets,
            final OperationResult result) {
        if (targets.stream().allMatch(t -> t.changes().isEmpty()) && result.ok()) {
            return result;
        }
        final Map<String, EffectiveModelContext> schemas = new HashMap<>();
        targets.forEach(t -> schemas.put(t.node().nodeId(), t.node().schema()));
        try {
            log.record(new CommitRecord(UUID.randomUUID().toString(), Instant.now(), context.user(), operation,
                result, schemas));
        } catch (Exception e) {
            return new OperationResult(false, Optional.of("The commit finished (" + (result.ok() ? "complete" : "fail")
                + ") but the transaction log could not record it: " + e.getMessage()), result.nodes());
        }
        return result;
    }

    // ---------------------------------------------------------------- sync and compare

    public CompletionStage<OperationResult> syncFromNetwork(final List<String> requested,
            final RequestContext context) {
        // a connected device whose first sync has not happened (or failed) gets its node now
        final List<CompletableFuture<Void>> firstSyncs = new ArrayList<>();
        final Collection<String> wanted = requested.isEmpty() ? devices.devices().stream()
            .map(UnifiedDevice::nodeId).toList() : requested;
        for (String id : wanted) {
            if (!nodes.containsKey(id)) {
                devices.device(id).ifPresent(device -> firstSyncs.add(deviceConnected(device).toCompletableFuture()
                    .exceptionally(e -> null)));
            }
        }
        return CompletableFuture.allOf(firstSyncs.toArray(CompletableFuture[]::new))
            .thenCompose(ignored -> syncExisting(requested));
    }

    private CompletionStage<OperationResult> syncExisting(final List<String> requested) {
        return forEachNode(requested, node -> readDevice(node).thenApplyAsync(config -> {
            if (!node.lock().tryAcquire()) {
                return NodeResult.failed(node.nodeId(), ErrorKind.CONFLICT, "node is being committed");
            }
            try {
                node.synced(config);
                publish(node, true);
                return NodeResult.ok(node.nodeId());
            } catch (OperationFailedException e) {
                return NodeResult.failed(node.nodeId(), ErrorKind.PROCESSING_ERROR,
                    CommitCoordinator.describe(e, node.schema()));
            } finally {
                node.lock().release();
            }
        }, executor));
    }

    public CompletionStage<OperationResult> isInSync(final List<String> requested, final RequestContext context) {
        return forEachNode(requested, node -> compare(node).thenApply(r -> r.ok()
            ? NodeResult.ok(node.nodeId()).withInSync(r.diff().isEmpty()) : r));
    }

    public CompletionStage<OperationResult> compareConfig(final List<String> requested,
            final RequestContext context) {
        return forEachNode(requested, this::compare);
    }

    /** The device's configuration now versus the one last synced: the changes made behind our back. */
    private CompletionStage<NodeResult> compare(final UniconfigNode node) {
        return readDevice(node).thenApply(config -> NodeResult.ok(node.nodeId())
            .withDiff(Differ.diff(node.actualRoot(), Sharing.rebase(node.actualRoot(), config))));
    }

    private CompletionStage<NormalizedNode> readDevice(final UniconfigNode node) {
        final Optional<UnifiedDevice> device = devices.device(node.nodeId());
        if (device.isEmpty()) {
            return CompletableFuture.failedFuture(new NodeFailure(ErrorKind.NO_CONNECTION, "Device is not connected"));
        }
        return device.orElseThrow().readConfiguration().thenApply(NormalizedNode.class::cast);
    }

    public CompletionStage<OperationResult> replaceConfigWithOperational(final List<String> requested,
            final RequestContext context) {
        return withTransaction(context, tx -> forEachNode(requested, node -> {
            try {
                if (tx.isPresent()) {
                    synchronized (tx.orElseThrow()) {
                        tx.orElseThrow().touch(node).apply(List.of(io.sextant.datastore.service.Edit.replace(
                            UniconfigNode.ROOT, node.actualRoot())));
                    }
                } else {
                    withLock(node, () -> {
                        node.resetIntent();
                        publish(node);
                    });
                }
                return CompletableFuture.completedFuture(NodeResult.ok(node.nodeId()));
            } catch (OperationFailedException e) {
                return CompletableFuture.completedFuture(NodeResult.failed(node.nodeId(),
                    ErrorKind.PROCESSING_ERROR, CommitCoordinator.describe(e, node.schema())));
            }
        }));
    }

    // ---------------------------------------------------------------- snapshots

    public CompletionStage<OperationResult> createSnapshot(final String name, final List<String> requested) {
        final List<String> ids = requested.isEmpty() ? List.copyOf(nodes.keySet()) : requested;
        final List<NodeResult> results = new ArrayList<>();
        final Map<String, SnapshotStore.Captured> captured = new HashMap<>();
        for (String id : ids) {
            final UniconfigNode node = nodes.get(id);
            if (node == null) {
                results.add(unknown(id));
            } else {
                captured.put(id, new SnapshotStore.Captured(node.schema(), node.intendedRoot()));
                results.add(NodeResult.ok(id));
            }
        }
        if (results.stream().anyMatch(r -> !r.ok())) {
            return CompletableFuture.completedFuture(OperationResult.failed("Unknown node(s): no snapshot taken",
                results));
        }
        try {
            snapshots.create(name, captured);
        } catch (OperationFailedException e) {
            return CompletableFuture.completedFuture(OperationResult.failed(
                e.errors().get(0).message(), List.of()));
        }
        return CompletableFuture.completedFuture(OperationResult.of(results));
    }

    public CompletionStage<OperationResult> replaceConfigWithSnapshot(final String name, final List<String> requested,
            final RequestContext context) {
        final Optional<SnapshotStore.Snapshot> snapshot = snapshots.get(name);
        if (snapshot.isEmpty()) {
            return CompletableFuture.completedFuture(OperationResult.failed("Snapshot " + name + " does not exist",
                List.of()));
        }
        final Collection<String> ids = requested.isEmpty() ? snapshot.orElseThrow().nodes().keySet() : requested;
        return withTransaction(context, tx -> {
            final List<NodeResult> results = new ArrayList<>();
            for (String id : ids) {
                final UniconfigNode node = nodes.get(id);
                final SnapshotStore.Captured captured = snapshot.orElseThrow().nodes().get(id);
                if (node == null) {
                    results.add(unknown(id));
                } else if (captured == null) {
                    results.add(NodeResult.failed(id, ErrorKind.UNKNOWN_NODE, "Snapshot " + name
                        + " does not contain node " + id));
                } else if (!captured.schema().equals(node.schema())) {
                    results.add(NodeResult.failed(id, ErrorKind.PROCESSING_ERROR, "The device's models changed "
                        + "since snapshot " + name + " was taken"));
                } else {
                    try {
                        if (tx.isPresent()) {
                            synchronized (tx.orElseThrow()) {
                                tx.orElseThrow().touch(node).apply(List.of(io.sextant.datastore.service.Edit.replace(
                                    UniconfigNode.ROOT, captured.configuration())));
                            }
                        } else {
                            withLock(node, () -> {
                                node.replaceIntent(captured.configuration());
                                publish(node);
                            });
                        }
                        results.add(NodeResult.ok(id));
                    } catch (OperationFailedException e) {
                        results.add(NodeResult.failed(id, ErrorKind.PROCESSING_ERROR,
                            CommitCoordinator.describe(e, node.schema())));
                    }
                }
            }
            return CompletableFuture.completedFuture(OperationResult.of(results));
        });
    }

    public CompletionStage<OperationResult> deleteSnapshot(final String name) {
        try {
            return CompletableFuture.completedFuture(snapshots.delete(name) ? OperationResult.of(List.of())
                : OperationResult.failed("Snapshot " + name + " does not exist", List.of()));
        } catch (OperationFailedException e) {
            return CompletableFuture.completedFuture(OperationResult.failed(e.errors().get(0).message(), List.of()));
        }
    }

    // ---------------------------------------------------------------- intent writes (RESTCONF)

    /** Run {@code change} on a node's intent under its lock (immediate-mode writes). */
    void withLock(final UniconfigNode node, final LockedAction change) throws OperationFailedException {
        try {
            if (!node.lock().tryAcquire(lockTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw OperationFailedException.of(ErrorType.APPLICATION, ErrorTag.IN_USE, "Node " + node.nodeId()
                    + " is busy with a commit");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw OperationFailedException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_FAILED, "Interrupted");
        }
        try {
            change.run();
        } finally {
            node.lock().release();
        }
    }

    /** An action on a locked node. */
    @FunctionalInterface
    interface LockedAction {
        void run() throws OperationFailedException;
    }

    /**
     * Publish the node's status (changed when its intent differs from its actual configuration,
     * synced otherwise) when it differs from what was published. Call with the lock held.
     */
    void publish(final UniconfigNode node) {
        publish(node, false);
    }

    private void publish(final UniconfigNode node, final boolean synced) {
        final NodeStatusWriter.Status now = node.hasChanges() ? NodeStatusWriter.Status.CHANGED
            : NodeStatusWriter.Status.SYNCED;
        if (synced || now != node.published()) {
            status.write(node.nodeId(), now, node.lastSync());
            node.published(now);
        }
    }

    NormalizedNode intendedView(final UniconfigNode node, final Optional<IntentTransaction> tx) {
        if (tx.isPresent()) {
            synchronized (tx.orElseThrow()) {
                final Optional<NodeChanges> changes = tx.orElseThrow().touched(node.nodeId());
                if (changes.isPresent()) {
                    return changes.orElseThrow().view().read(UniconfigNode.ROOT).orElseThrow();
                }
            }
        }
        return node.intendedRoot();
    }

    // ---------------------------------------------------------------- helpers

    @FunctionalInterface
    private interface TxAction {
        CompletionStage<OperationResult> run(Optional<IntentTransaction> tx);
    }

    private CompletionStage<OperationResult> withTransaction(final RequestContext context, final TxAction action) {
        final Optional<IntentTransaction> tx;
        try {
            tx = transactions.of(context);
        } catch (OperationFailedException e) {
            return CompletableFuture.failedFuture(e);
        }
        return action.run(tx);
    }

    /** The node ids an operation targets: those requested, or (when none) all nodes (with changes). */
    private List<String> targets(final List<String> requested, final Optional<IntentTransaction> tx,
            final boolean changedOnly) {
        if (!requested.isEmpty()) {
            return List.copyOf(new LinkedHashSet<>(requested));
        }
        if (!changedOnly) {
            return nodes.keySet().stream().sorted().toList();
        }
        if (tx.isPresent()) {
            synchronized (tx.orElseThrow()) {
                return List.copyOf(tx.orElseThrow().changedNodes());
            }
        }
        return nodes.values().stream().filter(UniconfigNode::hasChanges).map(UniconfigNode::nodeId).sorted()
            .toList();
    }

    private CompletionStage<OperationResult> forEachNode(final List<String> requested,
            final java.util.function.Function<UniconfigNode, CompletionStage<NodeResult>> action) {
        final List<CompletableFuture<NodeResult>> futures = new ArrayList<>();
        for (String id : targets(requested, Optional.empty(), false)) {
            final UniconfigNode node = nodes.get(id);
            if (node == null) {
                futures.add(CompletableFuture.completedFuture(unknown(id)));
                continue;
            }
            futures.add(perNode(node, action));
        }
        return CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new))
            .thenApply(ignored -> OperationResult.of(futures.stream().map(CompletableFuture::join).toList()));
    }

    /** One node's share of an operation; whatever way it fails, the failure becomes the node's result. */
    private static CompletableFuture<NodeResult> perNode(final UniconfigNode node,
            final java.util.function.Function<UniconfigNode, CompletionStage<NodeResult>> action) {
        CompletionStage<NodeResult> stage;
        try {
            stage = action.apply(node);
        } catch (RuntimeException e) {
            stage = CompletableFuture.failedFuture(e);
        }
        return stage.toCompletableFuture().exceptionally(e -> NodeResult.failed(node.nodeId(), e, node.schema()));
    }

    /** Lock the nodes in a fixed order (no deadlock between commits); null when one stays busy. */
    private List<UniconfigNode> lockAll(final List<String> ids) {
        final List<UniconfigNode> sorted = ids.stream().map(nodes::get).sorted(Comparator.comparing(
            UniconfigNode::nodeId)).toList();
        final List<UniconfigNode> locked = new ArrayList<>();
        try {
            for (UniconfigNode node : sorted) {
                if (!node.lock().tryAcquire(lockTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    unlock(locked);
                    return null;
                }
                locked.add(node);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            unlock(locked);
            return null;
        }
        return locked;
    }

    private static void unlock(final List<UniconfigNode> locked) {
        locked.forEach(node -> node.lock().release());
        locked.clear();
    }

    private NodeResult unknown(final String nodeId) {
        return NodeResult.failed(nodeId, ErrorKind.UNKNOWN_NODE, "Node " + nodeId + " is not in topology uniconfig "
            + "(it appears after its device is mounted and first synced)");
    }

    @Override
    public void close() {
        transactions.close();
    }
}
