package io.sextant.translation.frr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sextant.translation.ReadResult;
import io.sextant.translation.UnitModel;
import io.sextant.translation.testing.OcJson;
import io.sextant.translation.testing.Trees;
import java.util.List;
import org.junit.jupiter.api.Test;

/** FRR running configuration (captured from a real FRR 8.4.4) to OpenConfig. */
class FrrReadTest {
    private final UnitModel model = UnitModel.of(new FrrUnit());

    @Test
    void runningConfigBecomesOpenConfigThatTheSchemaAccepts() throws Exception {
        final ReadResult result = model.read(FrrFixtures.outputs());
        Trees.assertSameTree(model.schema(), OcJson.parse(model.schema(), """
            {
              "openconfig-interfaces:interfaces": {"interface": [
                {"name": "eth0",
                 "config": {"name": "eth0", "type": "iana-if-type:ethernetCsmacd", "enabled": true,
                            "description": "uplink to core"},
                 "subinterfaces": {"subinterface": [{"index": 0, "config": {"index": 0},
                   "openconfig-if-ip:ipv4": {"addresses": {"address": [
                     {"ip": "10.0.0.1", "config": {"ip": "10.0.0.1", "prefix-length": 24}},
                     {"ip": "10.0.1.1", "config": {"ip": "10.0.1.1", "prefix-length": 24}}]}}}]}},
                {"name": "eth1",
                 "config": {"name": "eth1", "type": "iana-if-type:ethernetCsmacd", "enabled": false,
                            "description": "spare port"}},
                {"name": "lo", "config": {"name": "lo", "type": "iana-if-type:softwareLoopback", "enabled": true}}
              ]},
              "openconfig-network-instance:network-instances": {"network-instance": [
                {"name": "default",
                 "config": {"name": "default", "type": "openconfig-network-instance-types:DEFAULT_INSTANCE"},
                 "protocols": {"protocol": [
                   {"identifier": "openconfig-policy-types:STATIC", "name": "default",
                    "config": {"identifier": "openconfig-policy-types:STATIC", "name": "default"},
                    "static-routes": {"static": [
                      {"prefix": "192.168.10.0/24", "config": {"prefix": "192.168.10.0/24"},
                       "next-hops": {"next-hop": [
                         {"index": "10.0.0.254", "config": {"index": "10.0.0.254", "next-hop": "10.0.0.254"}},
                         {"index": "10.0.1.254",
                          "config": {"index": "10.0.1.254", "next-hop": "10.0.1.254", "metric": 250}}]}},
                      {"prefix": "192.168.20.0/24", "config": {"prefix": "192.168.20.0/24"},
                       "next-hops": {"next-hop": [{"index": "eth0", "config": {"index": "eth0"},
                         "interface-ref": {"config": {"interface": "eth0"}}}]}},
                      {"prefix": "192.168.30.0/24", "config": {"prefix": "192.168.30.0/24"},
                       "next-hops": {"next-hop": [{"index": "10.0.0.253 eth0",
                         "config": {"index": "10.0.0.253 eth0", "next-hop": "10.0.0.253", "metric": 200},
                         "interface-ref": {"config": {"interface": "eth0"}}}]}},
                      {"prefix": "192.168.40.0/24", "config": {"prefix": "192.168.40.0/24"},
                       "next-hops": {"next-hop": [{"index": "DROP",
                         "config": {"index": "DROP", "next-hop": "openconfig-local-routing:DROP"}}]}}]}},
                   {"identifier": "openconfig-policy-types:BGP", "name": "default",
                    "config": {"identifier": "openconfig-policy-types:BGP", "name": "default"},
                    "bgp": {
                      "global": {"config": {"as": 65001, "router-id": "1.1.1.1"}},
                      "neighbors": {"neighbor": [
                        {"neighbor-address": "10.0.0.2",
                         "config": {"neighbor-address": "10.0.0.2", "peer-as": 65002, "description": "peer two",
                                    "enabled": true},
                         "afi-safis": {"afi-safi": [{"afi-safi-name": "openconfig-bgp-types:IPV4_UNICAST",
                           "config": {"afi-safi-name": "openconfig-bgp-types:IPV4_UNICAST", "enabled": true}}]}},
                        {"neighbor-address": "10.0.0.3",
                         "config": {"neighbor-address": "10.0.0.3", "peer-as": 65001, "enabled": true}},
                        {"neighbor-address": "10.0.0.4",
                         "config": {"neighbor-address": "10.0.0.4", "peer-as": 65004, "enabled": false},
                         "afi-safis": {"afi-safi": [{"afi-safi-name": "openconfig-bgp-types:IPV4_UNICAST",
                           "config": {"afi-safi-name": "openconfig-bgp-types:IPV4_UNICAST", "enabled": true}}]}}
                      ]}}}
                 ]}},
                {"name": "blue",
                 "config": {"name": "blue", "type": "openconfig-network-instance-types:L3VRF"},
                 "protocols": {"protocol": [
                   {"identifier": "openconfig-policy-types:STATIC", "name": "default",
                    "config": {"identifier": "openconfig-policy-types:STATIC", "name": "default"},
                    "static-routes": {"static": [{"prefix": "172.16.0.0/16", "config": {"prefix": "172.16.0.0/16"},
                      "next-hops": {"next-hop": [{"index": "10.9.9.9",
                        "config": {"index": "10.9.9.9", "next-hop": "10.9.9.9"}}]}}]}},
                   {"identifier": "openconfig-policy-types:BGP", "name": "default",
                    "config": {"identifier": "openconfig-policy-types:BGP", "name": "default"},
                    "bgp": {
                      "global": {"config": {"as": 65001, "router-id": "1.1.1.2"}},
                      "neighbors": {"neighbor": [{"neighbor-address": "10.9.9.9",
                        "config": {"neighbor-address": "10.9.9.9", "peer-as": 65010, "enabled": true},
                        "afi-safis": {"afi-safi": [{"afi-safi-name": "openconfig-bgp-types:IPV4_UNICAST",
                          "config": {"afi-safi-name": "openconfig-bgp-types:IPV4_UNICAST", "enabled": true}}]}}]}}}
                 ]}},
                {"name": "red", "config": {"name": "red", "type": "openconfig-network-instance-types:L3VRF"}}
              ]}
            }"""), result.configuration());
        // mandatory leaves, types and keys as a datastore checks them
        Trees.tree(model.schema(), result.configuration());
    }

