package io.sextant.southbound.netconf;

import io.sextant.datastore.Candidates;
import io.sextant.southbound.netconf.topology.TopologyModel;
import java.util.Optional;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;
import org.opendaylight.yangtools.yang.data.tree.api.ModificationType;

/** What a commit of the configuration did to topology-netconf: nodes changed one by one, or the whole topology. */
final class NodeChanges {
    private static final NodeIdentifier NODE_LIST = new NodeIdentifier(TopologyModel.NODE);

    /** One node's configuration changed. */
    @FunctionalInterface
    interface NodeChange {
        /** @param node its new configuration; null when it was removed */
        void changed(String nodeId, @Nullable MapEntryNode node);
    }

    /** The topology was written or removed as a whole. */
    @FunctionalInterface
    interface TopologyChange {
        /** @param topology its new content (the topology-netconf list entry); null when it was removed */
        void replaced(@Nullable NormalizedNode topology);
    }

    private NodeChanges() {
    }

    /**
     * Tell {@code node} of each node whose configuration {@code candidate} changed,
     * or, when the topology was written or removed as a whole, {@code topology} of its new content.
     */
    static void dispatch(final DataTreeCandidate candidate, final NodeChange node, final TopologyChange topology) {
        final Optional<DataTreeCandidateNode> found = Candidates.find(candidate, TopologyModel.NETCONF_TOPOLOGY);
        if (found.isEmpty()) {
            return;
        }
        final DataTreeCandidateNode topologyNode = found.get();
        if (topologyNode.modificationType() == ModificationType.SUBTREE_MODIFIED) {
            final DataTreeCandidateNode nodes = topologyNode.modifiedChild(NODE_LIST);
            if (nodes == null) {
                return;
            }
            if (nodes.modificationType() == ModificationType.SUBTREE_MODIFIED) {
                for (DataTreeCandidateNode changed : nodes.childNodes()) {
                    final String nodeId = String.valueOf(((NodeIdentifierWithPredicates) changed.name())
                        .getValue(TopologyModel.NODE_ID));
                    node.changed(nodeId, (MapEntryNode) changed.dataAfter());
                }
                return;
            }
        }
        topology.replaced(topologyNode.dataAfter());
    }
}
