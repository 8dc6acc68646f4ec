package io.sextant.southbound.netconf.topology;

import io.sextant.datastore.DataStore;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Registration;
import io.sextant.datastore.WriteTransaction;
import io.sextant.spi.RequestContext;
import io.sextant.spi.RpcRegistry;
import io.sextant.model.ControllerSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeWithValue;
import org.opendaylight.yangtools.yang.data.api.schema.ChoiceNode;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/**
 * {@code connection-manager:install-multiple-nodes} and {@code uninstall-multiple-nodes}: many
 * mounts in one request, written to (or removed from) the configuration datastore in one
 * transaction. NETCONF nodes go to topology-netconf (checked like any mount request first, so a
 * bad node is reported without stopping the others); CLI nodes go to topology-cli as they are,
 * for the CLI southbound to pick up. The host-key leaves (sextant-host-keys) come along.
 */
final class ConnectionManagerRpcs {
    private static final QNameModule CM = ControllerSchema.CONNECTION_MANAGER;
    static final QName INSTALL = QName.create(CM, "install-multiple-nodes");
    static final QName UNINSTALL = QName.create(CM, "uninstall-multiple-nodes");
    private static final QName NODES = QName.create(CM, "nodes");
    private static final QName NODE_ID = QName.create(CM, "node-id");
    private static final QName DEVICE = QName.create(CM, "device");
    private static final QName NETCONF = QName.create(CM, "netconf");
    private static final QName CLI = QName.create(CM, "cli");
    private static final QName TOPOLOGY_ID = QName.create(CM, "topology-id");
    private static final QName OUTPUT = QName.create(CM, "output");
    private static final QName OVERALL_STATUS = QName.create(CM, "overall-status");
    private static final QName NODE_RESULTS = QName.create(CM, "node-results");
    private static final QName NODE_RESULT = QName.create(CM, "node-result");
    private static final QName STATUS = QName.create(CM, "status");
    private static final QName ERROR_MESSAGE = QName.create(CM, "error-message");

    private final DataStore config;

    ConnectionManagerRpcs(final DataStore config) {
        this.config = config;
    }

    List<Registration> register(final RpcRegistry registry) {
        return List.of(registry.register(INSTALL, this::install), registry.register(UNINSTALL, this::uninstall));
    }

    private CompletionStage<Optional<ContainerNode>> install(final ContainerNode input, final RequestContext context) {
        final Map<String, Optional<String>> results = new LinkedHashMap<>();
        try {
            config.update(tx -> {
                for (MapEntryNode node : entries(input)) {
                    final String nodeId = String.valueOf(node.name().getValue(NODE_ID));
                    try {
                        install(tx, nodeId, node);
                        results.put(nodeId, Optional.empty());
                    } catch (TopologyModel.InvalidNodeException e) {
                        results.put(nodeId, Optional.of(e.getMessage()));
                    }
                }
            });
        } catch (OperationErrorsException e) {
            final String failure = Objects.requireNonNullElse(e.getMessage(), "operation failed");
            results.replaceAll((id, error) -> Optional.of(error.orElse(failure)));
        }
        return CompletableFuture.completedFuture(Optional.of(output(results)));
    }

    private static void install(final WriteTransaction tx, final String nodeId, final MapEntryNode node)
            throws TopologyModel.InvalidNodeException, OperationErrorsException {
        if (!(node.childByArg(new NodeIdentifier(DEVICE)) instanceof ChoiceNode device)) {
            throw new TopologyModel.InvalidNodeException(DEVICE, "Node " + nodeId + " has neither netconf nor cli");
        }
        if (device.childByArg(new NodeIdentifier(NETCONF)) instanceof ContainerNode netconf) {
            final MapEntryNode entry = nodeEntry(nodeId, netconf, ControllerSchema.NETCONF_NODE_TOPOLOGY);
            TopologyModel.settings(entry);
            tx.put(TopologyModel.node(TopologyModel.TOPOLOGY_NETCONF, nodeId), entry);
        } else if (device.childByArg(new NodeIdentifier(CLI)) instanceof ContainerNode cli) {
            tx.put(TopologyModel.node(TopologyModel.TOPOLOGY_CLI, nodeId),
                nodeEntry(nodeId, cli, ControllerSchema.CLI_TOPOLOGY));
        } else {
            throw new TopologyModel.InvalidNodeException(DEVICE, "Node " + nodeId + " has neither netconf nor cli");
        }
    }

