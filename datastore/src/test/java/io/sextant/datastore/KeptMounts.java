package io.sextant.datastore;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sextant.model.ControllerSchema;
import io.sextant.persistence.Database;
import io.sextant.persistence.DatabaseSettings;
import io.sextant.persistence.LeaseQueries;
import io.sextant.spi.OperationErrorsException;
import io.sextant.testing.PostgresServer;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/** NETCONF mounts in a durable configuration store, and what a restart would find of them. */
final class KeptMounts {
    private static final QName NETWORK_TOPOLOGY = QName.create(ControllerSchema.NETWORK_TOPOLOGY, "network-topology");
    private static final QName TOPOLOGY = QName.create(NETWORK_TOPOLOGY, "topology");
    private static final QName TOPOLOGY_ID = QName.create(NETWORK_TOPOLOGY, "topology-id");
    private static final QName NODE = QName.create(NETWORK_TOPOLOGY, "node");
    private static final QName NODE_ID = QName.create(NETWORK_TOPOLOGY, "node-id");
    private static final QName PORT = QName.create(ControllerSchema.NETCONF_NODE_TOPOLOGY, "port");

    private KeptMounts() {
    }

    static YangInstanceIdentifier nodePath(final String id) {
        return YangInstanceIdentifier.builder().node(NETWORK_TOPOLOGY).node(TOPOLOGY)
            .nodeWithKey(TOPOLOGY, TOPOLOGY_ID, "topology-netconf").node(NODE).nodeWithKey(NODE, NODE_ID, id).build();
    }

    static MapEntryNode node(final String id) {
        return ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(NODE, NODE_ID, id))
            .withChild(ImmutableNodes.leafNode(NODE_ID, id))
            .withChild(ImmutableNodes.leafNode(PORT, Uint16.valueOf(830)))
            .build();
    }

    static void mount(final DataStore store, final String id) throws OperationErrorsException {
        store.update(tx -> tx.put(nodePath(id), node(id)));
    }

    /** Those of {@code ids} mounted in {@code store}. */
    static Set<String> mounted(final DataStore store, final List<String> ids) {
        final Set<String> mounted = new TreeSet<>();
        for (String id : ids) {
            if (store.snapshot().read(nodePath(id)).isPresent()) {
                mounted.add(id);
            }
        }
        return mounted;
    }

    /** A store on {@code durable}, loaded with what it keeps. */
    static InMemoryDataStore storeOn(final DurableConfig durable) throws Exception {
        final InMemoryDataStore store = new InMemoryDataStore(StoreType.CONFIGURATION, ControllerSchema.get(),
            Runnable::run, true, durable);
        durable.load(store);
        return store;
    }

    /**
     * What a restart finds of {@code ids}: the kept rows loaded into a new store, read through a
     * connection of its own; checks that each mounted node has a lease row, and no other does.
     */
    static Set<String> kept(final PostgresServer postgres, final List<String> ids) throws Exception {
        try (Database direct = new Database(DatabaseSettings.of(postgres.jdbcUrl(), postgres.user(),
                postgres.password()));
             DurableConfig reader = new DurableConfig(direct)) {
            final Set<String> mounted = mounted(storeOn(reader), ids);
            final Set<String> leased = new TreeSet<>();
            direct.call("read the lease rows", tx -> LeaseQueries.leases(tx)).forEach(lease -> leased.add(
                lease.node().nodeId()));
            assertEquals(mounted, leased, "a lease row for each mounted node, and none for others");
            return mounted;
        }
    }
}
