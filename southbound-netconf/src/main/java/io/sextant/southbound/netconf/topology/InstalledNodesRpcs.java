package io.sextant.southbound.netconf.topology;

import io.sextant.datastore.DataStore;
import io.sextant.model.ControllerSchema;
import io.sextant.spi.Registration;
import io.sextant.spi.RequestContext;
import io.sextant.spi.RpcRegistry;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeWithValue;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/**
 * {@code connection-manager:get-installed-nodes} and {@code check-installed-nodes}, as
 * UniConfig's connection manager answers them: a node is installed while its mount request
 * (NETCONF or CLI) is in the configuration datastore, whether or not its device is connected;
 * the connection status is what this instance's operational datastore says.
 */
final class InstalledNodesRpcs {
    private static final QNameModule CM = ControllerSchema.CONNECTION_MANAGER;
    static final QName GET = QName.create(CM, "get-installed-nodes");
    static final QName CHECK = QName.create(CM, "check-installed-nodes");
    private static final QName TOPOLOGY_ID = QName.create(CM, "topology-id");
    private static final QName NODES = QName.create(CM, "nodes");
    private static final QName NODE_ID = QName.create(CM, "node-id");
    private static final QName CONNECTION_STATUS = QName.create(CM, "connection-status");
    private static final QName TARGET_NODES = QName.create(CM, "target-nodes");
    private static final QName NODE = QName.create(CM, "node");
    private static final QName INSTALLED = QName.create(CM, "installed-node");
    private static final QName NOT_INSTALLED = QName.create(CM, "not-installed-node");
    private static final QName OUTPUT = QName.create(CM, "output");
    private static final List<String> TOPOLOGIES = List.of(TopologyModel.TOPOLOGY_NETCONF,
        TopologyModel.TOPOLOGY_CLI);

    private final DataStore config;
    private final DataStore operational;

    InstalledNodesRpcs(final DataStore config, final DataStore operational) {
        this.config = config;
        this.operational = operational;
    }

    List<Registration> register(final RpcRegistry registry) {
        return List.of(registry.register(GET, this::get), registry.register(CHECK, this::check));
    }

    private CompletionStage<Optional<ContainerNode>> get(final ContainerNode input, final RequestContext context) {
        final List<String> topologies = input.childByArg(new NodeIdentifier(TOPOLOGY_ID)) instanceof LeafNode<?> leaf
            ? List.of(String.valueOf(leaf.body())) : TOPOLOGIES;
        final var list = ImmutableNodes.newUserMapBuilder().withNodeIdentifier(new NodeIdentifier(NODES));
        for (String topology : topologies) {
            final @Nullable MapNode status = nodes(operational, topology);
            for (String nodeId : ids(nodes(config, topology))) {
                final var entry = ImmutableNodes.newMapEntryBuilder()
                    .withNodeIdentifier(NodeIdentifierWithPredicates.of(NODES, NODE_ID, nodeId))
                    .withChild(ImmutableNodes.leafNode(NODE_ID, nodeId))
                    .withChild(ImmutableNodes.leafNode(TOPOLOGY_ID, topology));
                final @Nullable String connection = connectionStatus(status, topology, nodeId);
                if (connection != null) {
                    entry.withChild(ImmutableNodes.leafNode(CONNECTION_STATUS, connection));
                }
                list.withChild(entry.build());
            }
        }
        return answer(ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(OUTPUT))
            .withChild(list.build()).build());
    }

    private CompletionStage<Optional<ContainerNode>> check(final ContainerNode input, final RequestContext context) {
        final Set<String> requested = new TreeSet<>();
        if (input.childByArg(new NodeIdentifier(TARGET_NODES)) instanceof ContainerNode targets
                && targets.childByArg(new NodeIdentifier(NODE)) instanceof LeafSetNode<?> nodes) {
            nodes.body().forEach(node -> requested.add(String.valueOf(node.body())));
        }
        final Set<String> installed = new HashSet<>();
        for (String topology : TOPOLOGIES) {
            installed.addAll(ids(nodes(config, topology)));
        }
        final List<String> in = new ArrayList<>();
        final List<String> out = new ArrayList<>();
        requested.forEach(id -> (installed.contains(id) ? in : out).add(id));
        return answer(ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(OUTPUT))
            .withChild(leafList(INSTALLED, in)).withChild(leafList(NOT_INSTALLED, out)).build());
    }

    /** The topology's node list, or null when it has no node. */
    private static @Nullable MapNode nodes(final DataStore store, final String topology) {
        return store.snapshot().read(TopologyModel.topology(topology).node(TopologyModel.NODE))
            .orElse(null) instanceof MapNode map ? map : null;
    }

    private static List<String> ids(final @Nullable MapNode nodes) {
        return nodes == null ? List.of() : nodes.body().stream().map(entry -> String.valueOf(entry.name().getValue(
            TopologyModel.NODE_ID))).sorted().toList();
    }

    /** The node's connection-status in the topology's operational list, or null when it has none. */
    private static @Nullable String connectionStatus(final @Nullable MapNode status, final String topology,
            final String nodeId) {
        final QName leaf = QName.create(topology.equals(TopologyModel.TOPOLOGY_CLI) ? ControllerSchema.CLI_TOPOLOGY
            : ControllerSchema.NETCONF_NODE_TOPOLOGY, "connection-status");
        final MapEntryNode entry = status == null ? null : status.childByArg(TopologyModel.nodeKey(nodeId));
        final DataContainerChild value = entry == null ? null : entry.childByArg(new NodeIdentifier(leaf));
        return value == null ? null : String.valueOf(value.body());
    }

    private static LeafSetNode<String> leafList(final QName name, final List<String> values) {
        final var builder = ImmutableNodes.<String>newUserLeafSetBuilder().withNodeIdentifier(new NodeIdentifier(name));
        values.forEach(value -> builder.withChild(ImmutableNodes.leafSetEntry(new NodeWithValue<>(name, value))));
        return builder.build();
    }

    private static CompletionStage<Optional<ContainerNode>> answer(final ContainerNode output) {
        return CompletableFuture.completedFuture(Optional.of(output));
    }
}
