package io.sextant.datastore;

import io.sextant.persistence.DeviceOwnership;
import io.sextant.persistence.NodeStateElsewhere;
import io.sextant.persistence.PersistenceException;
import io.sextant.spi.OperationErrorsException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/**
 * A topology's nodes whose devices other controller instances connect, as a state read of the
 * whole topology shows them ({@link io.sextant.spi.StateOwner#servedElsewhere}): each node with
 * the connection status and message its holder reported, the message naming the holder.
 *
 * @param topologyId the topology, as node leases name it
 * @param nodes the topology's node list
 * @param nodeId the list's key leaf
 * @param status the connection-status leaf
 * @param message the connected-message leaf
 * @param connecting the status of a node whose holder reported none (yet)
 */
public record StateElsewhere(String topologyId, YangInstanceIdentifier nodes, QName nodeId, QName status,
        QName message, String connecting) {

    /**
     * The nodes held elsewhere, shaped as a read at {@code path}; empty when alone, or when
     * {@code path} is not at or above the node list.
     *
     * @throws OperationErrorsException when the database cannot tell now (503)
     */
    public Optional<NormalizedNode> read(final YangInstanceIdentifier path, final DeviceOwnership ownership)
            throws OperationErrorsException {
        if (ownership.sole() || !path.contains(nodes)) {
            return Optional.empty();
        }
        final List<NodeStateElsewhere> elsewhere;
        try {
            elsewhere = ownership.stateElsewhere(topologyId);
        } catch (PersistenceException e) {
            throw StateUnavailable.of(e);
        }
        final QName list = nodes.getLastPathArgument().getNodeType();
        final List<MapEntryNode> entries = new ArrayList<>(elsewhere.size());
        for (NodeStateElsewhere node : elsewhere) {
            entries.add(ImmutableNodes.newMapEntryBuilder()
                .withNodeIdentifier(NodeIdentifierWithPredicates.of(list, nodeId, node.nodeId()))
                .withChild(ImmutableNodes.leafNode(nodeId, node.nodeId()))
                .withChild(ImmutableNodes.leafNode(status, node.status(connecting)))
                .withChild(ImmutableNodes.leafNode(message, node.describe()))
                .build());
        }
        return NormalizedTrees.listAt(path, nodes, entries);
    }
}
