package io.sextant.uniconfig;

import static io.sextant.uniconfig.UniconfigLayerTest.iface;
import static io.sextant.uniconfig.UniconfigLayerTest.interfacePath;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.datastore.ControllerStores;
import io.sextant.spi.IntentAccess;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.RpcRegistry;
import io.sextant.metrics.SextantMetrics;
import io.sextant.model.BundledModels;
import io.sextant.model.SchemaBuilder;
import io.sextant.persistence.StateBackend;
import io.sextant.unified.UnifiedDeviceRegistry;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * A UniConfig node goes with its device's mount (removed from topology-netconf in the
 * configuration datastore): it is no longer served and its status is removed. A node whose device
 * is unmounted while its first read is under way is not served once the read ends.
 */
class UnmountedNodesGoTest {
    private static EffectiveModelContext schema;

    private final ControllerStores datastores = new ControllerStores();
    private final UnifiedDeviceRegistry devices = new UnifiedDeviceRegistry();
    private UniconfigService service;

    @BeforeAll
    static void schema() throws Exception {
        schema = SchemaBuilder.build(BundledModels.get().withDependencies(List.of("openconfig-interfaces",
            "iana-if-type")));
    }

    @BeforeEach
    void start() {
        service = new UniconfigService(datastores, new RpcRegistry(), new MountPointRegistry(), devices,
            Duration.ofMinutes(5), StateBackend.inMemory(), SextantMetrics.NONE, "", IntentAccess.Policy.UNRESTRICTED);
    }

    @AfterEach
    void stop() {
        service.close();
        datastores.close();
    }

    @Test
    void aNodeIsNoLongerServedOnceItsDeviceIsUnmounted() throws Exception {
        final TestDevice device = device("r1");
        mount("r1");
        devices.register(device);
        await("the node is served").atMost(Duration.ofSeconds(30)).until(() -> service.nodeIds().contains("r1"));
        await("its status is published").atMost(Duration.ofSeconds(30)).until(() -> hasStatus("r1"));

        unmount("r1");
        await("the node is gone").atMost(Duration.ofSeconds(30)).until(() -> !service.nodeIds().contains("r1"));
        await("its status is gone").atMost(Duration.ofSeconds(30)).until(() -> !hasStatus("r1"));
    }

    @Test
    void aNodeReadWhileItsDeviceIsUnmountedIsNotServed() throws Exception {
        final TestDevice device = device("r2");
        device.readable = new CompletableFuture<>();
        mount("r2");
        devices.register(device);
        await("the device is being read").atMost(Duration.ofSeconds(30)).until(() -> device.reads == 1);

        unmount("r2");
        await("the unmount is heard while the node is taken").atMost(Duration.ofSeconds(30))
            .until(() -> service.registry().unmountedWhileTaken("r2"));
        device.readable.complete(null);
        await("the read is over").atMost(Duration.ofSeconds(30))
            .until(() -> !service.registry().unmountedWhileTaken("r2"));
        assertTrue(service.registry().node("r2").isEmpty(), "served although unmounted");
        assertTrue(!hasStatus("r2"), "a status of a node not served");
    }

    private static TestDevice device(final String nodeId) throws Exception {
        final TestDevice device = new TestDevice(nodeId, schema);
        device.outOfBand(interfacePath("eth0"), iface("eth0", 1500, "uplink"));
        return device;
    }

    private static YangInstanceIdentifier netconfTopology() {
        return YangInstanceIdentifier.builder().node(TopologyPaths.NETWORK_TOPOLOGY).node(TopologyPaths.TOPOLOGY)
            .nodeWithKey(TopologyPaths.TOPOLOGY, TopologyPaths.TOPOLOGY_ID, "topology-netconf").build();
    }

    private void mount(final String nodeId) throws Exception {
        datastores.config().update(tx -> tx.merge(netconfTopology(), ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(TopologyPaths.TOPOLOGY, TopologyPaths.TOPOLOGY_ID,
                "topology-netconf"))
            .withChild(ImmutableNodes.leafNode(TopologyPaths.TOPOLOGY_ID, "topology-netconf"))
            .withChild(ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(NodeIdentifier.create(
                TopologyPaths.NODE)).withChild(ImmutableNodes.newMapEntryBuilder()
                    .withNodeIdentifier(NodeIdentifierWithPredicates.of(TopologyPaths.NODE, TopologyPaths.NODE_ID,
                        nodeId))
                    .withChild(ImmutableNodes.leafNode(TopologyPaths.NODE_ID, nodeId)).build()).build())
            .build()));
    }

    private void unmount(final String nodeId) throws Exception {
        datastores.config().update(tx -> tx.delete(TopologyPaths.node("topology-netconf", nodeId)));
    }

    private boolean hasStatus(final String nodeId) {
        return datastores.operational().snapshot().read(TopologyPaths.node(TopologyPaths.UNICONFIG, nodeId))
            .isPresent();
    }
}
