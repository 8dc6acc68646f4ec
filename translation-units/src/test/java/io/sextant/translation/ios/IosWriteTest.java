package io.sextant.translation.ios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.sextant.spi.OperationErrorsException;
import io.sextant.translation.CommandPlan;
import io.sextant.translation.UnitModel;
import io.sextant.translation.oc.OpenConfig.If;
import io.sextant.translation.oc.OpenConfig.Ni;
import io.sextant.translation.testing.OcJson;
import io.sextant.translation.testing.Trees;
import io.sextant.translation.testing.Yid;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/** OpenConfig changes to IOS 15 command lines. */
class IosWriteTest {
    /** A VRF with an interface bound to it, a static route and a BGP neighbor. */
    private static final String RED_VRF = """
        {
          "openconfig-interfaces:interfaces": {"interface": [{"name": "GigabitEthernet0/2",
            "subinterfaces": {"subinterface": [{"index": 0, "config": {"index": 0},
              "openconfig-if-ip:ipv4": {"addresses": {"address": [
                {"ip": "192.0.2.1", "config": {"ip": "192.0.2.1", "prefix-length": 24}}]}}}]}}]},
          "openconfig-network-instance:network-instances": {"network-instance": [{"name": "RED",
            "config": {"name": "RED", "type": "openconfig-network-instance-types:L3VRF",
                       "route-distinguisher": "65001:200"},
            "interfaces": {"interface": [{"id": "GigabitEthernet0/2",
              "config": {"id": "GigabitEthernet0/2", "interface": "GigabitEthernet0/2"}}]},
            "protocols": {"protocol": [
              {"identifier": "openconfig-policy-types:STATIC", "name": "default",
               "config": {"identifier": "openconfig-policy-types:STATIC", "name": "default"},
               "static-routes": {"static": [{"prefix": "10.9.0.0/16", "config": {"prefix": "10.9.0.0/16"},
                 "next-hops": {"next-hop": [{"index": "192.0.2.254",
                   "config": {"index": "192.0.2.254", "next-hop": "192.0.2.254"}}]}}]}},
              {"identifier": "openconfig-policy-types:BGP", "name": "default",
               "config": {"identifier": "openconfig-policy-types:BGP", "name": "default"},
               "bgp": {"global": {"config": {"as": 65001}},
                 "neighbors": {"neighbor": [{"neighbor-address": "192.0.2.2",
                   "config": {"neighbor-address": "192.0.2.2", "peer-as": 65200},
                   "afi-safis": {"afi-safi": [{"afi-safi-name": "openconfig-bgp-types:IPV4_UNICAST",
                     "config": {"afi-safi-name": "openconfig-bgp-types:IPV4_UNICAST", "enabled": true}}]}}]}}}
            ]}}]}
        }""";

    private final UnitModel model = UnitModel.of(new IosUnit());
    private ContainerNode before;

    @BeforeEach
    void readFixture() throws Exception {
        before = model.read(IosFixtures.outputs()).configuration();
    }

    private CommandPlan plan(final Trees.Edit edit) throws Exception {
        return model.commands(before, Trees.edit(model.schema(), before, edit));
    }

    private CommandPlan merged(final String json) throws Exception {
        return model.commands(before, withMerged(json));
    }

    /** The fixture with the top-level containers of {@code json} merged in. */
    private ContainerNode withMerged(final String json) throws Exception {
        final ContainerNode additions = OcJson.parse(model.schema(), json);
        return Trees.edit(model.schema(), before, m -> {
            for (DataContainerChild child : additions.body()) {
                m.merge(YangInstanceIdentifier.of(child.name()), child);
            }
        });
    }

    private static Yid iface(final String name) {
        return Yid.of(If.INTERFACES).entry(If.INTERFACE, If.NAME, name);
    }

    @Test
    void interfaceLeavesAndSecondaryAddresses() throws Exception {
        final Yid addresses = iface("GigabitEthernet0/0").node(If.SUBINTERFACES)
            .entry(If.SUBINTERFACE, If.INDEX, Uint32.ZERO).node(If.IPV4).node(If.ADDRESSES);
        final ContainerNode additions = OcJson.parse(model.schema(), """
            {"openconfig-interfaces:interfaces": {"interface": [{"name": "GigabitEthernet0/0",
              "subinterfaces": {"subinterface": [{"index": 0, "openconfig-if-ip:ipv4": {"addresses": {"address": [
                {"ip": "10.0.2.1", "config": {"ip": "10.0.2.1", "prefix-length": 30}}]}}}]}}]}}""");
        final CommandPlan plan = plan(m -> {
            m.write(iface("GigabitEthernet0/0").node(If.CONFIG).node(If.MTU).path(),
                ImmutableNodes.leafNode(If.MTU, Uint16.valueOf(9000)));
            m.write(iface("GigabitEthernet0/0").node(If.CONFIG).node(If.ENABLED).path(),
                ImmutableNodes.leafNode(If.ENABLED, false));
            m.delete(addresses.entry(If.ADDRESS, If.IP, "10.0.1.1").path());
            m.merge(YangInstanceIdentifier.of(additions.body().iterator().next().name()),
                additions.body().iterator().next());
        });
        assertEquals(List.of("interface GigabitEthernet0/0", "no ip address 10.0.1.1 255.255.255.0 secondary",
            "mtu 9000", "shutdown", "ip address 10.0.2.1 255.255.255.252 secondary", "exit"), plan.lines());
    }

