package io.sextant.uniconfig;

import io.sextant.model.ControllerSchema;
import java.util.List;
import java.util.Optional;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;

/** Paths of the UniConfig topologies in the controller's datastore. */
final class TopologyPaths {
    static final String UNICONFIG = "uniconfig";
    static final String SNAPSHOTS = "snapshots";

    static final QName NETWORK_TOPOLOGY = QName.create(ControllerSchema.NETWORK_TOPOLOGY, "network-topology");
    static final QName TOPOLOGY = QName.create(NETWORK_TOPOLOGY, "topology");
    static final QName TOPOLOGY_ID = QName.create(NETWORK_TOPOLOGY, "topology-id");
    static final QName NODE = QName.create(NETWORK_TOPOLOGY, "node");
    static final QName NODE_ID = QName.create(NETWORK_TOPOLOGY, "node-id");
    static final QName CONFIGURATION = QName.create(ControllerSchema.UNICONFIG_TOPOLOGY, "configuration");
    static final QName NODE_STATUS = QName.create(ControllerSchema.UNICONFIG_TOPOLOGY, "node-status");
    static final QName LAST_SYNC = QName.create(ControllerSchema.UNICONFIG_TOPOLOGY, "last-sync");
    static final QName SYNC_ERROR = QName.create(ControllerSchema.UNICONFIG_TOPOLOGY, "sync-error");
    static final QName SNAPSHOT = QName.create(ControllerSchema.SNAPSHOT_MANAGER, "snapshot");
    static final QName SNAPSHOT_NODE = QName.create(ControllerSchema.SNAPSHOT_MANAGER, "node");
    static final QName SNAPSHOT_NODE_ID = QName.create(ControllerSchema.SNAPSHOT_MANAGER, "node-id");
    static final QName SNAPSHOT_CREATED = QName.create(ControllerSchema.SNAPSHOT_MANAGER, "created");
    static final QName SNAPSHOT_CONFIGURATION = QName.create(ControllerSchema.SNAPSHOT_MANAGER, "configuration");

    private TopologyPaths() {
    }

    static YangInstanceIdentifier node(final String topology, final String nodeId) {
        return YangInstanceIdentifier.builder().node(NETWORK_TOPOLOGY).node(TOPOLOGY)
            .nodeWithKey(TOPOLOGY, TOPOLOGY_ID, topology).node(NODE).nodeWithKey(NODE, NODE_ID, nodeId).build();
    }

    /** A UniConfig node's {@code configuration}: the mount point its intent is read and written through. */
    static YangInstanceIdentifier configuration(final String nodeId) {
        return node(UNICONFIG, nodeId).node(CONFIGURATION);
    }

    /** The node id in {@code path} when it is {@code .../topology=<topology>/node=<id>/...}. */
    static Optional<String> nodeId(final YangInstanceIdentifier path, final String topology) {
        final List<PathArgument> args = path.getPathArguments();
        if (args.size() < 5 || !args.get(0).getNodeType().equals(NETWORK_TOPOLOGY)
                || !(args.get(2) instanceof NodeIdentifierWithPredicates topo)
                || !topology.equals(topo.getValue(TOPOLOGY_ID))
                || !(args.get(4) instanceof NodeIdentifierWithPredicates node)
                || !node.getNodeType().equals(NODE)) {
            return Optional.empty();
        }
        return Optional.ofNullable(node.getValue(NODE_ID)).map(Object::toString);
    }

    static boolean endsWith(final YangInstanceIdentifier path, final QName container) {
        final PathArgument last = path.getLastPathArgument();
        return last instanceof NodeIdentifier id && id.getNodeType().equals(container);
    }
}
