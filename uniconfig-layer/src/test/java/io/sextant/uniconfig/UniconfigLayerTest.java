package io.sextant.uniconfig;

import static io.sextant.spi.IntentAccess.UNRESTRICTED;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.datastore.ControllerStores;
import io.sextant.spi.IntentAccess;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.DataService;
import io.sextant.spi.Edit;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.ReadScope;
import io.sextant.spi.RequestContext;
import io.sextant.spi.RpcRegistry;
import io.sextant.metrics.SextantMetrics;
import io.sextant.metrics.prometheus.PrometheusMetrics;
import io.sextant.model.BundledModels;
import io.sextant.model.SchemaBuilder;
import io.sextant.persistence.StateBackend;
import io.sextant.unified.DeviceChange;
import io.sextant.unified.UnifiedDeviceRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * The layer's logic over in-process devices: diff, atomic commit and rollback per device mode,
 * transactions, snapshots, out-of-band detection. Real devices are in the integration tests.
 */
class UniconfigLayerTest {
    static final QName IFS = QName.create("http://openconfig.net/yang/interfaces", "2016-05-26", "interfaces");
    static final QName IF = QName.create(IFS, "interface");
    static final QName NAME = QName.create(IFS, "name");
    static final QName CONFIG = QName.create(IFS, "config");
    static final QName MTU = QName.create(IFS, "mtu");
    static final QName DESCRIPTION = QName.create(IFS, "description");
    static final QName TYPE = QName.create(IFS, "type");
    static final QName ETHERNET = QName.create("urn:ietf:params:xml:ns:yang:iana-if-type", "2014-05-08",
        "ethernetCsmacd");
    static final RequestContext ADMIN = RequestContext.of("admin");

    private static EffectiveModelContext schema;

    private ControllerStores datastores;
    private MountPointRegistry mounts;
    private UnifiedDeviceRegistry registry;
    private UniconfigService service;
    private final PrometheusMetrics metrics = new PrometheusMetrics(true);
    private final TestDevice r1 = new TestDevice("r1", schema);
    private final TestDevice r2 = new TestDevice("r2", schema);
    private final TestDevice r3 = new TestDevice("r3", schema);

    @BeforeAll
    static void schema() throws Exception {
        schema = SchemaBuilder.build(BundledModels.get().withDependencies(List.of("openconfig-interfaces",
            "iana-if-type")));
    }

    @BeforeEach
    void start() throws Exception {
        datastores = new ControllerStores();
        mounts = new MountPointRegistry();
        registry = new UnifiedDeviceRegistry();
        service = new UniconfigService(datastores, new RpcRegistry(), mounts, registry, Duration.ofMinutes(5),
            StateBackend.inMemory(), metrics, "", IntentAccess.Policy.UNRESTRICTED);
        for (TestDevice device : List.of(r1, r2, r3)) {
            device.outOfBand(interfacePath("eth0"), iface("eth0", 1500, "uplink"));
            registry.register(device);
        }
        await("the three devices become UniConfig nodes").atMost(Duration.ofSeconds(10))
            .until(() -> service.nodeIds().size() == 3);
    }

    @AfterEach
    void stop() {
        service.close();
        datastores.close();
    }

    static YangInstanceIdentifier interfacePath(final String name) {
        return YangInstanceIdentifier.builder().node(IFS).node(IF).nodeWithKey(IF, NAME, name).build();
    }

