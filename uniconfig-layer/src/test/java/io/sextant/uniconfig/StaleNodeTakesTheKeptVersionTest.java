package io.sextant.uniconfig;

import static io.sextant.uniconfig.UniconfigLayerTest.ADMIN;
import static io.sextant.uniconfig.UniconfigLayerTest.iface;
import static io.sextant.uniconfig.UniconfigLayerTest.interfacePath;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.sextant.datastore.ControllerStores;
import io.sextant.spi.IntentAccess;
import io.sextant.spi.Edit;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.ReadScope;
import io.sextant.spi.RpcRegistry;
import io.sextant.metrics.SextantMetrics;
import io.sextant.model.BundledModels;
import io.sextant.model.SchemaBuildException;
import io.sextant.model.SchemaBuilder;
import io.sextant.persistence.Database;
import io.sextant.persistence.DatabaseSettings;
import io.sextant.persistence.StateBackend;
import io.sextant.testing.PostgresServer;
import io.sextant.unified.UnifiedDeviceRegistry;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * Two UniConfig layers (two controller instances) on one PostgreSQL serve the same node, each from
 * the copy it loaded. A write through the one whose copy another instance's change made stale is
 * refused by the version check, the layer takes the version the other kept and makes the write on
 * that: nothing the other kept is lost, and the client sees its writes land one after the other as
 * with one instance (a load balancer's round robin sends consecutive requests to different
 * instances). The layers do not follow what the other keeps ({@code KeptNodesFollower}), so this
 * is the version check alone; a commit and a revert likewise first take what was kept newer elsewhere.
 */
class StaleNodeTakesTheKeptVersionTest {

    /** One controller instance's UniConfig layer. */
    private static final class Layer implements AutoCloseable {
        final ControllerStores stores = new ControllerStores();
        final MountPointRegistry mounts = new MountPointRegistry();
        final UnifiedDeviceRegistry devices = new UnifiedDeviceRegistry();
        final UniconfigService service;

        Layer(final Database database, final TestDevice... served) {
            this(database, "", served);
        }

        Layer(final Database database, final String instanceId, final TestDevice... served) {
            service = new UniconfigService(stores, new RpcRegistry(), mounts, devices, Duration.ofMinutes(5),
                StateBackend.durable(database), SextantMetrics.NONE, instanceId, IntentAccess.Policy.UNRESTRICTED);
            // the version check alone: the copy stays stale until a change of it is refused
            // (ChangesReachTheOtherInstanceTest covers taking other instances' changes when hinted)
            service.stopFollowing();
            for (TestDevice device : served) {
                devices.register(device);
                await("the node is served").atMost(Duration.ofSeconds(60))
                    .until(() -> service.registry().node(device.nodeId()).isPresent());
            }
        }

        void describe(final String name, final String description) throws Exception {
            describe("d1", name, description);
        }

        void describe(final String node, final String name, final String description) throws Exception {
            mounts.find(TopologyPaths.node(TopologyPaths.UNICONFIG, node).node(TopologyPaths.CONFIGURATION))
                .orElseThrow().data().edit(List.of(Edit.replace(interfacePath(name), iface(name, 1500,
                    description))), ADMIN).toCompletableFuture().get();
        }

        Optional<NormalizedNode> intended(final String name) {
            return intended("d1", name);
        }

        /** A read of the interface in d1's intent, as RESTCONF reads it. */
        Optional<NormalizedNode> read(final String name) throws Exception {
            return mounts.find(TopologyPaths.node(TopologyPaths.UNICONFIG, "d1").node(TopologyPaths.CONFIGURATION))
                .orElseThrow().data().read(ReadScope.CONFIG, interfacePath(name), ADMIN).toCompletableFuture().get();
        }

        Optional<NormalizedNode> intended(final String node, final String name) {
            return interfaceIn(service.registry().node(node).orElseThrow().intendedRoot(), name);
        }

        @Override
        public void close() {
            service.close();
            stores.close();
        }
    }

    private static final EffectiveModelContext SCHEMA = schema();

    private PostgresServer postgres;
    private Database database;
    /** Node d1's device, with interface eth0 ("uplink"). */
    private TestDevice device;

    private static EffectiveModelContext schema() {
        try {
            return SchemaBuilder.build(BundledModels.get().withDependencies(List.of("openconfig-interfaces",
                "iana-if-type")));
        } catch (SchemaBuildException e) {
            throw new IllegalStateException(e);
        }
    }

    @BeforeEach
    void start() throws Exception {
        device = new TestDevice("d1", SCHEMA);
        device.outOfBand(interfacePath("eth0"), iface("eth0", 1500, "uplink"));
        postgres = PostgresServer.start();
        database = new Database(DatabaseSettings.of(postgres.jdbcUrl(), postgres.user(), postgres.password()));
        database.migrate(Duration.ofSeconds(60));
    }

