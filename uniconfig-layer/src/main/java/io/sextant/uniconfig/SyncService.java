package io.sextant.uniconfig;

import io.sextant.persistence.LeaseHolder;
import io.sextant.spi.HeldElsewhere;
import io.sextant.spi.IntentAccess;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.RequestContext;
import io.sextant.uniconfig.NodeResult.ErrorKind;
import io.sextant.unified.UnifiedDevice;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * The operations between a node and its device: sync-from-network (the device's
 * configuration becomes the actual one), compare-config and is-in-sync (what changed on the
 * device behind the controller's back), and replace-config-with-operational (intent := actual).
 */
public final class SyncService {
    private final NodeRegistry registry;
    private final IntentService intents;
    private final TransactionManager transactions;
    private final Executor executor;

    SyncService(final NodeRegistry registry, final IntentService intents, final TransactionManager transactions,
            final Executor executor) {
        this.registry = registry;
        this.intents = intents;
        this.transactions = transactions;
        this.executor = executor;
    }

    public CompletionStage<OperationResult> syncFromNetwork(final List<String> requested,
            final RequestContext context) {
        final CompletionStage<OperationResult> elsewhere = elsewhere(requested);
        if (elsewhere != null) {
            return elsewhere;
        }
        // a connected device whose first sync has not happened (or failed) gets its node now
        final List<CompletableFuture<Void>> firstSyncs = new ArrayList<>();
        final Collection<String> wanted = requested.isEmpty() ? registry.connectedDevices() : requested;
        for (String id : wanted) {
            if (registry.node(id).isEmpty()) {
                registry.device(id).ifPresent(device -> firstSyncs.add(registry.deviceConnected(device)
                    .toCompletableFuture().exceptionally(e -> null)));
            }
        }
        return CompletableFuture.allOf(firstSyncs.toArray(CompletableFuture[]::new))
            .thenCompose(ignored -> registry.forEachNode(requested, this::sync));
    }

    private CompletionStage<NodeResult> sync(final UniconfigNode node) {
        return read(node).thenApplyAsync(config -> {
            if (!node.lock().tryAcquire()) {
                return NodeResult.failed(node.nodeId(), ErrorKind.CONFLICT, "node is being committed");
            }
            if (node.retired()) {
                node.lock().release();
                return NodeResult.failed(node.nodeId(), ErrorKind.CONFLICT, Objects.requireNonNullElse(
                    node.replaced().getMessage(), "node replaced"));
            }
            try {
                final NodeUpdate update = node.synced(config);
                registry.versions().keep(update);
                update.apply();
                registry.status().publishSynced(node);
                return NodeResult.ok(node.nodeId());
            } catch (OperationErrorsException e) {
                return NodeResult.failedProcessing(node.nodeId(), e, node.schema());
            } finally {
                node.lock().release();
            }
        }, executor);
    }

    public CompletionStage<OperationResult> isInSync(final List<String> requested, final RequestContext context) {
        final CompletionStage<OperationResult> elsewhere = elsewhere(requested);
        // a leaf at its default on one side only, or an empty container, is the same configuration (as for drift)
        return elsewhere != null ? elsewhere : registry.forEachNode(requested, node -> compare(node).thenApply(r -> r.ok()
            ? NodeResult.ok(node.nodeId()).withInSync(DataChanges.of(r.diff(), node.schema()).isEmpty()) : r));
    }

    public CompletionStage<OperationResult> compareConfig(final List<String> requested,
            final RequestContext context) {
        final CompletionStage<OperationResult> elsewhere = elsewhere(requested);
        return elsewhere != null ? elsewhere : registry.forEachNode(requested, this::compare);
    }

    /**
     * The failure naming the other controller instance that connects all of the requested nodes'
     * devices when this one connects none (a transport sends the request on to it); null when this
     * instance reads the devices (or answers per node why it cannot).
     */
    private @Nullable CompletionStage<OperationResult> elsewhere(final List<String> requested) {
        if (requested.isEmpty()) {
            return null;
        }
        final List<String> ids = List.copyOf(new LinkedHashSet<>(requested));
        final LeaseHolder holder = NodeResults.holderOfAll(registry, ids);
        return holder == null ? null : CompletableFuture.failedFuture(HeldElsewhere.of(ids, holder.instanceId(),
            holder.address()));
    }

    /** The device's configuration now versus the one last synced: the changes made behind our back. */
    CompletionStage<NodeResult> compare(final UniconfigNode node) {
        return read(node).thenApply(config -> NodeResult.ok(node.nodeId())
            .withDiff(Differ.diff(node.actualRoot(), Sharing.rebase(node.actualRoot(), config))));
    }

    private CompletionStage<NormalizedNode> read(final UniconfigNode node) {
        final Optional<UnifiedDevice> device = registry.device(node.nodeId());
        if (device.isEmpty()) {
            return CompletableFuture.failedFuture(NodeResults.notConnected());
        }
        return device.orElseThrow().readConfiguration().thenApply(NormalizedNode.class::cast);
    }

    /**
     * Each requested node's intent := its actual configuration. A node's change {@code access}
     * does not permit fails the whole request ({@code access-denied}) before any node is changed
     * (and is checked again under the node's lock).
     */
    public CompletionStage<OperationResult> replaceConfigWithOperational(final List<String> requested,
            final RequestContext context, final IntentAccess access) {
        return transactions.run(context, tx -> {
            try {
                for (String id : registry.targets(requested)) {
                    final Optional<UniconfigNode> node = registry.node(id);
                    if (node.isPresent()) {
                        IntentService.check(access, node.orElseThrow(), intents.intended(node.orElseThrow(), tx),
                            node.orElseThrow().actualRoot());
                    }
                }
            } catch (OperationErrorsException e) {
                return CompletableFuture.failedFuture(e);
            }
            return registry.forEachNode(requested, node -> intents.resetToActual(node, tx, access).handle(
                (ok, failure) -> failure == null ? NodeResult.ok(node.nodeId())
                    : NodeResult.failedProcessing(node.nodeId(), failure, node.schema())));
        });
    }
}