    static MapEntryNode iface(final String name, final int mtu, final String description) {
        return ImmutableNodes.newMapEntryBuilder().withNodeIdentifier(NodeIdentifierWithPredicates.of(IF, NAME, name))
            .withChild(ImmutableNodes.leafNode(NAME, name))
            .withChild(ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(CONFIG))
                .withChild(ImmutableNodes.leafNode(NAME, name))
                .withChild(ImmutableNodes.leafNode(TYPE, ETHERNET))
                .withChild(ImmutableNodes.leafNode(MTU, Uint16.valueOf(mtu)))
                .withChild(ImmutableNodes.leafNode(DESCRIPTION, description)).build())
            .build();
    }

    private DataService intent(final String nodeId) throws Exception {
        return mounts.find(TopologyPaths.node(TopologyPaths.UNICONFIG, nodeId).node(TopologyPaths.CONFIGURATION))
            .orElseThrow().data();
    }

    private void put(final String nodeId, final RequestContext context, final YangInstanceIdentifier path,
            final NormalizedNode data) throws Exception {
        intent(nodeId).edit(List.of(Edit.replace(path, data)), context).toCompletableFuture().get();
    }

    private static <T> T get(final CompletionStage<T> stage) throws Exception {
        return stage.toCompletableFuture().get();
    }

    @Test
    void nodesAppearAfterFirstSyncWithIntentEqualToActual() throws Exception {
        assertEquals(Set.of("r1", "r2", "r3"), service.nodeIds());
        final UniconfigNode node = service.registry().node("r1").orElseThrow();
        assertSame(node.actualRoot(), node.intendedRoot(), "intent starts as the very same tree");
        assertTrue(get(service.diffs().calculateDiff(List.of(), ADMIN)).nodes().isEmpty());
        final var published = datastores.operational().snapshot().read(TopologyPaths.node(TopologyPaths.UNICONFIG,
            "r1"));
        assertTrue(published.orElseThrow().toString().contains("synced"));
    }

    @Test
    void diffShowsExactlyTheChangesAndCommitLandsEverywhere() throws Exception {
        put("r1", ADMIN, interfacePath("eth0").node(CONFIG).node(MTU), ImmutableNodes.leafNode(MTU,
            Uint16.valueOf(9000)));
        put("r2", ADMIN, interfacePath("eth1"), iface("eth1", 1500, "new"));
        intent("r3").edit(List.of(Edit.delete(interfacePath("eth0"))), ADMIN).toCompletableFuture().get();

        final OperationResult diff = get(service.diffs().calculateDiff(List.of(), ADMIN));
        assertTrue(diff.ok());
        assertEquals(3, diff.nodes().size());
        final ConfigDiff.Change mtu = diff.nodes().get(0).diff().changes().get(0);
        assertEquals(ConfigDiff.Change.Kind.UPDATED, mtu.kind());
        assertEquals("/openconfig-interfaces:interfaces/interface=eth0/config/mtu",
            DiffNodes.apiPath(mtu.path(), schema));
        assertEquals(ConfigDiff.Change.Kind.CREATED, diff.nodes().get(1).diff().changes().get(0).kind());
        assertEquals(ConfigDiff.Change.Kind.DELETED, diff.nodes().get(2).diff().changes().get(0).kind());
        assertEquals(1, diff.nodes().get(1).diff().changes().size(), "only the new interface, nothing else");

        final OperationResult commit = get(service.commits().commit(List.of(), ADMIN));
        assertTrue(commit.ok(), commit.toString());
        assertEquals(Optional.of(ImmutableNodes.leafNode(MTU, Uint16.valueOf(9000))),
            NormalizedNodes.findNode(r1.config(), interfacePath("eth0").node(CONFIG).node(MTU)));
        assertTrue(NormalizedNodes.findNode(r2.config(),
            interfacePath("eth1")).isPresent());
        assertTrue(NormalizedNodes.findNode(r3.config(),
            interfacePath("eth0")).isEmpty());
        for (String id : List.of("r1", "r2", "r3")) {
            final UniconfigNode node = service.registry().node(id).orElseThrow();
            assertSame(node.intendedRoot(), node.actualRoot(), "after a commit actual is the intent itself");
        }
        assertTrue(get(service.diffs().calculateDiff(List.of(), ADMIN)).nodes().isEmpty());
        final var logged = datastores.operational().snapshot().read(YangInstanceIdentifier.of(
            OperationalTransactionLog.LOG));
        assertTrue(logged.isPresent(), "the commit is in the transaction log");
    }

    @Test
    void commitsAreCountedByOutcomeAndTimedByPhase() throws Exception {
        put("r1", ADMIN, interfacePath("eth7"), iface("eth7", 1500, "metrics"));
        assertTrue(get(service.commits().commit(List.of(), ADMIN)).ok());
        put("r2", ADMIN, interfacePath("eth7"), iface("eth7", 1500, "metrics"));
        r2.failAt = "apply";
        assertFalse(get(service.commits().commit(List.of(), ADMIN)).ok());

        final String text = new String(metrics.scrape("text/plain").orElseThrow().body(), StandardCharsets.UTF_8);
        assertTrue(text.contains("sextant_commits_total{operation=\"commit\",outcome=\"ok\"} 1.0"), text);
        assertTrue(text.contains("sextant_commits_total{operation=\"commit\",outcome=\"failed\"} 1.0"), text);
        assertTrue(text.contains("sextant_commit_duration_seconds_count{operation=\"commit\"} 2"), text);
        for (String phase : List.of("lock", "prepare", "devices")) {
            assertTrue(text.contains("sextant_commit_phase_duration_seconds_count{phase=\"" + phase + "\"} 2"),
                phase + " in " + text);
        }
        assertTrue(text.contains("sextant_commit_phase_duration_seconds_count{phase=\"apply\"} 1"), text);
    }

    @Test
    void failureOnOneDeviceRestoresTheOthersAndKeepsIntent() throws Exception {
        for (String id : List.of("r1", "r2", "r3")) {
            put(id, ADMIN, interfacePath("eth0").node(CONFIG).node(MTU), ImmutableNodes.leafNode(MTU,
                Uint16.valueOf(9100)));
        }
        r1.mode = DeviceChange.Mode.STAGED_CONFIRMABLE;
        r2.mode = DeviceChange.Mode.IMMEDIATE;
        r3.failAt = "apply";
        final NormalizedNode before1 = r1.config();
        final NormalizedNode before2 = r2.config();
        final NormalizedNode intended3 = service.registry().node("r3").orElseThrow().intendedRoot();

        final OperationResult result = get(service.commits().commit(List.of("r1", "r2", "r3"), ADMIN));
        assertFalse(result.ok());
        assertTrue(result.error().orElseThrow().contains("r3"), result.toString());
        assertTrue(result.error().orElseThrow().contains("rejects the change at apply"), result.toString());
        assertEquals(before1, r1.config(), "r1 restored");
        assertEquals(before2, r2.config(), "r2 restored");
        assertSame(intended3, service.registry().node("r3").orElseThrow().intendedRoot(), "intent unchanged");
        assertEquals(3, get(service.diffs().calculateDiff(List.of(), ADMIN)).nodes().size(), "the changes are still pending");
    }

    /**
     * A commit fails and one device cannot be rolled back because its session is lost meanwhile (a
     * NETCONF device keeps a confirmed commit pending): the node is in doubt, and when the device is
     * connected again the commit's leftovers are settled and the device put back before anything else
     * reaches it; a later commit of the same intent then lands.
     */
    @Test
    void aDeviceLostDuringARollbackIsPutBackWhenItConnectsAgain() throws Exception {
        put("r1", ADMIN, interfacePath("eth11"), iface("eth11", 1500, "in-doubt"));
        put("r2", ADMIN, interfacePath("eth11"), iface("eth11", 1500, "in-doubt"));
        r2.failAt = "apply";
        r1.failRollback = () -> registry.register(new TestDevice("r1", schema)).close();

        final OperationResult failed = get(service.commits().commit(List.of("r1", "r2"), ADMIN));
        assertFalse(failed.ok());
        assertTrue(failed.error().orElseThrow().contains("ROLLBACK FAILED: r1"), failed.toString());
        assertTrue(NormalizedNodes.findNode(r1.config(), interfacePath("eth11")).isPresent(),
            "r1 still holds the change it could not take back");
        assertEquals(Set.of("r1"), service.registry().inDoubtNodeIds());
        assertEquals(List.of(), r1.settled, "nothing settled while r1 is away");

        r1.failRollback = null;
        r2.failAt = null;
        registry.register(r1);
        await("r1 put back once it is connected again").atMost(Duration.ofSeconds(10))
            .until(() -> service.registry().inDoubtNodeIds().isEmpty());
        assertEquals(1, r1.settled.size(), "the failed commit's leftovers on r1 were settled");
        assertTrue(NormalizedNodes.findNode(r1.config(), interfacePath("eth11")).isEmpty(),
            "r1 holds its configuration from before the commit");
        assertTrue(get(service.commits().commit(List.of("r1", "r2"), ADMIN)).ok());
        assertTrue(NormalizedNodes.findNode(r1.config(), interfacePath("eth11")).isPresent()
            && NormalizedNodes.findNode(r2.config(), interfacePath("eth11")).isPresent(), "the intent lands later");
    }

    @Test
    void unreachableDeviceFailsTheCommitBeforeAnythingIsSent() throws Exception {
        put("r1", ADMIN, interfacePath("eth5"), iface("eth5", 1500, "x"));
        put("r2", ADMIN, interfacePath("eth5"), iface("eth5", 1500, "x"));
        // r2 disconnects: a new connection replaces the old one, and then goes away
        registry.register(new TestDevice("r2", schema)).close();
        assertTrue(registry.device("r2").isEmpty());
        final OperationResult result = get(service.commits().commit(List.of("r1", "r2"), ADMIN));
        assertFalse(result.ok());
        assertEquals(0, r1.applied, "nothing reached r1");
        assertTrue(result.nodes().stream().anyMatch(n -> n.nodeId().equals("r2")
            && n.error().orElseThrow().kind() == NodeResult.ErrorKind.NO_CONNECTION));
    }

    @Test
    void transactionsAreIsolatedAndConflictOnTheSameNode() throws Exception {
        final String tx1 = service.createTransaction("alice");
        final String tx2 = service.createTransaction("bob");
        final RequestContext alice = new RequestContext("alice", tx1);
        final RequestContext bob = new RequestContext("bob", tx2);
        put("r1", alice, interfacePath("eth7"), iface("eth7", 1500, "alice"));
        assertTrue(intent("r1").read(ReadScope.CONFIG, interfacePath("eth7"), alice).toCompletableFuture().get()
            .isPresent(), "a transaction sees its own write");
        assertTrue(intent("r1").read(ReadScope.CONFIG, interfacePath("eth7"), ADMIN).toCompletableFuture().get()
            .isEmpty(), "nobody else does");
        put("r1", bob, interfacePath("eth8"), iface("eth8", 1500, "bob"));
        put("r2", bob, interfacePath("eth8"), iface("eth8", 1500, "bob"));

        final var first = service.commits().commit(List.of(), alice).toCompletableFuture();
        assertTrue(first.get().ok(), first.get().toString());
        final OperationResult second = get(service.commits().commit(List.of(), bob));
        assertFalse(second.ok());
        assertTrue(second.nodes().stream().anyMatch(n -> n.error().map(e -> e.kind() == NodeResult.ErrorKind.CONFLICT)
            .orElse(false)), second.toString());
        assertTrue(NormalizedNodes.findNode(r2.config(),
            interfacePath("eth8")).isEmpty(), "the refused transaction changed nothing, not even its other node");
        assertTrue(NormalizedNodes.findNode(r1.config(),
            interfacePath("eth7")).isPresent());
    }

    @Test
    void transactionsOnDifferentNodesBothCommit() throws Exception {
        final RequestContext a = new RequestContext("a", service.createTransaction("a"));
        final RequestContext b = new RequestContext("b", service.createTransaction("b"));
        put("r1", a, interfacePath("eth2"), iface("eth2", 1500, "a"));
        put("r2", b, interfacePath("eth2"), iface("eth2", 1500, "b"));
        final CompletableFuture<OperationResult> ca = service.commits().commit(List.of(), a).toCompletableFuture();
        final CompletableFuture<OperationResult> cb = service.commits().commit(List.of(), b).toCompletableFuture();
        assertTrue(ca.get().ok(), ca.get().toString());
        assertTrue(cb.get().ok(), cb.get().toString());
    }

    @Test
    void idleTransactionsExpire() throws Exception {
        final String id = service.transactions().create("a", Duration.ofMillis(200));
        final RequestContext context = new RequestContext("a", id);
        put("r1", context, interfacePath("eth3"), iface("eth3", 1500, "soon gone"));
        // longer than the idle timeout: any request naming the transaction counts as use, so none is made meanwhile
        Thread.sleep(1500);
        final var expired = service.diffs().calculateDiff(List.of(), context).toCompletableFuture();
        final var failure = assertThrows(ExecutionException.class, expired::get);
        assertTrue(failure.getCause().getMessage().contains("does not exist"), failure.getCause().getMessage());
    }

    @Test
    void snapshotRestoresAnEarlierIntent() throws Exception {
        assertTrue(get(service.snapshots().createSnapshot("before", List.of("r1", "r2"))).ok());
        final NormalizedNode original = r1.config();
        put("r1", ADMIN, interfacePath("eth0"), iface("eth0", 9000, "changed"));
        assertTrue(get(service.commits().commit(List.of(), ADMIN)).ok());
        assertFalse(original.equals(r1.config()));
        assertTrue(get(service.snapshots().replaceConfigWithSnapshot("before", List.of(), ADMIN, UNRESTRICTED)).ok());
        assertTrue(get(service.commits().commit(List.of(), ADMIN)).ok());
        assertEquals(original, r1.config(), "the device is back to the snapshot");
        assertTrue(datastores.operational().snapshot().read(TopologyPaths.node(TopologyPaths.SNAPSHOTS, "before"))
            .isPresent(), "the snapshot is listed under topology=snapshots");
        assertTrue(get(service.snapshots().deleteSnapshot("before")).ok());
        assertFalse(get(service.snapshots().deleteSnapshot("before")).ok());
    }

    @Test
    void outOfBandChangeIsDetectedRefusedAndPickedUp() throws Exception {
        r1.outOfBand(interfacePath("eth9"), iface("eth9", 1400, "behind our back"));
        final OperationResult inSync = get(service.syncs().isInSync(List.of("r1", "r2"), ADMIN));
        assertEquals(Optional.of(false), inSync.nodes().get(0).inSync());
        assertEquals(Optional.of(true), inSync.nodes().get(1).inSync());

        put("r1", ADMIN, interfacePath("eth0").node(CONFIG).node(MTU), ImmutableNodes.leafNode(MTU,
            Uint16.valueOf(1400)));
        final NormalizedNode device = r1.config();
        final OperationResult checked = get(service.commits().checkedCommit(List.of("r1"), ADMIN));
        assertFalse(checked.ok());
        assertEquals(NodeResult.ErrorKind.OUT_OF_SYNC, checked.nodes().get(0).error().orElseThrow().kind());
        assertEquals(device, r1.config(), "checked-commit changed nothing");

        assertTrue(get(service.syncs().syncFromNetwork(List.of("r1"), ADMIN)).ok());
        assertTrue(NormalizedNodes.findNode(
            service.registry().node("r1").orElseThrow().actualRoot(), interfacePath("eth9")).isPresent(), "picked up");
        assertEquals(Optional.of(true), get(service.syncs().isInSync(List.of("r1"), ADMIN)).nodes().get(0).inSync());
        assertTrue(get(service.syncs().replaceConfigWithOperational(List.of("r1"), ADMIN, UNRESTRICTED)).ok());
        assertTrue(get(service.diffs().calculateDiff(List.of("r1"), ADMIN)).nodes().get(0).diff().isEmpty());
    }

    @Test
    void aFailedFirstSyncIsListedWithItsReasonAndSyncFromNetworkRetries() throws Exception {
        final TestDevice broken = new TestDevice("r4", schema);
        broken.failRead = true;
        registry.register(broken);
        final var path = TopologyPaths.node(TopologyPaths.UNICONFIG, "r4");
        await("r4's status in the operational store").atMost(Duration.ofSeconds(10))
            .until(() -> datastores.operational().snapshot().read(path).isPresent());
        final String listed = datastores.operational().snapshot().read(path).orElseThrow().toString();
        assertTrue(listed.contains("sync-failed") && listed.contains("r4 cannot be read"), listed);
        assertFalse(service.nodeIds().contains("r4"));

        broken.failRead = false;
        assertTrue(get(service.syncs().syncFromNetwork(List.of("r4"), ADMIN)).ok());
        assertTrue(service.nodeIds().contains("r4"));
        assertTrue(datastores.operational().snapshot().read(path).orElseThrow().toString().contains("synced"));
    }

    @Test
    void dryRunShowsThePayloadAndSendsNothing() throws Exception {
        put("r1", ADMIN, interfacePath("eth4"), iface("eth4", 1500, "dry"));
        final NormalizedNode device = r1.config();
        final OperationResult dry = get(service.diffs().dryRun(List.of("r1"), ADMIN));
        assertTrue(dry.ok());
        assertTrue(dry.nodes().get(0).payload().orElseThrow().contains("WRITE"), dry.toString());
        assertEquals(device, r1.config());
    }

    @Test
    void checkedCommitOnADisconnectedDeviceAnswersNoConnectionForThatNode() throws Exception {
        put("r1", ADMIN, interfacePath("eth6"), iface("eth6", 1500, "checked"));
        put("r2", ADMIN, interfacePath("eth6"), iface("eth6", 1500, "checked"));
        registry.register(new TestDevice("r2", schema)).close();
        final OperationResult result = get(service.commits().checkedCommit(List.of("r1", "r2"), ADMIN));
        assertFalse(result.ok());
        assertEquals(0, r1.applied, "nothing reached r1");
        final NodeResult r2Result = result.nodes().stream().filter(n -> n.nodeId().equals("r2")).findFirst()
            .orElseThrow();
        assertEquals(NodeResult.ErrorKind.NO_CONNECTION, r2Result.error().orElseThrow().kind(), result.toString());
        assertTrue(result.nodes().stream().filter(n -> n.nodeId().equals("r1")).allMatch(NodeResult::ok),
            "r1 is in sync: " + result);
    }

    @Test
    void skipUnreachableNodesCommitsTheOthersAndKeepsTheSkippedIntentPending() throws Exception {
        put("r1", ADMIN, interfacePath("eth9"), iface("eth9", 1500, "skip"));
        put("r2", ADMIN, interfacePath("eth9"), iface("eth9", 1500, "skip"));
        registry.register(new TestDevice("r2", schema)).close();
        final OperationResult refused = get(service.commits().commit(List.of("r1", "r2"), ADMIN));
        assertFalse(refused.ok(), "without the option one unreachable node fails the commit: " + refused);
        assertEquals(0, r1.applied, "nothing reached r1");

        final OperationResult result = get(service.commits().commit(List.of("r1", "r2"), ADMIN,
            new CommitOptions(true, CommitOptions.NO_GATE))).result();
        assertTrue(result.ok(), result.toString());
        assertTrue(NormalizedNodes.findNode(r1.config(), interfacePath("eth9")).isPresent(), "r1 committed");
        final NodeResult skipped = result.nodes().stream().filter(n -> n.nodeId().equals("r2")).findFirst()
            .orElseThrow();
        assertEquals("skipped", skipped.status(), result.toString());
        assertEquals(NodeResult.ErrorKind.NO_CONNECTION, skipped.error().orElseThrow().kind());
        assertTrue(intent("r2").read(ReadScope.CONFIG, interfacePath("eth9"), ADMIN).toCompletableFuture().get()
            .isPresent(), "r2's intent is still pending");
        assertTrue(NormalizedNodes.findNode(r2.config(), interfacePath("eth9")).isEmpty(), "nothing reached r2");

        registry.register(r2);
        await("r2 connected again").atMost(Duration.ofSeconds(10))
            .until(() -> get(service.commits().commit(List.of("r2"), ADMIN)).ok());
        assertTrue(NormalizedNodes.findNode(r2.config(), interfacePath("eth9")).isPresent(),
            "a later commit sends r2 its pending intent");
    }

    @Test
    void skipUnreachableNodesInATransactionLeavesTheSkippedChangesInIt() throws Exception {
        final RequestContext tx = new RequestContext("alice", service.createTransaction("alice"));
        put("r1", tx, interfacePath("eth10"), iface("eth10", 1500, "tx-skip"));
        put("r2", tx, interfacePath("eth10"), iface("eth10", 1500, "tx-skip"));
        registry.register(new TestDevice("r2", schema)).close();

        final OperationResult result = get(service.commits().commit(List.of(), tx,
            new CommitOptions(true, CommitOptions.NO_GATE))).result();
        assertTrue(result.ok(), result.toString());
        assertEquals(List.of("complete", "skipped"), result.nodes().stream().map(NodeResult::status).toList(),
            result.toString());
        assertTrue(NormalizedNodes.findNode(r1.config(), interfacePath("eth10")).isPresent(), "r1 committed");
        assertTrue(intent("r2").read(ReadScope.CONFIG, interfacePath("eth10"), tx).toCompletableFuture().get()
            .isPresent(), "the transaction still holds r2's change");
        assertTrue(intent("r2").read(ReadScope.CONFIG, interfacePath("eth10"), ADMIN).toCompletableFuture().get()
            .isEmpty(), "which nobody else sees");

        registry.register(r2);
        await("r2 connected again").atMost(Duration.ofSeconds(10))
            .until(() -> get(service.commits().commit(List.of(), tx)).ok());
        assertTrue(NormalizedNodes.findNode(r2.config(), interfacePath("eth10")).isPresent(),
            "the transaction's next commit sends r2 its change");
    }

    /**
     * A user's intent write races with the controller publishing the node's first status: the
     * write must succeed, and the status published last must be the write's.
     */
    @Test
    void intentWritesRacingWithStatusPublishingNeverFail() throws Exception {
        for (int round = 0; round < 60; round++) {
            final ControllerStores stores = new ControllerStores();
            final UnifiedDeviceRegistry devices = new UnifiedDeviceRegistry();
            final MountPointRegistry mountPoints = new MountPointRegistry();
            try (UniconfigService fresh = new UniconfigService(stores, new RpcRegistry(), mountPoints, devices,
                    Duration.ofMinutes(5), StateBackend.inMemory(), SextantMetrics.NONE, "", IntentAccess.Policy.UNRESTRICTED)) {
                final List<String> ids = List.of("a", "b", "c");
                for (String id : ids) {
                    devices.register(new TestDevice(id, schema));
                }
                for (String id : ids) {
                    while (fresh.registry().node(id).isEmpty()) {
                        Thread.onSpinWait();
                    }
                    mountPoints.find(TopologyPaths.node(TopologyPaths.UNICONFIG, id).node(TopologyPaths.CONFIGURATION))
                        .orElseThrow().data().edit(List.of(Edit.replace(interfacePath("eth1"),
                            iface("eth1", 1500, "round " + round))), ADMIN).toCompletableFuture().get();
                }
                for (String id : ids) {
                    final String status = stores.operational().snapshot().read(TopologyPaths.node(
                        TopologyPaths.UNICONFIG, id)).orElseThrow().toString();
                    assertTrue(status.contains("changed"), "round " + round + ": " + status);
                }
            } finally {
                stores.close();
            }
        }
    }

    @Test
    void anUnexpectedFailureOfAnOperationIsReportedOnItsNodes() throws Exception {
        final OperationResult result = get(UniconfigRpcs.guarded(List.of("r1", "r2"), () -> {
            throw new IllegalStateException("boom");
        }));
        assertFalse(result.ok());
        assertEquals(List.of("r1", "r2"), result.nodes().stream().map(NodeResult::nodeId).toList());
        assertTrue(result.nodes().stream().allMatch(n -> n.error().orElseThrow().kind()
            == NodeResult.ErrorKind.PROCESSING_ERROR && n.error().orElseThrow().message().contains("Internal error")),
            result.toString());
        assertFalse(result.toString().contains("boom") || result.toString().contains("IllegalState"),
            "no Java text reaches the user: " + result);
        final var requestError = UniconfigRpcs.guarded(List.of("r1"), () -> CompletableFuture.failedFuture(
            OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.DATA_MISSING, "no such transaction")))
            .toCompletableFuture();
        assertTrue(requestError.isCompletedExceptionally(), "a request that cannot run keeps its RESTCONF error");
    }
}
