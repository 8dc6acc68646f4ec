package io.sextant.datastore;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.model.ControllerSchema;
import io.sextant.persistence.Database;
import io.sextant.persistence.DatabaseSettings;
import io.sextant.persistence.LeaseQueries;
import io.sextant.spi.OperationErrorsException;
import io.sextant.testing.FaultProxy;
import io.sextant.testing.PostgresServer;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/**
 * A configuration commit whose SQL {@code COMMIT} PostgreSQL kept but whose answer never came
 * back (a proxy cuts the connection once the server has answered it) is refused, so the kept rows
 * hold a mount the store does not: they are written again whole, by the next commit or by the
 * store's own empty commit, and a restart then finds only what the store held.
 */
class LostConfigCommitAnswerTest {
    private static final QName NETWORK_TOPOLOGY = QName.create(ControllerSchema.NETWORK_TOPOLOGY, "network-topology");
    private static final QName TOPOLOGY = QName.create(NETWORK_TOPOLOGY, "topology");
    private static final QName TOPOLOGY_ID = QName.create(NETWORK_TOPOLOGY, "topology-id");
    private static final QName NODE = QName.create(NETWORK_TOPOLOGY, "node");
    private static final QName NODE_ID = QName.create(NETWORK_TOPOLOGY, "node-id");
    private static final QName PORT = QName.create(ControllerSchema.NETCONF_NODE_TOPOLOGY, "port");

    private PostgresServer postgres;
    private FaultProxy proxy;
    private Database database;

    @BeforeEach
    void start() throws Exception {
        postgres = PostgresServer.start();
        proxy = FaultProxy.start("127.0.0.1", postgres.port());
        database = new Database(DatabaseSettings.of("jdbc:postgresql://127.0.0.1:" + proxy.port() + "/"
            // every COMMIT sent as text (pgjdbc names a statement it has run five times, then sends only the name)
            + PostgresServer.DATABASE + "?prepareThreshold=0", postgres.user(), postgres.password()));
        database.migrate(Duration.ofSeconds(60));
    }

    @AfterEach
    void stop() {
        database.close();
        proxy.close();
        postgres.close();
    }

    private static YangInstanceIdentifier nodePath(final String id) {
        return YangInstanceIdentifier.builder().node(NETWORK_TOPOLOGY).node(TOPOLOGY)
            .nodeWithKey(TOPOLOGY, TOPOLOGY_ID, "topology-netconf").node(NODE).nodeWithKey(NODE, NODE_ID, id).build();
    }

    private static MapEntryNode node(final String id) {
        return ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(NODE, NODE_ID, id))
            .withChild(ImmutableNodes.leafNode(NODE_ID, id))
            .withChild(ImmutableNodes.leafNode(PORT, Uint16.valueOf(830)))
            .build();
    }

    private static void mount(final DataStore store, final String id) throws OperationErrorsException {
        store.update(tx -> tx.put(nodePath(id), node(id)));
    }

    private static Set<String> mounted(final DataStore store) {
        final Set<String> ids = new TreeSet<>();
        for (String id : List.of("r1", "lost", "r3")) {
            if (store.snapshot().read(nodePath(id)).isPresent()) {
                ids.add(id);
            }
        }
        return ids;
    }

    /** What a restart finds: the kept rows loaded into a new store, read through a connection of its own. */
    private Set<String> keptMounts() throws Exception {
        try (Database direct = new Database(DatabaseSettings.of(postgres.jdbcUrl(), postgres.user(),
                postgres.password()));
             DurableConfig reader = new DurableConfig(direct)) {
            final InMemoryDataStore restarted = new InMemoryDataStore(StoreType.CONFIGURATION, ControllerSchema.get(),
                Runnable::run, true, reader);
            reader.load(restarted);
            final Set<String> mounted = mounted(restarted);
            final Set<String> leased = new TreeSet<>();
            direct.call("read the lease rows", tx -> LeaseQueries.leases(tx)).forEach(lease -> leased.add(
                lease.node().nodeId()));
            assertEquals(mounted, leased, "a lease row for each mounted node, and none for others");
            return mounted;
        }
    }

    private InMemoryDataStore storeOn(final DurableConfig durable) throws Exception {
        final InMemoryDataStore store = new InMemoryDataStore(StoreType.CONFIGURATION, ControllerSchema.get(),
            Runnable::run, true, durable);
        durable.load(store);
        return store;
    }

    private void mountLosingTheAnswer(final DataStore store) {
        final FaultProxy.Armed lost = proxy.arm(FaultProxy.Trigger.of("COMMIT", FaultProxy.Moment.REPLY_LOST,
            "COMMIT", FaultProxy.Effect.CUT));
        assertThrows(OperationErrorsException.class, () -> mount(store, "lost"), "the mount is refused");
        assertTrue(lost.hasFired());
    }

    @Test
    void theNextCommitWritesTheConfigurationAgainWithoutTheRefusedMount() throws Exception {
        try (DurableConfig durable = new DurableConfig(database, Duration.ofHours(1))) {
            final InMemoryDataStore store = storeOn(durable);
            mount(store, "r1");
            mountLosingTheAnswer(store);
            assertEquals(Set.of("r1"), mounted(store));
            assertEquals(Set.of("r1", "lost"), keptMounts(), "the server kept it (else this test shows nothing)");
            assertTrue(durable.repairOwed());

            mount(store, "r3");
            assertFalse(durable.repairOwed());
            assertEquals(Set.of("r1", "r3"), keptMounts(), "kept as the store holds it");
        }
    }

    @Test
    void withoutAnotherCommitTheConfigurationIsWrittenAgainSoon() throws Exception {
        try (DurableConfig durable = new DurableConfig(database, Duration.ofMillis(200))) {
            final InMemoryDataStore store = storeOn(durable);
            mount(store, "r1");
            mountLosingTheAnswer(store);
            await("the configuration is written again").atMost(30, TimeUnit.SECONDS)
                .until(() -> !durable.repairOwed());
            assertEquals(Set.of("r1"), keptMounts());
        }
    }

    @Test
    void stoppingWritesTheConfigurationAgainWithoutTheRefusedMount() throws Exception {
        try (DurableConfig durable = new DurableConfig(database, Duration.ofHours(1))) {
            final InMemoryDataStore store = storeOn(durable);
            mount(store, "r1");
            mountLosingTheAnswer(store);
            assertTrue(durable.repairOwed(), "owed, and not retried before the stop");
        }
        assertEquals(Set.of("r1"), keptMounts(), "the next start finds what the controller held, not the refused "
            + "mount");
    }
}
