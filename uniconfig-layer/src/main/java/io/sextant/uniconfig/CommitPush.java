package io.sextant.uniconfig;

import io.sextant.datastore.WriteTransaction.PreparedCommit;
import io.sextant.metrics.CommitPhase;
import io.sextant.metrics.SextantMetrics;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.RequestContext;
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
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A commit whose target nodes are locked and checked: prepare every device's change, keep the
 * commit's start, let {@link CommitCoordinator} change every device or none (through the gate,
 * when there is one), then make the intent the actual configuration, publish the nodes' status
 * and show the commit in the {@link TransactionLog}.
 */
final class CommitPush {
    private static final Logger LOG = LoggerFactory.getLogger(CommitPush.class);

    private final NodeRegistry registry;
    private final TransactionLog log;
    private final Executor executor;
    private final CommitEnds ends;
    private final SextantMetrics metrics;
    private final PendingCommits pending;

    CommitPush(final NodeRegistry registry, final TransactionLog log, final Executor executor, final CommitEnds ends,
            final SextantMetrics metrics, final PendingCommits pending) {
        this.registry = registry;
        this.log = log;
        this.executor = executor;
        this.ends = ends;
        this.metrics = metrics;
        this.pending = pending;
    }

    /** @param preparing when the commit's preparation started ({@link System#nanoTime()}) */
    CompletionStage<OperationResult> push(final List<CommitTarget> targets, final @Nullable IntentTransaction tx,
            final CommitRequest request, final long preparing) {
        final RequestContext context = request.context();
        final GateRequest gate = request.gate();
        // named before any device change is prepared: a NETCONF confirmed commit carries it (persist-id)
        final String commitId = UUID.randomUUID().toString();
        final List<CommitCoordinator.Participant> participants = new ArrayList<>();
        final Map<String, PreparedCommit> preparedIntents = new HashMap<>();
        final List<NodeResult> failures = new ArrayList<>();
        final List<GateRun.Resolved> checks = gate == null ? List.of()
            : GateChecks.resolve(gate.options(), targets, registry, failures);
        if (gate != null) {
            gate.named(commitId);
        }
        for (CommitTarget target : targets) {
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
                    failures.add(NodeResult.failed(nodeId, ErrorKind.NO_CONNECTION,
                        CommitResults.notConnected(registry, nodeId)));
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
            return done(refused(commitId, request, targets, OperationResult.failed("Nothing was committed: "
                + failures.get(0).error().orElseThrow().message(), CommitResults.withOthersUntouched(targets,
                    failures))));
        }
        if (preparedIntents.isEmpty() && targets.stream().allMatch(t -> t.diff().isEmpty())) {
            // nothing to send and nothing to keep
            return done(OperationResult.of(targets.stream().map(t -> NodeResult.ok(t.nodeId())).toList()));
        }
        final List<NodeUpdate> updates = new ArrayList<>();
        final List<NodeResult> committed = new ArrayList<>();
        for (CommitTarget target : targets) {
            updates.add(target.node().committed(preparedIntents.get(target.nodeId())));
            committed.add(NodeResult.ok(target.nodeId()).withDiff(target.diff()));
        }
        final CommitRecord success = record(commitId, request, targets, OperationResult.of(committed));
        final UniconfigStore store = registry.store();
        final long changing = System.nanoTime();
        metrics.commitPhase(CommitPhase.PREPARE, changing - preparing);
        // set once the commit is kept: what takes it back
        final AtomicReference<UniconfigStore.@Nullable KeptCommit> kept = new AtomicReference<>();
        // set when the commit's start could not be recorded: no device applied anything
        final AtomicReference<@Nullable Exception> notRecorded = new AtomicReference<>();
        final GateRun gateRun = gate == null ? null : new GateRun(gate, commitId, context.user(),
            targets.stream().map(CommitTarget::change).toList(), checks, pending);
        return CommitCoordinator.run(participants, () -> {
                // written while the devices stage the change (none is in effect before this is kept)
                try {
                    store.commitStarted(commitId, request.operation(), context.user(), targets.stream()
                        .map(CommitTarget::nodeId).toList());
                    return CompletableFuture.completedFuture(null);
                } catch (OperationErrorsException | RuntimeException e) {
                    notRecorded.set(e);
                    return CompletableFuture.failedFuture(e);
                }
            }, () -> gateRun == null
                ? CompletableFuture.completedFuture(Optional.<String>empty()) : gateRun.pass(),
            () -> CompletableFuture.runAsync(() -> {
                try {
                    kept.set(store.commitApplied(commitId, updates, success));
                } catch (OperationErrorsException e) {
                    throw new CompletionException(e);
                }
            }, executor)).thenApplyAsync(failure -> {
                metrics.commitPhase(CommitPhase.DEVICES, System.nanoTime() - changing);
                final Exception unrecorded = notRecorded.get();
                if (unrecorded != null) {
                    // every device that staged the change discarded it: the request fails as a whole
                    // (503 when the database is down), and there is no commit to end
                    abandon(tx, preparedIntents.keySet());
                    failure.filter(why -> !why.rollbackProblems().isEmpty()).ifPresent(why -> LOG.warn(
                        "Commit {} could not be recorded, and not every device discarded its staged change: {}",
                        commitId, why.rollbackProblems()));
                    throw new CompletionException(unrecorded);
                }
                if (failure.isPresent()) {
                    abandon(tx, preparedIntents.keySet());
                    return failed(commitId, request, targets, failure.orElseThrow(), kept.get());
                }
                final long applying = System.nanoTime();
                final OperationResult result = apply(updates, tx);
                metrics.commitPhase(CommitPhase.APPLY, System.nanoTime() - applying);
                ends.record(commitId, true, null);
                view(success);
                return result.ok() ? success.result() : result;
            }, executor);
    }