    @Test
    void configCoverageListsWhatNoReaderUnderstoodWithItsContext() throws Exception {
        assertEquals(List.of("7: hostname dbgf757f", "8: log syslog informational", "9: no ip forwarding",
            "10: service integrated-vtysh-config",
            "42: router bgp 65001 > address-family ipv4 unicast > network 10.0.0.0/24"),
            model.read(FrrFixtures.outputs()).uncovered());
    }

    @Test
    void freshRouterHasItsKernelInterfacesAndTheDefaultInstance() throws Exception {
        final ReadResult result = model.read(FrrFixtures.emptyOutputs());
        Trees.assertSameTree(model.schema(), OcJson.parse(model.schema(), """
            {
              "openconfig-interfaces:interfaces": {"interface": [
                {"name": "eth0", "config": {"name": "eth0", "type": "iana-if-type:ethernetCsmacd", "enabled": true}},
                {"name": "eth1", "config": {"name": "eth1", "type": "iana-if-type:ethernetCsmacd", "enabled": true}},
                {"name": "lo", "config": {"name": "lo", "type": "iana-if-type:softwareLoopback", "enabled": true}}
              ]},
              "openconfig-network-instance:network-instances": {"network-instance": [
                {"name": "default",
                 "config": {"name": "default", "type": "openconfig-network-instance-types:DEFAULT_INSTANCE"}}
              ]}
            }"""), result.configuration());
    }
}
