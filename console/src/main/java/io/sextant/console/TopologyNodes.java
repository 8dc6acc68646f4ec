package io.sextant.console;

import io.sextant.datastore.ReadSnapshot;
import io.sextant.model.ControllerSchema;
import io.sextant.spi.MountedNode;
import java.util.List;
import java.util.function.Predicate;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;

/** The {@code node}s of every {@code network-topology} topology in one datastore snapshot. */
public final class TopologyNodes {
    /** The topology of NETCONF nodes. */
    public static final String NETCONF = "topology-netconf";
    /** The topology of CLI nodes. */
    public static final String CLI = "topology-cli";
    /** The topology of UniConfig nodes (intent and actual configuration). */
    public static final String UNICONFIG = "uniconfig";
    private static final QName NETWORK_TOPOLOGY = QName.create(ControllerSchema.NETWORK_TOPOLOGY, "network-topology");
    private static final QName TOPOLOGY = QName.create(NETWORK_TOPOLOGY, "topology");
    private static final QName NODE = QName.create(NETWORK_TOPOLOGY, "node");
    private static final QName NODE_ID = QName.create(NETWORK_TOPOLOGY, "node-id");
    private static final QName TOPOLOGY_ID = QName.create(NETWORK_TOPOLOGY, "topology-id");
    private static final YangInstanceIdentifier TOPOLOGIES = YangInstanceIdentifier.of(NETWORK_TOPOLOGY, TOPOLOGY);

    private TopologyNodes() {
    }

    /**
     * Where a mounted node is in the configuration: its entry in {@code topology-netconf} or
     * {@code topology-cli}, as NACM rules name it.
     */
    public static YangInstanceIdentifier path(final MountedNode node) {
        return path("cli".equals(node.protocol()) ? CLI : NETCONF, node.nodeId());
    }

    /** The entry of node {@code nodeId} in topology {@code topologyId}. */
    public static YangInstanceIdentifier path(final String topologyId, final String nodeId) {
        return YangInstanceIdentifier.builder().node(NETWORK_TOPOLOGY).node(TOPOLOGY)
            .nodeWithKey(TOPOLOGY, TOPOLOGY_ID, topologyId).node(NODE).nodeWithKey(NODE, NODE_ID, nodeId)
            .build();
    }

    /** Ids of every node in every topology, sorted, without duplicates. */
    public static List<String> nodeIds(final ReadSnapshot snapshot) {
        return nodeIds(snapshot, entry -> true);
    }

    /** Ids of the nodes whose entry (in any topology) {@code shown} accepts, sorted, without duplicates. */
    public static List<String> nodeIds(final ReadSnapshot snapshot, final Predicate<YangInstanceIdentifier> shown) {
        return snapshot.read(TOPOLOGIES).stream()
            .filter(MapNode.class::isInstance).map(MapNode.class::cast)
            .flatMap(topologies -> topologies.body().stream())
            .flatMap(topology -> {
                final String topologyId = String.valueOf(topology.name().getValue(TOPOLOGY_ID));
                return topology.findChildByArg(new NodeIdentifier(NODE)).stream()
                    .filter(MapNode.class::isInstance).map(MapNode.class::cast)
                    .flatMap(nodes -> nodes.body().stream())
                    .map(node -> String.valueOf(node.name().getValue(NODE_ID)))
                    .filter(nodeId -> shown.test(path(topologyId, nodeId)));
            })
            .distinct().sorted().toList();
    }
}
