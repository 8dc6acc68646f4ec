package io.sextant.translation.oc;

import io.sextant.spi.OperationErrorsException;
import io.sextant.translation.oc.OpenConfig.Ni;
import io.sextant.translation.spi.Nodes;
import java.util.Objects;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;

/**
 * One static-route next hop as the CLI units model it in OpenConfig: a gateway address, an
 * interface, both, or DROP, with the route's administrative distance as the metric. Its index is
 * the next hop as written ({@code 10.0.0.1}, {@code eth0}, {@code 10.0.0.1 eth0}, {@code DROP}),
 * so a route reads back under the index it was written with. Each dialect parses and prints its
 * own command line around it ({@link NextHopSyntax}).
 *
 * @param gateway the gateway address, if any
 * @param iface the interface, if any
 * @param drop whether traffic is dropped
 * @param distance the administrative distance, if set
 */
public record StaticNextHop(@Nullable String gateway, @Nullable String iface, boolean drop,
        @Nullable Integer distance) {

    public StaticNextHop {
        if (!drop && gateway == null && iface == null) {
            throw new IllegalArgumentException("A next hop needs a gateway, an interface or DROP");
        }
    }

    /** The OpenConfig index of this next hop. */
    public String index() {
        if (drop) {
            return "DROP";
        }
        if (gateway == null) {
            return Objects.requireNonNull(iface, "A next hop without gateway has an interface");
        }
        return iface == null ? gateway : gateway + " " + iface;
    }

    /** The {@code next-hop} list entry. */
    public MapEntryNode toEntry() {
        final var config = Nodes.container(Ni.CONFIG)
            .leaf(Ni.INDEX, index())
            .leaf(Ni.NEXT_HOP, drop ? Ni.DROP : gateway)
            .leaf(Ni.METRIC, distance == null ? null : Uint32.valueOf(distance));
        final NodeIdentifierWithPredicates key = Nodes.key(Ni.NEXT_HOP, Ni.INDEX, index());
        if (iface == null) {
            return Nodes.entry(key, config.build());
        }
        return Nodes.entry(key, config.build(), Nodes.container(Ni.INTERFACE_REF)
            .child(Nodes.container(Ni.CONFIG).leaf(Ni.INTERFACE_LEAF, iface).build()).build());
    }

    /**
     * The next hop of a {@code next-hop} list entry at {@code path}.
     *
     * @param dialect the device dialect, for the error messages ("FRR", "IOS")
     * @throws OperationErrorsException when the entry is not something a CLI static route can
     *     express, or its index is not the one the device would read back
     */
    public static StaticNextHop fromEntry(final DataContainerNode entry, final YangInstanceIdentifier path,
            final String dialect) throws OperationErrorsException {
        final DataContainerNode config = container(entry, Ni.CONFIG);
        final Object target = config == null ? null : leaf(config, Ni.NEXT_HOP);
        final DataContainerNode ref = container(entry, Ni.INTERFACE_REF);
        final DataContainerNode refConfig = ref == null ? null : container(ref, Ni.CONFIG);
        final Object iface = refConfig == null ? null : leaf(refConfig, Ni.INTERFACE_LEAF);
        final Object metric = config == null ? null : leaf(config, Ni.METRIC);
        final boolean drop = Ni.DROP.equals(target);
        if (target != null && !drop && !(target instanceof String)) {
            throw unsupported(path, dialect + " static routes support gateway addresses and DROP, not " + target);
        }
        if (target == null && iface == null) {
            throw unsupported(path, "A next hop needs a next-hop address, DROP or an interface");
        }
        if (drop && iface != null) {
            throw unsupported(path, "A DROP next hop cannot have an interface");
        }
        final StaticNextHop hop = new StaticNextHop(drop ? null : (String) target,
            iface == null ? null : iface.toString(), drop, metric == null ? null : ((Number) metric).intValue());
        final Object index = ((NodeIdentifierWithPredicates) path.getLastPathArgument()).getValue(Ni.INDEX);
        if (!hop.index().equals(index)) {
            throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.INVALID_VALUE,
                dialect + " identifies this next hop as '" + hop.index() + "'; use that as its index", path);
        }
        return hop;
    }

    private static @Nullable DataContainerNode container(final DataContainerNode parent, final QName name) {
        return parent.childByArg(new NodeIdentifier(name)) instanceof DataContainerNode child ? child : null;
    }

    private static @Nullable Object leaf(final DataContainerNode parent, final QName name) {
        return parent.childByArg(new NodeIdentifier(name)) instanceof LeafNode<?> leaf ? leaf.body() : null;
    }

    private static OperationErrorsException unsupported(final YangInstanceIdentifier path, final String message) {
        return OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_NOT_SUPPORTED, message, path);
    }
}
