package io.sextant.translation.frr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.datastore.DataStore;
import io.sextant.datastore.InMemoryDataStore;
import io.sextant.datastore.StoreType;
import io.sextant.datastore.WriteTransaction;
import io.sextant.spi.DeviceSecrets;
import io.sextant.model.ControllerSchema;
import io.sextant.persistence.DeviceOwnership;
import io.sextant.security.service.HostKeys;
import io.sextant.southbound.cli.CliCommandException;
import io.sextant.southbound.cli.session.DefaultCliConnector;
import io.sextant.southbound.cli.topology.CliTopology;
import io.sextant.southbound.cli.topology.CliTopologyModel;
import io.sextant.testing.frr.FrrPair;
import io.sextant.testing.frr.FrrRouter;
import io.sextant.translation.CliDevice;
import io.sextant.translation.CliDevices;
import io.sextant.translation.CommandPlan;
import io.sextant.translation.DefaultTranslationUnitRegistry;
import io.sextant.translation.oc.OpenConfig.If;
import io.sextant.translation.oc.OpenConfig.Ni;
import io.sextant.translation.testing.OcJson;
import io.sextant.translation.testing.Trees;
import io.sextant.translation.testing.Yid;
import io.sextant.translation.unified.CliUnifiedDevices;
import io.sextant.unified.DeviceChange;
import io.sextant.unified.UnifiedDevice;
import io.sextant.unified.UnifiedDeviceRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.data.tree.api.DataTree;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeModification;

/**
 * OpenConfig on two real FRR routers linked by a veth pair, mounted over SSH through
 * {@code topology=topology-cli}. The routers are checked with vtysh directly, never through
 * the product.
 */
class FrrDeviceTest {
    private static FrrPair pair;
    private static DefaultCliConnector connector;
    private static CliTopology topology;
    private static CliDevices devices;

    @BeforeAll
    static void mountRouters() throws Exception {
        pair = FrrPair.start(2);
        connector = new DefaultCliConnector(2);
        final DataStore config = new InMemoryDataStore(StoreType.CONFIGURATION, ControllerSchema.get(),
            Executors.newSingleThreadExecutor());
        final DataStore operational = new InMemoryDataStore(StoreType.OPERATIONAL, ControllerSchema.get(),
            Executors.newSingleThreadExecutor());
        final DefaultTranslationUnitRegistry units = DefaultTranslationUnitRegistry.withServiceLoader();
        topology = new CliTopology(config, operational, connector, units, DeviceSecrets.AS_STORED,
            HostKeys.inMemory(), DeviceOwnership.SOLE);
        devices = new CliDevices(topology, units);
        final WriteTransaction tx = config.newTransaction();
        mount(tx, "R1", pair.first());
        mount(tx, "R2", pair.second());
        tx.commit();
        Awaitility.await("R1 and R2 connected").atMost(Duration.ofSeconds(30))
            .until(() -> devices.find("R1").isPresent() && devices.find("R2").isPresent());
    }

    private static void mount(final WriteTransaction tx, final String nodeId, final FrrRouter router)
            throws Exception {
        tx.put(CliTopologyModel.nodePath(nodeId), ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(CliTopologyModel.nodeKey(nodeId))
            .withChild(ImmutableNodes.leafNode(CliTopologyModel.NODE_ID, nodeId))
            .withChild(ImmutableNodes.leafNode(CliTopologyModel.HOST, router.sshHost()))
            .withChild(ImmutableNodes.leafNode(CliTopologyModel.PORT, Uint16.valueOf(router.sshPort())))
            .withChild(ImmutableNodes.leafNode(CliTopologyModel.TRANSPORT, "ssh"))
            .withChild(ImmutableNodes.leafNode(CliTopologyModel.DEVICE_TYPE, "frr"))
            .withChild(ImmutableNodes.leafNode(CliTopologyModel.DEVICE_VERSION, "8.4"))
            .withChild(ImmutableNodes.leafNode(CliTopologyModel.USERNAME, router.username()))
            .withChild(ImmutableNodes.leafNode(CliTopologyModel.PASSWORD, router.password()))
            .withChild(ImmutableNodes.leafNode(CliTopologyModel.COMMAND_TIMEOUT_MILLIS, Uint32.valueOf(20000)))
            .build());
    }

    @AfterAll
    static void unmount() {
        if (topology != null) {
            topology.close();
        }
        if (connector != null) {
            connector.close();
        }
        if (pair != null) {
            pair.close();
        }
    }

    private static CliDevice device(final String nodeId) {
        return devices.find(nodeId).orElseThrow();
    }

