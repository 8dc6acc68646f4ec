package io.sextant.perf.config;

import java.util.List;

/**
 * Writes the OpenConfig building blocks both device shapes are made of, in the JSON encoding of the
 * modules shipped by {@code ydk-models-openconfig} 0.1.9 (openconfig-interfaces 2016-05-26,
 * -if-ip 2019-01-08, -if-ethernet 2020-05-06, -vlan 2016-05-26, -network-instance 2017-01-13,
 * -local-routing 2017-05-15, -bgp 2017-02-02, -acl 2017-05-26).
 */
final class OpenConfigWriter {
    static final String INTERFACES = "openconfig-interfaces:interfaces";
    static final String NETWORK_INSTANCES = "openconfig-network-instance:network-instances";
    static final String ACL = "openconfig-acl:acl";

    private static final String ETHERNET = "iana-if-type:ethernetCsmacd";
    private static final String LOOPBACK = "iana-if-type:softwareLoopback";

    /** One IPv4 subinterface: index, VLAN (0: untagged), address and prefix length. */
    record Subinterface(int index, String description, int vlan, String ip, int prefixLength) {
    }

    /** One BGP neighbor. */
    record Neighbor(String address, long peerAs, String description, boolean vpn) {
    }

    /** One ACL entry: permit or deny a TCP/UDP flow between two prefixes. */
    record AclEntry(int sequence, String description, String source, String destination, int protocol,
            int destinationPort, boolean accept) {
    }

    private final JsonOut out;

    OpenConfigWriter(final JsonOut out) {
        this.out = out;
    }

    void ethernetInterface(final String name, final String description, final int mtu,
            final List<Subinterface> subinterfaces) {
        out.entry().leaf("name", name)
            .object("config").leaf("name", name).leaf("type", ETHERNET).leaf("mtu", mtu)
                .leaf("description", description).leaf("enabled", true).end()
            .object("openconfig-if-ethernet:ethernet")
                .object("config").leaf("auto-negotiate", false).leaf("duplex-mode", "FULL")
                    .leaf("port-speed", "openconfig-if-ethernet:SPEED_10GB").end()
            .end();
        subinterfaces(subinterfaces);
        out.end();
    }

    void loopback(final String name, final String ip) {
        out.entry().leaf("name", name)
            .object("config").leaf("name", name).leaf("type", LOOPBACK)
                .leaf("description", "router id").leaf("enabled", true).end();
        subinterfaces(List.of(new Subinterface(0, "router id", 0, ip, 32)));
        out.end();
    }

    private void subinterfaces(final List<Subinterface> subinterfaces) {
        out.object("subinterfaces").list("subinterface");
        for (Subinterface sub : subinterfaces) {
            out.entry().leaf("index", sub.index())
                .object("config").leaf("index", sub.index()).leaf("description", sub.description())
                    .leaf("enabled", true).end();
            if (sub.vlan() > 0) {
                out.object("openconfig-vlan:vlan").object("config").leaf("vlan-id", sub.vlan()).end().end();
            }
            out.object("openconfig-if-ip:ipv4")
                .object("addresses").list("address")
                    .entry().leaf("ip", sub.ip())
                        .object("config").leaf("ip", sub.ip()).leaf("prefix-length", sub.prefixLength()).end()
                    .end()
                .endList().end()
                .object("config").leaf("enabled", true).leaf("mtu", 1500).end()
            .end();
            out.end();
        }
        out.endList().end();
    }

    /** Opens a network instance; the caller writes its interfaces and protocols, then calls {@link #end()}. */
    void beginNetworkInstance(final String name, final String type, final String description,
            final String routeDistinguisher, final String routerId) {
        out.entry().leaf("name", name).object("config").leaf("name", name)
            .leaf("type", "openconfig-network-instance-types:" + type)
            .leaf("enabled", true).leaf("description", description);
        if (routeDistinguisher != null) {
            out.leaf("route-distinguisher", routeDistinguisher);
        }
        out.leaf("router-id", routerId)
            .leaves("enabled-address-families", "openconfig-types:IPV4")
            .end();
    }

    void instanceInterfaces(final List<String[]> interfaceAndSubinterface) {
        out.object("interfaces").list("interface");
        for (String[] ref : interfaceAndSubinterface) {
            final String id = ref[0] + "." + ref[1];
            out.entry().leaf("id", id)
                .object("config").leaf("id", id).leaf("interface", ref[0])
                    .leaf("subinterface", Long.parseLong(ref[1])).end()
                .end();
        }
        out.endList().end();
    }

    void beginProtocols() {
        out.object("protocols").list("protocol");
    }

