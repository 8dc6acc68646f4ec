package io.sextant.uniconfig;

import io.sextant.datastore.Failures;
import io.sextant.spi.Edit;
import io.sextant.spi.IntentAccess;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.RequestContext;
import io.sextant.uniconfig.NodeResult.ErrorKind;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * Edits computed per node by an operation (apply-template, copy) applied as one change: in the
 * request's transaction, or at once under all the nodes' locks, every node's change computed,
 * validated and checked against the user's access before any is kept; all nodes or none. A
 * change the user may not make fails the whole request ({@code access-denied}).
 */
final class NodeEdits {

    /** An operation's edits of each node, computed from the node's intent as {@code tx} sees it. */
    @FunctionalInterface
    interface Render {
        /**
         * Put each node's edits into {@code edits}.
         *
         * @return the nodes whose edits could not be computed, with why; empty when all could
         */
        List<NodeResult> render(@Nullable IntentTransaction tx, Map<UniconfigNode, List<Edit>> edits);
    }

    private final NodeRegistry registry;
    private final NodeLocks locks;
    private final TransactionManager transactions;

    NodeEdits(final NodeRegistry registry, final NodeLocks locks, final TransactionManager transactions) {
        this.registry = registry;
        this.locks = locks;
        this.transactions = transactions;
    }

    /**
     * Apply what {@code render} computes for {@code nodes}, all or none.
     *
     * @param operation what the user asked, for messages ("the template", "the copy")
     * @param targets the node ids the request named, each answered
     */
    CompletionStage<OperationResult> apply(final String operation, final List<String> targets,
            final Collection<UniconfigNode> nodes, final RequestContext context, final IntentAccess access,
            final Render render) {
        return transactions.run(context, tx -> tx != null ? inTransaction(operation, targets, tx, access, render)
            : locks.acquire(nodes).handle((held, failure) -> {
                if (failure != null) {
                    return busy(targets, Failures.unwrap(failure));
                }
                try (held) {
                    return immediately(operation, targets, access, render);
                }
            }));
    }

    /** The nodes could not be locked (one stayed busy, or was replaced): nothing applied. */
    private static OperationResult busy(final List<String> targets, final Throwable failure) {
        if (!(failure instanceof NodeFailure node)) {
            throw new CompletionException(failure);
        }
        final String message = String.valueOf(node.getMessage());
        return OperationResult.failed("Nothing applied: " + message, targets.stream().map(t -> NodeResult.failed(
            t, node.kind(), message)).toList());
    }

    private CompletionStage<OperationResult> inTransaction(final String operation, final List<String> targets,
            final IntentTransaction tx, final IntentAccess access, final Render render) {
        final Map<UniconfigNode, List<Edit>> edits = new LinkedHashMap<>();
        final List<NodeResult> failures = render.render(tx, edits);
        if (!failures.isEmpty()) {
            return done(notApplied(operation, targets, failures));
        }
        try {
            tx.editAll(edits, access);
        } catch (IntentTransaction.EditsRefused e) {
            if (denied(e.errors())) {
                return CompletableFuture.failedFuture(e.errors());
            }
            return done(notApplied(operation, targets, List.of(refused(e.nodeId(), e.errors(),
                registry.node(e.nodeId()).map(UniconfigNode::schema).orElse(null)))));
        }
        return done(applied(targets));
    }

    /** Under the nodes' locks: every node's change is computed and validated before any is kept and applied. */
    private OperationResult immediately(final String operation, final List<String> targets,
            final IntentAccess access, final Render render) {
        final Map<UniconfigNode, List<Edit>> edits = new LinkedHashMap<>();
        final List<NodeResult> failures = render.render(null, edits);
        if (!failures.isEmpty()) {
            return notApplied(operation, targets, failures);
        }
        final List<Computed> updates = new ArrayList<>();
        for (Map.Entry<UniconfigNode, List<Edit>> entry : edits.entrySet()) {
            final KeptVersions.Change change = () -> IntentService.checked(access, entry.getKey().editIntent(
                entry.getValue()));
            try {
                updates.add(new Computed(change.compute(), change));
            } catch (OperationErrorsException e) {
                if (denied(e)) {
                    throw new CompletionException(e);
                }
                return notApplied(operation, targets, List.of(refused(entry.getKey().nodeId(), e,
                    entry.getKey().schema())));
            }
        }
        try {
            // all kept in one database transaction, or none; made again on what another controller
            // instance kept, when that is newer
            registry.versions().applyAll(updates.stream().map(Computed::update).toList(),
                updates.stream().map(Computed::change).toList());
        } catch (OperationErrorsException e) {
            if (denied(e)) {
                throw new CompletionException(e);
            }
            final String why = CommitCoordinator.describe(e, updates.get(0).update().node().schema());
            return OperationResult.failed(operation + " was not applied: the nodes' changes could not be kept (" + why
                + "); no node was changed", targets.stream().map(id -> NodeResult.failed(id,
                    ErrorKind.PROCESSING_ERROR, "Not changed: " + why)).toList());
        }
        return applied(targets);
    }

    /** A node's change, and how to compute it again (on a newer version kept elsewhere). */
    private record Computed(NodeUpdate update, KeptVersions.Change change) {
    }

    /** Whether the user may not make the change: the whole request answers so. */
    private static boolean denied(final OperationErrorsException errors) {
        return errors.errors().stream().anyMatch(error -> error.tag().equals(ErrorTag.ACCESS_DENIED));
    }

    private static NodeResult refused(final String nodeId, final OperationErrorsException errors,
            final @Nullable EffectiveModelContext schema) {
        return NodeResult.failed(nodeId, ErrorKind.PROCESSING_ERROR, "The node's schema refuses the result: "
            + CommitCoordinator.describe(errors, schema));
    }

    private static OperationResult applied(final List<String> targets) {
        return OperationResult.of(targets.stream().map(NodeResult::ok).toList());
    }

    /** Nothing was applied: the failures, and every other node said not to have been changed. */
    static OperationResult notApplied(final String operation, final List<String> targets,
            final List<NodeResult> failures) {
        final List<String> failed = failures.stream().map(NodeResult::nodeId).toList();
        final List<NodeResult> results = new ArrayList<>(failures);
        for (String target : targets) {
            if (!failed.contains(target)) {
                results.add(NodeResult.failed(target, ErrorKind.PROCESSING_ERROR, "Not applied: " + operation
                    + " failed on " + String.join(", ", failed)));
            }
        }
        final NodeResult first = failures.get(0);
        return OperationResult.failed("Nothing applied: " + first.nodeId() + ": " + first.error()
            .map(NodeResult.NodeError::message).orElse("failed"), results);
    }

    private static CompletionStage<OperationResult> done(final OperationResult result) {
        return CompletableFuture.completedFuture(result);
    }
}
