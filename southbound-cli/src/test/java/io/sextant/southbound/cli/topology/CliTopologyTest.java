package io.sextant.southbound.cli.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.datastore.DataStore;
import io.sextant.datastore.InMemoryDataStore;
import io.sextant.spi.OperationErrorsException;
import io.sextant.datastore.StoreType;
import io.sextant.datastore.WriteTransaction;
import io.sextant.spi.DeviceSecrets;
import io.sextant.spi.MountedNode;
import io.sextant.model.ControllerSchema;
import io.sextant.persistence.DeviceOwnership;
import io.sextant.security.service.HostKeys;
import io.sextant.southbound.cli.CliDialect;
import io.sextant.southbound.cli.session.DefaultCliConnector;
import io.sextant.testing.frr.FrrRouter;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/** Mounting through the configuration datastore, against a real FRR router. */
class CliTopologyTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static FrrRouter router;
    private static DefaultCliConnector connector;

    private DataStore config;
    private DataStore operational;
    private CliTopology topology;

    @BeforeAll
    static void startRouter() {
        router = FrrRouter.builder().namePrefix("tp").interfaces(1).start();
        connector = new DefaultCliConnector(2);
    }

    @AfterAll
    static void stopRouter() {
        if (connector != null) {
            connector.close();
        }
        if (router != null) {
            router.close();
        }
    }

    @BeforeEach
    void startTopology() {
        config = new InMemoryDataStore(StoreType.CONFIGURATION, ControllerSchema.get(),
            Executors.newSingleThreadExecutor());
        operational = new InMemoryDataStore(StoreType.OPERATIONAL, ControllerSchema.get(),
            Executors.newSingleThreadExecutor());
        final CliDeviceTypes frrOnly = (type, version) -> type.equals("frr") && version.startsWith("8.")
            ? Optional.of(new CliDeviceType("frr-8", CliDialect.defaults())) : Optional.empty();
        topology = new CliTopology(config, operational, connector, frrOnly, DeviceSecrets.AS_STORED,
            HostKeys.inMemory(), DeviceOwnership.SOLE);
    }

    @AfterEach
    void stopTopology() {
        topology.close();
    }

    private static MapEntryNode node(final String nodeId, final Map<QName, Object> leaves) {
        final var builder = ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(CliTopologyModel.nodeKey(nodeId))
            .withChild(ImmutableNodes.leafNode(CliTopologyModel.NODE_ID, nodeId));
        leaves.forEach((name, value) -> builder.withChild(ImmutableNodes.leafNode(name, value)));
        return builder.build();
    }

    private static Map<QName, Object> frrLeaves(final int port) {
        return Map.of(CliTopologyModel.HOST, router.sshHost(), CliTopologyModel.PORT, Uint16.valueOf(port),
            CliTopologyModel.TRANSPORT, "ssh", CliTopologyModel.DEVICE_TYPE, "frr",
            CliTopologyModel.DEVICE_VERSION, "8.4", CliTopologyModel.USERNAME, router.username(),
            CliTopologyModel.PASSWORD, router.password(), CliTopologyModel.COMMAND_TIMEOUT_MILLIS, Uint32.valueOf(10000),
            CliTopologyModel.MAX_CONNECTION_ATTEMPTS, Uint32.valueOf(3),
            CliTopologyModel.BETWEEN_ATTEMPTS_TIMEOUT_MILLIS, Uint32.valueOf(100));
    }

    private void put(final MapEntryNode node) throws OperationErrorsException {
        final WriteTransaction tx = config.newTransaction();
        tx.put(CliTopologyModel.nodePath(((String) node.name().getValue(CliTopologyModel.NODE_ID))), node);
        tx.commit();
    }

    private void delete(final String nodeId) throws OperationErrorsException {
        final WriteTransaction tx = config.newTransaction();
        tx.delete(CliTopologyModel.nodePath(nodeId));
        tx.commit();
    }

    private Optional<String> status(final String nodeId, final QName leaf) {
        return operational.snapshot().read(CliTopologyModel.nodePath(nodeId))
            .map(node -> ((DataContainerNode) node).childByArg(new NodeIdentifier(leaf)))
            .map(child -> ((LeafNode<?>) child).body().toString());
    }

    private static void await(final String what, final BooleanSupplier condition) {
        final Instant deadline = Instant.now().plus(WAIT);
        while (!condition.getAsBoolean()) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("Timed out waiting until " + what);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    @Test
    void mountRequestWithoutHostIsRefusedBeforeItIsStored() {
        final Map<QName, Object> leaves = new HashMap<>(frrLeaves(router.sshPort()));
        leaves.remove(CliTopologyModel.HOST);
        final OperationErrorsException refused = assertThrows(OperationErrorsException.class,
            () -> put(node("nohost", leaves)));
        assertEquals(ErrorTag.MISSING_ELEMENT, refused.errors().get(0).tag());
        assertEquals(CliTopologyModel.nodePath("nohost").node(new NodeIdentifier(CliTopologyModel.HOST)),
            refused.path().orElseThrow());
        assertTrue(config.snapshot().read(CliTopologyModel.nodePath("nohost")).isEmpty());
    }

    @Test
    void unknownDeviceTypeIsRefusedNamingTypeAndVersion() {
        final Map<QName, Object> leaves = new HashMap<>(frrLeaves(router.sshPort()));
        leaves.put(CliTopologyModel.DEVICE_TYPE, "junos");
        final OperationErrorsException refused = assertThrows(OperationErrorsException.class,
            () -> put(node("junos1", leaves)));
        assertEquals(ErrorTag.INVALID_VALUE, refused.errors().get(0).tag());
        assertTrue(refused.getMessage().contains("'junos' version '8.4'"), refused.getMessage());
    }

    @Test
    void mountedDeviceConnectsReportsStatusReconnectsAndUnmounts() throws Exception {
        final List<String> events = new CopyOnWriteArrayList<>();
        topology.registerListener(new CliConnectionListener() {
            @Override
            public void connected(final CliConnection device) {
                events.add("connected " + device.nodeId());
            }

            @Override
            public void disconnected(final String nodeId) {
                events.add("disconnected " + nodeId);
            }
        });
        put(node("R1", frrLeaves(router.sshPort())));
        await("R1 is connected", () -> status("R1", CliTopologyModel.CONNECTION_STATUS).equals(Optional.of("connected")));
        assertEquals(Optional.of("frr-8"), status("R1", CliTopologyModel.TRANSLATION_UNIT));
        assertEquals(Optional.of("Connected, prompt " + router.name() + "#"),
            status("R1", CliTopologyModel.CONNECTED_MESSAGE));
        assertEquals(List.of(new MountedNode("R1", "cli", "ssh", router.sshHost(), router.sshPort(), "connected",
            "Connected, prompt " + router.name() + "#")), topology.nodes());
        final CliConnection first = topology.find("R1").orElseThrow();
        assertTrue(first.session().execute("show version").toCompletableFuture().join().startsWith("FRRouting"));

        // the device drops the session: the mount reconnects with a new one
        assertTrue(router.dropSshSessions() > 0);
        await("R1 reconnects", () -> topology.find("R1").map(d -> d.session() != first.session()).orElse(false));
        final CliConnection second = topology.find("R1").orElseThrow();
        assertNotSame(first.session(), second.session());
        assertTrue(second.session().execute("show version").toCompletableFuture().join().startsWith("FRRouting"));
        await("R1 is connected again", () -> status("R1", CliTopologyModel.CONNECTION_STATUS)
            .equals(Optional.of("connected")));

        delete("R1");
        await("R1 is unmounted", () -> topology.find("R1").isEmpty()
            && operational.snapshot().read(CliTopologyModel.nodePath("R1")).isEmpty());
        await("the session is closed", () -> !second.session().isOpen());
        assertEquals(List.of(), topology.nodes());
        assertEquals(List.of("connected R1", "disconnected R1", "connected R1", "disconnected R1"), events);
    }

    @Test
    void unreachableDeviceEndsUnableToConnectAfterMaxAttempts() throws Exception {
        final int closedPort;
        try (var socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        put(node("dead", frrLeaves(closedPort)));
        await("dead is unable-to-connect", () -> status("dead", CliTopologyModel.CONNECTION_STATUS)
            .equals(Optional.of("unable-to-connect")));
        final String message = status("dead", CliTopologyModel.CONNECTED_MESSAGE).orElseThrow();
        assertTrue(message.contains("Cannot connect to 127.0.0.1:" + closedPort), message);
        assertFalse(topology.find("dead").isPresent());
        final MountedNode dead = topology.nodes().get(0);
        assertEquals(List.of("dead", "cli", "127.0.0.1:" + closedPort, "unable-to-connect", message),
            List.of(dead.nodeId(), dead.protocol(), dead.address(), dead.status(), dead.message()));
    }

    @Test
    void theStoredPasswordIsOpenedOnlyToConnect() throws Exception {
        final List<String> opened = new CopyOnWriteArrayList<>();
        topology.close();
        topology = new CliTopology(config, operational, connector, (type, version) -> Optional.of(
            new CliDeviceType("frr-8", CliDialect.defaults())), stored -> {
                opened.add(stored);
                return stored.substring("sealed:".length());
            }, HostKeys.inMemory(), DeviceOwnership.SOLE);
        final Map<QName, Object> leaves = new HashMap<>(frrLeaves(router.sshPort()));
        leaves.put(CliTopologyModel.PASSWORD, "sealed:" + router.password());
        put(node("S1", leaves));
        await("S1 is connected", () -> status("S1", CliTopologyModel.CONNECTION_STATUS)
            .equals(Optional.of("connected")));
        assertTrue(opened.contains("sealed:" + router.password()), opened.toString());
        assertEquals("sealed:" + router.password(), topology.find("S1").orElseThrow().config().password());
    }

    @Test
    void aPasswordThatCannotBeOpenedLeavesTheNodeUnableToConnectWithTheReason() throws Exception {
        topology.close();
        topology = new CliTopology(config, operational, connector, (type, version) -> Optional.of(
            new CliDeviceType("frr-8", CliDialect.defaults())), stored -> {
                throw new DeviceSecrets.Unavailable("The secret was sealed with key k0, which is not in the key ring");
            }, HostKeys.inMemory(), DeviceOwnership.SOLE);
        put(node("S2", frrLeaves(router.sshPort())));
        await("S2 is unable-to-connect", () -> status("S2", CliTopologyModel.CONNECTION_STATUS)
            .equals(Optional.of("unable-to-connect")));
        assertEquals(Optional.of("The secret was sealed with key k0, which is not in the key ring"),
            status("S2", CliTopologyModel.CONNECTED_MESSAGE));
    }
}
