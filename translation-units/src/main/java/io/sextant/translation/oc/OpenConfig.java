package io.sextant.translation.oc;

import java.util.Set;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.common.Revision;
import org.opendaylight.yangtools.yang.common.XMLNamespace;

/**
 * Names of the OpenConfig nodes the bundled units use (ydk-models-openconfig 0.1.9 revisions).
 * BGP and static routes are instantiated inside openconfig-network-instance, so their nodes
 * carry its namespace.
 */
public final class OpenConfig {
    public static final QNameModule INTERFACES_MODULE = module("http://openconfig.net/yang/interfaces", "2016-05-26");
    public static final QNameModule IP_MODULE = module("http://openconfig.net/yang/interfaces/ip", "2019-01-08");
    public static final QNameModule NI_MODULE = module("http://openconfig.net/yang/network-instance", "2017-01-13");
    public static final QNameModule NI_TYPES_MODULE = module("http://openconfig.net/yang/network-instance-types",
        "2016-12-15");
    public static final QNameModule POLICY_TYPES_MODULE = module("http://openconfig.net/yang/policy-types",
        "2017-07-14");
    public static final QNameModule BGP_TYPES_MODULE = module("http://openconfig.net/yang/bgp-types", "2017-02-02");
    public static final QNameModule LOCAL_ROUTING_MODULE = module("http://openconfig.net/yang/local-routing",
        "2017-05-15");
    public static final QNameModule IANA_IF_TYPE_MODULE = module("urn:ietf:params:xml:ns:yang:iana-if-type",
        "2014-05-08");

    /** The modules a unit covering interfaces, IPv4, VRFs, static routes and BGP declares. */
    public static final Set<String> MODULES = Set.of("openconfig-interfaces", "openconfig-if-ip",
        "openconfig-network-instance", "iana-if-type");

    private OpenConfig() {
    }

    /** openconfig-interfaces and openconfig-if-ip. */
    public static final class If {
        public static final QName INTERFACES = QName.create(INTERFACES_MODULE, "interfaces");
        public static final QName INTERFACE = QName.create(INTERFACES_MODULE, "interface");
        public static final QName NAME = QName.create(INTERFACES_MODULE, "name");
        public static final QName CONFIG = QName.create(INTERFACES_MODULE, "config");
        public static final QName TYPE = QName.create(INTERFACES_MODULE, "type");
        public static final QName MTU = QName.create(INTERFACES_MODULE, "mtu");
        public static final QName DESCRIPTION = QName.create(INTERFACES_MODULE, "description");
        public static final QName ENABLED = QName.create(INTERFACES_MODULE, "enabled");
        public static final QName SUBINTERFACES = QName.create(INTERFACES_MODULE, "subinterfaces");
        public static final QName SUBINTERFACE = QName.create(INTERFACES_MODULE, "subinterface");
        public static final QName INDEX = QName.create(INTERFACES_MODULE, "index");

        public static final QName IPV4 = QName.create(IP_MODULE, "ipv4");
        public static final QName ADDRESSES = QName.create(IP_MODULE, "addresses");
        public static final QName ADDRESS = QName.create(IP_MODULE, "address");
        public static final QName IP = QName.create(IP_MODULE, "ip");
        public static final QName IP_CONFIG = QName.create(IP_MODULE, "config");
        public static final QName PREFIX_LENGTH = QName.create(IP_MODULE, "prefix-length");

        public static final QName ETHERNET = QName.create(IANA_IF_TYPE_MODULE, "ethernetCsmacd");
        public static final QName LOOPBACK = QName.create(IANA_IF_TYPE_MODULE, "softwareLoopback");

        private If() {
        }
    }

    /** openconfig-network-instance with its BGP and static routes. */
    public static final class Ni {
        public static final QName NETWORK_INSTANCES = ni("network-instances");
        public static final QName NETWORK_INSTANCE = ni("network-instance");
        public static final QName NAME = ni("name");
        public static final QName CONFIG = ni("config");
        public static final QName TYPE = ni("type");
        public static final QName DESCRIPTION = ni("description");
        public static final QName ROUTE_DISTINGUISHER = ni("route-distinguisher");
        public static final QName INTERFACES = ni("interfaces");
        public static final QName INTERFACE = ni("interface");
        public static final QName ID = ni("id");
        public static final QName INTERFACE_LEAF = ni("interface");
        public static final QName SUBINTERFACE = ni("subinterface");

        public static final QName PROTOCOLS = ni("protocols");
        public static final QName PROTOCOL = ni("protocol");
        public static final QName IDENTIFIER = ni("identifier");

        public static final QName STATIC_ROUTES = ni("static-routes");
        public static final QName STATIC = ni("static");
        public static final QName PREFIX = ni("prefix");
        public static final QName NEXT_HOPS = ni("next-hops");
        public static final QName NEXT_HOP = ni("next-hop");
        public static final QName INDEX = ni("index");
        public static final QName METRIC = ni("metric");
        public static final QName INTERFACE_REF = ni("interface-ref");

        public static final QName BGP = ni("bgp");
        public static final QName GLOBAL = ni("global");
        public static final QName AS = ni("as");
        public static final QName ROUTER_ID = ni("router-id");
        public static final QName NEIGHBORS = ni("neighbors");
        public static final QName NEIGHBOR = ni("neighbor");
        public static final QName NEIGHBOR_ADDRESS = ni("neighbor-address");
        public static final QName PEER_AS = ni("peer-as");
        public static final QName ENABLED = ni("enabled");
        public static final QName AFI_SAFIS = ni("afi-safis");
        public static final QName AFI_SAFI = ni("afi-safi");
        public static final QName AFI_SAFI_NAME = ni("afi-safi-name");

        public static final QName DEFAULT_INSTANCE = QName.create(NI_TYPES_MODULE, "DEFAULT_INSTANCE");
        public static final QName L3VRF = QName.create(NI_TYPES_MODULE, "L3VRF");
        public static final QName BGP_PROTOCOL = QName.create(POLICY_TYPES_MODULE, "BGP");
        public static final QName STATIC_PROTOCOL = QName.create(POLICY_TYPES_MODULE, "STATIC");
        public static final QName IPV4_UNICAST = QName.create(BGP_TYPES_MODULE, "IPV4_UNICAST");
        public static final QName DROP = QName.create(LOCAL_ROUTING_MODULE, "DROP");

        /** The name of the default network instance. */
        public static final String DEFAULT = "default";
        /** The protocol instance name the units use for BGP and static routes. */
        public static final String PROTOCOL_NAME = "default";

        private Ni() {
        }

        private static QName ni(final String name) {
            return QName.create(NI_MODULE, name);
        }
    }

    private static QNameModule module(final String namespace, final String revision) {
        return QNameModule.of(XMLNamespace.of(namespace), Revision.of(revision));
    }
}
