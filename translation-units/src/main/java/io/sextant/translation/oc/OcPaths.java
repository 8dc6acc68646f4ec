package io.sextant.translation.oc;

import io.sextant.translation.oc.OpenConfig.If;
import io.sextant.translation.oc.OpenConfig.Ni;
import io.sextant.translation.spi.DataPath;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;

/** Handler paths and concrete paths in the OpenConfig trees the units translate. */
public final class OcPaths {
    public static final DataPath INTERFACE_LIST = DataPath.of(If.INTERFACES, If.INTERFACE);
    public static final DataPath INTERFACE_CONFIG = INTERFACE_LIST.child(If.CONFIG);
    public static final DataPath SUBINTERFACE_LIST = INTERFACE_LIST.child(If.SUBINTERFACES, If.SUBINTERFACE);
    public static final DataPath SUBINTERFACE_CONFIG = SUBINTERFACE_LIST.child(If.CONFIG);
    public static final DataPath ADDRESS_LIST = SUBINTERFACE_LIST.child(If.IPV4, If.ADDRESSES, If.ADDRESS);
    public static final DataPath ADDRESS_CONFIG = ADDRESS_LIST.child(If.IP_CONFIG);

    public static final DataPath NI_LIST = DataPath.of(Ni.NETWORK_INSTANCES, Ni.NETWORK_INSTANCE);
    public static final DataPath NI_CONFIG = NI_LIST.child(Ni.CONFIG);
    public static final DataPath NI_INTERFACE_LIST = NI_LIST.child(Ni.INTERFACES, Ni.INTERFACE);
    public static final DataPath NI_INTERFACE_CONFIG = NI_INTERFACE_LIST.child(Ni.CONFIG);
    public static final DataPath PROTOCOL_LIST = NI_LIST.child(Ni.PROTOCOLS, Ni.PROTOCOL);
    public static final DataPath PROTOCOL_CONFIG = PROTOCOL_LIST.child(Ni.CONFIG);
    public static final DataPath STATIC_LIST = PROTOCOL_LIST.child(Ni.STATIC_ROUTES, Ni.STATIC);
    public static final DataPath STATIC_CONFIG = STATIC_LIST.child(Ni.CONFIG);
    public static final DataPath NEXT_HOP_LIST = STATIC_LIST.child(Ni.NEXT_HOPS, Ni.NEXT_HOP);
    public static final DataPath BGP_GLOBAL_CONFIG = PROTOCOL_LIST.child(Ni.BGP, Ni.GLOBAL, Ni.CONFIG);
    public static final DataPath NEIGHBOR_LIST = PROTOCOL_LIST.child(Ni.BGP, Ni.NEIGHBORS, Ni.NEIGHBOR);
    public static final DataPath NEIGHBOR_CONFIG = NEIGHBOR_LIST.child(Ni.CONFIG);
    public static final DataPath NEIGHBOR_AFI_LIST = NEIGHBOR_LIST.child(Ni.AFI_SAFIS, Ni.AFI_SAFI);
    public static final DataPath NEIGHBOR_AFI_CONFIG = NEIGHBOR_AFI_LIST.child(Ni.CONFIG);

    /**
     * Network instances with the default one first: created first, deleted last (devices keep
     * VRF protocol instances under the default one).
     */
    public static final Comparator<NodeIdentifierWithPredicates> DEFAULT_INSTANCE_FIRST =
        Comparator.comparing(key -> !Ni.DEFAULT.equals(key.getValue(Ni.NAME)));

    private OcPaths() {
    }

    /** Key of a protocol entry. */
    public static NodeIdentifierWithPredicates protocolKey(final QName identifier) {
        return NodeIdentifierWithPredicates.of(Ni.PROTOCOL, Map.of(Ni.IDENTIFIER, identifier, Ni.NAME,
            Ni.PROTOCOL_NAME));
    }

    /** {@code network-instances/network-instance=<name>} */
    public static YangInstanceIdentifier networkInstance(final String name) {
        return YangInstanceIdentifier.of(new NodeIdentifier(Ni.NETWORK_INSTANCES), new NodeIdentifier(
            Ni.NETWORK_INSTANCE), NodeIdentifierWithPredicates.of(Ni.NETWORK_INSTANCE, Ni.NAME, name));
    }

    /** The BGP global config of a network instance. */
    public static YangInstanceIdentifier bgpGlobalConfig(final String networkInstance) {
        return networkInstance(networkInstance).node(new NodeIdentifier(Ni.PROTOCOLS))
            .node(new NodeIdentifier(Ni.PROTOCOL)).node(protocolKey(Ni.BGP_PROTOCOL))
            .node(new NodeIdentifier(Ni.BGP)).node(new NodeIdentifier(Ni.GLOBAL))
            .node(new NodeIdentifier(Ni.CONFIG));
    }

    /** The config of a BGP neighbor of a network instance. */
    public static YangInstanceIdentifier neighborConfig(final String networkInstance, final String address) {
        return bgpGlobalConfig(networkInstance).getParent().getParent()
            .node(new NodeIdentifier(Ni.NEIGHBORS)).node(new NodeIdentifier(Ni.NEIGHBOR))
            .node(NodeIdentifierWithPredicates.of(Ni.NEIGHBOR, Ni.NEIGHBOR_ADDRESS, address))
            .node(new NodeIdentifier(Ni.CONFIG));
    }

    /** The network instance a concrete path lies in. */
    public static String networkInstanceName(final YangInstanceIdentifier path) {
        return keyOf(path, Ni.NETWORK_INSTANCE, Ni.NAME).toString();
    }

    /** The interface a concrete path lies in. */
    public static String interfaceName(final YangInstanceIdentifier path) {
        return keyOf(path, If.INTERFACE, If.NAME).toString();
    }

    /** Whether a concrete path lies in the protocol instance of {@code identifier} (BGP, STATIC). */
    public static boolean inProtocol(final YangInstanceIdentifier path, final QName identifier) {
        return identifier.equals(keyOf(path, Ni.PROTOCOL, Ni.IDENTIFIER));
    }

    /** A key leaf value of the entry of {@code list} on {@code path}. */
    public static Object keyOf(final YangInstanceIdentifier path, final QName list, final QName key) {
        final List<PathArgument> args = path.getPathArguments();
        for (PathArgument arg : args) {
            if (arg instanceof NodeIdentifierWithPredicates entry && entry.getNodeType().equals(list)) {
                final Object value = entry.getValue(key);
                if (value != null) {
                    return value;
                }
            }
        }
        throw new IllegalArgumentException("No " + list.getLocalName() + " key in " + path);
    }
}
