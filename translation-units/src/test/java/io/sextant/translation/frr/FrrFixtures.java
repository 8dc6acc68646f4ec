package io.sextant.translation.frr;

import java.util.Map;

/** Output captured from a real FRR 8.4.4 router (the FrrRouter harness, vtysh). */
final class FrrFixtures {
    static final String RUNNING_CONFIG = """
        Building configuration...

        Current configuration:
        !
        frr version 8.4.4
        frr defaults traditional
        hostname dbgf757f
        log syslog informational
        no ip forwarding
        service integrated-vtysh-config
        !
        ip route 192.168.10.0/24 10.0.0.254
        ip route 192.168.10.0/24 10.0.1.254 250
        ip route 192.168.20.0/24 eth0
        ip route 192.168.30.0/24 10.0.0.253 eth0 200
        ip route 192.168.40.0/24 blackhole
        !
        vrf blue
         ip route 172.16.0.0/16 10.9.9.9
        exit-vrf
        !
        interface eth0
         description uplink to core
         ip address 10.0.0.1/24
         ip address 10.0.1.1/24
        exit
        !
        interface eth1
         description spare port
         shutdown
        exit
        !
        router bgp 65001
         bgp router-id 1.1.1.1
         neighbor 10.0.0.2 remote-as 65002
         neighbor 10.0.0.2 description peer two
         neighbor 10.0.0.3 remote-as internal
         neighbor 10.0.0.4 remote-as 65004
         neighbor 10.0.0.4 shutdown
         !
         address-family ipv4 unicast
          network 10.0.0.0/24
          no neighbor 10.0.0.3 activate
         exit-address-family
        exit
        !
        router bgp 65001 vrf blue
         bgp router-id 1.1.1.2
         neighbor 10.9.9.9 remote-as 65010
        exit
        !
        end""";

    static final String SHOW_INTERFACE_BRIEF = """

        Interface       Status  VRF             Addresses
        ---------       ------  ---             ---------
        eth0            up      default         10.0.0.1/24
                                                10.0.1.1/24
        eth1            down    default         \s
        lo              up      default         \s

        """;

    static final String SHOW_VRF = """
        vrf blue inactive (configured)
        vrf red inactive (configured)""";

    /** A router as the harness starts it, before any configuration. */
    static final String EMPTY_RUNNING_CONFIG = """
        Building configuration...

        Current configuration:
        !
        frr version 8.4.4
        frr defaults traditional
        hostname frr3fa9c
        no ip forwarding
        no ipv6 forwarding
        service integrated-vtysh-config
        !
        end""";

    static final String EMPTY_SHOW_INTERFACE_BRIEF = """

        Interface       Status  VRF             Addresses
        ---------       ------  ---             ---------
        eth0            up      default         \s
        eth1            up      default         \s
        lo              up      default         \s

        """;

    private FrrFixtures() {
    }

    static Map<String, String> outputs() {
        return Map.of("show running-config", RUNNING_CONFIG, "show interface brief", SHOW_INTERFACE_BRIEF,
            "show vrf", SHOW_VRF);
    }

    static Map<String, String> emptyOutputs() {
        return Map.of("show running-config", EMPTY_RUNNING_CONFIG, "show interface brief",
            EMPTY_SHOW_INTERFACE_BRIEF, "show vrf", "");
    }
}
