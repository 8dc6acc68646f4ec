package io.sextant.translation.frr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.spi.OperationErrorsException;
import io.sextant.translation.CommandPlan;
import io.sextant.translation.UnitModel;
import io.sextant.translation.oc.OcPaths;
import io.sextant.translation.oc.OpenConfig.If;
import io.sextant.translation.oc.OpenConfig.Ni;
import io.sextant.translation.testing.OcJson;
import io.sextant.translation.testing.Trees;
import io.sextant.translation.testing.Yid;
import java.util.HashMap;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.common.Uint8;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/** OpenConfig changes to FRR command lines, starting from the configuration of a real FRR router. */
class FrrWriteTest {
    private final UnitModel model = UnitModel.of(new FrrUnit());
    private ContainerNode before;

    @BeforeEach
    void readFixture() throws Exception {
        before = model.read(FrrFixtures.outputs()).configuration();
    }

    private CommandPlan plan(final Trees.Edit edit) throws Exception {
        final ContainerNode after = Trees.edit(model.schema(), before, edit);
        return model.commands(before, after);
    }

    private static Yid eth(final String name) {
        return Yid.of(If.INTERFACES).entry(If.INTERFACE, If.NAME, name);
    }

    private static Yid address(final String iface, final String ip) {
        return eth(iface).node(If.SUBINTERFACES).entry(If.SUBINTERFACE, If.INDEX, Uint32.ZERO).node(If.IPV4)
            .node(If.ADDRESSES).entry(If.ADDRESS, If.IP, ip);
    }

    private static Yid instance(final String name) {
        return Yid.of(Ni.NETWORK_INSTANCES).entry(Ni.NETWORK_INSTANCE, Ni.NAME, name);
    }

    private static Yid bgp(final String instance) {
        return instance(instance).node(Ni.PROTOCOLS).entry(OcPaths.protocolKey(Ni.BGP_PROTOCOL)).node(Ni.BGP);
    }

    @Test
    void unchangedConfigurationNeedsNoCommands() throws Exception {
        assertTrue(model.commands(before, before).isEmpty());
    }

