package io.sextant.translation.ios;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sextant.translation.ReadResult;
import io.sextant.translation.UnitModel;
import io.sextant.translation.testing.OcJson;
import io.sextant.translation.testing.Trees;
import java.util.List;
import org.junit.jupiter.api.Test;

/** IOS 15 running configuration to OpenConfig. */
class IosReadTest {
    private final UnitModel model = UnitModel.of(new IosUnit());

    @Test
    void runningConfigBecomesOpenConfigThatTheSchemaAccepts() throws Exception {
        final ReadResult result = model.read(IosFixtures.outputs());
        Trees.assertSameTree(model.schema(), OcJson.parse(model.schema(), """
            {
              "openconfig-interfaces:interfaces": {"interface": [
                {"name": "Loopback0",
                 "config": {"name": "Loopback0", "type": "iana-if-type:softwareLoopback", "enabled": true},
                 "subinterfaces": {"subinterface": [{"index": 0, "config": {"index": 0},
                   "openconfig-if-ip:ipv4": {"addresses": {"address": [
                     {"ip": "1.1.1.1", "config": {"ip": "1.1.1.1", "prefix-length": 32}}]}}}]}},
                {"name": "GigabitEthernet0/0",
                 "config": {"name": "GigabitEthernet0/0", "type": "iana-if-type:ethernetCsmacd", "enabled": true,
                            "description": "uplink to core"},
                 "subinterfaces": {"subinterface": [{"index": 0, "config": {"index": 0},
                   "openconfig-if-ip:ipv4": {"addresses": {"address": [
                     {"ip": "10.0.0.1", "config": {"ip": "10.0.0.1", "prefix-length": 24}},
                     {"ip": "10.0.1.1", "config": {"ip": "10.0.1.1", "prefix-length": 24}}]}}}]}},
                {"name": "GigabitEthernet0/1",
                 "config": {"name": "GigabitEthernet0/1", "type": "iana-if-type:ethernetCsmacd", "enabled": true,
                            "description": "customer blue", "mtu": 1400},
                 "subinterfaces": {"subinterface": [{"index": 0, "config": {"index": 0},
                   "openconfig-if-ip:ipv4": {"addresses": {"address": [
                     {"ip": "172.16.1.1", "config": {"ip": "172.16.1.1", "prefix-length": 24}}]}}}]}},
                {"name": "GigabitEthernet0/2",
                 "config": {"name": "GigabitEthernet0/2", "type": "iana-if-type:ethernetCsmacd", "enabled": false}}
              ]},
              "openconfig-network-instance:network-instances": {"network-instance": [
                {"name": "default",
                 "config": {"name": "default", "type": "openconfig-network-instance-types:DEFAULT_INSTANCE"},
                 "protocols": {"protocol": [
                   {"identifier": "openconfig-policy-types:STATIC", "name": "default",
                    "config": {"identifier": "openconfig-policy-types:STATIC", "name": "default"},
                    "static-routes": {"static": [
                      {"prefix": "192.168.10.0/24", "config": {"prefix": "192.168.10.0/24"},
                       "next-hops": {"next-hop": [{"index": "10.0.0.254",
                         "config": {"index": "10.0.0.254", "next-hop": "10.0.0.254"}}]}},
                      {"prefix": "192.168.20.0/24", "config": {"prefix": "192.168.20.0/24"},
                       "next-hops": {"next-hop": [{"index": "GigabitEthernet0/0",
                         "config": {"index": "GigabitEthernet0/0"},
                         "interface-ref": {"config": {"interface": "GigabitEthernet0/0"}}}]}},
                      {"prefix": "192.168.30.0/24", "config": {"prefix": "192.168.30.0/24"},
                       "next-hops": {"next-hop": [{"index": "10.0.0.253 GigabitEthernet0/0",
                         "config": {"index": "10.0.0.253 GigabitEthernet0/0", "next-hop": "10.0.0.253", "metric": 200},
                         "interface-ref": {"config": {"interface": "GigabitEthernet0/0"}}}]}},
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
                         "config": {"neighbor-address": "10.0.0.3", "peer-as": 65001, "enabled": false}}]}}}]}},
                {"name": "BLUE",
                 "config": {"name": "BLUE", "type": "openconfig-network-instance-types:L3VRF",
                            "route-distinguisher": "65001:100", "description": "customer blue"},
                 "interfaces": {"interface": [{"id": "GigabitEthernet0/1",
                   "config": {"id": "GigabitEthernet0/1", "interface": "GigabitEthernet0/1"}}]},
                 "protocols": {"protocol": [
                   {"identifier": "openconfig-policy-types:STATIC", "name": "default",
                    "config": {"identifier": "openconfig-policy-types:STATIC", "name": "default"},
                    "static-routes": {"static": [{"prefix": "10.200.0.0/16", "config": {"prefix": "10.200.0.0/16"},
                      "next-hops": {"next-hop": [{"index": "172.16.1.2",
                        "config": {"index": "172.16.1.2", "next-hop": "172.16.1.2"}}]}}]}},
                   {"identifier": "openconfig-policy-types:BGP", "name": "default",
                    "config": {"identifier": "openconfig-policy-types:BGP", "name": "default"},
                    "bgp": {
                      "global": {"config": {"as": 65001, "router-id": "172.16.1.1"}},
                      "neighbors": {"neighbor": [{"neighbor-address": "172.16.1.2",
                        "config": {"neighbor-address": "172.16.1.2", "peer-as": 65100, "enabled": true},
                        "afi-safis": {"afi-safi": [{"afi-safi-name": "openconfig-bgp-types:IPV4_UNICAST",
                          "config": {"afi-safi-name": "openconfig-bgp-types:IPV4_UNICAST", "enabled": true}}]}}]}}}]}}
              ]}
            }"""), result.configuration());
        Trees.tree(model.schema(), result.configuration());
    }

    @Test
    void configCoverageListsWhatNoReaderUnderstood() throws Exception {
        assertEquals(List.of("7: version 15.6", "8: service timestamps debug datetime msec",
            "9: service timestamps log datetime msec", "10: no service password-encryption", "12: hostname R1",
            "14: boot-start-marker", "15: boot-end-marker", "24: no aaa new-model", "26: ip cef", "27: no ipv6 cef",
            "36: interface GigabitEthernet0/0 > duplex auto", "37: interface GigabitEthernet0/0 > speed auto",
            "38: interface GigabitEthernet0/0 > media-type rj45", "45: interface GigabitEthernet0/1 > duplex auto",
            "46: interface GigabitEthernet0/1 > speed auto", "51: interface GigabitEthernet0/2 > duplex auto",
            "52: interface GigabitEthernet0/2 > speed auto", "56: router bgp 65001 > bgp log-neighbor-changes",
            "63: router bgp 65001 > address-family ipv4 > network 10.0.0.0 mask 255.255.255.0",
            "73: ip forward-protocol nd", "75: no ip http server", "76: no ip http secure-server", "83: line con 0",
            "84: line aux 0", "85: line vty 0 4", "86: line vty 0 4 > login", "87: line vty 0 4 > transport input ssh"),
            model.read(IosFixtures.outputs()).uncovered());
    }
}
