package io.sextant.uniconfig;

import io.sextant.metrics.CommitPhase;
import io.sextant.metrics.SextantMetrics;
import io.sextant.persistence.LeaseHolder;
import io.sextant.spi.HeldElsewhere;
import io.sextant.spi.IntentAccess;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.RequestContext;
import io.sextant.uniconfig.NodeResult.ErrorKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * commit and checked-commit: lock the target nodes, check transaction conflicts (and, for
 * checked-commit, that the devices still hold what was last synced), leave out unreachable nodes
 * when asked to, then let {@link CommitPush} change every device or none and keep the outcome.
 */
public final class CommitService {
    private final NodeRegistry registry;
    private final NodeLocks locks;
    private final IntentService intents;
    private final TransactionManager transactions;
    private final SyncService syncs;
    private final Executor executor;
    private final SextantMetrics metrics;
    private final PendingCommits pending;
    private final CommitPush push;

    CommitService(final NodeRegistry registry, final NodeLocks locks, final IntentService intents,
            final TransactionManager transactions, final SyncService syncs, final CommitPush push,
            final Executor executor, final SextantMetrics metrics, final PendingCommits pending) {
        this.registry = registry;
        this.locks = locks;
        this.intents = intents;
        this.transactions = transactions;
        this.syncs = syncs;
        this.push = push;
        this.executor = executor;
        this.metrics = metrics;
        this.pending = pending;
    }

    public CompletionStage<OperationResult> commit(final List<String> requested, final RequestContext context) {
        return commit(requested, new CommitRequest(context, false, false, null));
    }

    /**
     * A commit with options: skipping unreachable nodes, behind a verification gate (module
     * sextant-gate). A gated commit is answered once every check held and the commit waits for
     * confirm-commit, or once it is kept or put back.
     */
    public CompletionStage<GatedResult> commit(final List<String> requested, final RequestContext context,
            final CommitOptions options) {
        return commit(requested, context, options, false);
    }

    /**
     * checked-commit with options: the devices are first checked to hold what was last synced,
     * then committed as {@link #commit(List, RequestContext, CommitOptions)} commits them.
     */
    public CompletionStage<GatedResult> checkedCommit(final List<String> requested, final RequestContext context,
            final CommitOptions options) {
        return commit(requested, context, options, true);
    }

    private CompletionStage<GatedResult> commit(final List<String> requested, final RequestContext context,
            final CommitOptions options, final boolean checked) {
        if (!options.gate().gated()) {
            return commit(requested, new CommitRequest(context, checked, options.skipUnreachable(), null))
                .thenApply(result -> new GatedResult(result, null));
        }
        final GateRequest gate = new GateRequest(options.gate());
        commit(requested, new CommitRequest(context, checked, options.skipUnreachable(), gate))
            .whenComplete((result, failure) -> {
                if (failure != null) {
                    gate.failed(failure);
                } else {
                    gate.finished(result);
                }
            });
        return gate.answer();
    }

    /** A commit behind a verification gate; without gate options, a plain commit. */
    public CompletionStage<GatedResult> gatedCommit(final List<String> requested, final RequestContext context,
            final GateOptions options) {
        return commit(requested, context, new CommitOptions(false, options));
    }

    /**
     * confirm-commit ({@code confirm} true) or cancel-commit of a gated commit waiting for
     * confirmation: by the user who made it, or by one {@code access} lets make the decision's
     * change on every node of the commit (403 access-denied otherwise, and the commit still waits).
     * A gated commit that another controller instance runs is decided there: the request gets
     * {@link HeldElsewhere}'s error naming that instance, which a transport that reaches it sends on.
     */
    public CompletionStage<GatedResult> decide(final String commitId, final boolean confirm,
            final RequestContext context, final IntentAccess access) {
        if (!pending.waits(commitId)) {
            final Optional<LeaseHolder> runner;
            try {
                runner = registry.store().commitRunElsewhere(commitId);
            } catch (OperationErrorsException e) {
                return CompletableFuture.failedFuture(e);
            }
            if (runner.isPresent()) {
                return CompletableFuture.failedFuture(HeldElsewhere.ofCommit(commitId, runner.get().instanceId(),
                    runner.get().address()));
            }
        }
        return pending.decide(commitId, confirm, context, access);
    }

    public CompletionStage<OperationResult> checkedCommit(final List<String> requested,
            final RequestContext context) {
        return commit(requested, new CommitRequest(context, true, false, null));
    }