    @Test
    void newLoopbackWithItsPrimaryAddress() throws Exception {
        final CommandPlan plan = merged("""
            {"openconfig-interfaces:interfaces": {"interface": [{"name": "Loopback1",
              "config": {"name": "Loopback1", "type": "iana-if-type:softwareLoopback", "description": "router id"},
              "subinterfaces": {"subinterface": [{"index": 0, "config": {"index": 0},
                "openconfig-if-ip:ipv4": {"addresses": {"address": [
                  {"ip": "2.2.2.2", "config": {"ip": "2.2.2.2", "prefix-length": 32}}]}}}]}}]}}""");
        assertEquals(List.of("interface Loopback1", "description router id", "ip address 2.2.2.2 255.255.255.255",
            "exit"), plan.lines());
        assertEquals(List.of("interface Loopback1", "no ip address 2.2.2.2 255.255.255.255", "exit",
            "no interface Loopback1"), plan.rollback().lines());
    }

    @Test
    void newVrfWithInterfaceRouteAndBgpNeighborInIosOrder() throws Exception {
        final CommandPlan plan = merged(RED_VRF);
        assertEquals(List.of("vrf definition RED", "rd 65001:200", "address-family ipv4", "exit-address-family",
            "exit", "interface GigabitEthernet0/2", "vrf forwarding RED", "ip address 192.0.2.1 255.255.255.0", "exit",
            "ip route vrf RED 10.9.0.0 255.255.0.0 192.0.2.254", "router bgp 65001", "address-family ipv4 vrf RED",
            "neighbor 192.0.2.2 remote-as 65200", "neighbor 192.0.2.2 activate", "exit-address-family", "exit"),
            plan.lines());
    }

    @Test
    void removingTheNewVrfGoesInReverseWriteOrder() throws Exception {
        // BGP first, then the interface's address; the binding (vrf forwarding) and the VRF's routes
        // go with the VRF itself, last
        assertEquals(List.of("router bgp 65001", "no address-family ipv4 vrf RED", "exit",
            "interface GigabitEthernet0/2", "no ip address 192.0.2.1 255.255.255.0", "exit", "no vrf definition RED"),
            model.commands(withMerged(RED_VRF), before).lines());
    }

    @Test
    void deletingAVrfLeavesTheCleanupOfItsRoutesAndMembersToIos() throws Exception {
        final CommandPlan plan = plan(m -> m.delete(Yid.of(Ni.NETWORK_INSTANCES)
            .entry(Ni.NETWORK_INSTANCE, Ni.NAME, "BLUE").path()));
        assertEquals(List.of("router bgp 65001", "no address-family ipv4 vrf BLUE", "exit", "no vrf definition BLUE"),
            plan.lines());
    }

    @Test
    void vrfBgpMustUseTheProcessAs() throws Exception {
        final OperationErrorsException refused = assertThrows(OperationErrorsException.class, () -> merged("""
            {"openconfig-network-instance:network-instances": {"network-instance": [{"name": "GREEN",
              "config": {"name": "GREEN", "type": "openconfig-network-instance-types:L3VRF"},
              "protocols": {"protocol": [{"identifier": "openconfig-policy-types:BGP", "name": "default",
                "config": {"identifier": "openconfig-policy-types:BGP", "name": "default"},
                "bgp": {"global": {"config": {"as": 65999}}}}]}}]}}"""));
        assertEquals(ErrorTag.INVALID_VALUE, refused.errors().get(0).tag());
    }

    @Test
    void physicalInterfacesCannotBeCreated() throws Exception {
        final OperationErrorsException refused = assertThrows(OperationErrorsException.class, () -> merged("""
            {"openconfig-interfaces:interfaces": {"interface": [{"name": "GigabitEthernet0/9",
              "config": {"name": "GigabitEthernet0/9", "type": "iana-if-type:ethernetCsmacd"}}]}}"""));
        assertEquals(ErrorTag.OPERATION_NOT_SUPPORTED, refused.errors().get(0).tag());
    }
}