    /** A topology node entry holding the parameters of {@code parameters}, in {@code module}'s namespace. */
    private static MapEntryNode nodeEntry(final String nodeId, final ContainerNode parameters,
            final QNameModule module) {
        final var builder = ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(TopologyModel.nodeKey(nodeId))
            .withChild(ImmutableNodes.leafNode(TopologyModel.NODE_ID, nodeId));
        for (DataContainerChild child : parameters.body()) {
            builder.withChild(rebind(child, module));
        }
        return builder.build();
    }

    /** The same data with every node name moved to {@code module} (grouping content used in another module). */
    private static DataContainerChild rebind(final DataContainerChild child, final QNameModule module) {
        final NodeIdentifier id = new NodeIdentifier(child.name().getNodeType().bindTo(module).intern());
        if (child instanceof LeafNode<?> leaf) {
            return ImmutableNodes.leafNode(id, leaf.body());
        }
        if (child instanceof ChoiceNode choice) {
            final var builder = ImmutableNodes.newChoiceBuilder().withNodeIdentifier(id);
            choice.body().forEach(c -> builder.withChild(rebind(c, module)));
            return builder.build();
        }
        if (child instanceof ContainerNode container) {
            final var builder = ImmutableNodes.newContainerBuilder().withNodeIdentifier(id);
            container.body().forEach(c -> builder.withChild(rebind(c, module)));
            return builder.build();
        }
        if (child instanceof LeafSetNode<?> set) {
            // host-key: a leaf-list of strings
            final var builder = ImmutableNodes.<Object>newSystemLeafSetBuilder().withNodeIdentifier(id);
            for (LeafSetEntryNode<?> entry : set.body()) {
                builder.withChild(ImmutableNodes.leafSetEntry(new NodeWithValue<>(id.getNodeType(), entry.body())));
            }
            return builder.build();
        }
        if (child instanceof MapNode || child instanceof DataContainerNode) {
            throw new IllegalArgumentException("Unexpected list " + child.name() + " in node parameters");
        }
        return child;
    }

    private CompletionStage<Optional<ContainerNode>> uninstall(final ContainerNode input,
            final RequestContext context) {
        final Map<String, Optional<String>> results = new LinkedHashMap<>();
        try {
            config.update(tx -> {
                for (MapEntryNode node : entries(input)) {
                    final String nodeId = String.valueOf(node.name().getValue(NODE_ID));
                    final String topology = node.childByArg(new NodeIdentifier(TOPOLOGY_ID))
                        instanceof LeafNode<?> leaf ? leaf.body().toString() : TopologyModel.TOPOLOGY_NETCONF;
                    final var path = TopologyModel.node(topology, nodeId);
                    if (tx.read(path).isEmpty()) {
                        results.put(nodeId, Optional.of("Node " + nodeId + " is not installed in " + topology));
                    } else {
                        tx.remove(path);
                        results.put(nodeId, Optional.empty());
                    }
                }
            });
        } catch (OperationErrorsException e) {
            final String failure = Objects.requireNonNullElse(e.getMessage(), "operation failed");
            results.replaceAll((id, error) -> Optional.of(error.orElse(failure)));
        }
        return CompletableFuture.completedFuture(Optional.of(output(results)));
    }

    private static List<MapEntryNode> entries(final ContainerNode input) {
        return input.childByArg(new NodeIdentifier(NODES)) instanceof MapNode nodes ? List.copyOf(nodes.body())
            : List.of();
    }

    private static ContainerNode output(final Map<String, Optional<String>> results) {
        final var list = ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(new NodeIdentifier(NODE_RESULT));
        final List<String> failed = new ArrayList<>();
        results.forEach((nodeId, error) -> {
            final var entry = ImmutableNodes.newMapEntryBuilder()
                .withNodeIdentifier(NodeIdentifierWithPredicates.of(NODE_RESULT, NODE_ID, nodeId))
                .withChild(ImmutableNodes.leafNode(NODE_ID, nodeId))
                .withChild(ImmutableNodes.leafNode(STATUS, error.isEmpty() ? "complete" : "fail"));
            error.ifPresent(message -> {
                entry.withChild(ImmutableNodes.leafNode(ERROR_MESSAGE, message));
                failed.add(nodeId);
            });
            list.withChild(entry.build());
        });
        return ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(OUTPUT))
            .withChild(ImmutableNodes.leafNode(OVERALL_STATUS, failed.isEmpty() ? "complete" : "fail"))
            .withChild(ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(NODE_RESULTS))
                .withChild(list.build()).build())
            .build();
    }
}
