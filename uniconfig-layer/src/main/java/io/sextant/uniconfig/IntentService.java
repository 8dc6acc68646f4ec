package io.sextant.uniconfig;

import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Edit;
import io.sextant.spi.IntentAccess;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * Reads and writes of a node's intended configuration: inside a transaction (only it sees its
 * changes until it commits), or immediately (under the node's lock: kept durable, then applied,
 * then the node's status published).
 */
final class IntentService {
    /** A change of a node's intent made under its lock. */
    @FunctionalInterface
    private interface LockedChange<T> {
        T apply() throws OperationErrorsException;
    }

    private final NodeRegistry registry;
    private final NodeLocks locks;

    IntentService(final NodeRegistry registry, final NodeLocks locks) {
        this.registry = registry;
        this.locks = locks;
    }

    /** The node's intent as {@code tx} sees it (the committed intent without a transaction). */
    NormalizedNode intended(final UniconfigNode node, final @Nullable IntentTransaction tx) {
        return tx != null ? tx.intended(node) : node.intendedRoot();
    }

    /**
     * Apply {@code edits}, all or none.
     *
     * @return for each edit, whether its target did not exist before
     */
    CompletionStage<List<Boolean>> edit(final UniconfigNode node, final List<Edit> edits,
            final @Nullable IntentTransaction tx) {
        if (tx != null) {
            return now(() -> tx.edit(node, edits));
        }
        return locked(node, () -> node.editIntent(edits)).thenApply(NodeUpdate::created);
    }

    /**
     * Intent := {@code configuration} (a snapshot's, say), if {@code access} lets the user make
     * that change.
     */
    CompletionStage<Void> replace(final UniconfigNode node, final NormalizedNode configuration,
            final @Nullable IntentTransaction tx, final IntentAccess access) {
        if (tx != null) {
            return now(() -> {
                check(access, node, tx.intended(node), configuration);
                tx.edit(node, List.of(Edit.replace(UniconfigNode.ROOT, configuration)));
                return Boolean.TRUE;
            }).thenApply(edited -> null);
        }
        return locked(node, () -> checked(access, node.replaceIntent(configuration))).thenApply(update -> null);
    }

    /** Intent := the actual configuration, if {@code access} lets the user make that change. */
    CompletionStage<Void> resetToActual(final UniconfigNode node, final @Nullable IntentTransaction tx,
            final IntentAccess access) {
        if (tx != null) {
            return replace(node, node.actualRoot(), tx, access);
        }
        return locked(node, () -> checked(access, node.resetIntent())).thenApply(update -> null);
    }

    /**
     * Refuse the change of {@code node}'s intent from {@code before} to {@code after} unless
     * {@code access} permits all of it, as a write through the node's configuration would be.
     */
    static void check(final IntentAccess access, final UniconfigNode node, final NormalizedNode before,
            final NormalizedNode after) throws OperationErrorsException {
        access.check(new IntentAccess.Change(node.nodeId(), TopologyPaths.configuration(node.nodeId()),
            node.schema(), before, after));
    }

    /** {@code update}, once {@code access} permits its change of the intent. */
    static NodeUpdate checked(final IntentAccess access, final NodeUpdate update) throws OperationErrorsException {
        check(access, update.node(), update.intentBefore(), update.intentAfter());
        return update;
    }

    /**
     * Compute a change under the node's lock, keep it, apply it and publish the node's status
     * (computed again on what another controller instance kept, when that was newer:
     * {@link KeptVersions#apply(KeptVersions.Change)}).
     */
    private CompletionStage<NodeUpdate> locked(final UniconfigNode node, final KeptVersions.Change change) {
        return locks.withLock(node, () -> now(() -> registry.versions().apply(change)));
    }

    private static <T> CompletionStage<T> now(final LockedChange<T> change) {
        try {
            return CompletableFuture.completedFuture(change.apply());
        } catch (OperationErrorsException e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
