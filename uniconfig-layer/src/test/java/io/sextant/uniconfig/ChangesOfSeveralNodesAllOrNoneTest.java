package io.sextant.uniconfig;

import static io.sextant.uniconfig.UniconfigLayerTest.ADMIN;
import static io.sextant.uniconfig.UniconfigLayerTest.iface;
import static io.sextant.uniconfig.UniconfigLayerTest.interfacePath;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.model.BundledModels;
import io.sextant.model.SchemaBuilder;
import io.sextant.spi.IntentAccess;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * A request that changes several nodes' intent outside a transaction (here a copy to two nodes)
 * keeps them all in one database transaction or none: when the database refuses one node's
 * change, no node is changed, in memory or in the database, and the request says so. The
 * database refuses node d3's change, and every change of d2 but its first: the code before kept
 * d2, then failed to put it back, and left it changed although the request answered a failure.
 */
class ChangesOfSeveralNodesAllOrNoneTest {
    private static boolean has(final NormalizedNode config, final String name) {
        return NormalizedNodes.findNode(config, interfacePath(name).getPathArguments()).isPresent();
    }

    private static void sql(final DurableLayer layer, final String statements) throws Exception {
        try (Connection connection = layer.connect(); Statement statement = connection.createStatement()) {
            statement.execute(statements);
        }
    }

    @Test
    void aCopyToTwoNodesWhoseSecondCannotBeKeptChangesNeither() throws Exception {
        final EffectiveModelContext schema = SchemaBuilder.build(BundledModels.get().withDependencies(List.of(
            "openconfig-interfaces", "iana-if-type")));
        try (DurableLayer layer = DurableLayer.start()) {
            for (String id : List.of("d1", "d2", "d3")) {
                final TestDevice device = new TestDevice(id, schema);
                if (id.equals("d1")) {
                    device.outOfBand(interfacePath("eth9"), iface("eth9", 9000, "copied"));
                }
                layer.devices.register(device);
                await("the node is served").atMost(Duration.ofSeconds(60))
                    .until(() -> layer.service.registry().node(id).isPresent());
            }
            sql(layer, """
                CREATE SEQUENCE d2_writes;
                CREATE FUNCTION refuse_node_writes() RETURNS trigger AS $$
                BEGIN
                    IF NEW.node_id = 'd3' OR NEW.node_id = 'd2' AND nextval('d2_writes') > 1 THEN
                        RAISE EXCEPTION 'writes of node % refused by the test', NEW.node_id;
                    END IF;
                    RETURN NEW;
                END $$ LANGUAGE plpgsql;
                CREATE TRIGGER refuse_node_writes BEFORE UPDATE ON node_config
                    FOR EACH ROW EXECUTE FUNCTION refuse_node_writes()""");

            final OperationResult copied = layer.service.copies().copy("d1",
                "openconfig-interfaces:interfaces/interface=eth9", false, List.of("d2", "d3"), ADMIN,
                IntentAccess.UNRESTRICTED).toCompletableFuture().get();
            assertFalse(copied.ok(), copied.toString());
            assertTrue(copied.error().orElseThrow().contains("no node was changed"), copied.toString());
            for (String id : List.of("d2", "d3")) {
                assertFalse(has(layer.service.registry().node(id).orElseThrow().intendedRoot(), "eth9"),
                    id + " holds no copy");
            }
            try (DurableUniconfigStore reader = new DurableUniconfigStore(layer.database)) {
                for (UniconfigStore.KeptNode kept : reader.load()) {
                    assertFalse(has(kept.intended(), "eth9") && !kept.nodeId().equals("d1"),
                        kept.nodeId() + " was kept with the copy");
                }
            }

            sql(layer, "DROP TRIGGER refuse_node_writes ON node_config");
            final OperationResult again = layer.service.copies().copy("d1",
                "openconfig-interfaces:interfaces/interface=eth9", false, List.of("d2", "d3"), ADMIN,
                IntentAccess.UNRESTRICTED).toCompletableFuture().get();
            assertTrue(again.ok(), again.toString());
            try (DurableUniconfigStore reader = new DurableUniconfigStore(layer.database)) {
                assertEquals(3L, reader.load().stream().filter(kept -> has(kept.intended(), "eth9")).count(),
                    "kept on both, with the source");
            }
            assertEquals(Optional.of(iface("eth9", 9000, "copied")), NormalizedNodes.findNode(layer.service
                .registry().node("d3").orElseThrow().intendedRoot(), interfacePath("eth9").getPathArguments()));
        }
    }
}
