package io.sextant.uniconfig;

import static io.sextant.uniconfig.UniconfigLayerTest.iface;
import static io.sextant.uniconfig.UniconfigLayerTest.interfacePath;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.datastore.ControllerStores;
import io.sextant.datastore.WriteTransaction;
import io.sextant.metrics.SextantMetrics;
import io.sextant.model.BundledModels;
import io.sextant.model.SchemaBuilder;
import io.sextant.persistence.Database;
import io.sextant.persistence.DatabaseSettings;
import io.sextant.persistence.StateBackend;
import io.sextant.spi.IntentAccess;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.Registration;
import io.sextant.spi.RpcRegistry;
import io.sextant.testing.PostgresServer;
import io.sextant.unified.UnifiedDeviceRegistry;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * A controller instance dies with a commit of node d1 pending (killed after keeping it, or before),
 * and instance sx2, which serves d1 already (it followed it), takes the node over: when sx2 connects
 * d1's device it settles the dead instance's commit (by its id) and brings the device to what the
 * database kept for the node; the commit is no longer pending. A commit pending by an instance that
 * is still live is left alone. Before, the instance taking a node over settled nothing: a device
 * could keep (or, at its confirm timeout, lose) what the database said otherwise, and the commit
 * stayed pending for ever.
 */
class OrphanedCommitSettledOnTakeoverTest {
    private static final Duration NEVER = Duration.ofHours(1);

    @Test
    void aCommitKeptByAnInstanceThatDiedIsBroughtToTheDeviceByTheInstanceTakingTheNode() throws Exception {
        takeOver(true);
    }

    @Test
    void aCommitAnInstanceDiedBeforeKeepingIsTakenBackFromTheDeviceByTheInstanceTakingTheNode() throws Exception {
        takeOver(false);
    }

    private static void takeOver(final boolean keptBeforeDeath) throws Exception {
        final EffectiveModelContext schema = SchemaBuilder.build(BundledModels.get().withDependencies(List.of(
            "openconfig-interfaces", "iana-if-type")));
        final TestDevice device = new TestDevice("d1", schema);
        device.outOfBand(interfacePath("eth0"), iface("eth0", 1500, "uplink"));
        try (PostgresServer postgres = PostgresServer.start();
             Database database = new Database(DatabaseSettings.of(postgres.jdbcUrl(), postgres.user(),
                 postgres.password()))) {
            database.migrate(Duration.ofSeconds(60));
            sql(postgres, """
                INSERT INTO controller_instance (instance_id, incarnation, address, started_at, heartbeat_at,
                    expires_at)
                VALUES ('dead', 'i1', 'one:8181', now(), now(), now() + interval '1 hour'),
                       ('sx2', 'i2', 'two:8181', now(), now(), now() + interval '1 hour'),
                       ('sx3', 'i3', 'three:8181', now(), now(), now() + interval '1 hour');
                INSERT INTO node_lease (topology_id, node_id, owner_instance, epoch)
                VALUES ('topology-netconf', 'd1', 'dead', 1)""");
            final ControllerStores stores = new ControllerStores();
            final UnifiedDeviceRegistry devices = new UnifiedDeviceRegistry();
            try (UniconfigService sx2 = new UniconfigService(stores, new RpcRegistry(), new MountPointRegistry(),
                    devices, Duration.ofMinutes(5), StateBackend.durable(database), SextantMetrics.NONE, "sx2",
                    IntentAccess.Policy.UNRESTRICTED)) {
                Registration connected = devices.register(device);
                await("d1 is served by sx2").atMost(Duration.ofSeconds(60))
                    .until(() -> sx2.registry().node("d1").isPresent());

                // the dead instance's commit of a new interface, recorded (and kept, or not) before it died
                try (DurableUniconfigStore dead = new DurableUniconfigStore(database, NEVER, "dead")) {
                    final UniconfigStore.KeptNode kept = dead.load().get(0);
                    final UniconfigNode node = new UniconfigNode("d1", schema, kept.schemaKey(), kept.intended(),
                        kept.actual());
                    final NodeUpdate intent = node.replaceIntent(with(schema, kept.intended(), "new"));
                    dead.changed(intent);
                    intent.apply();
                    dead.commitStarted("c-dead", "commit", "alice", List.of("d1"));
                    if (keptBeforeDeath) {
                        // the device had it unconfirmed; settling it (cancel-commit) took it back
                        dead.commitApplied("c-dead", List.of(node.committed(null)), new CommitRecord("c-dead",
                            Instant.now(), "alice", "commit", OperationResult.of(List.of(NodeResult.ok("d1"))),
                            Map.of()));
                    } else {
                        // applied on the device, never confirmed, not taken back
                        device.outOfBand(interfacePath("new"), iface("new", 1500, "new"));
                    }
                }
                // a commit of d1 pending by an instance still live: running, not orphaned
                sql(postgres, """
                    INSERT INTO commit_record (commit_id, operation, user_name, node_ids, state, instance_id,
                        instance_started)
                    SELECT 'c-live', 'commit', 'bob', ARRAY['d1'], 'pending', 'sx3', started_at
                    FROM controller_instance WHERE instance_id = 'sx3'""");

                // the dead instance's registration expires, sx2 claims d1 and connects its device
                sql(postgres, """
                    UPDATE controller_instance SET expires_at = clock_timestamp() - interval '1 second'
                    WHERE instance_id = 'dead';
                    UPDATE node_lease SET owner_instance = 'sx2', epoch = 2 WHERE node_id = 'd1'""");
                connected.close();
                connected = devices.register(device);
                await("the dead instance's commit is settled").atMost(Duration.ofSeconds(60))
                    .until(() -> !"pending".equals(state(postgres, "c-dead")));

                assertTrue(device.settled.contains("c-dead"), "settled by its id: " + device.settled);
                assertFalse(device.settled.contains("c-live"), "a live instance's commit is left alone");
                assertEquals("pending", state(postgres, "c-live"));
                assertEquals(keptBeforeDeath ? "done" : "failed", state(postgres, "c-dead"));
                assertEquals(keptBeforeDeath, has(device.config(), "new"), "the device holds what was kept");
                assertEquals(keptBeforeDeath, has(sx2.registry().node("d1").orElseThrow().actualRoot(), "new"),
                    "and the node says so");
                connected.close();
            } finally {
                stores.close();
            }
        }
    }

    /** {@code config} with an interface {@code name} more. */
    private static NormalizedNode with(final EffectiveModelContext schema, final NormalizedNode config,
            final String name) throws Exception {
        final TestDevice scratch = new TestDevice("scratch", schema);
        final WriteTransaction tx = scratch.running.newTransaction();
        tx.put(YangInstanceIdentifier.of(), config);
        tx.commit();
        scratch.outOfBand(interfacePath(name), iface(name, 1500, name));
        return scratch.config();
    }

    private static boolean has(final NormalizedNode config, final String name) {
        return NormalizedNodes.findNode(config, interfacePath(name).getPathArguments()).isPresent();
    }

    private static String state(final PostgresServer postgres, final String commitId) throws Exception {
        try (Connection connection = DriverManager.getConnection(postgres.jdbcUrl(), postgres.user(),
                postgres.password());
             Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery("SELECT state FROM commit_record WHERE commit_id = '" + commitId
                 + "'")) {
            return row.next() ? row.getString(1) : "missing";
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
