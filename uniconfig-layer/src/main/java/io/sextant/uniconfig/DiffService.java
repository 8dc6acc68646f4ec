package io.sextant.uniconfig;

import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.RequestContext;
import io.sextant.uniconfig.NodeResult.ErrorKind;
import io.sextant.unified.DeviceChange;
import io.sextant.unified.UnifiedDevice;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.eclipse.jdt.annotation.Nullable;

/** calculate-diff and dry-run-commit: what a commit would change, and what it would send. Nothing is locked or sent. */
public final class DiffService {
    private final NodeRegistry registry;
    private final IntentService intents;
    private final TransactionManager transactions;

    DiffService(final NodeRegistry registry, final IntentService intents, final TransactionManager transactions) {
        this.registry = registry;
        this.intents = intents;
        this.transactions = transactions;
    }

    public CompletionStage<OperationResult> calculateDiff(final List<String> requested, final RequestContext context) {
        return transactions.run(context, tx -> each(requested, tx, (node, diff) -> NodeResult.ok(node.nodeId())
            .withDiff(diff)));
    }

    public CompletionStage<OperationResult> dryRun(final List<String> requested, final RequestContext context) {
        return transactions.run(context, tx -> each(requested, tx, (node, diff) -> {
            final Optional<UnifiedDevice> device = registry.device(node.nodeId());
            if (device.isEmpty()) {
                return NodeResult.failed(node.nodeId(), ErrorKind.NO_CONNECTION, "Device is not connected");
            }
            try {
                final DeviceChange change = device.orElseThrow().prepare(diff);
                return NodeResult.ok(node.nodeId()).withDiff(diff).withPayload(device.orElseThrow().protocol(),
                    change.payload());
            } catch (OperationErrorsException e) {
                return NodeResult.failed(node.nodeId(), ErrorKind.PROCESSING_ERROR,
                    CommitCoordinator.describe(e, node.schema()));
            }
        }));
    }

    /** What an operation reports for one node and its diff. */
    @FunctionalInterface
    private interface PerNode {
        NodeResult apply(UniconfigNode node, ConfigDiff diff);
    }

    private CompletionStage<OperationResult> each(final List<String> requested, final @Nullable IntentTransaction tx,
            final PerNode action) {
        final List<String> targets = registry.changedTargets(requested, tx);
        final List<UniconfigNode> served = targets.stream().map(registry::node).flatMap(Optional::stream).toList();
        // outside a transaction, what was kept last (a write through another instance just before included)
        final CompletionStage<Void> fresh = tx != null ? CompletableFuture.completedFuture(null)
            : intents.fresh(served);
        return fresh.thenApply(ready -> {
            final List<NodeResult> results = new ArrayList<>();
            for (String nodeId : targets) {
                final Optional<UniconfigNode> node = registry.node(nodeId);
                results.add(node.isEmpty() ? NodeResults.unknown(nodeId) : apply(node.orElseThrow(), tx, action));
            }
            return OperationResult.of(results);
        });
    }

    private NodeResult apply(final UniconfigNode node, final @Nullable IntentTransaction tx, final PerNode action) {
        try {
            return action.apply(node, Differ.diff(node.actualRoot(), intents.intended(node, tx)));
        } catch (RuntimeException e) {
            return NodeResult.failed(node.nodeId(), e, node.schema());
        }
    }
}
