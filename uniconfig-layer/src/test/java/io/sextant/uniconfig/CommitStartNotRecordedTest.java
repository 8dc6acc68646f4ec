package io.sextant.uniconfig;

import static io.sextant.uniconfig.UniconfigLayerTest.ADMIN;
import static io.sextant.uniconfig.UniconfigLayerTest.iface;
import static io.sextant.uniconfig.UniconfigLayerTest.interfacePath;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.model.BundledModels;
import io.sextant.model.SchemaBuilder;
import io.sextant.spi.Edit;
import io.sextant.spi.OperationErrorsException;
import io.sextant.unified.DeviceChange;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * A commit's start is recorded while the devices that stage a change stage it: when the database
 * refuses the record, the staged changes are discarded, no device applies anything (one that
 * applies at once is never touched), the request fails as a whole, nothing is logged or left
 * pending, and the intent stays to be committed once the database takes records again.
 */
class CommitStartNotRecordedTest {
    private static boolean has(final NormalizedNode config, final String name) {
        return NormalizedNodes.findNode(config, interfacePath(name).getPathArguments()).isPresent();
    }

    private static void sql(final DurableLayer layer, final String statements) throws Exception {
        try (Connection connection = layer.connect(); Statement statement = connection.createStatement()) {
            statement.execute(statements);
        }
    }

    private static long commitRecords(final DurableLayer layer) throws Exception {
        try (Connection connection = layer.connect(); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT count(*) FROM commit_record")) {
            rows.next();
            return rows.getLong(1);
        }
    }

    @Test
    void aRefusedStartRecordDiscardsTheStagedChangesAndTouchesNoOtherDevice() throws Exception {
        final EffectiveModelContext schema = SchemaBuilder.build(BundledModels.get().withDependencies(List.of(
            "openconfig-interfaces", "iana-if-type")));
        final TestDevice staging = new TestDevice("d1", schema);
        final TestDevice immediate = new TestDevice("d2", schema);
        immediate.mode = DeviceChange.Mode.IMMEDIATE;
        try (DurableLayer layer = DurableLayer.start()) {
            for (TestDevice device : List.of(staging, immediate)) {
                device.outOfBand(interfacePath("eth0"), iface("eth0", 1500, "uplink"));
                layer.devices.register(device);
                await("the node is served").atMost(Duration.ofSeconds(60))
                    .until(() -> layer.service.registry().node(device.nodeId()).isPresent());
                layer.mounts.find(TopologyPaths.node(TopologyPaths.UNICONFIG, device.nodeId())
                    .node(TopologyPaths.CONFIGURATION)).orElseThrow().data().edit(List.of(Edit.replace(
                        interfacePath("eth1"), iface("eth1", 1500, "new"))), ADMIN).toCompletableFuture().get();
            }
            sql(layer, """
                CREATE FUNCTION refuse_commit_records() RETURNS trigger AS $$
                BEGIN RAISE EXCEPTION 'commit records refused by the test'; END $$ LANGUAGE plpgsql;
                CREATE TRIGGER refuse_commit_records BEFORE INSERT ON commit_record
                    FOR EACH ROW EXECUTE FUNCTION refuse_commit_records()""");

            final ExecutionException refused = assertThrows(ExecutionException.class,
                () -> layer.service.commits().commit(List.of(), ADMIN).toCompletableFuture().get());
            assertInstanceOf(OperationErrorsException.class, refused.getCause(), refused.toString());
            assertEquals(List.of("stage", "rollback"), staging.phases, "staged meanwhile, then discarded");
            assertEquals(List.of(), immediate.phases, "a device that applies at once waits for the record");
            assertFalse(has(staging.config(), "eth1") || has(immediate.config(), "eth1"), "no device changed");
            assertEquals(0, commitRecords(layer), "nothing is left pending: no node is in doubt at a restart");
            assertTrue(layer.service.registry().store().loadLog(10).isEmpty(), "no commit is logged");

            sql(layer, "DROP TRIGGER refuse_commit_records ON commit_record");
            final OperationResult committed = layer.service.commits().commit(List.of(), ADMIN)
                .toCompletableFuture().get();
            assertTrue(committed.ok(), "the intents stayed, and are committed now: " + committed);
            assertTrue(has(staging.config(), "eth1") && has(immediate.config(), "eth1"));
        }
    }
}
