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
    private static final QName NETCONF_STATUS = QName.create(ControllerSchema.NETCONF_NODE_TOPOLOGY,
        "connection-status");
    private static final QName CLI_STATUS = QName.create(ControllerSchema.CLI_TOPOLOGY, "connection-status");

    private final InMemoryDataStore operational =
        new InMemoryDataStore(StoreType.OPERATIONAL, ControllerSchema.get(), Runnable::run);

    private static YangInstanceIdentifier nodePath(final String topology, final String id) {
        return YangInstanceIdentifier.builder().node(NETWORK_TOPOLOGY).node(TOPOLOGY)
            .nodeWithKey(TOPOLOGY, TOPOLOGY_ID, topology).node(NODE).nodeWithKey(NODE, NODE_ID, id).build();
    }

    private static MapEntryNode node(final String id, final QName status, final String value) {
        final var builder = ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(NODE, NODE_ID, id))
            .withChild(ImmutableNodes.leafNode(NODE_ID, id));
        if (status != null) {
            builder.withChild(ImmutableNodes.leafNode(status, value));
        }
        return builder.build();
    }

    @Test
    void anEmptyStoreHasNoDevicesAndNoNodeIds() {
        assertEquals(List.of(), TopologyNodes.devices(operational.snapshot()));
        assertEquals(List.of(), TopologyNodes.nodeIds(operational.snapshot()));
    }

    @Test
    void devicesAreNodesWithAConnectionStatusInAnyTopology() throws Exception {
        final WriteTransaction tx = operational.newTransaction();
        tx.put(nodePath("topology-netconf", "R1"), node("R1", NETCONF_STATUS, "connected"));
        tx.put(nodePath("topology-netconf", "R2"), node("R2", NETCONF_STATUS, "connecting"));
        tx.put(nodePath("topology-cli", "C1"), node("C1", CLI_STATUS, "connected"));
        tx.put(nodePath("uniconfig", "R1"), node("R1", null, null));
        tx.commit();

        final var devices = TopologyNodes.devices(operational.snapshot());
        assertEquals(3, devices.size());
        assertEquals(2, devices.stream().filter(TopologyNodes.DeviceNode::connected).count());
        assertEquals(List.of("C1", "R1", "R2"), TopologyNodes.nodeIds(operational.snapshot()));
    }
}
