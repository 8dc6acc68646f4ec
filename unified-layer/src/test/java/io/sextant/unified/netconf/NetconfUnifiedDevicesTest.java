package io.sextant.unified.netconf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.datastore.ControllerStores;
import io.sextant.datastore.InMemoryDataStore;
import io.sextant.spi.OperationErrorsException;
import io.sextant.datastore.StoreType;
import io.sextant.datastore.WriteTransaction;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.RpcRegistry;
import io.sextant.model.ControllerSchema;
import io.sextant.security.service.HostKeys;
import io.sextant.southbound.netconf.NetconfSettings;
import io.sextant.southbound.netconf.NetconfTopology;
import io.sextant.southbound.netconf.topology.TopologyModel;
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
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.common.XMLNamespace;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;

/**
 * Connected NETCONF devices appear as unified devices whose changes go through the commit
 * phases: netconfd with candidate and confirmed commit, the test tool with candidate only.
 * Device state is checked with an independent session.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class NetconfUnifiedDevicesTest {
    private static final String OC_IF = "http://openconfig.net/yang/interfaces";
    private static final String IETF_IF = "urn:ietf:params:xml:ns:yang:ietf-interfaces";

    private static Netconfd netconfd;
    private static NetconfTestTool testTool;
    private static ControllerStores datastores;
    private static NetconfTopology topology;
    private static UnifiedDeviceRegistry registry;
    private static Path schemaCache;
    private static NetconfUnifiedDevices adapter;

    @BeforeAll
    static void start() throws Exception {
        netconfd = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
        testTool = NetconfTestTool.builder().ssh(false).models(ModelSets.OPENCONFIG_INTERFACES).start();
        datastores = new ControllerStores();
        topology = NetconfTopology.withDefaultParser(datastores, new MountPointRegistry(), new RpcRegistry(),
            new NetconfSettings(schemaCache = Files.createTempDirectory("sextant-schemas-"), 1, 2,
                Duration.ofSeconds(30)), HostKeys.inMemory());
        registry = new UnifiedDeviceRegistry();
        adapter = new NetconfUnifiedDevices(topology, registry);
        mount("ncd", netconfd.host(), netconfd.port(), false, netconfd.username(), netconfd.password());
        mount("tt", testTool.host(), testTool.port(0), true, null, null);
        awaitDevice("ncd");
        awaitDevice("tt");
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable closeable : new AutoCloseable[] {adapter, topology, datastores, netconfd, testTool}) {
            if (closeable != null) {
                try {
                    closeable.close();
                } catch (Exception e) {
                    // stop the rest
                }
            }
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

    private static void mount(final String nodeId, final String host, final int port, final boolean tcpOnly,
            final String username, final String password) throws Exception {
        final QName credentials = QName.create(ControllerSchema.NETCONF_NODE_TOPOLOGY, "credentials");
        final var node = ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(TopologyModel.nodeKey(nodeId))
            .withChild(ImmutableNodes.leafNode(TopologyModel.NODE_ID, nodeId))
            .withChild(ImmutableNodes.leafNode(nettop("host"), host))
            .withChild(ImmutableNodes.leafNode(nettop("port"), Uint16.valueOf(port)))
            .withChild(ImmutableNodes.leafNode(nettop("tcp-only"), tcpOnly));
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
            Thread.sleep(100);
        }
        return registry.device(nodeId).orElseThrow();
    }

    private static <T> T await(final CompletionStage<T> stage) throws Exception {
        try {
            return stage.toCompletableFuture().get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    /** The change {@code edit} makes to the device's current configuration, as a candidate. */
    private static DataTreeCandidate change(final UnifiedDevice device, final Consumer<WriteTransaction> edit)
            throws Exception {
        final InMemoryDataStore store = new InMemoryDataStore(StoreType.CONFIGURATION, device.schema(),
            Runnable::run);
        final WriteTransaction load = store.newTransaction();
        load.put(YangInstanceIdentifier.of(), await(device.readConfiguration()));
        load.commit();
        final WriteTransaction tx = store.newTransaction();
        edit.accept(tx);
        return tx.commit();
    }

    private static QNameModule module(final UnifiedDevice device, final String namespace) {
        return device.schema().findModules(XMLNamespace.of(namespace)).iterator().next().getQNameModule();
    }

    private static YangInstanceIdentifier entry(final QNameModule module, final String name) {
        final QName iface = QName.create(module, "interface");
        return YangInstanceIdentifier.of(new NodeIdentifier(QName.create(module, "interfaces")),
            new NodeIdentifier(iface), NodeIdentifierWithPredicates.of(iface, QName.create(module, "name"), name));
    }

    /** An OpenConfig interface with the given MTU, at its path. */
    private static void putOcInterface(final WriteTransaction tx, final UnifiedDevice device, final String name,
            final String configName, final int mtu) {
        final QNameModule oc = module(device, OC_IF);
        final QName type = QName.create(module(device, "urn:ietf:params:xml:ns:yang:iana-if-type"), "ethernetCsmacd");
        try {
            tx.put(entry(oc, name), ImmutableNodes.newMapEntryBuilder()
                .withNodeIdentifier(NodeIdentifierWithPredicates.of(QName.create(oc, "interface"),
                    QName.create(oc, "name"), name))
                .withChild(ImmutableNodes.leafNode(QName.create(oc, "name"), name))
                .withChild(ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(
                        QName.create(oc, "config")))
                    .withChild(ImmutableNodes.leafNode(QName.create(oc, "name"), configName))
                    .withChild(ImmutableNodes.leafNode(QName.create(oc, "type"), type))
                    .withChild(ImmutableNodes.leafNode(QName.create(oc, "mtu"), Uint16.valueOf(mtu)))
                    .build())
                .build());
        } catch (OperationErrorsException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> ocMtus(final String xml) {
        return NetconfVerifier.values(xml, "data", "interfaces", "interface", "config", "mtu");
    }

    @Test
    void aCommitOnNetconfdUsesConfirmedCommitAndLands() throws Exception {
        final UnifiedDevice device = awaitDevice("ncd");
        final DeviceChange change = device.prepare(change(device, tx -> putOcInterface(tx, device, "ge-1", "ge-1",
            1400)));
        assertEquals(DeviceChange.Mode.STAGED_CONFIRMABLE, change.mode());
        assertTrue(change.payload().contains("<edit-config"), change.payload());
        await(change.stage());
        await(change.apply());
        await(change.finish());
        try (NetconfVerifier verifier = NetconfVerifier.connect(netconfd)) {
            assertTrue(ocMtus(verifier.getConfig("running")).contains("1400"));
            verifier.lock("candidate");
            verifier.unlock("candidate");
        }
        // and back
        final DeviceChange removal = device.prepare(change(device, tx -> {
            try {
                tx.delete(entry(module(device, OC_IF), "ge-1"));
            } catch (OperationErrorsException e) {
                throw new IllegalStateException(e);
            }
        }));
        await(removal.stage());
        await(removal.apply());
        await(removal.finish());
        try (NetconfVerifier verifier = NetconfVerifier.connect(netconfd)) {
            assertTrue(!ocMtus(verifier.getConfig("running")).contains("1400"));
        }
    }

    @Test
    void aRolledBackCommitLeavesNetconfdAsItWas() throws Exception {
        final UnifiedDevice device = awaitDevice("ncd");
        final String before;
        try (NetconfVerifier verifier = NetconfVerifier.connect(netconfd)) {
            before = verifier.getConfig("running");
        }
        final DeviceChange change = device.prepare(change(device, tx -> putOcInterface(tx, device, "ge-2", "ge-2",
            1500)));
        await(change.stage());
        await(change.apply());
        try (NetconfVerifier verifier = NetconfVerifier.connect(netconfd)) {
            assertTrue(ocMtus(verifier.getConfig("running")).contains("1500"), "applied, not yet confirmed");
        }
        await(change.rollback());
        try (NetconfVerifier verifier = NetconfVerifier.connect(netconfd)) {
            assertEquals(ocMtus(before), ocMtus(verifier.getConfig("running")));
            verifier.lock("candidate");
            verifier.unlock("candidate");
        }
    }

    @Test
    void aChangeTheDeviceRejectsFailsAndRollsBackCleanly() throws Exception {
        final UnifiedDevice device = awaitDevice("ncd");
        // The list key must match config/name (leafref): the device refuses at commit.
        final DeviceChange change = device.prepare(change(device, tx -> putOcInterface(tx, device, "ge-bad",
            "other", 1500)));
        // netconfd checks the leafref when the edit arrives or at the latest at commit.
        final Exception failure = assertThrows(Exception.class, () -> {
            await(change.stage());
            await(change.apply());
        });
        assertTrue(failure.getMessage() != null, failure.toString());
        await(change.rollback());
        try (NetconfVerifier verifier = NetconfVerifier.connect(netconfd)) {
            assertTrue(!verifier.getConfig("running").contains("ge-bad"));
            assertTrue(!verifier.getConfig("candidate").contains("ge-bad"), "candidate discarded");
            verifier.lock("candidate");
            verifier.unlock("candidate");
        }
    }

    @Test
    void aCommittedChangeOnACandidateOnlyDeviceIsUndoneByReverseEdits() throws Exception {
        final UnifiedDevice device = awaitDevice("tt");
        final QNameModule ietf = module(device, IETF_IF);
        final QName description = QName.create(ietf, "description");
        try (NetconfVerifier verifier = NetconfVerifier.connect(testTool, 0)) {
            verifier.editAndCommit("<interfaces xmlns=\"" + IETF_IF + "\"><interface><name>e0</name>"
                + "<type xmlns:ift=\"urn:ietf:params:xml:ns:yang:iana-if-type\">ift:ethernetCsmacd</type>"
                + "<description>before</description></interface></interfaces>");
        }
        final DeviceChange change = device.prepare(change(device, tx -> {
            try {
                tx.merge(entry(ietf, "e0").node(new NodeIdentifier(description)),
                    ImmutableNodes.leafNode(description, "after"));
            } catch (OperationErrorsException e) {
                throw new IllegalStateException(e);
            }
        }));
        assertEquals(DeviceChange.Mode.STAGED, change.mode());
        await(change.stage());
        await(change.apply());
        try (NetconfVerifier verifier = NetconfVerifier.connect(testTool, 0)) {
            assertEquals(List.of("after"), NetconfVerifier.values(verifier.getConfig("running"), "data",
                "interfaces", "interface", "description"));
        }
        await(change.rollback());
        try (NetconfVerifier verifier = NetconfVerifier.connect(testTool, 0)) {
            assertEquals(List.of("before"), NetconfVerifier.values(verifier.getConfig("running"), "data",
                "interfaces", "interface", "description"));
        }
    }

    @Test
    void devicesDisappearWhenUnmounted() throws Exception {
        mount("ncd-2", netconfd.host(), netconfd.port(), false, netconfd.username(), netconfd.password());
        awaitDevice("ncd-2");
        final WriteTransaction tx = datastores.config().newTransaction();
        tx.delete(TopologyModel.node(TopologyModel.TOPOLOGY_NETCONF, "ncd-2"));
        tx.commit();
        Awaitility.await("ncd-2 leaves the unified layer once unmounted").atMost(Duration.ofSeconds(30))
            .until(() -> registry.device("ncd-2").isEmpty());
        assertTrue(registry.device("ncd").isPresent());
    }
}
