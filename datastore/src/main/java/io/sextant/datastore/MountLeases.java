package io.sextant.datastore;

import io.sextant.model.ControllerSchema;
import io.sextant.persistence.LeaseRepository;
import io.sextant.persistence.MountedNode;
import io.sextant.persistence.Tx;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;

/**
 * Each mounted node's lease row ({@link LeaseRepository}) follows its mount: a commit that adds
 * nodes to a topology whose nodes have device sessions (NETCONF's {@value #NETCONF}, CLI's
 * {@value #CLI}) writes their rows, one that removes nodes deletes theirs, in the commit's own
 * database transaction.
 */
final class MountLeases {
    static final String NETCONF = "topology-netconf";
    static final String CLI = "topology-cli";
    private static final List<String> TOPOLOGIES = List.of(NETCONF, CLI);
    private static final QName NETWORK_TOPOLOGY = QName.create(ControllerSchema.NETWORK_TOPOLOGY, "network-topology");
    private static final QName TOPOLOGY = QName.create(ControllerSchema.NETWORK_TOPOLOGY, "topology");
    private static final QName TOPOLOGY_ID = QName.create(ControllerSchema.NETWORK_TOPOLOGY, "topology-id");
    private static final QName NODE = QName.create(ControllerSchema.NETWORK_TOPOLOGY, "node");
    private static final QName NODE_ID = QName.create(ControllerSchema.NETWORK_TOPOLOGY, "node-id");

    private final LeaseRepository leases = new LeaseRepository();

    /** Write the lease rows of the nodes {@code candidate} (rooted at the datastore's root) mounts and unmounts. */
    void apply(final Tx tx, final DataTreeCandidate candidate) throws SQLException {
        final List<MountedNode> added = new ArrayList<>();
        final List<MountedNode> removed = new ArrayList<>();
        for (String topologyId : TOPOLOGIES) {
            final Optional<DataTreeCandidateNode> nodes = Candidates.find(candidate, nodesPath(topologyId));
            if (nodes.isEmpty()) {
                continue;
            }
            for (DataTreeCandidateNode node : nodes.orElseThrow().childNodes()) {
                final boolean before = node.dataBefore() != null;
                final boolean after = node.dataAfter() != null;
                if (before != after) {
                    (after ? added : removed).add(new MountedNode(topologyId, nodeId(node.name())));
                }
            }
        }
        leases.removeNodes(tx, removed);
        leases.addNodes(tx, added);
    }

    /** The mounted nodes in {@code store}, for giving them rows when a database has none yet. */
    static List<MountedNode> mounted(final DataStore store) {
        final List<MountedNode> mounted = new ArrayList<>();
        for (String topologyId : TOPOLOGIES) {
            final Optional<NormalizedNode> nodes = store.snapshot().read(nodesPath(topologyId));
            nodes.filter(MapNode.class::isInstance).map(MapNode.class::cast).ifPresent(map -> {
                for (MapEntryNode node : map.body()) {
                    mounted.add(new MountedNode(topologyId, nodeId(node.name())));
                }
            });
        }
        return mounted;
    }

    private static YangInstanceIdentifier nodesPath(final String topologyId) {
        return YangInstanceIdentifier.builder().node(NETWORK_TOPOLOGY).node(TOPOLOGY)
            .nodeWithKey(TOPOLOGY, TOPOLOGY_ID, topologyId).node(NODE).build();
    }

    private static String nodeId(final YangInstanceIdentifier.PathArgument name) {
        return String.valueOf(((NodeIdentifierWithPredicates) name).getValue(NODE_ID));
    }
}
