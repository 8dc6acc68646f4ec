package io.sextant.uniconfig;

import io.sextant.persistence.LeaseHolder;
import io.sextant.spi.HeldElsewhere;
import io.sextant.spi.OperationErrorsException;
import io.sextant.datastore.WriteTransaction.PreparedCommit;
import io.sextant.spi.RequestContext;
import io.sextant.metrics.CommitPhase;
import io.sextant.metrics.SextantMetrics;
import io.sextant.uniconfig.NodeResult.ErrorKind;
import io.sextant.unified.UnifiedDevice;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * commit and checked-commit: lock the target nodes, check transaction conflicts (and, for
 * checked-commit, that the devices still hold what was last synced), validate a transaction's
 * intent, let {@link CommitCoordinator} change every device or none, then make the intent
 * the actual configuration, publish the nodes' status and record the commit in the
 * {@link TransactionLog}.
 */
public final class CommitService {
    private static final Logger LOG = LoggerFactory.getLogger(CommitService.class);
    private final NodeRegistry registry;
    private final NodeLocks locks;
    private final IntentService intents;
    private final TransactionManager transactions;
    private final SyncService syncs;
    private final TransactionLog log;
    private final Executor executor;
    private final CommitEnds ends;
    private final SextantMetrics metrics;
    private final PendingCommits pending;

    /** One node's share of a commit. */
    private record Target(UniconfigNode node, NormalizedNode intended, ConfigDiff diff) {
        String nodeId() {
            return node.nodeId();
        }
    }

    CommitService(final NodeRegistry registry, final NodeLocks locks, final IntentService intents,
            final TransactionManager transactions, final SyncService syncs, final TransactionLog log,
            final Executor executor, final CommitEnds ends, final SextantMetrics metrics,
            final PendingCommits pending) {
        this.registry = registry;
        this.locks = locks;
        this.intents = intents;
        this.transactions = transactions;
        this.syncs = syncs;
        this.log = log;
        this.executor = executor;
        this.ends = ends;
        this.metrics = metrics;
        this.pending = pending;
    }

    public CompletionStage<OperationResult> commit(final List<String> requested, final RequestContext context) {
        return commit(requested, context, false, null);
    }

    /**
     * A commit behind a verification gate (module sextant-gate): answered once every check held
     * and the commit waits for confirm-commit, or once it is kept or put back. Without gate
     * options, a plain commit.
     */
    public CompletionStage<GatedResult> gatedCommit(final List<String> requested, final RequestContext context,
            final GateOptions options) {
        if (!options.gated()) {
            return commit(requested, context).thenApply(result -> new GatedResult(result, null));
        }
        final GateRequest gate = new GateRequest(options);
        commit(requested, context, false, gate).whenComplete((result, failure) -> {
            if (failure != null) {
                gate.failed(failure);
            } else {
                gate.finished(result);
            }
        });
        return gate.answer();
    }

    /** confirm-commit ({@code confirm} true) or cancel-commit of a gated commit waiting for confirmation. */
    public CompletionStage<GatedResult> decide(final String commitId, final boolean confirm) {
        return pending.decide(commitId, confirm);
    }

    public CompletionStage<OperationResult> checkedCommit(final List<String> requested,
            final RequestContext context) {
        return commit(requested, context, true, null);
    }

    private CompletionStage<OperationResult> commit(final List<String> requested, final RequestContext context,
            final boolean checked, final @Nullable GateRequest gate) {
        final long started = System.nanoTime();
        return transactions.run(context, tx -> {
            final List<String> ids = registry.changedTargets(requested, tx);
            final List<UniconfigNode> nodes = new ArrayList<>();
            final List<NodeResult> unknown = new ArrayList<>();
            for (String id : ids) {
                registry.node(id).ifPresentOrElse(nodes::add, () -> unknown.add(NodeRegistry.unknown(id)));
            }
            if (!unknown.isEmpty()) {
                return done(OperationResult.failed("Unknown node(s): nothing was committed", unknown));
            }
            if (tx == null && !requested.isEmpty()) {
                final LeaseHolder holder = registry.holderOfAll(ids);
                if (holder != null) {
                    // the holder commits them: a transport that reaches it sends the request on
                    return CompletableFuture.failedFuture(HeldElsewhere.of(ids, holder.instanceId(),
                        holder.address()));
                }
            }
            final long locking = System.nanoTime();
            return locks.acquire(nodes).handle((held, failure) -> {
                metrics.commitPhase(CommitPhase.LOCK, System.nanoTime() - locking);
                if (failure != null) {
                    final String reason = CommitCoordinator.describe(failure, null);
                    return done(OperationResult.failed("A target node is busy: nothing was committed", ids.stream()
                        .map(id -> NodeResult.failed(id, ErrorKind.CONFLICT, reason)).toList()));
                }
                CompletionStage<OperationResult> result;
                try {
                    result = commitLocked(held.nodes(), tx, checked, context, gate);
                } catch (RuntimeException e) {
                    result = CompletableFuture.failedFuture(e);
                }
                return result.whenComplete((ok, error) -> held.close());
            }).thenCompose(stage -> stage);
        }).whenComplete((result, failure) -> metrics.commitFinished(checked ? "checked-commit" : "commit",
            failure != null ? "error" : result.ok() ? "ok" : "failed", System.nanoTime() - started));
    }

