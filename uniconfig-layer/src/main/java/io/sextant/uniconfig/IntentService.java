package io.sextant.uniconfig;

import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Edit;
import io.sextant.spi.IntentAccess;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads and writes of a node's intended configuration: inside a transaction (only it sees its
 * changes until it commits), or immediately (under the node's lock: kept durable, then applied,
 * then the node's status published).
 */
final class IntentService {
    private static final Logger LOG = LoggerFactory.getLogger(IntentService.class);
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

    /**
     * With other controller instances live on the store ({@link UniconfigStore#sharedWithOthers}):
     * those of {@code nodes} that another instance kept in a newer version first take it (their
     * versions read in one statement, then each taken under its lock), so that a read or a diff
     * right after a write through another instance sees that write. Alone, or when the versions
     * cannot be read, done at once: the read then serves what this instance holds.
     */
    CompletionStage<Void> fresh(final Collection<UniconfigNode> nodes) {
        final UniconfigStore store = registry.store();
        if (nodes.isEmpty() || !store.sharedWithOthers()) {
            return CompletableFuture.completedFuture(null);
        }
        final Set<String> newer;
        try {
            newer = store.keptNewer(nodes.stream().map(UniconfigNode::nodeId).toList());
        } catch (OperationErrorsException e) {
            LOG.debug("Read without checking the kept versions of {}: {}", nodes, e.getMessage());
            return CompletableFuture.completedFuture(null);
        }
        final List<CompletableFuture<Void>> taken = new ArrayList<>();
        for (UniconfigNode node : nodes) {
            if (newer.contains(node.nodeId())) {
                taken.add(locks.withLock(node, () -> {
                    registry.versions().takeNewer(List.of(node));
                    return CompletableFuture.<Void>completedFuture(null);
                }).toCompletableFuture());
            }
        }
        // a node whose lock stays busy is read as it is here
        return CompletableFuture.allOf(taken.toArray(CompletableFuture[]::new)).exceptionally(busy -> null);
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
