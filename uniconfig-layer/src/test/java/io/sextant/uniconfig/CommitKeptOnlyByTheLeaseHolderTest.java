package io.sextant.uniconfig;

import static io.sextant.uniconfig.UniconfigLayerTest.iface;
import static io.sextant.uniconfig.UniconfigLayerTest.interfacePath;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.spi.OperationErrorsException;
import io.sextant.model.BundledModels;
import io.sextant.model.SchemaBuilder;
import io.sextant.persistence.Database;
import io.sextant.persistence.DatabaseSettings;
import io.sextant.testing.PostgresServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * The fencing check in a commit's own database transaction: an instance keeps a commit that
 * changed a node's device only while it holds the node's lease by the database (another instance
 * may have taken the node while the commit ran; the devices are then put back). Refused, nothing
 * of the commit is kept; once the lease is this instance's, the same commit is kept.
 */
class CommitKeptOnlyByTheLeaseHolderTest {
    private static final Duration NEVER = Duration.ofHours(1);

    @Test
    void aCommitIsKeptOnlyWhileThisInstanceHoldsTheNodesLease() throws Exception {
        final EffectiveModelContext schema = SchemaBuilder.build(BundledModels.get().withDependencies(List.of(
            "openconfig-interfaces", "iana-if-type")));
        try (PostgresServer postgres = PostgresServer.start();
             Database database = new Database(DatabaseSettings.of(postgres.jdbcUrl(), postgres.user(),
                 postgres.password()))) {
            database.migrate(Duration.ofSeconds(60));
            sql(postgres, """
                INSERT INTO controller_instance (instance_id, incarnation, address, started_at, heartbeat_at,
                    expires_at)
                VALUES ('sx1', 'i1', 'one:8181', now(), now(), now() + interval '1 hour'),
                       ('sx2', 'i2', 'two:8181', now(), now(), now() + interval '1 hour');
                INSERT INTO node_lease (topology_id, node_id, owner_instance, epoch)
                VALUES ('topology-netconf', 'd1', 'sx2', 1)""");
            try (DurableUniconfigStore store = new DurableUniconfigStore(database, NEVER, "sx1")) {
                final NormalizedNode before = configWith(schema, "eth0");
                final UniconfigNode node = new UniconfigNode("d1", schema, "schema", before);
                store.created(node, before);
                final NodeUpdate intent = node.replaceIntent(configWith(schema, "eth0", "new"));
                store.changed(intent);
                intent.apply();

                // sx2 holds the node: the commit sx1 made is not kept
                final NodeUpdate committed = node.committed(null);
                store.commitStarted("c1", "commit", "alice", List.of("d1"));
                final OperationErrorsException refused = assertThrows(OperationErrorsException.class,
                    () -> store.commitApplied("c1", List.of(committed), record("c1")));
                assertEquals(ErrorTag.IN_USE, refused.errors().get(0).tag());
                assertTrue(refused.getMessage().contains("no longer holds node d1"), refused.getMessage());
                assertFalse(has(kept(database).actual(), "new"), "the refused commit's result is not kept");
                assertTrue(store.loadLog(10).isEmpty(), "the refused commit is not logged as kept");
                assertEquals(List.of("sx2"), store.heldElsewhere("d1").map(h -> List.of(h.instanceId()))
                    .orElse(List.of()), "the holder is named");

                // the node is sx1's now: the same commit is kept
                sql(postgres, "UPDATE node_lease SET owner_instance = 'sx1', epoch = 2 WHERE node_id = 'd1'");
                store.commitStarted("c2", "commit", "alice", List.of("d1"));
                store.commitApplied("c2", List.of(node.committed(null)), record("c2"));
                assertTrue(has(kept(database).actual(), "new"), "the commit's result is kept");
                assertTrue(store.heldElsewhere("d1").isEmpty());
            }
        }
    }

    private static CommitRecord record(final String id) {
        return new CommitRecord(id, Instant.now(), "alice", "commit", OperationResult.of(List.of(
            NodeResult.ok("d1"))), Map.of());
    }

    private static NormalizedNode configWith(final EffectiveModelContext schema, final String... interfaces)
            throws OperationErrorsException {
        final TestDevice scratch = new TestDevice("scratch", schema);
        for (String name : interfaces) {
            scratch.outOfBand(interfacePath(name), iface(name, 1500, name));
        }
        return scratch.config();
    }

    private static boolean has(final NormalizedNode config, final String iface) {
        return NormalizedNodes.findNode(config, interfacePath(iface).getPathArguments()).isPresent();
    }

    private static UniconfigStore.KeptNode kept(final Database database) throws OperationErrorsException {
        try (DurableUniconfigStore reader = new DurableUniconfigStore(database, NEVER)) {
            return reader.load().stream().filter(n -> n.nodeId().equals("d1")).findFirst().orElseThrow();
        }
    }

    private static void sql(final PostgresServer postgres, final String statements) throws Exception {
        try (Connection connection = DriverManager.getConnection(postgres.jdbcUrl(), postgres.user(),
                postgres.password());
             Statement statement = connection.createStatement()) {
            statement.execute(statements);
        }
    }
}
