package io.sextant.datastore;

import io.sextant.model.ControllerSchema;
import io.sextant.persistence.LeaseRepository;
import io.sextant.persistence.MountedNode;
import io.sextant.persistence.Tx;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
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

    /** The nodes a commit mounts and unmounts. */
    record Mounts(List<MountedNode> added, List<MountedNode> removed) {
        Mounts {
            added = List.copyOf(added);
            removed = List.copyOf(removed);
        }
    }

    /** Write the lease rows of the nodes {@code candidate} (rooted at the datastore's root) mounts and unmounts. */
    void apply(final Tx tx, final DataTreeCandidate candidate) throws SQLException {
        write(tx, changes(candidate));
    }

    void write(final Tx tx, final Mounts mounts) throws SQLException {
        leases.removeNodes(tx, mounts.removed());
        leases.addNodes(tx, mounts.added());
    }

    /**
     * Give {@code nodes} lease rows when they are mounted in {@code root} (the datastore's whole
     * data; null when empty) and none when they are not, whatever rows they have now.
     */
    void repair(final Tx tx, final Collection<MountedNode> nodes, final @Nullable NormalizedNode root)
            throws SQLException {
        final List<MountedNode> mounted = new ArrayList<>();
        final List<MountedNode> unmounted = new ArrayList<>();
        for (MountedNode node : nodes) {
            final boolean present = root != null && NormalizedNodes.findNode(root, nodesPath(node.topologyId())
                .node(NodeIdentifierWithPredicates.of(NODE, NODE_ID, node.nodeId())).getPathArguments()).isPresent();
            (present ? mounted : unmounted).add(node);
        }
        leases.removeNodes(tx, unmounted);
        leases.addNodesIfNone(tx, mounted);
    }

    /** The nodes {@code candidate} (rooted at the datastore's root) mounts and unmounts. */
    Mounts changes(final DataTreeCandidate candidate) {
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
        return new Mounts(added, removed);
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
