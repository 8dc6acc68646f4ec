package io.sextant.uniconfig;

import static io.sextant.uniconfig.UniconfigLayerTest.ADMIN;
import static io.sextant.uniconfig.UniconfigLayerTest.iface;
import static io.sextant.uniconfig.UniconfigLayerTest.interfacePath;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.datastore.ControllerStores;
import io.sextant.spi.IntentAccess;
import io.sextant.spi.Edit;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.RpcRegistry;
import io.sextant.metrics.SextantMetrics;
import io.sextant.model.BundledModels;
import io.sextant.model.SchemaBuilder;
import io.sextant.persistence.Database;
import io.sextant.persistence.DatabaseSettings;
import io.sextant.persistence.StateBackend;
import io.sextant.testing.PostgresServer;
import io.sextant.unified.UnifiedDeviceRegistry;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * A commit the controller kept in PostgreSQL, then a device failed to finish (its confirming
 * commit was refused), so every device was put back: the kept nodes are put back as well. Else
 * the database would hold, as the node's actual configuration, a change no device has, and a
 * restart would take it for the truth.
 */
class UnfinishedCommitTest {

    private static boolean has(final NormalizedNode config, final String name) {
        return NormalizedNodes.findNode(config, interfacePath(name).getPathArguments()).isPresent();
    }

    /** What the database holds for d1, as the next start would load it. */
    private static UniconfigStore.KeptNode kept(final Database database) throws Exception {
        try (DurableUniconfigStore reader = new DurableUniconfigStore(database)) {
            return reader.load().stream().filter(node -> node.nodeId().equals("d1")).findFirst().orElseThrow();
        }
    }

    @Test
    void aCommitADeviceFailsToFinishIsTakenBackInTheDatabaseAsOnTheDevices() throws Exception {
        final EffectiveModelContext schema = SchemaBuilder.build(BundledModels.get().withDependencies(List.of(
            "openconfig-interfaces", "iana-if-type")));
        final TestDevice device = new TestDevice("d1", schema);
        device.outOfBand(interfacePath("eth0"), iface("eth0", 1500, "uplink"));
        try (PostgresServer postgres = PostgresServer.start();
             Database database = new Database(DatabaseSettings.of(postgres.jdbcUrl(), postgres.user(),
                 postgres.password()))) {
            database.migrate(Duration.ofSeconds(60));
            final ControllerStores stores = new ControllerStores();
            final MountPointRegistry mounts = new MountPointRegistry();
            final UnifiedDeviceRegistry devices = new UnifiedDeviceRegistry();
            try (UniconfigService service = new UniconfigService(stores, new RpcRegistry(), mounts, devices,
                    Duration.ofMinutes(5), StateBackend.durable(database), SextantMetrics.NONE, "",
                    IntentAccess.Policy.UNRESTRICTED)) {
                devices.register(device);
                await("the node is served").atMost(Duration.ofSeconds(60))
                    .until(() -> service.registry().node("d1").isPresent());
                mounts.find(TopologyPaths.node(TopologyPaths.UNICONFIG, "d1").node(TopologyPaths.CONFIGURATION))
                    .orElseThrow().data().edit(List.of(Edit.replace(interfacePath("eth1"), iface("eth1", 1500,
                        "new"))), ADMIN).toCompletableFuture().get();

                device.failAt = "finish";
                final OperationResult refused = service.commits().commit(List.of(), ADMIN).toCompletableFuture()
                    .get();
                assertFalse(refused.ok(), refused.toString());
                assertFalse(has(device.config(), "eth1"), "the device was put back");
                assertFalse(has(kept(database).actual(), "eth1"), "the database was put back: the device does not "
                    + "have the interface");
                assertTrue(has(kept(database).intended(), "eth1"), "the intent stays, to be committed again");

                device.failAt = null;
                final OperationResult committed = service.commits().commit(List.of(), ADMIN).toCompletableFuture()
                    .get();
                assertTrue(committed.ok(), "the node's next change lands on what was put back: "
                    + committed);
                assertTrue(has(device.config(), "eth1"));
                assertTrue(has(kept(database).actual(), "eth1"));
                assertEquals(kept(database).intended(), kept(database).actual());
            } finally {
                stores.close();
            }
        }
    }
}