    private CompletionStage<OperationResult> commitLocked(final List<UniconfigNode> locked,
            final @Nullable IntentTransaction tx, final boolean checked, final RequestContext context,
            final @Nullable GateRequest gate) {
        final long preparing = System.nanoTime();
        if (tx == null) {
            // a change just kept through another instance is committed, not refused at the keep
            registry.takeKeptNewer(locked);
        }
        final List<Target> targets = new ArrayList<>();
        final List<NodeResult> conflicts = new ArrayList<>();
        for (UniconfigNode node : locked) {
            if (tx != null && tx.conflicted(node.nodeId())) {
                conflicts.add(NodeResult.failed(node.nodeId(), ErrorKind.CONFLICT, "The intended configuration of "
                    + node.nodeId() + " was changed and committed by another transaction after this transaction "
                    + "touched it; nothing was committed. Start a new transaction."));
                continue;
            }
            final NormalizedNode intended = intents.intended(node, tx);
            targets.add(new Target(node, intended, Differ.diff(node.actualRoot(), intended)));
        }
        if (!conflicts.isEmpty()) {
            return done(OperationResult.failed("Conflict with another transaction: nothing was committed", conflicts));
        }
        final String operation = checked ? "checked-commit" : "commit";
        if (!checked) {
            return push(targets, tx, context, operation, preparing, gate);
        }
        return checkInSync(targets).thenComposeAsync(refused -> refused != null ? done(refused)
            : push(targets, tx, context, operation, preparing, null), executor);
    }