    /** Every device was put back (or could not be): the nodes and the log say so. */
    private OperationResult failed(final String commitId, final CommitRequest request,
            final List<CommitTarget> targets, final CommitCoordinator.Failure why,
            final UniconfigStore.@Nullable KeptCommit kept) {
        if (why.kept() && kept != null) {
            // a device failed to finish the kept commit and every device was put back: so are the nodes
            kept.undo();
        }
        if (!why.rollbackProblems().isEmpty()) {
            LOG.warn("Commit {} failed ({}) and not every device could be put back: {}", commitId, why.message(),
                why.rollbackProblems());
        } else if (why.ofController()) {
            LOG.warn("Commit {} was rolled back on every device: {}", commitId, why.message());
        }
        final CommitRecord failed = record(commitId, request, targets, request.gate() != null
            && why.nodeId().equals(CommitCoordinator.GATE) ? CommitResults.putBack(targets, why)
                : CommitResults.rolledBack(targets, why));
        if (why.rollbackProblems().isEmpty()) {
            ends.record(commitId, false, failed);
        } else {
            // the commit stays pending: its devices not rolled back are in doubt until they are put back
            registry.notRolledBack(failed, why.notRolledBack());
        }
        view(failed);
        if (why.ofController() && why.cause() instanceof OperationErrorsException refused
                && refused.errors().stream().anyMatch(error -> error.tag() == ErrorTag.IN_USE)) {
            // a node was changed through another controller instance: the nodes take what it kept
            registry.versions().takeNewer(targets.stream().map(CommitTarget::node).toList());
        }
        if (why.ofController() && why.rollbackProblems().isEmpty()
                && why.cause() instanceof OperationErrorsException notKept) {
            // every device was put back: the request fails as a whole, as if nothing was tried
            throw new CompletionException(notKept);
        }
        return failed.result();
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
                registry.status().publish(update.node());
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

    /** After a failed commit, a transaction's prepared intents are dropped: rebuild its views. */
    private static void abandon(final @Nullable IntentTransaction tx, final Set<String> prepared) {
        if (tx != null && !prepared.isEmpty()) {
            tx.abandon(prepared);
        }
    }

    /**
     * A commit refused before it touched any device is logged (kept, so that every controller
     * instance sharing the database shows it); one with no change at all is not logged.
     */
    private OperationResult refused(final String commitId, final CommitRequest request,
            final List<CommitTarget> targets, final OperationResult result) {
        if (targets.stream().allMatch(t -> t.diff().isEmpty()) && result.ok()) {
            return result;
        }
        final CommitRecord refused = record(commitId, request, targets, result);
        try {
            registry.store().logOnly(refused);
        } catch (OperationErrorsException e) {
            LOG.warn("Commit {}, refused before it touched any device, is shown in this instance's log only: {}",
                commitId, e.getMessage());
        }
        view(refused);
        return result;
    }

    private static CommitRecord record(final String commitId, final CommitRequest request,
            final List<CommitTarget> targets, final OperationResult result) {
        final Map<String, EffectiveModelContext> schemas = new HashMap<>();
        targets.forEach(t -> schemas.put(t.nodeId(), t.node().schema()));
        return new CommitRecord(commitId, Instant.now(), request.context().user(), request.operation(), result,
            schemas);
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
