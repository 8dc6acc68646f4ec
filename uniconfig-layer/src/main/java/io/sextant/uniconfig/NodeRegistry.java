package io.sextant.uniconfig;

import io.sextant.datastore.OperationFailedException;
import io.sextant.uniconfig.NodeResult.ErrorKind;
import io.sextant.unified.UnifiedDevice;
import io.sextant.unified.UnifiedDevices;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.Function;
import org.eclipse.jdt.annotation.Nullable;

/**
 * The nodes of topology=uniconfig and the devices behind them: a node is created by the first
 * sync of its connected device (intent = actual), and its status (synced, changed, sync
 * failed) is published in the operational datastore.
 */
final class NodeRegistry {
    private final ConcurrentHashMap<String, UniconfigNode> nodes = new ConcurrentHashMap<>();
    private final UnifiedDevices devices;
    private final NodeStatusWriter status;
    private final Executor executor;

    NodeRegistry(final UnifiedDevices devices, final NodeStatusWriter status, final Executor executor) {
        this.devices = devices;
        this.status = status;
        this.executor = executor;
    }

    Optional<UniconfigNode> node(final String nodeId) {
        return Optional.ofNullable(nodes.get(nodeId));
    }

    Set<String> nodeIds() {
        return Set.copyOf(nodes.keySet());
    }

    /** The connected device of a node. */
    Optional<UnifiedDevice> device(final String nodeId) {
        return devices.device(nodeId);
    }

    /** Ids of every connected device. */
    List<String> connectedDevices() {
        return devices.devices().stream().map(UnifiedDevice::nodeId).toList();
    }

    /**
     * A device connected: on its first connection (or with new models), read it and create its
     * node (intent = actual). A failed read lists the node with its sync-error.
     */
    CompletionStage<Void> deviceConnected(final UnifiedDevice device) {
        final UniconfigNode existing = nodes.get(device.nodeId());
        if (existing != null && existing.schema().equals(device.schema())) {
            return CompletableFuture.completedFuture(null);
        }
        return device.readConfiguration().thenAcceptAsync(config -> {
            try {
                final UniconfigNode node = new UniconfigNode(device.nodeId(), device.schema(), config);
                // published before it is visible: a write to the new node publishes after this
                publish(node, true);
                nodes.put(device.nodeId(), node);
            } catch (OperationFailedException e) {
                throw new IllegalStateException("The configuration read from " + device.nodeId()
                    + " does not fit its schema: " + CommitCoordinator.describe(e, device.schema()), e);
            }
        }, executor).whenComplete((ok, error) -> {
            if (error != null) {
                status.writeFailure(device.nodeId(), CommitCoordinator.describe(error, device.schema()));
            }
        });
    }

    /**
     * Publish the node's status (changed when its intent differs from its actual
     * configuration, synced otherwise) when it differs from what was published. Call with the
     * node's lock held.
     */
    void publish(final UniconfigNode node) {
        publish(node, false);
    }

    /** The node was just read from its device: publish its status and time of sync. */
    void publishSynced(final UniconfigNode node) {
        publish(node, true);
    }

    private void publish(final UniconfigNode node, final boolean synced) {
        final NodeStatusWriter.Status now = node.hasChanges() ? NodeStatusWriter.Status.CHANGED
            : NodeStatusWriter.Status.SYNCED;
        if (synced || now != node.published()) {
            status.write(node.nodeId(), now, node.lastSync());
            node.published(now);
        }
    }

    /**
     * The nodes an operation that acts on changes targets: those requested, or (when none)
     * those the transaction changed, or without a transaction every node with changes.
     */
    List<String> changedTargets(final List<String> requested, final @Nullable IntentTransaction tx) {
        if (!requested.isEmpty()) {
            return List.copyOf(new LinkedHashSet<>(requested));
        }
        if (tx != null) {
            return tx.changedNodes();
        }
        return nodes.values().stream().filter(UniconfigNode::hasChanges).map(UniconfigNode::nodeId).sorted()
            .toList();
    }

    /** The nodes requested, or every node. */
    List<String> targets(final List<String> requested) {
        return requested.isEmpty() ? nodes.keySet().stream().sorted().toList()
            : List.copyOf(new LinkedHashSet<>(requested));
    }

    /** Run {@code action} on each target node in parallel; every failure becomes that node's result. */
    CompletionStage<OperationResult> forEachNode(final List<String> requested,
            final Function<UniconfigNode, CompletionStage<NodeResult>> action) {
        final List<CompletableFuture<NodeResult>> futures = new ArrayList<>();
        for (String id : targets(requested)) {
            final UniconfigNode node = nodes.get(id);
            futures.add(node == null ? CompletableFuture.completedFuture(unknown(id)) : perNode(node, action));
        }
        return CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new))
            .thenApply(ignored -> OperationResult.of(futures.stream().map(CompletableFuture::join).toList()));
    }

    /** One node's share of an operation; whatever way it fails, the failure becomes the node's result. */
    static CompletableFuture<NodeResult> perNode(final UniconfigNode node,
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