    @AfterEach
    void stop() {
        if (database != null) {
            database.close();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    private static Optional<NormalizedNode> interfaceIn(final NormalizedNode root, final String name) {
        return NormalizedNodes.findNode(root, interfacePath(name).getPathArguments());
    }

    @Test
    void aCommitCommitsWhatAnotherInstanceKeptJustBeforeInsteadOfBeingRefused() throws Exception {
        try (Layer one = new Layer(database, "sx1", device);
             Layer other = new Layer(database, "sx2", device)) {
            // both registered as live, which the other's round of hints has seen (the following stays off)
            registerLive("sx1", "sx2");
            holds("sx2", "d1");
            other.service.registry().store().changedElsewhere();
            // written through one, committed through the other, whose copy has not followed
            one.describe("eth1", "written through one");
            assertEquals(Optional.empty(), other.intended("eth1"), "the other's copy is stale");

            final OperationResult committed = other.service.commits().commit(List.of("d1"), ADMIN)
                .toCompletableFuture().get();
            assertEquals(true, committed.ok(), committed.toString());
            assertEquals(Optional.of(iface("eth1", 1500, "written through one")), interfaceIn(device.config(),
                "eth1"), "the device got what was kept through the other instance");
            assertEquals(Optional.of(iface("eth1", 1500, "written through one")), interfaceIn(
                other.service.registry().node("d1").orElseThrow().actualRoot(), "eth1"));
        }
    }

    @Test
    void commitsThroughStaleCopiesNotKnownToBeSharedLoseNothingTheOtherKept() throws Exception {
        try (Layer one = new Layer(database, device);
             Layer other = new Layer(database, device)) {
            // alone as far as each knows: a commit reads no versions first; its keep's check is the safety net
            other.describe("eth2", "written through the other");
            one.describe("eth1", "written through one");
            assertEquals(Optional.empty(), other.intended("eth1"), "the other's copy is stale");

            final OperationResult committed = other.service.commits().commit(List.of("d1"), ADMIN)
                .toCompletableFuture().get();
            assertEquals(true, committed.ok(), committed.toString());
            assertEquals(Optional.of(iface("eth2", 1500, "written through the other")), interfaceIn(device.config(),
                "eth2"), "the stale copy commits what it holds");
            assertEquals(Optional.empty(), interfaceIn(device.config(), "eth1"));

            // one's actual configuration is stale now: its keep refuses, every device is put back
            final ExecutionException refused = assertThrows(ExecutionException.class,
                () -> one.service.commits().commit(List.of("d1"), ADMIN).toCompletableFuture().get());
            assertEquals(ErrorTag.IN_USE, ((OperationErrorsException) refused.getCause()).errors().get(0).tag(),
                refused.toString());
            assertEquals(Optional.empty(), interfaceIn(device.config(), "eth1"), "the device was put back");

            // the refusal made one take what was kept: the intent written through one lands, nothing is lost
            final OperationResult again = one.service.commits().commit(List.of("d1"), ADMIN)
                .toCompletableFuture().get();
            assertEquals(true, again.ok(), again.toString());
            assertEquals(Optional.of(iface("eth1", 1500, "written through one")), interfaceIn(device.config(),
                "eth1"));
            assertEquals(Optional.of(iface("eth2", 1500, "written through the other")), interfaceIn(device.config(),
                "eth2"));
        }
    }

    @Test
    void aReadThroughAStaleCopyWhileAnotherInstanceIsLiveSeesWhatThatInstanceKept() throws Exception {
        try (Layer one = new Layer(database, "sx1", device);
             Layer other = new Layer(database, "sx2", device)) {
            one.describe("eth3", "one's");
            assertEquals(Optional.empty(), other.intended("eth3"), "the other's copy is stale");
            assertEquals(Optional.empty(), other.read("eth3"), "alone (as far as it knows), it reads its copy");

            // both registered as live; a following round notices (the following itself stays off)
            registerLive("sx1", "sx2");
            other.service.registry().store().changedElsewhere();
            assertEquals(Optional.of(iface("eth3", 1500, "one's")), other.read("eth3"),
                "the read took the version the other instance kept first");
            assertEquals(Optional.of(iface("eth3", 1500, "one's")), other.intended("eth3"));
        }
    }

    @Test
    void aRevertThroughAStaleCopyTakesTheCommitBackOnWhatTheOtherInstanceKept() throws Exception {
        try (Layer one = new Layer(database, "sx1", device);
             Layer other = new Layer(database, "sx2", device)) {
            registerLive("sx1", "sx2");
            holds("sx1", "d1");
            other.service.registry().store().changedElsewhere();
            one.describe("eth1", "committed through one");
            final OperationResult committed = one.service.commits().commit(List.of("d1"), ADMIN)
                .toCompletableFuture().get();
            assertEquals(true, committed.ok(), committed.toString());
            // read through the instance that committed: it waits for the commit's point to be written
            final var marks = one.service.history().marks("d1");
            final String commitId = marks.get(marks.size() - 1).commitId();
            one.describe("eth2", "written through one after the commit");
            assertEquals(Optional.empty(), other.intended("eth1"), "the other's copy is stale");

            final Reverted reverted = other.service.reverts().revert(List.of(commitId), false, List.of(), ADMIN,
                IntentAccess.UNRESTRICTED).toCompletableFuture().get();
            assertEquals(true, reverted.result().ok(), reverted.toString());
            assertEquals(Optional.empty(), other.intended("eth1"), "the commit is taken back");
            assertEquals(Optional.of(iface("eth2", 1500, "written through one after the commit")),
                other.intended("eth2"), "what the other instance kept after the commit stays");
            try (DurableUniconfigStore reader = new DurableUniconfigStore(database)) {
                final NormalizedNode kept = reader.load().get(0).intended();
                assertEquals(Optional.empty(), interfaceIn(kept, "eth1"));
                assertEquals(Optional.of(iface("eth2", 1500, "written through one after the commit")),
                    interfaceIn(kept, "eth2"));
                assertEquals(Optional.of(iface("eth0", 1500, "uplink")), interfaceIn(kept, "eth0"));
            }
        }
    }

    /** Controller instances registered as live for ten minutes, as their lease schedulers would. */
    private void registerLive(final String... ids) throws Exception {
        try (Connection sql = DriverManager.getConnection(postgres.jdbcUrl(), postgres.user(), postgres.password());
             PreparedStatement insert = sql.prepareStatement("INSERT INTO controller_instance (instance_id, "
                 + "incarnation, address, started_at, heartbeat_at, expires_at) VALUES (?, 'test', '127.0.0.1:1', "
                 + "now(), now(), now() + interval '10 minutes')")) {
            for (String id : ids) {
                insert.setString(1, id);
                insert.executeUpdate();
            }
        }
    }

    /** The lease of {@code nodeId}'s device held by instance {@code id}: it may keep commits of the node. */
    private void holds(final String id, final String nodeId) throws Exception {
        try (Connection sql = DriverManager.getConnection(postgres.jdbcUrl(), postgres.user(), postgres.password());
             PreparedStatement insert = sql.prepareStatement("INSERT INTO node_lease (topology_id, node_id, "
                 + "owner_instance, epoch) VALUES ('topology-netconf', ?, ?, 1)")) {
            insert.setString(1, nodeId);
            insert.setString(2, id);
            insert.executeUpdate();
        }
    }

    @Test
    void aCopyToAStaleNodeLandsOnWhatTheOtherInstanceKept() throws Exception {
        final TestDevice target = new TestDevice("d2", SCHEMA);
        try (Layer one = new Layer(database, device, target);
             Layer other = new Layer(database, device, target)) {
            one.describe("d2", "eth3", "one's");
            assertEquals(Optional.empty(), other.intended("d2", "eth3"), "the other's copy is stale");

            final OperationResult copied = other.service.copies().copy("d1",
                "openconfig-interfaces:interfaces/interface=eth0", false, List.of("d2"), ADMIN,
                IntentAccess.UNRESTRICTED).toCompletableFuture().get();
            assertEquals(true, copied.ok(), copied.toString());
            assertEquals(Optional.of(iface("eth0", 1500, "uplink")), other.intended("d2", "eth0"));
            assertEquals(Optional.of(iface("eth3", 1500, "one's")), other.intended("d2", "eth3"),
                "the copy was made on what the other instance kept, not on the stale copy");
        }
    }

    @Test
    void aWriteThroughAStaleCopyLandsOnWhatTheOtherInstanceKept() throws Exception {
        try (Layer one = new Layer(database, device);
             Layer other = new Layer(database, device)) {
            one.describe("eth3", "one's");
            assertEquals(Optional.empty(), other.intended("eth3"), "the other's copy is stale");

            other.describe("eth1", "other's");
            assertEquals(Optional.of(iface("eth1", 1500, "other's")), other.intended("eth1"));
            assertEquals(Optional.of(iface("eth3", 1500, "one's")), other.intended("eth3"),
                "the write was made on what the other instance kept, not on the stale copy");

            one.describe("eth2", "one's again");
            assertEquals(Optional.of(iface("eth1", 1500, "other's")), one.intended("eth1"),
                "the stale instance took what the other kept before its write");
            assertEquals(Optional.of(iface("eth2", 1500, "one's again")), one.intended("eth2"));

            try (DurableUniconfigStore reader = new DurableUniconfigStore(database)) {
                final NormalizedNode kept = reader.load().get(0).intended();
                assertEquals(Optional.of(iface("eth1", 1500, "other's")), interfaceIn(kept, "eth1"));
                assertEquals(Optional.of(iface("eth2", 1500, "one's again")), interfaceIn(kept, "eth2"));
                assertEquals(Optional.of(iface("eth3", 1500, "one's")), interfaceIn(kept, "eth3"));
                assertEquals(Optional.of(iface("eth0", 1500, "uplink")), interfaceIn(kept, "eth0"));
            }
        }
    }
}
