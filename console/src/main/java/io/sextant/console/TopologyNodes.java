package io.sextant.console;

import io.sextant.datastore.ReadSnapshot;
import io.sextant.model.ControllerSchema;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;

/**
 * Device nodes of the {@code network-topology} tree in one datastore snapshot: every
 * {@code node} of every topology that carries a {@code connection-status} leaf (NETCONF and CLI
 * mounts both augment one in). Nodes of pure data topologies such as {@code uniconfig} have none.
 */
public final class TopologyNodes {
    private static final QName NETWORK_TOPOLOGY = QName.create(ControllerSchema.NETWORK_TOPOLOGY, "network-topology");
    private static final QName TOPOLOGY = QName.create(NETWORK_TOPOLOGY, "topology");
    private static final QName NODE = QName.create(NETWORK_TOPOLOGY, "node");
    private static final QName NODE_ID = QName.create(NETWORK_TOPOLOGY, "node-id");
    private static final String CONNECTION_STATUS = "connection-status";
    private static final String CONNECTED = "connected";
    private static final YangInstanceIdentifier TOPOLOGIES = YangInstanceIdentifier.of(NETWORK_TOPOLOGY, TOPOLOGY);

    private TopologyNodes() {
    }

    /** A device node: its id and its connection status. */
    public record DeviceNode(String nodeId, String connectionStatus) {
        public boolean connected() {
            return CONNECTED.equals(connectionStatus);
        }
    }

    /** The device nodes of an operational snapshot. */
    public static List<DeviceNode> devices(final ReadSnapshot operational) {
        return allNodes(operational)
            .flatMap(node -> connectionStatus(node).map(status -> new DeviceNode(nodeId(node), status)).stream())
            .toList();
    }

    /** Ids of every node in every topology of a snapshot, sorted, without duplicates. */
    public static List<String> nodeIds(final ReadSnapshot snapshot) {
        return allNodes(snapshot).map(TopologyNodes::nodeId).distinct().sorted().toList();
    }

    private static Stream<MapEntryNode> allNodes(final ReadSnapshot snapshot) {
        return snapshot.read(TOPOLOGIES).stream()
            .filter(MapNode.class::isInstance).map(MapNode.class::cast)
            .flatMap(topologies -> topologies.body().stream())
            .flatMap(topology -> topology.findChildByArg(new NodeIdentifier(NODE)).stream())
            .filter(MapNode.class::isInstance).map(MapNode.class::cast)
            .flatMap(nodes -> nodes.body().stream());
    }

    private static String nodeId(final MapEntryNode node) {
        return String.valueOf(node.name().getValue(NODE_ID));
    }

    private static Optional<String> connectionStatus(final MapEntryNode node) {
        for (DataContainerChild child : node.body()) {
            if (child instanceof LeafNode<?> leaf && CONNECTION_STATUS.equals(leaf.name().getNodeType().getLocalName())) {
                return Optional.of(String.valueOf(leaf.body()));
            }
        }
        return Optional.empty();
    }
}
