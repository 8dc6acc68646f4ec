package io.sextant.unified.netconf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.datastore.ControllerStores;
import io.sextant.datastore.InMemoryDataStore;
import io.sextant.spi.OperationErrorsException;
import io.sextant.datastore.StoreType;
import io.sextant.datastore.WriteTransaction;
import io.sextant.spi.DeviceSecrets;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.RpcRegistry;
import io.sextant.model.ControllerSchema;
import io.sextant.persistence.DeviceOwnership;
import io.sextant.persistence.LeaseHolder;
import io.sextant.persistence.StateBackend;
import io.sextant.security.service.HostKeys;
import io.sextant.southbound.netconf.NetconfSettings;
import io.sextant.southbound.netconf.NetconfTopology;
import io.sextant.southbound.netconf.topology.TopologyModel;
import io.sextant.testing.FaultProxy;
import io.sextant.testing.FaultProxy.Effect;
import io.sextant.testing.FaultProxy.Moment;
import io.sextant.testing.FaultProxy.Trigger;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfTestTool;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.Netconfd;
import io.sextant.unified.DeviceChange;
import io.sextant.unified.UnifiedDevice;
import io.sextant.unified.UnifiedDeviceRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.common.XMLNamespace;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;

/**
 * A device's part of a commit is rolled back whatever happened to its session: after it finished
 * (another device failed later), after its session dropped with a confirmed commit pending, after
 * the reply to its commit was lost, after its device stalled past the request timeout and then
 * carried out the commit late, and after this controller instance lost the node's lease and
 * got it back. The devices sit behind a {@link FaultProxy}; each is checked
 * through an independent session.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class NetconfRollbackAfterFaultsTest {
    private static final String OC_IF = "http://openconfig.net/yang/interfaces";
    private static final String IETF_IF = "urn:ietf:params:xml:ns:yang:ietf-interfaces";
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(2);

    private static Netconfd netconfd;
    private static NetconfTestTool testTool;
    private static FaultProxy netconfdProxy;
    private static FaultProxy testToolProxy;
    private static ControllerStores datastores;
    private static NetconfTopology topology;
    private static UnifiedDeviceRegistry registry;
    private static Path schemaCache;
    private static NetconfUnifiedDevices adapter;
    private static ScheduledExecutorService timer;
    private static final LeasedNodes OWNERSHIP = new LeasedNodes();

    /**
     * Which nodes this controller instance owns, as the tests decide: a lease can end silently
     * (as it does when its time runs out: the sessions are fenced before anyone is told), the
     * loss be told (the topology closes the session), and the node be owned again in a new term.
     */
    private static final class LeasedNodes implements DeviceOwnership {
        private final Map<String, Long> terms = new ConcurrentHashMap<>();
        private final List<Listener> listeners = new CopyOnWriteArrayList<>();
        private final AtomicLong lastTerm = new AtomicLong();

        void own(final String nodeId) {
            final long term = lastTerm.incrementAndGet();
            terms.put(nodeId, term);
            listeners.forEach(listener -> listener.gained(nodeId, term));
        }

        void expire(final String nodeId) {
            terms.remove(nodeId);
        }

        void tellLost(final String nodeId) {
            listeners.forEach(listener -> listener.lost(nodeId));
        }

        @Override
        public Optional<LeaseHolder> heldElsewhere(final String topologyId, final String nodeId) {
            return Optional.empty();
        }

        @Override
        public boolean sole() {
            return false;
        }

        @Override
        public OptionalLong epoch(final String topologyId, final String nodeId) {
            final Long term = terms.get(nodeId);
            return term == null ? OptionalLong.empty() : OptionalLong.of(term);
        }

        @Override
        public boolean owns(final String topologyId, final String nodeId, final long epoch) {
            final Long term = terms.get(nodeId);
            return term != null && term == epoch;
        }

        @Override
        public Watch watch(final String topologyId, final Listener listener) {
            listeners.add(listener);
            return () -> listeners.remove(listener);
        }
    }

    @BeforeAll
    static void start() throws Exception {
        netconfd = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
        testTool = NetconfTestTool.builder().ssh(false).models(ModelSets.OPENCONFIG_INTERFACES).start();
        netconfdProxy = FaultProxy.start(netconfd.host(), netconfd.port());
        testToolProxy = FaultProxy.start(testTool.host(), testTool.port(0));
        timer = Executors.newSingleThreadScheduledExecutor();
        datastores = new ControllerStores();
        topology = NetconfTopology.withDefaultParser(datastores, new MountPointRegistry(), new RpcRegistry(),
            DeviceSecrets.AS_STORED, new NetconfSettings(schemaCache = Files.createTempDirectory("sextant-schemas-"),
                1, 2, Duration.ofSeconds(30)), HostKeys.inMemory(), StateBackend.inMemory(), OWNERSHIP);
        OWNERSHIP.own("ncd");
        OWNERSHIP.own("tt");
        registry = new UnifiedDeviceRegistry();
        adapter = new NetconfUnifiedDevices(topology, registry);
        mount("ncd", netconfdProxy.port(), false, netconfd.username(), netconfd.password());
        mount("tt", testToolProxy.port(), true, null, null);
        awaitDevice("ncd");
        awaitDevice("tt");
        setTestToolDescription("before");
    }

    /** Out of band, as the other tests expect to find the device. */
    private static void setTestToolDescription(final String description) throws Exception {
        try (NetconfVerifier device = NetconfVerifier.connect(testTool, 0)) {
            device.editAndCommit("<interfaces xmlns=\"" + IETF_IF + "\"><interface><name>e0</name>"
                + "<type xmlns:ift=\"urn:ietf:params:xml:ns:yang:iana-if-type\">ift:ethernetCsmacd</type>"
                + "<description>" + description + "</description></interface></interfaces>");
        }
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable closeable : new AutoCloseable[] {adapter, topology, datastores, netconfdProxy,
                testToolProxy, netconfd, testTool}) {
            if (closeable != null) {
                try {
                    closeable.close();
                } catch (Exception e) {
                    // stop the rest
                }
            }
        }
        if (timer != null) {
            timer.shutdownNow();
        }
        if (schemaCache != null) {
            try (var files = Files.walk(schemaCache)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(file);
                }
            } catch (IOException e) {
                // a leftover temporary directory is harmless
            }
        }
    }

    private static void mount(final String nodeId, final int port, final boolean tcpOnly, final String username,
            final String password) throws Exception {
        final QName credentials = QName.create(ControllerSchema.NETCONF_NODE_TOPOLOGY, "credentials");
        final var node = ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(TopologyModel.nodeKey(nodeId))
            .withChild(ImmutableNodes.leafNode(TopologyModel.NODE_ID, nodeId))
            .withChild(ImmutableNodes.leafNode(nettop("host"), "127.0.0.1"))
            .withChild(ImmutableNodes.leafNode(nettop("port"), Uint16.valueOf(port)))
            .withChild(ImmutableNodes.leafNode(nettop("tcp-only"), tcpOnly))
            .withChild(ImmutableNodes.leafNode(nettop("default-request-timeout-millis"),
                Uint32.valueOf(REQUEST_TIMEOUT.toMillis())))
            .withChild(ImmutableNodes.leafNode(nettop("between-attempts-timeout-millis"), Uint16.valueOf(500)));
        if (username != null) {
            node.withChild(ImmutableNodes.newChoiceBuilder().withNodeIdentifier(new NodeIdentifier(credentials))
                .withChild(ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(
                        nettop("login-password-unencrypted")))
                    .withChild(ImmutableNodes.leafNode(nettop("username"), username))
                    .withChild(ImmutableNodes.leafNode(nettop("password"), password)).build())
                .build());
        }
        final WriteTransaction tx = datastores.config().newTransaction();
        tx.put(TopologyModel.node(TopologyModel.TOPOLOGY_NETCONF, nodeId), node.build());
        tx.commit();
    }

    private static QName nettop(final String name) {
        return QName.create(ControllerSchema.NETCONF_NODE_TOPOLOGY, name);
    }

    private static UnifiedDevice awaitDevice(final String nodeId) throws InterruptedException {
        final long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (registry.device(nodeId).isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(nodeId + " never appeared: " + topology.status(nodeId));
            }
            Thread.sleep(50);
        }
        return registry.device(nodeId).orElseThrow();
    }

    private static <T> T await(final CompletionStage<T> stage) throws Exception {
        try {
            return stage.toCompletableFuture().get(90, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    /** The change {@code edit} makes to the device's current configuration. */
    private static DataTreeCandidate change(final UnifiedDevice device, final Edit edit) throws Exception {
        final InMemoryDataStore store = new InMemoryDataStore(StoreType.CONFIGURATION, device.schema(),
            Runnable::run);
        final WriteTransaction load = store.newTransaction();
        load.put(YangInstanceIdentifier.of(), await(device.readConfiguration()));
        load.commit();
        final WriteTransaction tx = store.newTransaction();
        edit.apply(tx);
        return tx.commit();
    }

    @FunctionalInterface
    private interface Edit {
        void apply(WriteTransaction tx) throws OperationErrorsException;
    }

    private static QNameModule module(final UnifiedDevice device, final String namespace) {
        return device.schema().findModules(XMLNamespace.of(namespace)).iterator().next().getQNameModule();
    }

    private static YangInstanceIdentifier entry(final QNameModule module, final String name) {
        final QName iface = QName.create(module, "interface");
        return YangInstanceIdentifier.of(new NodeIdentifier(QName.create(module, "interfaces")),
            new NodeIdentifier(iface), NodeIdentifierWithPredicates.of(iface, QName.create(module, "name"), name));
    }

    /** A change of e0's description on the test tool. */
    private static DeviceChange testToolDescription(final String description) throws Exception {
        final UnifiedDevice device = awaitDevice("tt");
        final QName leaf = QName.create(module(device, IETF_IF), "description");
        return device.prepare(change(device, tx -> tx.merge(entry(module(device, IETF_IF), "e0")
            .node(new NodeIdentifier(leaf)), ImmutableNodes.leafNode(leaf, description))));
    }

    /** A new OpenConfig interface on netconfd. */
    private static DeviceChange netconfdInterface(final String name) throws Exception {
        final UnifiedDevice device = awaitDevice("ncd");
        final QNameModule oc = module(device, OC_IF);
        final QName type = QName.create(module(device, "urn:ietf:params:xml:ns:yang:iana-if-type"), "ethernetCsmacd");
        return device.prepare(change(device, tx -> tx.put(entry(oc, name), ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(QName.create(oc, "interface"),
                QName.create(oc, "name"), name))
            .withChild(ImmutableNodes.leafNode(QName.create(oc, "name"), name))
            .withChild(ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(
                    QName.create(oc, "config")))
                .withChild(ImmutableNodes.leafNode(QName.create(oc, "name"), name))
                .withChild(ImmutableNodes.leafNode(QName.create(oc, "type"), type))
                .build())
            .build())));
    }

    private static List<String> testToolDescriptions() throws Exception {
        try (NetconfVerifier device = NetconfVerifier.connect(testTool, 0)) {
            return NetconfVerifier.values(device.getConfig("running"), "data", "interfaces", "interface",
                "description");
        }
    }

    private static List<String> netconfdInterfaces() throws Exception {
        try (NetconfVerifier device = NetconfVerifier.ssh(netconfd.host(), netconfd.port(), netconfd.username(),
                netconfd.password(), false)) {
            final List<String> names = NetconfVerifier.values(device.getConfig("running"), "data", "interfaces",
                "interface", "name");
            // nothing pending and nobody holding the candidate: the lock is granted
            device.lock("candidate");
            device.unlock("candidate");
            return names;
        }
    }

    @Test
    void aChangeThatFinishedIsUndoneWhenTheCommitFailsElsewhereLater() throws Exception {
        final DeviceChange change = testToolDescription("finished");
        await(change.stage());
        await(change.apply());
        await(change.finish());
        assertEquals(List.of("finished"), testToolDescriptions());
        // another device of the same commit fails after this one finished: everything goes back
        await(change.rollback());
        assertEquals(List.of("before"), testToolDescriptions());

        final DeviceChange confirmed = netconfdInterface("fin-1");
        await(confirmed.stage());
        await(confirmed.apply());
        await(confirmed.finish());
        assertTrue(netconfdInterfaces().contains("fin-1"));
        await(confirmed.rollback());
        assertTrue(!netconfdInterfaces().contains("fin-1"), "confirmed, then undone by the reverse edits");
    }

    @Test
    void aCommitInPlaceStandsWhenOnlyItsUnlockIsLost() throws Exception {
        final UnifiedDevice connected = awaitDevice("tt");
        final DeviceChange change = testToolDescription("unlock-lost");
        await(change.stage());
        await(change.apply());
        testToolProxy.arm(Trigger.of("<unlock", Moment.BEFORE, "</rpc-reply>", Effect.CUT));
        // the lock went with the session; the change is committed: nothing to undo
        await(change.finish());
        assertEquals(List.of("unlock-lost"), testToolDescriptions());
        setTestToolDescription("before");
        // the other tests start from a connected device
        final long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (registry.device("tt").filter(d -> d != connected).isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("tt did not reconnect after its session was cut: " + topology.status("tt"));
            }
            Thread.sleep(50);
        }
    }

    @Test
    void aConfirmedCommitWhoseSessionDroppedIsCancelledFromTheNextSession() throws Exception {
        final DeviceChange change = netconfdInterface("drop-1");
        await(change.stage());
        await(change.apply());
        netconfdProxy.cut();
        // the confirming commit cannot go out: the commit fails and is rolled back
        assertThrows(OperationErrorsException.class, () -> await(change.finish()));
        await(change.rollback());
        assertTrue(!netconfdInterfaces().contains("drop-1"), "cancelled at once, not after the confirm timeout");
    }

    @Test
    void aConfirmedCommitIsCancelledFromTheNextSessionWhenTheNodesLeaseEndedMeanwhile() throws Exception {
        final DeviceChange change = netconfdInterface("lease-1");
        await(change.stage());
        await(change.apply());
        // the lease ends (the database did not answer the heartbeats): the session may send nothing more
        OWNERSHIP.expire("ncd");
        final CompletionStage<Void> rollback = change.rollback();
        // told so, the topology closes the session; the database answers again and the node is owned anew
        OWNERSHIP.tellLost("ncd");
        OWNERSHIP.own("ncd");
        await(rollback);
        assertFalse(netconfdInterfaces().contains("lease-1"), "cancelled from the next session, not by the device "
            + "after the confirm timeout");
        awaitDevice("ncd");
    }

    @Test
    void aCommitWhoseReplyWasLostIsUndoneOnTheNextSession() throws Exception {
        final DeviceChange change = testToolDescription("reply-lost");
        await(change.stage());
        testToolProxy.arm(Trigger.of("<commit", Moment.REPLY_LOST, "</rpc-reply>", Effect.CUT));
        assertThrows(OperationErrorsException.class, () -> await(change.apply()));
        assertEquals(List.of("reply-lost"), testToolDescriptions(), "the device did commit");
        await(change.rollback());
        assertEquals(List.of("before"), testToolDescriptions());
    }

    @Test
    void aCommitAStalledDeviceCarriesOutLateIsUndoneWhenTheDeviceGoesOn() throws Exception {
        final DeviceChange change = testToolDescription("late");
        await(change.stage());
        final FaultProxy.Armed stall = testToolProxy.arm(Trigger.of("<commit", Moment.BEFORE, "</rpc-reply>",
            Effect.STALL));
        assertThrows(OperationErrorsException.class, () -> await(change.apply()), "timed out");
        assertTrue(stall.hasFired());
        // the device goes on after the timeout: it gets the commit late, then whatever followed it
        timer.schedule(testToolProxy::resume, REQUEST_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        await(change.rollback());
        assertEquals(List.of("before"), testToolDescriptions());
    }
}
