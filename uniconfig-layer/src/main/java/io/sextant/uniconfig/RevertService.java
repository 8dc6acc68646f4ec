package io.sextant.uniconfig;

import io.sextant.spi.Edit;
import io.sextant.spi.IntentAccess;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.RequestContext;
import io.sextant.uniconfig.NodeResult.ErrorKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * revert-changes: the inverse of chosen commits' diffs (from the nodes' {@link NodeHistory})
 * becomes a change of the nodes' intended configuration, in the caller's transaction or at once
 * under the nodes' locks; calculate-diff, dry-run and commit then work as for any change. A
 * revert whose changes no longer match what the nodes hold (later changes touched the same data)
 * is refused whole, unless the caller asks to skip what does not match.
 */
public final class RevertService {
    private final NodeRegistry registry;
    private final NodeLocks locks;
    private final TransactionManager transactions;
    private final NodeHistory history;
    private final CommitOutcomes log;

    /** What the transaction log shows of a commit, or null when it does not show it. */
    @FunctionalInterface
    interface CommitOutcomes {
        OperationalTransactionLog.@Nullable Shown shown(String commitId);
    }

    /** One node to revert. */
    private record Target(UniconfigNode node, List<NodeHistory.Change> changes) {
    }

    RevertService(final NodeRegistry registry, final NodeLocks locks, final TransactionManager transactions,
            final NodeHistory history, final CommitOutcomes log) {
        this.registry = registry;
        this.locks = locks;
        this.transactions = transactions;
        this.history = history;
        this.log = log;
    }

    /**
     * Revert {@code commitIds} on {@code requested} nodes (empty: every node they changed).
     *
     * @param ignoreNonMatching leave what later changes touched as it is, instead of refusing
     * @param access what the user may change: a node's revert it does not permit fails the whole
     *     request ({@code access-denied}) with nothing reverted
     */
    public CompletionStage<Reverted> revert(final List<String> commitIds, final boolean ignoreNonMatching,
            final List<String> requested, final RequestContext context, final IntentAccess access) {
        if (commitIds.isEmpty()) {
            return done(failed("Name at least one transaction-id of uniconfig-manager:transaction-log to revert"));
        }
        final Map<String, List<NodeHistory.Change>> byNode = new LinkedHashMap<>();
        try {
            for (String commitId : commitIds) {
                final List<NodeHistory.Change> changes = history.changesOf(commitId);
                if (changes.isEmpty()) {
                    return done(failed(notKept(commitId)));
                }
                changes.forEach(c -> byNode.computeIfAbsent(c.nodeId(), id -> new ArrayList<>()).add(c));
            }
        } catch (OperationErrorsException e) {
            return CompletableFuture.failedFuture(e);
        }
        final List<Target> targets = new ArrayList<>();
        final List<NodeResult> refused = new ArrayList<>();
        for (String nodeId : requested.isEmpty() ? List.copyOf(byNode.keySet()) : requested) {
            final Optional<UniconfigNode> node = registry.node(nodeId);
            final List<NodeHistory.Change> changes = byNode.getOrDefault(nodeId, List.of());
            if (node.isEmpty()) {
                refused.add(NodeResults.unknown(nodeId));
            } else if (changes.isEmpty()) {
                refused.add(NodeResult.failed(nodeId, ErrorKind.PROCESSING_ERROR, "None of transactions "
                    + commitIds + " changed node " + nodeId));
            } else if (changes.stream().anyMatch(c -> !c.schemaKey().equals(node.orElseThrow().schemaKey()))) {
                refused.add(NodeResult.failed(nodeId, ErrorKind.CONFLICT, "The device's models changed since the "
                    + "transaction was committed: its changes cannot be taken back on node " + nodeId));
            } else {
                final List<NodeHistory.Change> newestFirst = new ArrayList<>(changes);
                newestFirst.sort(Comparator.comparingLong(NodeHistory.Change::seq).reversed());
                targets.add(new Target(node.orElseThrow(), newestFirst));
            }
        }
        if (!refused.isEmpty()) {
            return done(new Reverted(OperationResult.failed("Nothing was reverted: "
                + refused.get(0).error().orElseThrow().message(), refused), Map.of()));
        }
        return transactions.run(context, tx -> {
            if (tx != null) {
                return attempt(() -> revertLocked(targets, ignoreNonMatching, tx, access));
            }
            final List<UniconfigNode> nodes = targets.stream().map(Target::node).toList();
            return locks.acquire(nodes).thenCompose(held -> {
                try {
                    // a copy another instance's later change made stale (not followed yet) takes what it kept,
                    // so the inverse is made on it (as a commit diffs what was kept last)
                    registry.versions().takeKeptNewer(nodes);
                    return attempt(() -> revertLocked(targets, ignoreNonMatching, null, access));
                } finally {
                    held.close();
                }
            });
        });
    }

    /** A revert whose refusal by the access rules fails the request. */
    @FunctionalInterface
    private interface Attempt {
        Reverted run() throws OperationErrorsException;
    }

