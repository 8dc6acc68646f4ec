package io.sextant.perf.cli;

/**
 * The running configuration a simulated IOS 15 CPE starts with: what a managed customer-premises
 * router carries, deterministic per device number. Every device gets addresses of its own.
 *
 * <ul>
 *   <li>a loopback (BGP router id) and an uplink /30 to the provider edge, in the default instance;</li>
 *   <li>two VRFs ({@code vrf definition} with rd and description): {@code CUST} for the customer LAN
 *       and {@code MGMT} for out-of-band management;</li>
 *   <li>the LAN port in {@code CUST} with a primary and a secondary address, the management port in
 *       {@code MGMT}, two 802.1Q subinterfaces of the LAN port (a voice and a guest VLAN) in
 *       {@code CUST}, one unused port shut down;</li>
 *   <li>static routes: the default route to the provider edge, a management default route in
 *       {@code MGMT}, a customer network behind a LAN router in {@code CUST};</li>
 *   <li>BGP: eBGP to the provider edge in the default instance (IPv4 unicast activated) and to the
 *       customer's LAN router in {@code CUST}.</li>
 * </ul>
 *
 * <p>Plus the boilerplate a real configuration has around it (services, console and vty lines).
 * The {@code ios} translation unit reads everything but that boilerplate and the subinterfaces'
 * {@code encapsulation dot1Q} lines, which OpenConfig as the unit maps it has no place for
 * (the subinterfaces themselves read as interfaces of their own, as IOS lists them).
 */
public final class IosCpeConfig {
    /** The interface whose description the CLI scenario's commits change. */
    public static final String CHANGED_INTERFACE = "GigabitEthernet0/1";
    /** The AS of the provider edge every CPE peers with. */
    public static final int PROVIDER_AS = 64_999;

    private IosCpeConfig() {
    }

    /** The configuration of device {@code number} (1, 2, ...; up to 16,383 get distinct addresses). */
    public static String of(final int number) {
        if (number < 1) {
            throw new IllegalArgumentException("device numbers start at 1, got " + number);
        }
        final int hi = number / 256 % 256;
        final int lo = number % 256;
        // uplink /30s out of 100.64.0.0/10 (64 per /24): CPE .1, provider edge .2
        final String uplinkNet = "100." + (64 + number / 16_384 % 64) + "." + (number / 64 % 256) + ".";
        final int uplinkBase = number % 64 * 4;
        final String cpeUplink = uplinkNet + (uplinkBase + 1);
        final String peUplink = uplinkNet + (uplinkBase + 2);
        final String lan = "10." + (hi + 16) + "." + lo + ".";
        final int as = 65_000 + number % 500;
        final int customerAs = 64_600 + number % 300;
        return """
            version 15.6
            service timestamps debug datetime msec
            service timestamps log datetime msec
            no service password-encryption
            !
            hostname CPE%1$d
            !
            boot-start-marker
            boot-end-marker
            !
            vrf definition CUST
             rd %2$d:%1$d
             description customer LAN of site %1$d
             !
             address-family ipv4
             exit-address-family
            !
            vrf definition MGMT
             rd %2$d:9%1$d
             description out-of-band management
             !
             address-family ipv4
             exit-address-family
            !
            no aaa new-model
            ip cef
            no ipv6 cef
            !
            interface Loopback0
             description router id
             ip address 10.255.%3$d.%4$d 255.255.255.255
            !
            interface GigabitEthernet0/0
             description uplink to provider edge
             mtu 1500
             ip address %5$s 255.255.255.252
             duplex auto
             speed auto
            !
            interface GigabitEthernet0/1
             description customer LAN
             vrf forwarding CUST
             ip address %7$s1 255.255.255.0
             ip address 172.31.%4$d.1 255.255.255.0 secondary
             duplex auto
             speed auto
            !
            interface GigabitEthernet0/1.100
             description voice VLAN
             encapsulation dot1Q 100
             vrf forwarding CUST
             ip address 172.20.%4$d.1 255.255.255.0
            !
            interface GigabitEthernet0/1.200
             description guest VLAN
             encapsulation dot1Q 200
             vrf forwarding CUST
             ip address 172.21.%4$d.1 255.255.255.0
            !
            interface GigabitEthernet0/2
             description management
             vrf forwarding MGMT
             ip address 192.168.%3$d.%8$d 255.255.255.0
             duplex auto
             speed auto
            !
            interface GigabitEthernet0/3
             no ip address
             shutdown
             duplex auto
             speed auto
            !
            router bgp %2$d
             bgp router-id 10.255.%3$d.%4$d
             bgp log-neighbor-changes
             neighbor %6$s remote-as %9$d
             neighbor %6$s description provider edge
             !
             address-family ipv4
              network 10.255.%3$d.%4$d mask 255.255.255.255
              neighbor %6$s activate
             exit-address-family
             !
             address-family ipv4 vrf CUST
              neighbor %7$s2 remote-as %10$d
              neighbor %7$s2 description customer LAN router
              neighbor %7$s2 activate
             exit-address-family
            !
            ip forward-protocol nd
            no ip http server
            no ip http secure-server
            ip route 0.0.0.0 0.0.0.0 %6$s
            ip route vrf MGMT 0.0.0.0 0.0.0.0 192.168.%3$d.254
            ip route vrf CUST 10.%11$d.%4$d.0 255.255.255.0 %7$s2
            !
            logging host 192.168.%3$d.250
            ntp server 192.168.%3$d.251
            !
            line con 0
             logging synchronous
            line aux 0
            line vty 0 4
             login local
             transport input ssh
            !
            end
            """.formatted(number, as, hi, lo, cpeUplink, peUplink, lan, 1 + lo % 200, PROVIDER_AS, customerAs,
                hi + 128);
    }
}
