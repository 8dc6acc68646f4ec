package io.sextant.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sextant.datastore.InMemoryDataStore;
import io.sextant.datastore.StoreType;
import io.sextant.datastore.WriteTransaction;
import io.sextant.model.ControllerSchema;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

class TopologyNodesTest {
    private static final QName NETWORK_TOPOLOGY = QName.create(ControllerSchema.NETWORK_TOPOLOGY, "network-topology");
    private static final QName TOPOLOGY = QName.create(NETWORK_TOPOLOGY, "topology");
    private static final QName TOPOLOGY_ID = QName.create(NETWORK_TOPOLOGY, "topology-id");
    private static final QName NODE = QName.create(NETWORK_TOPOLOGY, "node");
    private static final QName NODE_ID = QName.create(NETWORK_TOPOLOGY, "node-id");

    private final InMemoryDataStore config =
        new InMemoryDataStore(StoreType.CONFIGURATION, ControllerSchema.get(), Runnable::run);

    private static YangInstanceIdentifier nodePath(final String topology, final String id) {
        return YangInstanceIdentifier.builder().node(NETWORK_TOPOLOGY).node(TOPOLOGY)
            .nodeWithKey(TOPOLOGY, TOPOLOGY_ID, topology).node(NODE).nodeWithKey(NODE, NODE_ID, id).build();
    }

    private static MapEntryNode node(final String id) {
        return ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(NODE, NODE_ID, id))
            .withChild(ImmutableNodes.leafNode(NODE_ID, id))
            .build();
    }

    @Test
    void anEmptyStoreHasNoNodeIds() {
        assertEquals(List.of(), TopologyNodes.nodeIds(config.snapshot()));
    }

    @Test
    void nodeIdsOfEveryTopologyAreListedOnceAndSorted() throws Exception {
        final WriteTransaction tx = config.newTransaction();
        tx.put(nodePath("topology-netconf", "R2"), node("R2"));
        tx.put(nodePath("topology-netconf", "R1"), node("R1"));
        tx.put(nodePath("topology-cli", "C1"), node("C1"));
        tx.put(nodePath("uniconfig", "R1"), node("R1"));
        tx.commit();

        assertEquals(List.of("C1", "R1", "R2"), TopologyNodes.nodeIds(config.snapshot()));
    }
}