    private static <T> T await(final CompletionStage<T> stage) {
        return stage.toCompletableFuture().join();
    }

    /** {@code tree} with the top-level containers of {@code json} merged in. */
    private static ContainerNode merge(final CliDevice device, final ContainerNode tree, final String json)
            throws Exception {
        final ContainerNode additions = OcJson.parse(device.schema(), json);
        return Trees.edit(device.schema(), tree, m -> {
            for (DataContainerChild child : additions.body()) {
                m.merge(YangInstanceIdentifier.of(child.name()), child);
            }
        });
    }

    @Test
    void readsTheRoutersInterfacesAndDefaultInstance() throws Exception {
        final ContainerNode config = await(device("R1").readConfiguration());
        final String json = OcJson.toJson(device("R1").schema(), config);
        for (String iface : List.of("eth0", "eth1", "eth2", "lo")) {
            assertTrue(json.contains("\"name\": \"" + iface + "\""), json);
        }
        assertTrue(json.contains("DEFAULT_INSTANCE"), json);
    }

    @Test
    void interfaceVrfAndBgpChangesAreAppliedLineByLineAndReadBackAsWritten() throws Exception {
        final CliDevice r1 = device("R1");
        final FrrRouter router = pair.first();
        final ContainerNode before = await(r1.readConfiguration());
        final ContainerNode intent = merge(r1, before, """
            {
              "openconfig-interfaces:interfaces": {"interface": [{"name": "eth0",
                "config": {"name": "eth0", "type": "iana-if-type:ethernetCsmacd", "description": "to core",
                           "enabled": true},
                "subinterfaces": {"subinterface": [{"index": 0, "config": {"index": 0},
                  "openconfig-if-ip:ipv4": {"addresses": {"address": [
                    {"ip": "192.0.2.1", "config": {"ip": "192.0.2.1", "prefix-length": 24}}]}}}]}}]},
              "openconfig-network-instance:network-instances": {"network-instance": [
                {"name": "blue", "config": {"name": "blue", "type": "openconfig-network-instance-types:L3VRF"},
                 "protocols": {"protocol": [{"identifier": "openconfig-policy-types:STATIC", "name": "default",
                   "config": {"identifier": "openconfig-policy-types:STATIC", "name": "default"},
                   "static-routes": {"static": [{"prefix": "203.0.113.0/24", "config": {"prefix": "203.0.113.0/24"},
                     "next-hops": {"next-hop": [{"index": "DROP",
                       "config": {"index": "DROP", "next-hop": "openconfig-local-routing:DROP"}}]}}]}}]}},
                {"name": "default", "protocols": {"protocol": [{"identifier": "openconfig-policy-types:BGP",
                  "name": "default", "config": {"identifier": "openconfig-policy-types:BGP", "name": "default"},
                  "bgp": {"global": {"config": {"as": 64900, "router-id": "192.0.2.1"}},
                    "neighbors": {"neighbor": [{"neighbor-address": "192.0.2.2",
                      "config": {"neighbor-address": "192.0.2.2", "peer-as": 64901, "description": "lab peer",
                                 "enabled": true},
                      "afi-safis": {"afi-safi": [{"afi-safi-name": "openconfig-bgp-types:IPV4_UNICAST",
                        "config": {"afi-safi-name": "openconfig-bgp-types:IPV4_UNICAST", "enabled": true}}]}}]}}}]}}
              ]}
            }""");
        final CommandPlan plan = r1.commands(before, intent);
        assertEquals(List.of("interface eth0", "description to core", "ip address 192.0.2.1/24", "exit",
            "vrf blue", "ip route 203.0.113.0/24 blackhole", "exit-vrf",
            "router bgp 64900", "bgp router-id 192.0.2.1", "neighbor 192.0.2.2 remote-as 64901",
            "neighbor 192.0.2.2 description lab peer", "address-family ipv4 unicast", "neighbor 192.0.2.2 activate",
            "exit-address-family", "exit"), plan.lines());
        try {
            await(r1.apply(plan));

            final String running = router.runningConfig();
            assertTrue(running.contains("interface eth0\n description to core\n ip address 192.0.2.1/24\nexit"),
                running);
            assertTrue(running.contains("vrf blue\n ip route 203.0.113.0/24 blackhole\nexit-vrf"), running);
            assertTrue(running.contains("router bgp 64900\n bgp router-id 192.0.2.1\n"
                + " neighbor 192.0.2.2 remote-as 64901\n neighbor 192.0.2.2 description lab peer\n"), running);
            Trees.assertSameTree(r1.schema(), intent, await(r1.readConfiguration()));
        } finally {
            final List<CliCommandException> rejected = await(r1.rollback(plan.rollback()));
            assertEquals(List.of(), rejected);
        }
        Trees.assertSameTree(r1.schema(), before, await(r1.readConfiguration()));
        assertFalse(router.runningConfig().contains("router bgp"));
    }