    void endProtocols() {
        out.endList().end();
    }

    /** A STATIC protocol entry; each route is {prefix, next-hop, next-hop...}. */
    void staticRoutes(final List<String[]> routes) {
        protocolHeader("STATIC", "static");
        out.object("static-routes").list("static");
        for (String[] route : routes) {
            out.entry().leaf("prefix", route[0])
                .object("config").leaf("prefix", route[0]).leaf("set-tag", 100).end()
                .object("next-hops").list("next-hop");
            for (int i = 1; i < route.length; i++) {
                final String index = Integer.toString(i);
                out.entry().leaf("index", index)
                    .object("config").leaf("index", index).leaf("next-hop", route[i]).leaf("metric", 10L * i).end()
                    .end();
            }
            out.endList().end().end();
        }
        out.endList().end();
        out.end();
    }

    /** A BGP protocol entry with its global settings and neighbors. */
    void bgp(final long as, final String routerId, final List<Neighbor> neighbors) {
        protocolHeader("BGP", "bgp");
        out.object("bgp")
            .object("global")
                .object("config").leaf("as", as).leaf("router-id", routerId).end()
                .object("afi-safis").list("afi-safi");
        afiSafi("IPV4_UNICAST");
        out.endList().end()
            .end()
            .object("neighbors").list("neighbor");
        for (Neighbor neighbor : neighbors) {
            out.entry().leaf("neighbor-address", neighbor.address())
                .object("config").leaf("neighbor-address", neighbor.address()).leaf("peer-as", neighbor.peerAs())
                    .leaf("description", neighbor.description()).leaf("enabled", true)
                    .leaf("send-community", "BOTH").end()
                .object("timers").object("config").leaf("hold-time", 90).leaf("keepalive-interval", 30).end().end()
                .object("transport").object("config").leaf("passive-mode", false).end().end()
                .object("afi-safis").list("afi-safi");
            afiSafi("IPV4_UNICAST");
            if (neighbor.vpn()) {
                afiSafi("L3VPN_IPV4_UNICAST");
            }
            out.endList().end().end();
        }
        out.endList().end().end();
        out.end();
    }

    private void afiSafi(final String name) {
        final String qualified = "openconfig-bgp-types:" + name;
        out.entry().leaf("afi-safi-name", qualified)
            .object("config").leaf("afi-safi-name", qualified).leaf("enabled", true).end()
            .end();
    }

    private void protocolHeader(final String identifier, final String name) {
        final String qualified = "openconfig-policy-types:" + identifier;
        out.entry().leaf("identifier", qualified).leaf("name", name)
            .object("config").leaf("identifier", qualified).leaf("name", name).leaf("enabled", true).end();
    }

    void end() {
        out.end();
    }

    void aclSet(final String name, final String description, final List<AclEntry> entries) {
        out.entry().leaf("name", name).leaf("type", "openconfig-acl:ACL_IPV4")
            .object("config").leaf("name", name).leaf("type", "openconfig-acl:ACL_IPV4")
                .leaf("description", description).end()
            .object("acl-entries").list("acl-entry");
        for (AclEntry entry : entries) {
            out.entry().leaf("sequence-id", entry.sequence())
                .object("config").leaf("sequence-id", entry.sequence()).leaf("description", entry.description()).end()
                .object("ipv4").object("config")
                    .leaf("source-address", entry.source()).leaf("destination-address", entry.destination())
                    .leaf("protocol", entry.protocol()).end().end()
                .object("transport").object("config").leaf("destination-port", entry.destinationPort()).end().end()
                .object("actions").object("config")
                    .leaf("forwarding-action", entry.accept() ? "openconfig-acl:ACCEPT" : "openconfig-acl:DROP")
                    .leaf("log-action", "openconfig-acl:LOG_NONE").end().end()
                .end();
        }
        out.endList().end().end();
    }

    /** Binds ACL sets to a subinterface, ingress or egress. */
    void aclBinding(final String ifname, final int subinterface, final String setName, final boolean ingress) {
        final String id = ifname + "." + subinterface;
        final String direction = ingress ? "ingress" : "egress";
        out.entry().leaf("id", id)
            .object("config").leaf("id", id).end()
            .object("interface-ref").object("config").leaf("interface", ifname)
                .leaf("subinterface", subinterface).end().end()
            .object(direction + "-acl-sets").list(direction + "-acl-set")
                .entry().leaf("set-name", setName).leaf("type", "openconfig-acl:ACL_IPV4")
                    .object("config").leaf("set-name", setName).leaf("type", "openconfig-acl:ACL_IPV4").end()
                .end()
            .endList().end()
            .end();
    }
}
