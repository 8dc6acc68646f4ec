package io.sextant.southbound.netconf;

import static io.sextant.southbound.netconf.TopologyFixture.leaf;
import static io.sextant.southbound.netconf.TopologyFixture.node;
import static java.util.Objects.requireNonNull;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.datastore.Failures;
import io.sextant.spi.OperationError;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Edit;
import io.sextant.spi.EditResult;
import io.sextant.spi.MountPoint;
import io.sextant.spi.MountedNode;
import io.sextant.spi.ReadScope;
import io.sextant.spi.RequestContext;
import io.sextant.model.ControllerSchema;
import io.sextant.security.hostkeys.OpenSshKeys;
import io.sextant.southbound.netconf.topology.TopologyModel;
import io.sextant.testing.FreePorts;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfTestTool;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.Netconfd;
import java.io.IOException;
import java.nio.file.Files;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
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
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeWithValue;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * Mounting real devices (three test tool devices over SSH, one over TCP, a netconfd) through the
 * configuration datastore, and using them through their mount points. Device state is checked
 * with an independent NETCONF session.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class NetconfTopologyTest {
    private static final Duration CONNECT = Duration.ofSeconds(60);
    private static final RequestContext CTX = RequestContext.system();

    private static NetconfTestTool sshDevices;
    private static NetconfTestTool tcpDevice;
    private static Netconfd netconfd;
    private static TopologyFixture fixture;

    @BeforeAll
    static void mountDevices() throws Exception {
        sshDevices = NetconfTestTool.builder().deviceCount(3).models(ModelSets.OPENCONFIG_INTERFACES).start();
        tcpDevice = NetconfTestTool.builder().ssh(false).models(ModelSets.OPENCONFIG_INTERFACES).start();
        netconfd = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
        fixture = new TopologyFixture();
        for (int i = 0; i < 3; i++) {
            fixture.mount(node("tt" + i, sshDevices.host(), sshDevices.port(i), false, NetconfTestTool.USERNAME,
                NetconfTestTool.PASSWORD, Map.of()));
        }
        fixture.mount(node("tt-tcp", tcpDevice.host(), tcpDevice.port(0), true, null, null, Map.of()));
        fixture.mount(node("ncd", netconfd.host(), netconfd.port(), false, netconfd.username(), netconfd.password(),
            Map.of()));
        for (String nodeId : List.of("tt0", "tt1", "tt2", "tt-tcp", "ncd")) {
            fixture.awaitStatus(nodeId, "connected", CONNECT);
        }
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable closeable : new AutoCloseable[] {fixture, sshDevices, tcpDevice, netconfd}) {
            if (closeable != null) {
                try {
                    closeable.close();
                } catch (Exception e) {
                    // stop the rest
                }
            }
        }
    }

    private static <T> T await(final CompletionStage<T> stage) throws Exception {
        try {
            return stage.toCompletableFuture().get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    private static OperationErrorsException awaitFailure(final CompletionStage<?> stage)
            throws InterruptedException, TimeoutException {
        try {
            stage.toCompletableFuture().get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            return assertInstanceOf(OperationErrorsException.class, Failures.unwrap(e));
        }
        throw new AssertionError("The operation succeeded");
    }

    private static String ocInterface(final String name, final int mtu) {
        return "<interfaces xmlns=\"" + TopologyFixture.OC_IF_NS + "\"><interface><name>" + name + "</name>"
            + "<config><name>" + name + "</name>"
            + "<type xmlns:ift=\"urn:ietf:params:xml:ns:yang:iana-if-type\">ift:ethernetCsmacd</type>"
            + "<mtu>" + mtu + "</mtu></config></interface></interfaces>";
    }

    private static List<String> deviceMtus(final NetconfVerifier device, final String name) throws IOException {
        return NetconfVerifier.values(device.getConfig("running", "<interfaces xmlns=\"" + TopologyFixture.OC_IF_NS
            + "\"><interface><name>" + name + "</name></interface></interfaces>"),
            "data", "interfaces", "interface", "config", "mtu");
    }

    /** Paths and data of openconfig-interfaces in one device's schema. */
    private record Oc(QNameModule module) {
        static Oc of(final MountPoint mountPoint) {
            return new Oc(TopologyFixture.ocInterfaces(mountPoint.schema()));
        }

        QName q(final String name) {
            return QName.create(module, name);
        }

        YangInstanceIdentifier interfaces() {
            return YangInstanceIdentifier.of(new NodeIdentifier(q("interfaces")));
        }

        YangInstanceIdentifier iface(final String name) {
            return interfaces().node(new NodeIdentifier(q("interface")))
                .node(NodeIdentifierWithPredicates.of(q("interface"), q("name"), name));
        }

        /** The identity iana-if-type:ethernetCsmacd. */
        QName ethernet(final EffectiveModelContext schema) {
            return QName.create(schema.findModules(XMLNamespace.of(
                "urn:ietf:params:xml:ns:yang:iana-if-type")).iterator().next().getQNameModule(), "ethernetCsmacd");
        }

        /** An interface entry with its name, type ethernetCsmacd and an MTU. */
        MapEntryNode entry(final String name,
                final EffectiveModelContext schema, final int mtu) {
            return ImmutableNodes.newMapEntryBuilder()
                .withNodeIdentifier(NodeIdentifierWithPredicates.of(q("interface"), q("name"), name))
                .withChild(ImmutableNodes.leafNode(q("name"), name))
                .withChild(ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(q("config")))
                    .withChild(ImmutableNodes.leafNode(q("name"), name))
                    .withChild(ImmutableNodes.leafNode(q("type"), ethernet(schema)))
                    .withChild(ImmutableNodes.leafNode(q("mtu"), Uint16.valueOf(mtu)))
                    .build())
                .build();
        }

        /** The same as {@link #entry}, one leaf merge each. */
        List<Edit> leafMerges(final String name,
                final EffectiveModelContext schema, final int mtu) {
            final YangInstanceIdentifier config = iface(name).node(new NodeIdentifier(q("config")));
            return List.of(
                Edit.merge(mtu(name), ImmutableNodes.leafNode(q("mtu"), Uint16.valueOf(mtu))),
                Edit.merge(config.node(new NodeIdentifier(q("name"))), ImmutableNodes.leafNode(q("name"), name)),
                Edit.merge(config.node(new NodeIdentifier(q("type"))),
                    ImmutableNodes.leafNode(q("type"), ethernet(schema))));
        }

        YangInstanceIdentifier mtu(final String name) {
            return iface(name).node(new NodeIdentifier(q("config"))).node(new NodeIdentifier(q("mtu")));
        }
    }

    @Test
    void connectedNodesReportCapabilitiesAndShareOneSchemaPerModuleSet() {
        final NodeStatus tt0 = fixture.topology.status("tt0").orElseThrow();
        assertTrue(tt0.isConnected());
        assertTrue(tt0.availableCapabilities().contains(DeviceCapabilities.CANDIDATE));
        assertTrue(tt0.availableCapabilities().stream().anyMatch(c -> c.contains("module=openconfig-interfaces")));
        final String testToolSchema = requireNonNull(tt0.schemaContextId());
        for (String nodeId : List.of("tt1", "tt2", "tt-tcp")) {
            assertEquals(testToolSchema, fixture.topology.status(nodeId).orElseThrow().schemaContextId(),
                nodeId + " advertises the same modules");
        }
        final String netconfdSchema = requireNonNull(fixture.topology.status("ncd").orElseThrow().schemaContextId());
        assertFalse(netconfdSchema.equals(testToolSchema));
        assertEquals(2, fixture.topology.schemaContexts(), "five devices, two module sets");
        assertEquals(2, fixture.topology.schemaContextsBuilt());

        final MapEntryNode operational = fixture.operational("tt1").orElseThrow();
        assertEquals(Optional.of("connected"), leaf(operational, "connection-status"));
        assertEquals(Optional.of(testToolSchema), leaf(operational, "schema-context-id"));
        assertTrue(operational.childByArg(new NodeIdentifier(TopologyFixture.nettop("available-capabilities")))
            != null);
    }

    @Test
    void everyMountedNodeIsListedWithItsTransportAddressAndStatus() {
        final Map<String, MountedNode> nodes = fixture.topology.nodes().stream()
            .collect(Collectors.toMap(MountedNode::nodeId, node -> node));
        assertEquals(List.of("netconf", "ssh", sshDevices.host() + ":" + sshDevices.port(1), "connected"),
            summary(nodes.get("tt1")));
        assertEquals(List.of("netconf", "tcp", tcpDevice.host() + ":" + tcpDevice.port(0), "connected"),
            summary(nodes.get("tt-tcp")));
        assertEquals(List.of("netconf", "ssh", netconfd.host() + ":" + netconfd.port(), "connected"),
            summary(nodes.get("ncd")));
        assertEquals(fixture.topology.mountedNodes(), nodes.size());
    }

    private static List<String> summary(final MountedNode node) {
        return List.of(node.protocol(), node.transport(), node.address(), node.status());
    }

    @Test
    void netconfdCapabilitiesAreRecognized() {
        final DeviceCapabilities capabilities = fixture.topology.session("ncd").orElseThrow().capabilities();
        assertTrue(capabilities.hasCandidate());
        assertTrue(capabilities.hasConfirmedCommit());
        assertTrue(capabilities.hasValidate());
        assertTrue(capabilities.hasRollbackOnError());
        assertFalse(fixture.topology.session("tt0").orElseThrow().capabilities().hasConfirmedCommit());
    }

    @Test
    void readsDeviceConfigurationThroughTheMountPoint() throws Exception {
        try (NetconfVerifier device = NetconfVerifier.connect(sshDevices, 1)) {
            device.editAndCommit(ocInterface("eth-read", 1450));
        }
        final MountPoint mountPoint = fixture.mountPoint("tt1");
        final Oc oc = Oc.of(mountPoint);
        final Optional<NormalizedNode> mtu = await(mountPoint.data().read(ReadScope.CONFIG, oc.mtu("eth-read"), CTX));
        assertEquals(Uint16.valueOf(1450), mtu.orElseThrow().body());
        final Optional<NormalizedNode> missing = await(mountPoint.data().read(ReadScope.CONFIG, oc.mtu("nope"), CTX));
        assertTrue(missing.isEmpty());

        final ContainerNode whole = await(fixture.topology.readConfiguration("tt1"));
        assertTrue(whole.childByArg(new NodeIdentifier(oc.q("interfaces"))) != null);
    }

    @Test
    void readsStateThroughTheMountPoint() throws Exception {
        final MountPoint mountPoint = fixture.mountPoint("ncd");
        final QNameModule monitoring = mountPoint.schema().findModules(
            XMLNamespace.of(DeviceCapabilities.MONITORING_NS)).iterator()
            .next().getQNameModule();
        final YangInstanceIdentifier sessions = YangInstanceIdentifier.of(
            new NodeIdentifier(QName.create(monitoring, "netconf-state")),
            new NodeIdentifier(QName.create(monitoring, "sessions")));
        final Optional<NormalizedNode> state = await(mountPoint.data().read(ReadScope.NONCONFIG, sessions, CTX));
        final MapNode list = (MapNode) ((ContainerNode) state.orElseThrow()).childByArg(new NodeIdentifier(
            QName.create(monitoring, "session")));
        assertFalse(list.isEmpty(), "at least the controller's own session");
    }

    @Test
    void editsThroughTheMountPointBecomeEditConfigOnTheDevice() throws Exception {
        for (String nodeId : List.of("tt2", "tt-tcp", "ncd")) {
            final MountPoint mountPoint = fixture.mountPoint(nodeId);
            final Oc oc = Oc.of(mountPoint);
            final YangInstanceIdentifier config = oc.iface("eth-edit").node(new NodeIdentifier(oc.q("config")));
            final EditResult result = await(mountPoint.data().edit(List.of(
                Edit.merge(oc.mtu("eth-edit"), ImmutableNodes.leafNode(oc.q("mtu"), Uint16.valueOf(1300))),
                Edit.merge(config.node(new NodeIdentifier(oc.q("name"))),
                    ImmutableNodes.leafNode(oc.q("name"), "eth-edit")),
                Edit.merge(config.node(new NodeIdentifier(oc.q("type"))),
                    ImmutableNodes.leafNode(oc.q("type"), oc.ethernet(mountPoint.schema())))),
                CTX));
            assertEquals(3, result.created().size());
            try (NetconfVerifier device = verifier(nodeId)) {
                assertEquals(List.of("1300"), deviceMtus(device, "eth-edit"), nodeId);
            }
            await(mountPoint.data().edit(List.of(Edit.delete(oc.iface("eth-edit"))), CTX));
            try (NetconfVerifier device = verifier(nodeId)) {
                assertEquals(List.of(), deviceMtus(device, "eth-edit"), nodeId);
            }
        }
    }

    /**
     * Edits one after the other through one session, each with its existence read sent behind its
     * lock: each finds the candidate unlocked, answers 201 only the first time, and the device
     * ends up unlocked.
     */
    @Test
    void backToBackEditsEachFindTheCandidateUnlocked() throws Exception {
        for (String nodeId : List.of("tt1", "ncd")) {
            final MountPoint mountPoint = fixture.mountPoint(nodeId);
            final Oc oc = Oc.of(mountPoint);
            // netconfd: one entry replaced ten times, as RESTCONF PUTs do (a replace, with a read
            // for 201 or 204). The test tool checks this model revision's mandatory state/type
            // whenever an entry is written next to an existing one, so there the entry is created
            // and deleted in turn, ending created.
            final boolean replace = nodeId.equals("ncd");
            final int edits = replace ? 10 : 11;
            for (int i = 1; i <= edits; i++) {
                if (replace) {
                    final EditResult result = await(mountPoint.data().edit(List.of(
                        Edit.replace(oc.iface("eth-b2b"), oc.entry("eth-b2b", mountPoint.schema(), 1400 + i))), CTX));
                    assertEquals(List.of(i == 1), result.created(), nodeId + " edit " + i);
                } else {
                    await(mountPoint.data().edit(i % 2 == 1 ? oc.leafMerges("eth-b2b", mountPoint.schema(), 1400 + i)
                        : List.of(Edit.delete(oc.iface("eth-b2b"))), CTX));
                }
            }
            try (NetconfVerifier device = verifier(nodeId)) {
                assertEquals(List.of(Integer.toString(1400 + edits)), deviceMtus(device, "eth-b2b"), nodeId);
                // Fails with lock-denied if the controller's session still held the candidate.
                device.lock("candidate");
                device.unlock("candidate");
            }
            await(mountPoint.data().edit(List.of(Edit.delete(oc.iface("eth-b2b"))), CTX));
        }
    }

    private static NetconfVerifier verifier(final String nodeId) throws IOException {
        return switch (nodeId) {
            case "tt-tcp" -> NetconfVerifier.connect(tcpDevice, 0);
            case "ncd" -> NetconfVerifier.connect(netconfd);
            default -> NetconfVerifier.connect(sshDevices, Integer.parseInt(nodeId.substring(2)));
        };
    }

    @Test
    void aRejectedEditComesBackWithTheDeviceErrorAndChangesNothing() throws Exception {
        final MountPoint mountPoint = fixture.mountPoint("ncd");
        final Oc oc = Oc.of(mountPoint);
        // The list key is a leafref to config/name: a different config/name is a leafref miss.
        final OperationErrorsException failure = awaitFailure(mountPoint.data().edit(List.of(
            Edit.merge(oc.iface("eth-bad").node(new NodeIdentifier(oc.q("config")))
                .node(new NodeIdentifier(oc.q("name"))), ImmutableNodes.leafNode(oc.q("name"), "eth-other"))), CTX));
        final OperationError error = failure.errors().get(0);
        assertFalse(error.message().isBlank());
        assertTrue(error.info().contains("<node-id>ncd</node-id>"), error.toString());
        assertTrue(error.path() != null || error.info().contains("error-path"), error.toString());
        System.out.println("netconfd rejected the edit: " + failure.errors());
        try (NetconfVerifier device = NetconfVerifier.connect(netconfd)) {
            assertEquals(List.of(), NetconfVerifier.values(device.getConfig("running"), "data", "interfaces",
                "interface", "name").stream().filter("eth-bad"::equals).toList());
            assertEquals(List.of(), NetconfVerifier.values(device.getConfig("candidate"), "data", "interfaces",
                "interface", "name").stream().filter("eth-bad"::equals).toList(), "candidate discarded");
            device.lock("candidate");
            device.unlock("candidate");
        }
    }

    @Test
    void renderEditConfigShowsTheExactPayloadWithoutSendingIt() throws Exception {
        final NetconfDeviceSession session = fixture.topology.session("tt0").orElseThrow();
        final Oc oc = new Oc(TopologyFixture.ocInterfaces(session.schema()));
        final List<String> xml = session.renderEditConfig(NetconfDatastore.CANDIDATE, List.of(
            Edit.merge(oc.mtu("eth-dry"), ImmutableNodes.leafNode(oc.q("mtu"), Uint16.valueOf(1234)))),
            EditOptions.DEFAULT);
        assertEquals(1, xml.size());
        assertTrue(xml.get(0).contains(">1234<"), xml.get(0));
        try (NetconfVerifier device = NetconfVerifier.connect(sshDevices, 0)) {
            assertEquals(List.of(), NetconfVerifier.values(device.getConfig("candidate"), "data", "interfaces",
                "interface", "config", "mtu").stream().filter("1234"::equals).toList());
        }
    }

    @Test
    void aNodeThatIsNotConnectedHasAMountPointThatSaysSo() throws Exception {
        fixture.mount(node("nc-down", "127.0.0.1", FreePorts.one(), true, null, null,
            TopologyFixture.oneAttempt(2000)));
        fixture.awaitStatus("nc-down", "unable-to-connect", CONNECT);
        final OperationErrorsException failure = assertThrows(OperationErrorsException.class,
            () -> fixture.mounts.find(TopologyFixture.nodePath("nc-down")));
        assertEquals("resource-denied", failure.errors().get(0).tag().elementBody());
        assertTrue(failure.getMessage().contains("not connected"), failure.getMessage());
        fixture.unmount("nc-down");
    }

    @Test
    void mountRequestsWithoutHostOrLoginAreRefused() {
        final OperationErrorsException noHost = assertThrows(OperationErrorsException.class,
            () -> fixture.mount(node("bad1", null, 830, true, null, null, Map.of())));
        assertEquals("invalid-value", noHost.errors().get(0).tag().elementBody());
        assertTrue(noHost.getMessage().contains("host"), noHost.getMessage());
        final OperationErrorsException noLogin = assertThrows(OperationErrorsException.class,
            () -> fixture.mount(node("bad2", "127.0.0.1", 830, false, null, null, Map.of())));
        assertTrue(noLogin.getMessage().contains("login-password-unencrypted"), noLogin.getMessage());
        assertTrue(fixture.datastores.config().snapshot().read(TopologyFixture.nodePath("bad1")).isEmpty());
        assertFalse(fixture.topology.nodeIds().contains("bad2"));
    }

    @Test
    void unresolvableModulesAreReportedAndTheDeviceStillMounts() throws Exception {
        try (TopologyFixture isolated = new TopologyFixture()) {
            // A broken cached source for a module the test tool advertises but Sextant does not bundle.
            Files.writeString(isolated.schemaCache.resolve("odl-netconf-monitoring@2022-07-18.yang"),
                "module odl-netconf-monitoring { this is not YANG");
            isolated.mount(node("iso", sshDevices.host(), sshDevices.port(0), false, NetconfTestTool.USERNAME,
                NetconfTestTool.PASSWORD, Map.of()));
            isolated.awaitStatus("iso", "connected", CONNECT);
            final NodeStatus status = isolated.topology.status("iso").orElseThrow();
            final UnavailableCapability unavailable = status.unavailableCapabilities().stream()
                .filter(c -> c.capability().contains("module=odl-netconf-monitoring")).findFirst().orElseThrow();
            assertEquals(UnavailableCapability.Reason.UNABLE_TO_RESOLVE, unavailable.reason());
            assertTrue(unavailable.detail().contains("does not parse"), unavailable.detail());
            assertFalse(status.availableCapabilities().contains(unavailable.capability()));
            assertTrue(status.availableCapabilities().stream().anyMatch(c -> c.contains("module=openconfig-interfaces")));
            final MapEntryNode operational = isolated.operational("iso").orElseThrow();
            assertTrue(operational.toString().contains("unable-to-resolve"), operational.toString());
            // The rest of the schema works.
            final MountPoint mountPoint = isolated.mountPoint("iso");
            await(mountPoint.data().read(ReadScope.CONFIG, Oc.of(mountPoint).interfaces(), CTX));
        }
    }

    @Test
    void unmountClosesTheSessionAndRemovesTheStatus() throws Exception {
        fixture.mount(node("ncd-extra", netconfd.host(), netconfd.port(), false, netconfd.username(),
            netconfd.password(), Map.of()));
        fixture.awaitStatus("ncd-extra", "connected", CONNECT);
        final NetconfDeviceSession session = fixture.topology.session("ncd-extra").orElseThrow();
        final long sessionId = session.sessionId();
        try (NetconfVerifier device = NetconfVerifier.connect(netconfd)) {
            assertTrue(sessionIds(device).contains(Long.toString(sessionId)), sessionId + " in " + sessionIds(device));
            fixture.unmount("ncd-extra");
            fixture.awaitUnmounted("ncd-extra", CONNECT);
            final long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (sessionIds(device).contains(Long.toString(sessionId)) && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertFalse(sessionIds(device).contains(Long.toString(sessionId)), "the device closed the session");
        }
        assertFalse(session.isOpen());
        assertTrue(fixture.topology.session("ncd").isPresent(), "other nodes stay");
    }

    private static List<String> sessionIds(final NetconfVerifier device) throws IOException {
        return NetconfVerifier.values(device.get("<netconf-state xmlns=\"" + DeviceCapabilities.MONITORING_NS
            + "\"><sessions/></netconf-state>"), "data", "netconf-state", "sessions", "session", "session-id");
    }

    @Test
    void installMultipleNodesMountsManyNodesInOneRequest() throws Exception {
        final var cm = ControllerSchema.CONNECTION_MANAGER;
        final QName nodes = QName.create(cm, "nodes");
        final QName nodeId = QName.create(cm, "node-id");
        final ContainerNode input = ImmutableNodes.newContainerBuilder()
            .withNodeIdentifier(new NodeIdentifier(QName.create(cm, "input")))
            .withChild(ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(new NodeIdentifier(nodes))
                .withChild(bulkNode(cm, "bulk-ok", "netconf", Map.of("host", tcpDevice.host(),
                    "port", Uint16.valueOf(tcpDevice.port(0)), "tcp-only", true)))
                .withChild(bulkNode(cm, "bulk-bad", "netconf", Map.of("port", Uint16.valueOf(830), "tcp-only", true)))
                .withChild(bulkNode(cm, "bulk-cli", "cli", Map.of("host", "127.0.0.1", "port", Uint16.valueOf(22),
                    "device-type", "frr", "device-version", "8.4", "username", "u", "password", "p")))
                .build())
            .build();
        final ContainerNode output = await(fixture.rpcs.invoke(QName.create(cm, "install-multiple-nodes"), input,
            CTX)).orElseThrow();
        assertTrue(output.toString().contains("fail"), output.toString());
        final String results = output.toString();
        assertTrue(results.contains("host"), "the bad node's error names the missing leaf: " + results);
        fixture.awaitStatus("bulk-ok", "connected", CONNECT);
        assertTrue(fixture.datastores.config().snapshot().read(TopologyModel.node("topology-cli", "bulk-cli"))
            .isPresent());
        assertTrue(fixture.datastores.config().snapshot().read(TopologyFixture.nodePath("bulk-bad")).isEmpty());

        // installed: both mount requests kept, whatever their devices do; the bad one is not
        final Map<String, MapEntryNode> installed = installedNodes(cm);
        assertEquals(Optional.of("topology-netconf"), cmLeaf(cm, installed.get("bulk-ok"), "topology-id"));
        assertEquals(Optional.of("connected"), cmLeaf(cm, installed.get("bulk-ok"), "connection-status"));
        assertEquals(Optional.of("topology-cli"), cmLeaf(cm, installed.get("bulk-cli"), "topology-id"));
        assertFalse(installed.containsKey("bulk-bad"));
        assertEquals(List.of(List.of("bulk-cli", "bulk-ok"), List.of("bulk-bad", "never")),
            checkInstalled(cm, "never", "bulk-ok", "bulk-cli", "bulk-bad"));

        final ContainerNode uninstall = ImmutableNodes.newContainerBuilder()
            .withNodeIdentifier(new NodeIdentifier(QName.create(cm, "input")))
            .withChild(ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(new NodeIdentifier(nodes))
                .withChild(ImmutableNodes.newMapEntryBuilder()
                    .withNodeIdentifier(NodeIdentifierWithPredicates.of(nodes, nodeId, "bulk-ok"))
                    .withChild(ImmutableNodes.leafNode(nodeId, "bulk-ok")).build())
                .withChild(ImmutableNodes.newMapEntryBuilder()
                    .withNodeIdentifier(NodeIdentifierWithPredicates.of(nodes, nodeId, "bulk-cli"))
                    .withChild(ImmutableNodes.leafNode(nodeId, "bulk-cli"))
                    .withChild(ImmutableNodes.leafNode(QName.create(cm, "topology-id"), "topology-cli")).build())
                .build())
            .build();
        final ContainerNode removed = await(fixture.rpcs.invoke(QName.create(cm, "uninstall-multiple-nodes"),
            uninstall, CTX)).orElseThrow();
        assertFalse(removed.toString().contains("fail"), removed.toString());
        fixture.awaitUnmounted("bulk-ok", CONNECT);
        assertTrue(fixture.datastores.config().snapshot().read(TopologyModel.node("topology-cli", "bulk-cli"))
            .isEmpty());
        assertEquals(List.of(List.of(), List.of("bulk-cli", "bulk-ok")), checkInstalled(cm, "bulk-ok", "bulk-cli"));
        assertFalse(installedNodes(cm).containsKey("bulk-ok"));
    }

    private static Optional<String> cmLeaf(final QNameModule cm, final MapEntryNode node, final String name) {
        return node.childByArg(new NodeIdentifier(QName.create(cm, name))) instanceof LeafNode<?> leaf
            ? Optional.of(leaf.body().toString()) : Optional.empty();
    }

    /** connection-manager:get-installed-nodes, by node id. */
    private static Map<String, MapEntryNode> installedNodes(final QNameModule cm) throws Exception {
        final ContainerNode output = await(fixture.rpcs.invoke(QName.create(cm, "get-installed-nodes"),
            ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(QName.create(cm, "input")))
                .build(), CTX)).orElseThrow();
        final Map<String, MapEntryNode> byId = new HashMap<>();
        if (output.childByArg(new NodeIdentifier(QName.create(cm, "nodes"))) instanceof MapNode nodes) {
            for (MapEntryNode node : nodes.body()) {
                byId.put(String.valueOf(node.name().getValue(QName.create(cm, "node-id"))), node);
            }
        }
        return byId;
    }

    /** connection-manager:check-installed-nodes: the installed nodes, then the others (each in node-id order). */
    private static List<List<String>> checkInstalled(final QNameModule cm, final String... nodeIds) throws Exception {
        final QName node = QName.create(cm, "node");
        final var targets = ImmutableNodes.<String>newSystemLeafSetBuilder().withNodeIdentifier(new NodeIdentifier(node));
        for (String id : nodeIds) {
            targets.withChild(ImmutableNodes.leafSetEntry(new NodeWithValue<>(node, id)));
        }
        final ContainerNode output = await(fixture.rpcs.invoke(QName.create(cm, "check-installed-nodes"),
            ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(QName.create(cm, "input")))
                .withChild(ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(
                    QName.create(cm, "target-nodes"))).withChild(targets.build()).build())
                .build(), CTX)).orElseThrow();
        final List<List<String>> answer = new ArrayList<>();
        for (String list : List.of("installed-node", "not-installed-node")) {
            final List<String> ids = new ArrayList<>();
            if (output.childByArg(new NodeIdentifier(QName.create(cm, list))) instanceof LeafSetNode<?> set) {
                set.body().forEach(entry -> ids.add(String.valueOf(entry.body())));
            }
            answer.add(ids);
        }
        return answer;
    }

    @Test
    void installMultipleNodesCarriesTheHostKeyLeaves() throws Exception {
        final var cm = ControllerSchema.CONNECTION_MANAGER;
        final QName nodes = QName.create(cm, "nodes");
        final KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(256);
        final String notTheDevicesKey = OpenSshKeys.publicKeyLine(generator.generateKeyPair().getPublic());
        final ContainerNode input = ImmutableNodes.newContainerBuilder()
            .withNodeIdentifier(new NodeIdentifier(QName.create(cm, "input")))
            .withChild(ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(new NodeIdentifier(nodes))
                .withChild(strictBulkNode(cm, "bulk-strict", List.of(notTheDevicesKey)))
                .withChild(strictBulkNode(cm, "bulk-strict-nokey", List.of()))
                .build())
            .build();
        final ContainerNode output = await(fixture.rpcs.invoke(QName.create(cm, "install-multiple-nodes"), input,
            CTX)).orElseThrow();
        final String results = output.toString();
        assertTrue(results.contains("host-key-verification strict needs at least one host-key"), results);
        assertTrue(fixture.datastores.config().snapshot().read(TopologyFixture.nodePath("bulk-strict-nokey"))
            .isEmpty());
        // the strict node was stored with its key and checks it: the device's own key is refused
        final MapEntryNode refused = fixture.awaitOperational("bulk-strict", n -> leaf(n, "connected-message")
            .filter(m -> m.contains("not one of the keys the mount request gives")
                && m.contains(OpenSshKeys.fingerprintOf(notTheDevicesKey))).isPresent(), CONNECT);
        assertEquals(Optional.of("connecting"), leaf(refused, "connection-status"));
        fixture.unmount("bulk-strict");
        fixture.awaitUnmounted("bulk-strict", CONNECT);
    }

    private static MapEntryNode strictBulkNode(final QNameModule cm, final String id, final List<String> keys) {
        final QName nodes = QName.create(cm, "nodes");
        final QName nodeId = QName.create(cm, "node-id");
        final QName hostKey = QName.create(cm, "host-key");
        final var keyList = ImmutableNodes.<String>newSystemLeafSetBuilder().withNodeIdentifier(
            new NodeIdentifier(hostKey));
        keys.forEach(key -> keyList.withChild(ImmutableNodes.leafSetEntry(new NodeWithValue<>(hostKey, key))));
        final var parameters = ImmutableNodes.newContainerBuilder()
            .withNodeIdentifier(new NodeIdentifier(QName.create(cm, "netconf")))
            .withChild(ImmutableNodes.leafNode(QName.create(cm, "host"), sshDevices.host()))
            .withChild(ImmutableNodes.leafNode(QName.create(cm, "port"), Uint16.valueOf(sshDevices.port(2))))
            .withChild(ImmutableNodes.leafNode(QName.create(cm, "tcp-only"), false))
            .withChild(ImmutableNodes.newChoiceBuilder().withNodeIdentifier(new NodeIdentifier(
                    QName.create(cm, "credentials")))
                .withChild(ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(
                        QName.create(cm, "login-password-unencrypted")))
                    .withChild(ImmutableNodes.leafNode(QName.create(cm, "username"), NetconfTestTool.USERNAME))
                    .withChild(ImmutableNodes.leafNode(QName.create(cm, "password"), NetconfTestTool.PASSWORD))
                    .build())
                .build())
            .withChild(ImmutableNodes.leafNode(QName.create(cm, "host-key-verification"), "strict"));
        if (!keys.isEmpty()) {
            parameters.withChild(keyList.build());
        }
        return ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(nodes, nodeId, id))
            .withChild(ImmutableNodes.leafNode(nodeId, id))
            .withChild(ImmutableNodes.newChoiceBuilder().withNodeIdentifier(new NodeIdentifier(QName.create(cm,
                "device"))).withChild(parameters.build()).build())
            .build();
    }

    private static MapEntryNode bulkNode(final QNameModule cm, final String id, final String kind,
            final Map<String, Object> leaves) {
        final QName nodes = QName.create(cm, "nodes");
        final QName nodeId = QName.create(cm, "node-id");
        final var parameters = ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(
            QName.create(cm, kind)));
        leaves.forEach((name, value) -> parameters.withChild(ImmutableNodes.leafNode(QName.create(cm, name), value)));
        return ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(nodes, nodeId, id))
            .withChild(ImmutableNodes.leafNode(nodeId, id))
            .withChild(ImmutableNodes.newChoiceBuilder().withNodeIdentifier(new NodeIdentifier(QName.create(cm,
                "device"))).withChild(parameters.build()).build())
            .build();
    }

    @Test
    void changingANodesConnectionLeavesRemountsIt() throws Exception {
        fixture.mount(node("tt-change", tcpDevice.host(), tcpDevice.port(0), true, null, null, Map.of()));
        fixture.awaitStatus("tt-change", "connected", CONNECT);
        final NetconfDeviceSession first = fixture.topology.session("tt-change").orElseThrow();
        fixture.mount(node("tt-change", tcpDevice.host(), tcpDevice.port(0), true, null, null,
            Map.of("keepalive-delay", Uint32.valueOf(30))));
        final long deadline = System.nanoTime() + CONNECT.toNanos();
        while (System.nanoTime() < deadline && fixture.topology.session("tt-change")
                .filter(s -> s.sessionId() != first.sessionId()).isEmpty()) {
            Thread.sleep(100);
        }
        assertTrue(fixture.topology.session("tt-change").orElseThrow().sessionId() != first.sessionId(),
            "a new session after the change");
        assertFalse(first.isOpen(), "the old session was closed");
        fixture.unmount("tt-change");
        fixture.awaitUnmounted("tt-change", CONNECT);
    }
}