    @Test
    void rejectedLineReportsTheDeviceTextAndTheAppliedPartIsRolledBack() throws Exception {
        final CliDevice r1 = device("R1");
        final FrrRouter router = pair.first();
        final ContainerNode before = await(r1.readConfiguration());
        final String runningBefore = router.runningConfig();
        // FRR accepts configuration for interfaces that do not exist, but not a name Linux cannot have
        final ContainerNode intent = merge(r1, before, """
            {"openconfig-interfaces:interfaces": {"interface": [
              {"name": "eth1", "config": {"name": "eth1", "type": "iana-if-type:ethernetCsmacd",
                                          "description": "applied before the failure"}},
              {"name": "thisnameiswaytoolong", "config": {"name": "thisnameiswaytoolong",
                                          "type": "iana-if-type:ethernetCsmacd", "description": "never"}}]}}""");
        final CommandPlan plan = r1.commands(before, intent);
        assertEquals(List.of("interface eth1", "description applied before the failure", "exit",
            "interface thisnameiswaytoolong", "description never", "exit"), plan.lines());

        final CompletionException failed = assertThrows(CompletionException.class, () -> await(r1.apply(plan)));
        final CliCommandException rejected = assertInstanceOf(CliCommandException.class, failed.getCause());
        assertEquals("interface thisnameiswaytoolong", rejected.command());
        assertTrue(rejected.getMessage().startsWith("%"), rejected.getMessage());
        assertTrue(router.runningConfig().contains(" description applied before the failure"));

        final CommandPlan undo = r1.rollbackCommands(plan, failed);
        // only the change that went through is undone
        assertEquals(List.of("interface eth1", "no description", "exit"), undo.lines());
        assertEquals(List.of(), await(r1.rollback(undo)));
        assertEquals(runningBefore, router.runningConfig());
        Trees.assertSameTree(r1.schema(), before, await(r1.readConfiguration()));
    }

    @Test
    void bgpSessionConfiguredThroughOpenConfigReachesEstablished() throws Exception {
        final String link = pair.linkInterface();
        final CliDevice r2 = device("R2");
        final CliDevice r1 = device("R1");
        configureBgp(r1, link, "10.99.0.1", 65101, "10.99.0.2", 65102);
        configureBgp(r2, link, "10.99.0.2", 65102, "10.99.0.1", 65101);
        assertEquals("Established", pair.first().awaitBgpState("10.99.0.2", "Established", Duration.ofSeconds(90)));
        assertEquals("Established", pair.second().bgpNeighborState("10.99.0.1"));
        for (CliDevice device : List.of(r1, r2)) {
            final ContainerNode current = await(device.readConfiguration());
            final ContainerNode withoutBgp = Trees.edit(device.schema(), current, m -> m.delete(
                Yid.of(Ni.NETWORK_INSTANCES).entry(Ni.NETWORK_INSTANCE, Ni.NAME, "default").node(Ni.PROTOCOLS)
                    .path()));
            await(device.apply(device.commands(current, withoutBgp)));
        }
        assertFalse(pair.first().runningConfig().contains("router bgp"));
    }

    private static void configureBgp(final CliDevice device, final String link, final String address,
            final int as, final String peer, final int peerAs) throws Exception {
        final ContainerNode before = await(device.readConfiguration());
        final ContainerNode intent = merge(device, before, """
            {
              "openconfig-interfaces:interfaces": {"interface": [{"name": "%s",
                "subinterfaces": {"subinterface": [{"index": 0, "config": {"index": 0},
                  "openconfig-if-ip:ipv4": {"addresses": {"address": [
                    {"ip": "%s", "config": {"ip": "%s", "prefix-length": 30}}]}}}]}}]},
              "openconfig-network-instance:network-instances": {"network-instance": [
                {"name": "default", "protocols": {"protocol": [{"identifier": "openconfig-policy-types:BGP",
                  "name": "default", "config": {"identifier": "openconfig-policy-types:BGP", "name": "default"},
                  "bgp": {"global": {"config": {"as": %d, "router-id": "%s"}},
                    "neighbors": {"neighbor": [{"neighbor-address": "%s",
                      "config": {"neighbor-address": "%s", "peer-as": %d, "enabled": true}}]}}}]}}]}
            }""".formatted(link, address, address, as, address, peer, peer, peerAs));
        await(device.apply(device.commands(before, intent)));
    }