    @Test
    void interfaceChangesShareOneInterfaceBlockDeletionsFirst() throws Exception {
        final CommandPlan plan = plan(m -> {
            m.write(eth("eth0").node(If.CONFIG).node(If.DESCRIPTION).path(),
                ImmutableNodes.leafNode(If.DESCRIPTION, "core link"));
            m.write(eth("eth0").node(If.CONFIG).node(If.ENABLED).path(), ImmutableNodes.leafNode(If.ENABLED, false));
            m.delete(address("eth0", "10.0.1.1").path());
            m.merge(address("eth0", "10.0.2.1").path(), ImmutableNodes.newMapEntryBuilder()
                .withNodeIdentifier((YangInstanceIdentifier.NodeIdentifierWithPredicates)
                    address("eth0", "10.0.2.1").path().getLastPathArgument())
                .withChild(ImmutableNodes.leafNode(If.IP, "10.0.2.1"))
                .withChild(ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(If.IP_CONFIG))
                    .withChild(ImmutableNodes.leafNode(If.IP, "10.0.2.1"))
                    .withChild(ImmutableNodes.leafNode(If.PREFIX_LENGTH, Uint8.valueOf(30))).build())
                .build());
        });
        assertEquals(List.of("interface eth0", "no ip address 10.0.1.1/24", "description core link", "shutdown",
            "ip address 10.0.2.1/30", "exit"), plan.lines());
        assertEquals(List.of("interface eth0", "no ip address 10.0.2.1/30", "description uplink to core",
            "no shutdown", "ip address 10.0.1.1/24", "exit"), plan.rollback().lines());
    }

    @Test
    void newVrfWithStaticRouteEntersTheVrfOnce() throws Exception {
        final ContainerNode additions = OcJson.parse(model.schema(), """
            {"openconfig-network-instance:network-instances": {"network-instance": [
              {"name": "green",
               "config": {"name": "green", "type": "openconfig-network-instance-types:L3VRF"},
               "protocols": {"protocol": [{"identifier": "openconfig-policy-types:STATIC", "name": "default",
                 "config": {"identifier": "openconfig-policy-types:STATIC", "name": "default"},
                 "static-routes": {"static": [{"prefix": "10.50.0.0/16", "config": {"prefix": "10.50.0.0/16"},
                   "next-hops": {"next-hop": [{"index": "10.0.0.9",
                     "config": {"index": "10.0.0.9", "next-hop": "10.0.0.9", "metric": 10}}]}}]}}]}}]}}""");
        final CommandPlan plan = plan(m -> m.merge(YangInstanceIdentifier.of(new NodeIdentifier(
            Ni.NETWORK_INSTANCES)), additions.body().iterator().next()));
        assertEquals(List.of("vrf green", "ip route 10.50.0.0/16 10.0.0.9 10", "exit-vrf"), plan.lines());
        assertEquals(List.of("vrf green", "no ip route 10.50.0.0/16 10.0.0.9 10", "exit-vrf", "no vrf green"),
            plan.rollback().lines());
    }

    @Test
    void newNeighborGetsRemoteAsDescriptionAndIpv4UnicastInItsBgpInstance() throws Exception {
        final ContainerNode additions = OcJson.parse(model.schema(), """
            {"openconfig-network-instance:network-instances": {"network-instance": [
              {"name": "default", "protocols": {"protocol": [{"identifier": "openconfig-policy-types:BGP",
                "name": "default", "bgp": {"neighbors": {"neighbor": [{"neighbor-address": "10.0.0.5",
                  "config": {"neighbor-address": "10.0.0.5", "peer-as": 65005, "description": "new peer"},
                  "afi-safis": {"afi-safi": [{"afi-safi-name": "openconfig-bgp-types:IPV4_UNICAST",
                    "config": {"afi-safi-name": "openconfig-bgp-types:IPV4_UNICAST", "enabled": true}}]}}]}}}]}}]}}""");
        final CommandPlan plan = plan(m -> m.merge(YangInstanceIdentifier.of(new NodeIdentifier(
            Ni.NETWORK_INSTANCES)), additions.body().iterator().next()));
        assertEquals(List.of("router bgp 65001", "neighbor 10.0.0.5 remote-as 65005",
            "neighbor 10.0.0.5 description new peer", "address-family ipv4 unicast", "neighbor 10.0.0.5 activate",
            "exit-address-family", "exit"), plan.lines());
        // removing the neighbor removes its address family with it
        assertEquals(List.of("router bgp 65001", "no neighbor 10.0.0.5", "exit"), plan.rollback().lines());
    }

    @Test
    void neighborChangesAreUpdatesOfTheirOwnLeaves() throws Exception {
        final Yid neighbor = bgp("default").node(Ni.NEIGHBORS).entry(Ni.NEIGHBOR, Ni.NEIGHBOR_ADDRESS, "10.0.0.2");
        final CommandPlan plan = plan(m -> {
            m.write(neighbor.node(Ni.CONFIG).node(Ni.PEER_AS).path(),
                ImmutableNodes.leafNode(Ni.PEER_AS, Uint32.valueOf(65020)));
            m.delete(neighbor.node(Ni.CONFIG).node(Ni.DESCRIPTION).path());
            m.delete(neighbor.node(Ni.AFI_SAFIS).path());
            m.write(bgp("default").node(Ni.GLOBAL).node(Ni.CONFIG).node(Ni.ROUTER_ID).path(),
                ImmutableNodes.leafNode(Ni.ROUTER_ID, "9.9.9.9"));
        });
        assertEquals(List.of("router bgp 65001", "address-family ipv4 unicast", "no neighbor 10.0.0.2 activate",
            "exit-address-family", "bgp router-id 9.9.9.9", "neighbor 10.0.0.2 remote-as 65020",
            "no neighbor 10.0.0.2 description", "exit"), plan.lines());
    }

    @Test
    void deletingAVrfRemovesItsRoutesAndBgpBeforeTheVrf() throws Exception {
        final CommandPlan plan = plan(m -> m.delete(instance("blue").path()));
        assertEquals(List.of("no router bgp 65001 vrf blue", "vrf blue", "no ip route 172.16.0.0/16 10.9.9.9",
            "exit-vrf", "no vrf blue"), plan.lines());
    }

    @Test
    void removalGoesInReverseWriteOrderAndCreationInWriteOrder() throws Exception {
        final ContainerNode without = Trees.edit(model.schema(), before, m -> {
            m.delete(instance("blue").path());
            m.delete(instance("default").node(Ni.PROTOCOLS).entry(OcPaths.protocolKey(Ni.BGP_PROTOCOL)).path());
            m.delete(address("eth0", "10.0.1.1").path());
        });
        // BGP (VRF instances before the default one), static routes, the VRF, then interface addresses
        assertEquals(List.of("no router bgp 65001 vrf blue", "no router bgp 65001", "vrf blue",
            "no ip route 172.16.0.0/16 10.9.9.9", "exit-vrf", "no vrf blue", "interface eth0",
            "no ip address 10.0.1.1/24", "exit"), model.commands(before, without).lines());
        // created the other way round: interfaces, the VRF with its routes, BGP instances, neighbors, address families
        assertEquals(List.of("interface eth0", "ip address 10.0.1.1/24", "exit", "vrf blue",
            "ip route 172.16.0.0/16 10.9.9.9", "exit-vrf", "router bgp 65001", "bgp router-id 1.1.1.1", "exit",
            "router bgp 65001 vrf blue", "bgp router-id 1.1.1.2", "exit", "router bgp 65001",
            "neighbor 10.0.0.2 remote-as 65002", "neighbor 10.0.0.2 description peer two",
            "neighbor 10.0.0.3 remote-as 65001", "neighbor 10.0.0.4 remote-as 65004", "neighbor 10.0.0.4 shutdown",
            "exit", "router bgp 65001 vrf blue", "neighbor 10.9.9.9 remote-as 65010", "exit", "router bgp 65001",
            "address-family ipv4 unicast", "neighbor 10.0.0.2 activate", "neighbor 10.0.0.4 activate",
            "exit-address-family", "exit", "router bgp 65001 vrf blue", "address-family ipv4 unicast",
            "neighbor 10.9.9.9 activate", "exit-address-family", "exit"),
            model.commands(without, before).lines());
    }

    @Test
    void deletingBgpInstancesRemovesVrfInstancesBeforeTheDefaultOne() throws Exception {
        final CommandPlan plan = plan(m -> {
            m.delete(instance("blue").node(Ni.PROTOCOLS).entry(OcPaths.protocolKey(Ni.BGP_PROTOCOL)).path());
            m.delete(instance("default").node(Ni.PROTOCOLS).entry(OcPaths.protocolKey(Ni.BGP_PROTOCOL)).path());
        });
        assertEquals(List.of("no router bgp 65001 vrf blue", "no router bgp 65001"), plan.lines());
    }

    @Test
    void staticRouteNextHopChangeReplacesTheLine() throws Exception {
        final Yid route = instance("default").node(Ni.PROTOCOLS).entry(OcPaths.protocolKey(Ni.STATIC_PROTOCOL))
            .node(Ni.STATIC_ROUTES).entry(Ni.STATIC, Ni.PREFIX, "192.168.10.0/24");
        final CommandPlan plan = plan(m -> m.write(route.node(Ni.NEXT_HOPS).entry(Ni.NEXT_HOP, Ni.INDEX,
            "10.0.1.254").node(Ni.CONFIG).node(Ni.METRIC).path(), ImmutableNodes.leafNode(Ni.METRIC,
            Uint32.valueOf(120))));
        assertEquals(List.of("no ip route 192.168.10.0/24 10.0.1.254 250", "ip route 192.168.10.0/24 10.0.1.254 120"),
            plan.lines());
    }

    @Test
    void rollbackAfterAFailedLineUndoesOnlyTheChangesSentSoFar() throws Exception {
        final CommandPlan plan = plan(m -> {
            m.write(eth("eth1").node(If.CONFIG).node(If.DESCRIPTION).path(),
                ImmutableNodes.leafNode(If.DESCRIPTION, "first"));
            m.write(bgp("default").node(Ni.GLOBAL).node(Ni.CONFIG).node(Ni.ROUTER_ID).path(),
                ImmutableNodes.leafNode(Ni.ROUTER_ID, "2.2.2.2"));
        });
        assertEquals(List.of("interface eth1", "description first", "exit", "router bgp 65001",
            "bgp router-id 2.2.2.2", "exit"), plan.lines());
        // the device rejected "description first", the first command: nothing to undo
        assertTrue(plan.rollbackAfterFailure(1).isEmpty());
        // it rejected "bgp router-id": the interface change went through and is undone
        assertEquals(List.of("interface eth1", "description spare port", "exit"),
            plan.rollbackAfterFailure(4).lines());
        // it rejected the final exit: both changes are undone, the later first
        assertEquals(List.of("router bgp 65001", "bgp router-id 1.1.1.1", "exit", "interface eth1",
            "description spare port", "exit"), plan.rollbackAfterFailure(5).lines());
    }

    @Test
    void mtuIsRefusedBecauseZebraCannotSetIt() throws Exception {
        final OperationErrorsException refused = assertThrows(OperationErrorsException.class, () -> plan(m ->
            m.write(eth("eth0").node(If.CONFIG).node(If.MTU).path(), ImmutableNodes.leafNode(If.MTU,
                Uint16.valueOf(1400)))));
        assertEquals(ErrorTag.OPERATION_NOT_SUPPORTED, refused.errors().get(0).tag());
        assertEquals(eth("eth0").node(If.CONFIG).node(If.MTU).path(), refused.path().orElseThrow());
    }

    @Test
    void dataNoHandlerOwnsIsRefusedWithItsPath() throws Exception {
        final YangInstanceIdentifier vrfDescription = instance("blue").node(Ni.CONFIG).node(Ni.DESCRIPTION).path();
        final OperationErrorsException refused = assertThrows(OperationErrorsException.class, () -> plan(m ->
            m.write(vrfDescription, ImmutableNodes.leafNode(Ni.DESCRIPTION, "no such thing in FRR"))));
        assertEquals(ErrorTag.OPERATION_NOT_SUPPORTED, refused.errors().get(0).tag());
        assertEquals(vrfDescription, refused.path().orElseThrow());
    }

    @Test
    void everyWrittenChangeReadsBackTheSame() throws Exception {
        // the commands of a change, applied to the fixture text by hand, read back as the intent
        final CommandPlan plan = plan(m -> m.write(eth("eth1").node(If.CONFIG).node(If.ENABLED).path(),
            ImmutableNodes.leafNode(If.ENABLED, true)));
        assertEquals(List.of("interface eth1", "no shutdown", "exit"), plan.lines());
        final String changed = FrrFixtures.RUNNING_CONFIG.replace(" description spare port\n shutdown\n",
            " description spare port\n");
        final var outputs = new HashMap<>(FrrFixtures.outputs());
        outputs.put("show running-config", changed);
        final ContainerNode reread = model.read(outputs).configuration();
        Trees.assertSameTree(model.schema(), Trees.edit(model.schema(), before, m -> m.write(
            eth("eth1").node(If.CONFIG).node(If.ENABLED).path(), ImmutableNodes.leafNode(If.ENABLED, true))), reread);
    }
}
