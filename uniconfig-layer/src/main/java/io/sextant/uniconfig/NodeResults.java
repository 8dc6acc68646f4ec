package io.sextant.uniconfig;

import io.sextant.persistence.LeaseHolder;
import io.sextant.spi.OperationErrorsException;
import io.sextant.uniconfig.NodeResult.ErrorKind;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.eclipse.jdt.annotation.Nullable;

/** What every per-node operation shares: a node's failures as its result, unknown nodes, nodes held elsewhere. */
final class NodeResults {
    private NodeResults() {
        // static only
    }

    /**
     * The one other controller instance that connects the devices of all of {@code nodeIds}, when
     * this one connects none of them; null otherwise (this instance does the work, or answers per
     * node why it cannot: nodes split between instances go through each holder separately). An
     * operation on devices fails with {@link io.sextant.spi.HeldElsewhere}'s error naming it.
     */
    static @Nullable LeaseHolder holderOfAll(final NodeRegistry registry, final List<String> nodeIds) {
        LeaseHolder holder = null;
        for (String nodeId : nodeIds) {
            if (registry.device(nodeId).isPresent()) {
                return null;
            }
            final LeaseHolder of;
            try {
                of = registry.store().heldElsewhere(nodeId).orElse(null);
            } catch (OperationErrorsException e) {
                return null;
            }
            if (of == null || holder != null && !holder.equals(of)) {
                return null;
            }
            holder = of;
        }
        return holder;
    }

    /** One node's share of an operation; whatever way it fails, the failure becomes the node's result. */
    static CompletableFuture<NodeResult> run(final UniconfigNode node,
            final Function<UniconfigNode, CompletionStage<NodeResult>> action) {
        CompletionStage<NodeResult> stage;
        try {
            stage = action.apply(node);
        } catch (RuntimeException e) {
            stage = CompletableFuture.failedFuture(e);
        }
        return stage.toCompletableFuture().exceptionally(e -> NodeResult.failed(node.nodeId(), e, node.schema()));
    }

    static NodeResult unknown(final String nodeId) {
        return NodeResult.failed(nodeId, ErrorKind.UNKNOWN_NODE, "Node " + nodeId + " is not in topology uniconfig "
            + "(it appears after its device is mounted and first synced)");
    }

    /** The failure of a node whose device is not connected. */
    static NodeFailure notConnected() {
        return new NodeFailure(ErrorKind.NO_CONNECTION, "Device is not connected");
    }
}