    private static CompletionStage<Reverted> attempt(final Attempt attempt) {
        try {
            return done(attempt.run());
        } catch (OperationErrorsException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * Compute every node's inverse; refuse, or change every node.
     *
     * @throws OperationErrorsException access-denied: the user may not make one node's change (none was made)
     */
    private Reverted revertLocked(final List<Target> targets, final boolean ignoreNonMatching,
            final @Nullable IntentTransaction tx, final IntentAccess access) throws OperationErrorsException {
        final List<Inverse> inverses = new ArrayList<>();
        final Map<String, List<String>> notMatching = new LinkedHashMap<>();
        for (Target target : targets) {
            final UniconfigNode node = target.node();
            final NormalizedNode intended = tx != null ? tx.intended(node) : node.intendedRoot();
            final Inverse inverse = Inverse.of(intended, target.changes());
            inverses.add(inverse);
            if (!inverse.notMatching().isEmpty()) {
                notMatching.put(node.nodeId(), inverse.notMatching().stream()
                    .map(path -> DiffNodes.apiPath(path, node.schema())).distinct().toList());
            }
        }
        if (!notMatching.isEmpty() && !ignoreNonMatching) {
            return Reverted.of(refusedForLaterChanges(targets, notMatching));
        }
        for (int i = 0; i < targets.size(); i++) {
            final UniconfigNode node = targets.get(i).node();
            IntentService.check(access, node, tx != null ? tx.intended(node) : node.intendedRoot(),
                inverses.get(i).configuration());
        }
        final List<NodeUpdate> updates = new ArrayList<>();
        try {
            for (int i = 0; i < targets.size(); i++) {
                final Target target = targets.get(i);
                final NormalizedNode inverse = inverses.get(i).configuration();
                if (tx != null) {
                    tx.edit(target.node(), List.of(Edit.replace(UniconfigNode.ROOT, inverse)));
                } else {
                    // every node's new intent validated before any is changed
                    updates.add(target.node().replaceIntent(inverse));
                }
            }
        } catch (OperationErrorsException e) {
            final String why = CommitCoordinator.describe(e, targets.get(0).node().schema());
            return Reverted.of(OperationResult.failed("Nothing was reverted: " + why, targets.stream()
                .map(t -> NodeResult.failed(t.node().nodeId(), ErrorKind.PROCESSING_ERROR, why)).toList()));
        }
        return new Reverted(tx != null ? OperationResult.of(targets.stream().map(t -> NodeResult.ok(
            t.node().nodeId())).toList()) : apply(updates), notMatching);
    }

    /** Immediately: every node's change kept in one database transaction, then applied; or none. */
    private OperationResult apply(final List<NodeUpdate> updates) throws OperationErrorsException {
        try {
            registry.versions().keepAll(updates);
        } catch (OperationErrorsException e) {
            final String why = "the nodes' changes could not be kept: " + CommitCoordinator.describe(e,
                updates.get(0).node().schema());
            return OperationResult.failed("Nothing was reverted: " + why, updates.stream().map(update ->
                NodeResult.failed(update.node().nodeId(), ErrorKind.PROCESSING_ERROR, "Not reverted: " + why))
                .toList());
        }
        final List<NodeResult> results = new ArrayList<>();
        for (NodeUpdate update : updates) {
            update.apply();
            registry.status().publish(update.node());
            results.add(NodeResult.ok(update.node().nodeId()));
        }
        return OperationResult.of(results);
    }

    private static OperationResult refusedForLaterChanges(final List<Target> targets,
            final Map<String, List<String>> notMatching) {
        final List<NodeResult> results = new ArrayList<>();
        String first = null;
        for (Target target : targets) {
            final String nodeId = target.node().nodeId();
            final List<String> paths = notMatching.get(nodeId);
            if (paths == null) {
                results.add(NodeResult.failed(nodeId, ErrorKind.PROCESSING_ERROR, "Not reverted: the revert was "
                    + "refused on another node"));
            } else {
                final String message = "Later changes touched the same data of node " + nodeId + " at "
                    + String.join(", ", paths) + ": nothing was reverted (ignore-non-matching skips those places)";
                results.add(NodeResult.failed(nodeId, ErrorKind.CONFLICT, message));
                if (first == null) {
                    first = message;
                }
            }
        }
        return OperationResult.failed(first == null ? "Nothing was reverted" : first, results);
    }

    /** Why commit {@code commitId}'s changes are not in the history, in the user's terms. */
    private String notKept(final String commitId) {
        final OperationalTransactionLog.Shown shown = log.shown(commitId);
        if (shown == null) {
            return "Transaction " + commitId + " is not in uniconfig-manager:transaction-log: nothing was reverted";
        }
        if (DriftRestore.OPERATION.equals(shown.operation())) {
            return "Transaction " + commitId + " put a device's configuration back to the node's (drift policy "
                + "restore) and changed no intended configuration: there is nothing to revert";
        }
        if (!shown.ok()) {
            return "Transaction " + commitId + " failed and changed no node: there is nothing to revert";
        }
        return "The changes of transaction " + commitId + " are not kept in the nodes' history (older than its "
            + "retention, sextant.history.retention, or committed before the history was kept): nothing was "
            + "reverted";
    }

    private static Reverted failed(final String message) {
        return Reverted.of(OperationResult.failed(message, List.of()));
    }

    private static <T> CompletionStage<T> done(final T value) {
        return CompletableFuture.completedFuture(value);
    }
}