    @Test
    void unifiedLayerGetsTheDeviceAndCommitsAndRollsBackThroughIt() throws Exception {
        final UnifiedDeviceRegistry registry = new UnifiedDeviceRegistry();
        try (CliUnifiedDevices publisher = new CliUnifiedDevices(devices, registry)) {
            final UnifiedDevice r2 = Awaitility.await("R2 published").atMost(Duration.ofSeconds(10))
                .until(() -> registry.device("R2"), Optional::isPresent).orElseThrow();
            assertEquals(UnifiedDevice.Protocol.CLI, r2.protocol());
            final ContainerNode before = await(r2.readConfiguration());
            final DataTree tree = Trees.tree(r2.schema(), before);
            final DataTreeModification modification = tree.takeSnapshot().newModification();
            modification.write(Yid.of(If.INTERFACES).entry(If.INTERFACE, If.NAME, "eth1").node(If.CONFIG)
                .node(If.DESCRIPTION).path(), ImmutableNodes.leafNode(If.DESCRIPTION, "via unified layer"));
            modification.ready();
            tree.validate(modification);
            final DeviceChange change = r2.prepare(tree.prepare(modification));

            assertEquals(DeviceChange.Mode.IMMEDIATE, change.mode());
            assertEquals("interface eth1\ndescription via unified layer\nexit", change.payload());
            assertFalse(pair.second().runningConfig().contains("via unified layer"));
            // an immediate device applies when staged; apply() and finish() add nothing
            await(change.stage());
            assertTrue(pair.second().runningConfig().contains("interface eth1\n description via unified layer"));
            await(change.apply());
            await(change.finish());
            // another device of the commit failed: this one is taken back
            await(change.rollback());
            assertFalse(pair.second().runningConfig().contains("via unified layer"));
        }
        assertTrue(registry.device("R2").isEmpty());
    }

    @Test
    void aChangeWhoseSessionWasLostIsRolledBackOnTheNextSession() throws Exception {
        final UnifiedDeviceRegistry registry = new UnifiedDeviceRegistry();
        try (CliUnifiedDevices publisher = new CliUnifiedDevices(devices, registry)) {
            final UnifiedDevice r1 = Awaitility.await("R1 published").atMost(Duration.ofSeconds(10))
                .until(() -> registry.device("R1"), Optional::isPresent).orElseThrow();
            final ContainerNode before = await(r1.readConfiguration());
            final DataTree tree = Trees.tree(r1.schema(), before);
            final DataTreeModification modification = tree.takeSnapshot().newModification();
            modification.write(Yid.of(If.INTERFACES).entry(If.INTERFACE, If.NAME, "eth1").node(If.CONFIG)
                .node(If.DESCRIPTION).path(), ImmutableNodes.leafNode(If.DESCRIPTION, "before a lost session"));
            modification.ready();
            tree.validate(modification);
            final DeviceChange change = r1.prepare(tree.prepare(modification));
            await(change.stage());
            assertTrue(pair.first().runningConfig().contains(" description before a lost session"));

            // the router drops the session; another device of the commit fails: this one must be taken back
            final var lost = device("R1").session();
            assertTrue(pair.first().dropSshSessions() > 0);
            try {
                await(change.rollback());
                assertFalse(pair.first().runningConfig().contains("before a lost session"),
                    "undone on the session the mount opened again");
            } finally {
                // the other tests use R1: wait for its new session whatever happened
                Awaitility.await("R1 on a new session").atMost(Duration.ofSeconds(30))
                    .until(() -> devices.find("R1").filter(d -> d.session() != lost).isPresent());
            }
        }
    }

    @Test
    void configCoverageNamesLinesNoUnitUnderstands() throws Exception {
        pair.second().configure("log syslog informational", "router bgp 65333", "bgp log-neighbor-changes");
        try {
            final List<String> uncovered = await(device("R2").configCoverage());
            assertTrue(uncovered.stream().anyMatch(l -> l.endsWith(": log syslog informational")),
                uncovered.toString());
            assertTrue(uncovered.stream().anyMatch(l -> l.endsWith(": router bgp 65333 > bgp log-neighbor-changes")),
                uncovered.toString());
            assertFalse(uncovered.stream().anyMatch(l -> l.endsWith(": router bgp 65333")), uncovered.toString());
        } finally {
            pair.second().configure("no router bgp 65333", "no log syslog");
        }
    }
}
