package io.sextant.uniconfig;

import io.sextant.spi.OperationErrorsException;
import io.sextant.unified.UnifiedDevice;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Commits left pending for served nodes, settled when this instance connects their devices: those
 * another controller instance left when it died, and those of this instance that could not roll
 * every device back.
 */
final class OrphanedCommits {
    private static final Logger LOG = LoggerFactory.getLogger(OrphanedCommits.class);

    private final UniconfigStore store;
    private final InterruptedCommits interrupted;
    private final NodeStatusWriter status;
    private final Executor executor;

    OrphanedCommits(final UniconfigStore store, final InterruptedCommits interrupted, final NodeStatusWriter status,
            final Executor executor) {
        this.store = store;
        this.interrupted = interrupted;
        this.status = status;
        this.executor = executor;
    }

    /**
     * A served node whose device this instance connects now (or reaches again): the commits of it
     * that another instance left pending when it died, and one of this instance that could not
     * roll the device back ({@link InterruptedCommits#notRolledBack}), are settled under the node's
     * lock, as an interrupted commit is at a start ({@link InterruptedCommits#recover}): the device
     * is brought to the node's kept configuration, for another instance's commit read afresh from
     * the database first. Nothing is read from a device without such a commit. Never fails: a commit
     * that cannot be settled now stays pending and is tried again when the device connects again.
     */
    CompletionStage<Void> settle(final UniconfigNode node, final UnifiedDevice device) {
        return settle(node.nodeId(), () -> node, device);
    }

    /**
     * {@link #settle(UniconfigNode, UnifiedDevice)} of a node served before it is built: {@code built}
     * builds it (on the layer's executor), only when there is a commit to settle.
     */
    CompletionStage<Void> settle(final String nodeId, final Supplier<@Nullable UniconfigNode> built,
            final UnifiedDevice device) {
        List<UniconfigStore.Interrupted> orphaned;
        try {
            orphaned = store.orphanedCommitsOf(nodeId);
        } catch (OperationErrorsException e) {
            LOG.warn("The commits other controller instances left pending for node {} cannot be read now; they are "
                + "read again when its device connects again: {}", nodeId, e.getMessage());
            orphaned = List.of();
        }
        if (orphaned.isEmpty() && !interrupted.inDoubt(nodeId)) {
            return CompletableFuture.completedFuture(null);
        }
        final List<UniconfigStore.Interrupted> left = orphaned;
        return CompletableFuture.supplyAsync(built, executor).thenCompose(node -> node == null
            ? CompletableFuture.<Void>completedFuture(null) : settle(node, device, left));
    }

    private CompletionStage<Void> settle(final UniconfigNode node, final UnifiedDevice device,
            final List<UniconfigStore.Interrupted> left) {
        return node.lock().acquire().thenCompose(locked -> {
            if (!left.isEmpty()) {
                try {
                    // settled against what is kept now, read afresh (not only when a newer version is known)
                    if (store.takeKept(node.nodeId(), kept -> KeptVersions.take(node, kept))) {
                        status.publish(node);
                    }
                } catch (OperationErrorsException e) {
                    LOG.warn("Node {}: its kept configuration cannot be read now; the commits another controller "
                        + "instance left pending are settled when its device connects again: {}", node.nodeId(),
                        e.getMessage());
                    return CompletableFuture.<Void>completedFuture(null);
                }
                // one commit at a time is in doubt for a node: the others are settled at a later connection
                left.forEach(commit -> interrupted.adopt(commit, node.nodeId()));
            }
            return interrupted.inDoubt(node.nodeId()) ? interrupted.recover(node.nodeId(), node.actualRoot(),
                device, executor).thenAccept(outcome -> recovered(node, outcome))
                : CompletableFuture.<Void>completedFuture(null);
        }).handle((ok, failure) -> {
            node.lock().release();
            if (failure != null) {
                LOG.warn("Node {}: a commit left pending could not be settled", node.nodeId(), failure);
            }
            return null;
        });
    }

    /** A served node after {@link InterruptedCommits#recover}: it says what its device holds when that is not what it kept. */
    private void recovered(final UniconfigNode node, final InterruptedCommits.Outcome outcome) {
        final NormalizedNode held = outcome.held();
        if (held == null) {
            status.writeFailure(node.nodeId(), "In doubt after a commit left pending, " + outcome.problem()
                + "; tried again when the device reconnects");
            return;
        }
        if (outcome.problem() == null) {
            return;
        }
        try {
            final NodeUpdate update = node.synced(held);
            store.changed(update);
            update.apply();
            status.publish(node);
        } catch (OperationErrorsException e) {
            LOG.warn("Node {}: what its device holds after a commit left pending cannot be kept: {}",
                node.nodeId(), e.getMessage());
        }
        status.writeFailure(node.nodeId(), "After a commit left pending " + outcome.problem());
    }
}
