package io.sextant.translation.ios;

import java.util.Map;

/** An IOS 15.6 running configuration as {@code show running-config} prints it. */
final class IosFixtures {
    static final String RUNNING_CONFIG = """
        Building configuration...

        Current configuration : 2301 bytes
        !
        ! Last configuration change at 10:21:33 UTC Mon Nov 4 2024
        !
        version 15.6
        service timestamps debug datetime msec
        service timestamps log datetime msec
        no service password-encryption
        !
        hostname R1
        !
        boot-start-marker
        boot-end-marker
        !
        vrf definition BLUE
         rd 65001:100
         description customer blue
         !
         address-family ipv4
         exit-address-family
        !
        no aaa new-model
        !
        ip cef
        no ipv6 cef
        !
        interface Loopback0
         ip address 1.1.1.1 255.255.255.255
        !
        interface GigabitEthernet0/0
         description uplink to core
         ip address 10.0.0.1 255.255.255.0
         ip address 10.0.1.1 255.255.255.0 secondary
         duplex auto
         speed auto
         media-type rj45
        !
        interface GigabitEthernet0/1
         description customer blue
         mtu 1400
         vrf forwarding BLUE
         ip address 172.16.1.1 255.255.255.0
         duplex auto
         speed auto
        !
        interface GigabitEthernet0/2
         no ip address
         shutdown
         duplex auto
         speed auto
        !
        router bgp 65001
         bgp router-id 1.1.1.1
         bgp log-neighbor-changes
         neighbor 10.0.0.2 remote-as 65002
         neighbor 10.0.0.2 description peer two
         neighbor 10.0.0.3 remote-as 65001
         neighbor 10.0.0.3 shutdown
         !
         address-family ipv4
          network 10.0.0.0 mask 255.255.255.0
          neighbor 10.0.0.2 activate
         exit-address-family
         !
         address-family ipv4 vrf BLUE
          bgp router-id 172.16.1.1
          neighbor 172.16.1.2 remote-as 65100
          neighbor 172.16.1.2 activate
         exit-address-family
        !
        ip forward-protocol nd
        !
        no ip http server
        no ip http secure-server
        ip route 192.168.10.0 255.255.255.0 10.0.0.254
        ip route 192.168.20.0 255.255.255.0 GigabitEthernet0/0
        ip route 192.168.30.0 255.255.255.0 GigabitEthernet0/0 10.0.0.253 200
        ip route 192.168.40.0 255.255.255.0 Null0
        ip route vrf BLUE 10.200.0.0 255.255.0.0 172.16.1.2
        !
        line con 0
        line aux 0
        line vty 0 4
         login
         transport input ssh
        !
        end""";

    private IosFixtures() {
    }

    static Map<String, String> outputs() {
        return Map.of("show running-config", RUNNING_CONFIG);
    }
}
