package io.sextant.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.sextant.datastore.ControllerStores;
import io.sextant.datastore.WriteTransaction;
import io.sextant.spi.Edit;
import io.sextant.spi.MountPoint;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.ReadScope;
import io.sextant.spi.RequestContext;
import io.sextant.spi.RpcRegistry;
import io.sextant.model.ControllerSchema;
import io.sextant.security.service.HostKeys;
import io.sextant.southbound.netconf.NetconfSettings;
import io.sextant.southbound.netconf.NetconfTopology;
import io.sextant.southbound.netconf.topology.TopologyModel;
import io.sextant.testing.FreePorts;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfVerifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.common.XMLNamespace;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/**
 * Sextant's NETCONF southbound (the real topology, plain Java) mounts 200 simulated devices over TCP
 * and over SSH, every one connects, reads each one's configuration (the shared base) through its
 * mount point, and an edit through one mount point reaches only that device (checked through an
 * independent session).
 */
class SouthboundMountTest {
    private static final int DEVICES = 200;
    private static final String OC = "http://openconfig.net/yang/interfaces";
    private static final RequestContext CTX = RequestContext.system();
    private static final String BASE = """
        {"openconfig-interfaces:interfaces": {"interface": [{"name": "uplink",
          "config": {"name": "uplink", "type": "iana-if-type:ethernetCsmacd", "description": "simulated", "mtu": 1500}}]}}
        """;

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void southboundMountsAndReadsEverySimulatedDevice(final boolean ssh) throws Exception {
        final DeviceSchema schema = DeviceSchema.of(ModelSets.OPENCONFIG_INTERFACES, true);
        final Path cache = Files.createTempDirectory("sextant-sim-schemas-");
        try (DeviceSimulator simulator = DeviceSimulator.start(schema, BaseConfig.fromJson(schema, List.of(BASE)),
                new DeviceSimulator.Settings("127.0.0.1", FreePorts.range(DEVICES), DEVICES, ssh, "admin", "admin", 2));
                ControllerStores datastores = new ControllerStores()) {
            final MountPointRegistry mounts = new MountPointRegistry();
            try (NetconfTopology topology = NetconfTopology.withDefaultParser(datastores, mounts, new RpcRegistry(),
                    new NetconfSettings(cache, 2, 2, Duration.ofSeconds(30),
                        NetconfSettings.DEFAULT_MAX_CONCURRENT_SETUPS, NetconfSettings.DEFAULT_MAX_REPLY_BYTES),
                    HostKeys.inMemory())) {
                final WriteTransaction tx = datastores.config().newTransaction();
                for (int i = 0; i < DEVICES; i++) {
                    tx.put(nodePath("sim-" + i), node("sim-" + i, simulator.port(i), !ssh));
                }
                tx.commit();
                awaitConnected(datastores, Duration.ofMinutes(5));

                for (int i = 0; i < DEVICES; i++) {
                    final MountPoint mountPoint = mounts.find(nodePath("sim-" + i)).orElseThrow();
                    final Optional<NormalizedNode> description = await(mountPoint.data().read(ReadScope.CONFIG,
                        config(mountPoint, "uplink").node(new NodeIdentifier(q(mountPoint, "description"))), CTX));
                    assertEquals("simulated", ((LeafNode<?>) description.orElseThrow()).body(), "sim-" + i);
                }

                final MountPoint first = mounts.find(nodePath("sim-0")).orElseThrow();
                await(first.data().edit(List.of(Edit.merge(config(first, "uplink").node(new NodeIdentifier(
                    q(first, "mtu"))), ImmutableNodes.leafNode(q(first, "mtu"), Uint16.valueOf(9000)))), CTX));
                try (NetconfVerifier device = verifier(simulator, 0, ssh);
                        NetconfVerifier other = verifier(simulator, 1, ssh)) {
                    assertEquals(List.of("9000"), NetconfVerifier.values(device.getConfig("running"), "data",
                        "interfaces", "interface", "config", "mtu"));
                    assertEquals(List.of("1500"), NetconfVerifier.values(other.getConfig("running"), "data",
                        "interfaces", "interface", "config", "mtu"));
                }
            }
        } finally {
            try (var files = Files.walk(cache)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }

    private static NetconfVerifier verifier(final DeviceSimulator simulator, final int device, final boolean ssh)
            throws Exception {
        return ssh ? NetconfVerifier.ssh("127.0.0.1", simulator.port(device), "admin", "admin")
            : NetconfVerifier.tcp("127.0.0.1", simulator.port(device));
    }

    private static void awaitConnected(final ControllerStores datastores, final Duration timeout) throws Exception {
        final long deadline = System.nanoTime() + timeout.toNanos();
        List<String> waiting = List.of();
        while (System.nanoTime() < deadline) {
            waiting = new ArrayList<>();
            for (int i = 0; i < DEVICES; i++) {
                final String status = datastores.operational().snapshot().read(nodePath("sim-" + i))
                    .map(MapEntryNode.class::cast)
                    .map(n -> n.childByArg(new NodeIdentifier(nettop("connection-status"))))
                    .map(leaf -> ((LeafNode<?>) leaf).body().toString()).orElse("absent");
                if (!"connected".equals(status)) {
                    waiting.add("sim-" + i + ":" + status);
                }
            }
            if (waiting.isEmpty()) {
                return;
            }
            Thread.sleep(250);
        }
        fail(waiting.size() + " devices not connected after " + timeout + ", e.g. "
            + waiting.subList(0, Math.min(5, waiting.size())));
    }

    private static QName q(final MountPoint mountPoint, final String name) {
        final QNameModule module = mountPoint.schema().findModules(XMLNamespace.of(OC)).iterator().next()
            .getQNameModule();
        return QName.create(module, name);
    }

    private static YangInstanceIdentifier config(final MountPoint mountPoint, final String ifName) {
        final QName iface = q(mountPoint, "interface");
        return YangInstanceIdentifier.of(new NodeIdentifier(q(mountPoint, "interfaces")), new NodeIdentifier(iface),
            NodeIdentifierWithPredicates.of(iface, q(mountPoint, "name"), ifName),
            new NodeIdentifier(q(mountPoint, "config")));
    }

    private static QName nettop(final String name) {
        return QName.create(ControllerSchema.NETCONF_NODE_TOPOLOGY, name);
    }

    private static YangInstanceIdentifier nodePath(final String nodeId) {
        return TopologyModel.node(TopologyModel.TOPOLOGY_NETCONF, nodeId);
    }

    private static MapEntryNode node(final String nodeId, final int port, final boolean tcpOnly) {
        return ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(TopologyModel.nodeKey(nodeId))
            .withChild(ImmutableNodes.leafNode(TopologyModel.NODE_ID, nodeId))
            .withChild(ImmutableNodes.leafNode(nettop("host"), "127.0.0.1"))
            .withChild(ImmutableNodes.leafNode(nettop("port"), Uint16.valueOf(port)))
            .withChild(ImmutableNodes.leafNode(nettop("tcp-only"), tcpOnly))
            .withChild(ImmutableNodes.newChoiceBuilder().withNodeIdentifier(new NodeIdentifier(nettop("credentials")))
                .withChild(ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(
                        nettop("login-password-unencrypted")))
                    .withChild(ImmutableNodes.leafNode(nettop("username"), "admin"))
                    .withChild(ImmutableNodes.leafNode(nettop("password"), "admin"))
                    .build())
                .build())
            .build();
    }

    private static <T> T await(final CompletionStage<T> stage) throws Exception {
        try {
            return stage.toCompletableFuture().get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }
}