    private CompletionStage<OperationResult> commit(final List<String> requested, final CommitRequest request) {
        final long started = System.nanoTime();
        return transactions.run(request.context(), tx -> {
            final List<String> ids = registry.changedTargets(requested, tx);
            final List<UniconfigNode> nodes = new ArrayList<>();
            final List<NodeResult> unknown = new ArrayList<>();
            for (String id : ids) {
                registry.node(id).ifPresentOrElse(nodes::add, () -> unknown.add(NodeResults.unknown(id)));
            }
            if (!unknown.isEmpty()) {
                return done(OperationResult.failed("Unknown node(s): nothing was committed", unknown));
            }
            if (tx == null && !requested.isEmpty()) {
                final LeaseHolder holder = NodeResults.holderOfAll(registry, ids);
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
                    result = commitLocked(held.nodes(), tx, request);
                } catch (RuntimeException e) {
                    result = CompletableFuture.failedFuture(e);
                }
                return result.whenComplete((ok, error) -> held.close());
            }).thenCompose(stage -> stage);
        }).whenComplete((result, failure) -> metrics.commitFinished(request.operation(),
            failure != null ? "error" : result.ok() ? "ok" : "failed", System.nanoTime() - started));
    }

    private CompletionStage<OperationResult> commitLocked(final List<UniconfigNode> locked,
            final @Nullable IntentTransaction tx, final CommitRequest request) {
        final long preparing = System.nanoTime();
        if (tx == null) {
            // a change just kept through another instance is committed, not refused at the keep
            registry.versions().takeKeptNewer(locked);
        }
        final List<CommitTarget> targets = new ArrayList<>();
        final List<NodeResult> conflicts = new ArrayList<>();
        final List<NodeResult> skipped = new ArrayList<>();
        for (UniconfigNode node : locked) {
            if (tx != null && tx.conflicted(node.nodeId())) {
                conflicts.add(NodeResult.failed(node.nodeId(), ErrorKind.CONFLICT, "The intended configuration of "
                    + node.nodeId() + " was changed and committed by another transaction after this transaction "
                    + "touched it; nothing was committed. Start a new transaction."));
                continue;
            }
            final NormalizedNode intended = intents.intended(node, tx);
            final ConfigDiff diff = Differ.diff(node.actualRoot(), intended);
            if (request.skipUnreachable() && !diff.isEmpty() && unreachable(node.nodeId())) {
                skipped.add(NodeResult.skipped(node.nodeId(), "Device is not connected: skipped; its intended "
                    + "configuration stays pending" + (tx != null ? " in the transaction" : "") + " for a later commit"));
                continue;
            }
            targets.add(new CommitTarget(node, intended, diff));
        }
        if (!conflicts.isEmpty()) {
            return done(OperationResult.failed("Conflict with another transaction: nothing was committed", conflicts));
        }
        if (targets.isEmpty() && !skipped.isEmpty()) {
            return done(OperationResult.of(skipped));
        }
        if (!request.checked()) {
            return push.push(targets, tx, request, preparing)
                .thenApply(result -> CommitResults.withSkipped(result, skipped));
        }
        return checkInSync(targets).thenComposeAsync(refused -> refused != null ? done(refused)
            : push.push(targets, tx, request, preparing), executor)
            .thenApply(result -> CommitResults.withSkipped(result, skipped));
    }

    /**
     * Whether the node's device is connected nowhere: not here, nor through another controller
     * instance (a node another instance holds is not skipped; its commit fails naming that instance).
     */
    private boolean unreachable(final String nodeId) {
        if (registry.device(nodeId).isPresent()) {
            return false;
        }
        try {
            return registry.store().heldElsewhere(nodeId).isEmpty();
        } catch (OperationErrorsException e) {
            // who holds it cannot be told now: not skipped, so the commit says why it cannot go on
            return false;
        }
    }

    /** For checked-commit: every target device must still hold what the node last synced; null when they do. */
    private CompletionStage<@Nullable OperationResult> checkInSync(final List<CommitTarget> targets) {
        final List<CompletableFuture<NodeResult>> reads = new ArrayList<>();
        for (CommitTarget target : targets) {
            reads.add(NodeResults.run(target.node(), syncs::compare));
        }
        return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).thenApply(ignored -> {
            final List<NodeResult> results = new ArrayList<>();
            final List<Integer> changed = new ArrayList<>();
            for (int i = 0; i < reads.size(); i++) {
                final NodeResult read = reads.get(i).join();
                // a leaf at its default on one side only, or an empty container, is no change (as for drift)
                changed.add(read.ok() ? DataChanges.of(read.diff(), targets.get(i).node().schema()).size() : 0);
                results.add(read);
            }
            if (results.stream().allMatch(NodeResult::ok) && changed.stream().allMatch(count -> count == 0)) {
                return null;
            }
            final List<NodeResult> answers = new ArrayList<>();
            for (int i = 0; i < results.size(); i++) {
                final NodeResult read = results.get(i);
                answers.add(!read.ok() ? read : changed.get(i) == 0 ? NodeResult.ok(read.nodeId())
                    : NodeResult.failed(read.nodeId(), ErrorKind.OUT_OF_SYNC, "The device's configuration differs "
                        + "from the one last synced (" + changed.get(i) + " change(s))"));
            }
            return OperationResult.failed("A target device changed outside the controller since the last sync: "
                + "nothing was committed (sync-from-network picks the change up)", answers);
        });
    }

    private static CompletionStage<OperationResult> done(final OperationResult result) {
        return CompletableFuture.completedFuture(result);
    }
}
