package io.sextant.uniconfig;

import static io.sextant.uniconfig.UniconfigLayerTest.iface;
import static io.sextant.uniconfig.UniconfigLayerTest.interfacePath;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.spi.OperationErrorsException;
import io.sextant.model.BundledModels;
import io.sextant.model.SchemaBuilder;
import io.sextant.persistence.Database;
import io.sextant.persistence.DatabaseSettings;
import io.sextant.testing.PostgresServer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * Two controller instances on one database hold the same node (each loaded it at its start). A
 * change kept through one moves the node's stored version on; a change through the other, based
 * on the version it loaded, is refused as in-use (409) and records nothing, instead of being
 * replayed onto a configuration it was not based on (which would leave the kept node neither
 * one's nor the other's).
 */
class ChangedThroughAnotherInstanceTest {

    @Test
    void aChangeBasedOnAVersionAnotherInstanceMovedOnIsRefusedAndRecordsNothing() throws Exception {
        final EffectiveModelContext schema = SchemaBuilder.build(BundledModels.get().withDependencies(List.of(
            "openconfig-interfaces", "iana-if-type")));
        final TestDevice device = new TestDevice("d1", schema);
        try (PostgresServer postgres = PostgresServer.start();
             Database database = new Database(DatabaseSettings.of(postgres.jdbcUrl(), postgres.user(),
                 postgres.password()))) {
            database.migrate(Duration.ofSeconds(60));
            final NormalizedNode synced = withInterfaces(schema, "eth0");
            try (DurableUniconfigStore first = new DurableUniconfigStore(database)) {
                first.created(new UniconfigNode("d1", schema, device.schemaKey(), synced), synced);
            }
            try (DurableUniconfigStore one = new DurableUniconfigStore(database);
                 DurableUniconfigStore other = new DurableUniconfigStore(database)) {
                final UniconfigNode viaOne = served(one, schema);
                final UniconfigNode viaOther = served(other, schema);

                final NodeUpdate theirs = viaOne.synced(withInterfaces(schema, "eth0", "theirs"));
                one.changed(theirs);
                theirs.apply();
                final OperationErrorsException refused = assertThrows(OperationErrorsException.class,
                    () -> other.changed(viaOther.synced(withInterfaces(schema, "eth0", "mine"))));
                assertEquals(ErrorTag.IN_USE, refused.errors().get(0).tag());
                assertTrue(refused.getMessage().contains("changed through another controller instance"),
                    refused.getMessage());

                final NormalizedNode kept = one.load().get(0).intended();
                assertEquals(withInterfaces(schema, "eth0", "theirs"), kept, "their change stays; mine is not kept");

                final NodeUpdate next = viaOne.synced(withInterfaces(schema, "eth0", "theirs", "next"));
                one.changed(next);
                assertEquals(withInterfaces(schema, "eth0", "theirs", "next"), one.load().get(0).intended(),
                    "the instance whose change was kept goes on");
            }
        }
    }

    private static UniconfigNode served(final DurableUniconfigStore store, final EffectiveModelContext schema)
            throws OperationErrorsException {
        final UniconfigStore.KeptNode kept = store.load().get(0);
        return new UniconfigNode(kept.nodeId(), schema, kept.schemaKey(), kept.intended(), kept.actual());
    }

    private static NormalizedNode withInterfaces(final EffectiveModelContext schema, final String... names)
            throws OperationErrorsException {
        final TestDevice scratch = new TestDevice("scratch", schema);
        for (String name : names) {
            scratch.outOfBand(interfacePath(name), iface(name, 1500, name));
        }
        return scratch.config();
    }
}