    /** For checked-commit: every target device must still hold what the node last synced; null when they do. */
    private CompletionStage<@Nullable OperationResult> checkInSync(final List<Target> targets) {
        final List<CompletableFuture<NodeResult>> reads = new ArrayList<>();
        for (Target target : targets) {
            reads.add(NodeRegistry.perNode(target.node(), syncs::compare));
        }
        return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).thenApply(ignored -> {
            final List<NodeResult> results = reads.stream().map(CompletableFuture::join).toList();
            if (results.stream().allMatch(r -> r.ok() && r.diff().isEmpty())) {
                return null;
            }
            return OperationResult.failed("A target device changed outside the controller since the last sync: "
                + "nothing was committed (sync-from-network picks the change up)", results.stream()
                    .map(r -> !r.ok() ? r : r.diff().isEmpty() ? NodeResult.ok(r.nodeId())
                        : NodeResult.failed(r.nodeId(), ErrorKind.OUT_OF_SYNC, "The device's configuration differs "
                            + "from the one last synced (" + r.diff().changes().size() + " change(s))"))
                    .toList());
        });
    }

    /** @param preparing when the commit's preparation started ({@link System#nanoTime()}) */
    private CompletionStage<OperationResult> push(final List<Target> targets, final @Nullable IntentTransaction tx,
            final RequestContext context, final String operation, final long preparing,
            final @Nullable GateRequest gate) {
        // named before any device change is prepared: a NETCONF confirmed commit carries it (persist-id)
        final String commitId = UUID.randomUUID().toString();
        final List<CommitCoordinator.Participant> participants = new ArrayList<>();
        final Map<String, PreparedCommit> preparedIntents = new HashMap<>();
        final List<NodeResult> failures = new ArrayList<>();
        final List<GateRun.Resolved> checks = gate == null ? List.of() : resolveChecks(gate, targets, failures);
        if (gate != null) {
            gate.named(commitId);
        }
        for (Target target : targets) {
            final String nodeId = target.nodeId();
            try {
                if (tx != null) {
                    // the transaction's intent must be valid before any device is touched
                    final PreparedCommit prepared = tx.prepare(nodeId);
                    if (prepared != null) {
                        preparedIntents.put(nodeId, prepared);
                    }
                }
                if (target.diff().isEmpty()) {
                    continue;
                }
                final Optional<UnifiedDevice> device = registry.device(nodeId);
                if (device.isEmpty()) {
                    failures.add(NodeResult.failed(nodeId, ErrorKind.NO_CONNECTION, notConnected(nodeId)));
                    continue;
                }
                participants.add(new CommitCoordinator.Participant(nodeId, gate == null
                    ? device.orElseThrow().prepare(target.diff(), commitId)
                    : device.orElseThrow().prepare(target.diff(), commitId, gate.options().hold()),
                    target.node().schema()));
            } catch (OperationErrorsException e) {
                failures.add(NodeResult.failed(nodeId, ErrorKind.PROCESSING_ERROR,
                    CommitCoordinator.describe(e, target.node().schema())));
            }
        }
        if (!failures.isEmpty()) {
            abandon(tx, preparedIntents.keySet());
            return done(record(commitId, operation, context, targets, OperationResult.failed("Nothing was committed: "
                + failures.get(0).error().orElseThrow().message(), withOthersUntouched(targets, failures))));
        }
        if (preparedIntents.isEmpty() && targets.stream().allMatch(t -> t.diff().isEmpty())) {
            // nothing to send and nothing to keep
            return done(OperationResult.of(targets.stream().map(t -> NodeResult.ok(t.nodeId())).toList()));
        }
        final List<NodeUpdate> updates = new ArrayList<>();
        final List<NodeResult> committed = new ArrayList<>();
        for (Target target : targets) {
            updates.add(target.node().committed(preparedIntents.get(target.nodeId())));
            committed.add(NodeResult.ok(target.nodeId()).withDiff(target.diff()));
        }
        final CommitRecord success = commitRecord(commitId, operation, context, targets,
            OperationResult.of(committed));
        final UniconfigStore store = registry.store();
        try {
            store.commitStarted(commitId, operation, context.user(), targets.stream().map(Target::nodeId).toList());
        } catch (OperationErrorsException e) {
            // no device was touched: the request fails as a whole (503 when the database is down)
            abandon(tx, preparedIntents.keySet());
            return CompletableFuture.failedFuture(e);
        }
        final long changing = System.nanoTime();
        metrics.commitPhase(CommitPhase.PREPARE, changing - preparing);
        // set once the commit is kept: what takes it back
        final AtomicReference<UniconfigStore.@Nullable KeptCommit> kept = new AtomicReference<>();
        final GateRun gateRun = gate == null ? null : new GateRun(gate, commitId, context.user(),
            targets.stream().map(Target::nodeId).toList(), checks, pending);
        return CommitCoordinator.run(participants, () -> gateRun == null
                ? CompletableFuture.completedFuture(Optional.<String>empty()) : gateRun.pass(),
            () -> CompletableFuture.runAsync(() -> {
            try {
                kept.set(store.commitApplied(commitId, updates, success));
            } catch (OperationErrorsException e) {
                throw new CompletionException(e);
            }
        }, executor)).thenApplyAsync(failure -> {
            metrics.commitPhase(CommitPhase.DEVICES, System.nanoTime() - changing);
            if (failure.isPresent()) {
                abandon(tx, preparedIntents.keySet());
                final CommitCoordinator.Failure why = failure.orElseThrow();
                final UniconfigStore.@Nullable KeptCommit keptCommit = kept.get();
                if (why.kept() && keptCommit != null) {
                    // a device failed to finish the kept commit and every device was put back: so are the nodes
                    keptCommit.undo();
                }
                if (!why.rollbackProblems().isEmpty()) {
                    LOG.warn("Commit {} failed ({}) and not every device could be put back: {}", commitId,
                        why.message(), why.rollbackProblems());
                } else if (why.ofController()) {
                    LOG.warn("Commit {} was rolled back on every device: {}", commitId, why.message());
                }
                final CommitRecord failed = commitRecord(commitId, operation, context, targets,
                    gate != null && why.nodeId().equals(CommitCoordinator.GATE) ? putBackResult(targets, why)
                        : failedResult(targets, why));
                ends.record(commitId, false, failed);
                view(failed);
                if (why.ofController() && why.cause() instanceof OperationErrorsException refused
                        && refused.errors().stream().anyMatch(error -> error.tag() == ErrorTag.IN_USE)) {
                    // a node was changed through another controller instance: the nodes take what it kept
                    registry.takeNewer(targets.stream().map(Target::node).toList());
                }
                if (why.ofController() && why.rollbackProblems().isEmpty()
                        && why.cause() instanceof OperationErrorsException notKept) {
                    // every device was put back: the request fails as a whole, as if nothing was tried
                    throw new CompletionException(notKept);
                }
                return failed.result();
            }
            final long applying = System.nanoTime();
            final OperationResult result = apply(updates, tx);
            metrics.commitPhase(CommitPhase.APPLY, System.nanoTime() - applying);
            ends.record(commitId, true, null);
            view(success);
            return result.ok() ? success.result() : result;
        }, executor);
    }

    /** Every device changed and the commit is kept: each node's intent becomes its actual configuration. */
    private OperationResult apply(final List<NodeUpdate> updates, final @Nullable IntentTransaction tx) {
        final List<NodeResult> results = new ArrayList<>();
        final Set<String> committed = new LinkedHashSet<>();
        for (NodeUpdate update : updates) {
            final String nodeId = update.node().nodeId();
            try {
                update.apply();
                committed.add(nodeId);
                registry.publish(update.node());
                results.add(NodeResult.ok(nodeId));
            } catch (OperationErrorsException e) {
                LOG.error("Commit of {} kept but not applied in memory", nodeId, e);
                results.add(NodeResult.failed(nodeId, ErrorKind.PROCESSING_ERROR, "The devices were changed and "
                    + "the change kept, but the controller could not apply it: " + CommitCoordinator.describe(e,
                        update.node().schema())));
            }
        }
        if (tx != null) {
            tx.forget(committed);
        }
        return OperationResult.of(results);
    }

    /**
     * Why the node's device cannot take a commit through this instance: not connected, or
     * connected through the other controller instance holding the node's lease.
     */
    private String notConnected(final String nodeId) {
        try {
            return registry.store().heldElsewhere(nodeId).map(holder -> "Device is connected through controller "
                + "instance " + holder.instanceId() + " (" + holder.address() + "), which holds node " + nodeId
                + ", not through this one: commit through that instance").orElse("Device is not connected");
        } catch (OperationErrorsException e) {
            return "Device is not connected";
        }
    }

    /** After a failed commit, a transaction's prepared intents are dropped: rebuild its views. */
    private static void abandon(final @Nullable IntentTransaction tx, final Set<String> prepared) {
        if (tx != null && !prepared.isEmpty()) {
            tx.abandon(prepared);
        }
    }

    private static List<NodeResult> withOthersUntouched(final List<Target> targets, final List<NodeResult> failures) {
        final Set<String> failed = new LinkedHashSet<>();
        failures.forEach(f -> failed.add(f.nodeId()));
        final List<NodeResult> results = new ArrayList<>(failures);
        for (Target target : targets) {
            if (!failed.contains(target.nodeId())) {
                results.add(NodeResult.failed(target.nodeId(), ErrorKind.PROCESSING_ERROR,
                    "Not committed: another target node failed"));
            }
        }
        return results;
    }

    /** A gated commit whose gate put every device back. */
    private static OperationResult putBackResult(final List<Target> targets, final CommitCoordinator.Failure failure) {
        final String rollback = failure.rollbackProblems().isEmpty() ? "" : "; ROLLBACK FAILED: "
            + String.join("; ", failure.rollbackProblems());
        final List<NodeResult> results = targets.stream().map(target -> NodeResult.failed(target.nodeId(),
            ErrorKind.PROCESSING_ERROR, "Put back: " + failure.message() + rollback)).toList();
        return OperationResult.failed(failure.message() + (failure.rollbackProblems().isEmpty()
            ? "; every changed device was put back" : rollback), results);
    }

    /**
     * The checks of a gated commit, ready to read their devices; a check that cannot run (its node
     * is not a target, is not connected, or the check does not fit the node) adds a failure.
     */
    private List<GateRun.Resolved> resolveChecks(final GateRequest gate, final List<Target> targets,
            final List<NodeResult> failures) {
        final Map<String, Target> byId = new HashMap<>();
        targets.forEach(t -> byId.put(t.nodeId(), t));
        final List<GateRun.Resolved> resolved = new ArrayList<>();
        for (GateCheck check : gate.options().checks()) {
            final Target target = byId.get(check.nodeId());
            final String nodeId = check.nodeId();
            if (target == null) {
                failures.add(NodeResult.failed(nodeId, ErrorKind.PROCESSING_ERROR, "Check '" + check.name()
                    + "' names node " + nodeId + ", which is not a target of this commit"));
                continue;
            }
            final Optional<UnifiedDevice> device = registry.device(nodeId);
            if (device.isEmpty()) {
                failures.add(NodeResult.failed(nodeId, ErrorKind.NO_CONNECTION, notConnected(nodeId)
                    + ": check '" + check.name() + "' cannot read it"));
                continue;
            }
            final UnifiedDevice found = device.orElseThrow();
            final boolean cli = found.protocol() == UnifiedDevice.Protocol.CLI;
            final String command = check.command();
            if (cli != (command != null)) {
                failures.add(NodeResult.failed(nodeId, ErrorKind.PROCESSING_ERROR, "Check '" + check.name()
                    + "': node " + nodeId + " is a " + found.protocol().name() + " node, so its checks give "
                    + (cli ? "a command" : "a path")));
                continue;
            }
            if (command != null && !command.strip().startsWith("show ")) {
                failures.add(NodeResult.failed(nodeId, ErrorKind.PROCESSING_ERROR, "Check '" + check.name()
                    + "': a check only reads, so its command must begin with 'show' (got '" + command + "')"));
                continue;
            }
            try {
                resolved.add(GateRun.resolve(check, found, target.node().schema()));
            } catch (TemplateFailure e) {
                failures.add(NodeResult.failed(nodeId, ErrorKind.PROCESSING_ERROR, "Check '" + check.name()
                    + "': " + e.getMessage()));
            }
        }
        return resolved;
    }

    private static OperationResult failedResult(final List<Target> targets, final CommitCoordinator.Failure failure) {
        final List<NodeResult> results = new ArrayList<>();
        final String rollback = failure.rollbackProblems().isEmpty() ? "" : "; ROLLBACK FAILED: "
            + String.join("; ", failure.rollbackProblems());
        for (Target target : targets) {
            if (target.nodeId().equals(failure.nodeId())) {
                results.add(NodeResult.failed(target.nodeId(), ErrorKind.DEVICE_ERROR, failure.message() + rollback));
            } else {
                results.add(NodeResult.failed(target.nodeId(), ErrorKind.PROCESSING_ERROR, "Rolled back: node "
                    + failure.nodeId() + " failed" + rollback));
            }
        }
        return OperationResult.failed("Commit failed on node " + failure.nodeId() + ": " + failure.message()
            + (failure.rollbackProblems().isEmpty() ? "; every changed device was restored" : rollback), results);
    }

    /**
     * A commit refused before it touched any device is logged (kept, so that every controller
     * instance sharing the database shows it); one with no change at all is not logged.
     */
    private OperationResult record(final String commitId, final String operation, final RequestContext context,
            final List<Target> targets, final OperationResult result) {
        if (targets.stream().allMatch(t -> t.diff().isEmpty()) && result.ok()) {
            return result;
        }
        final CommitRecord refused = commitRecord(commitId, operation, context, targets, result);
        try {
            registry.store().commitRefused(refused);
        } catch (OperationErrorsException e) {
            LOG.warn("Commit {}, refused before it touched any device, is shown in this instance's log only: {}",
                commitId, e.getMessage());
        }
        view(refused);
        return result;
    }

    private static CommitRecord commitRecord(final String commitId, final String operation,
            final RequestContext context, final List<Target> targets, final OperationResult result) {
        final Map<String, EffectiveModelContext> schemas = new HashMap<>();
        targets.forEach(t -> schemas.put(t.nodeId(), t.node().schema()));
        return new CommitRecord(commitId, Instant.now(), context.user(), operation, result, schemas);
    }

    /** Show the commit in the operational transaction log (the durable one was written with the commit). */
    private void view(final CommitRecord record) {
        try {
            log.record(record);
        } catch (Exception e) {
            LOG.error("Commit {} could not be shown in the transaction log", record.id(), e);
        }
    }

    private static CompletionStage<OperationResult> done(final OperationResult result) {
        return CompletableFuture.completedFuture(result);
    }
}
