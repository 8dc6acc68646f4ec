package io.sextant.translation.ios;

import io.sextant.datastore.OperationFailedException;
import io.sextant.translation.oc.OcPaths;
import io.sextant.translation.oc.OpenConfig.Ni;
import io.sextant.translation.spi.Change;
import io.sextant.translation.spi.CliCommands;
import io.sextant.translation.spi.ConfigLine;
import io.sextant.translation.spi.ConfigText;
import io.sextant.translation.spi.Handlers;
import io.sextant.translation.spi.Nodes;
import io.sextant.translation.spi.ReadContext;
import io.sextant.translation.spi.WriteContext;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;

/**
 * IOS static routes: {@code ip route [vrf NAME] ADDRESS MASK (GATEWAY | IFNAME [GATEWAY] |
 * Null0) [DISTANCE]}. Next-hop indexes and metrics as in the FRR unit: {@code 10.0.0.1},
 * {@code GigabitEthernet0/0}, {@code 10.0.0.1 GigabitEthernet0/0}, {@code DROP}; metric =
 * administrative distance.
 */
final class IosStaticRoutes {
    private static final Pattern ROUTE = Pattern.compile(
        "ip route (?:vrf (\\S+) )?(\\d+\\.\\d+\\.\\d+\\.\\d+) (\\d+\\.\\d+\\.\\d+\\.\\d+) (.+)");
    private static final Pattern IPV4 = Pattern.compile("\\d+\\.\\d+\\.\\d+\\.\\d+");
    private static final Pattern NUMBER = Pattern.compile("\\d+");
    private static final Pattern IFNAME = Pattern.compile("[A-Za-z][\\w.\\-/:]*\\d");

    private IosStaticRoutes() {
    }

    /** One understood route line. */
    record Route(String prefix, NextHop hop) {
    }

    /** One next hop as IOS writes it. */
    record NextHop(String gateway, String iface, boolean drop, Integer distance) {

        static Optional<NextHop> parse(final String spec) {
            final String[] tokens = spec.strip().split("\\s+");
            int i = 0;
            String gateway = null;
            String iface = null;
            boolean drop = false;
            if (tokens[i].equals("Null0")) {
                drop = true;
                i++;
            } else if (IPV4.matcher(tokens[i]).matches()) {
                gateway = tokens[i++];
            } else if (IFNAME.matcher(tokens[i]).matches()) {
                iface = tokens[i++];
                if (i < tokens.length && IPV4.matcher(tokens[i]).matches()) {
                    gateway = tokens[i++];
                }
            } else {
                return Optional.empty();
            }
            Integer distance = null;
            if (i < tokens.length && NUMBER.matcher(tokens[i]).matches()) {
                distance = Integer.valueOf(tokens[i++]);
            }
            return i == tokens.length ? Optional.of(new NextHop(gateway, iface, drop, distance)) : Optional.empty();
        }

        String index() {
            if (drop) {
                return "DROP";
            }
            return gateway == null ? iface : iface == null ? gateway : gateway + " " + iface;
        }

        String command(final String instance, final String prefix) {
            final String[] network = prefix.split("/");
            final String target = drop ? "Null0" : iface == null ? gateway : gateway == null ? iface
                : iface + " " + gateway;
            return "ip route " + (Ni.DEFAULT.equals(instance) ? "" : "vrf " + instance + " ") + network[0] + " "
                + IosConfig.mask(Integer.parseInt(network[1])) + " " + target + (distance == null ? "" : " " + distance);
        }

        MapEntryNode toEntry() {
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

        static NextHop of(final DataContainerNode entry, final YangInstanceIdentifier path)
                throws OperationFailedException {
            final DataContainerNode config = container(entry, Ni.CONFIG);
            final Object target = config == null ? null : leaf(config, Ni.NEXT_HOP);
            final DataContainerNode ref = container(entry, Ni.INTERFACE_REF);
            final DataContainerNode refConfig = ref == null ? null : container(ref, Ni.CONFIG);
            final Object iface = refConfig == null ? null : leaf(refConfig, Ni.INTERFACE_LEAF);
            final Object metric = config == null ? null : leaf(config, Ni.METRIC);
            final boolean drop = Ni.DROP.equals(target);
            if (target != null && !drop && !(target instanceof String) || target == null && iface == null
                    || drop && iface != null) {
                throw OperationFailedException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_NOT_SUPPORTED,
                    "IOS static routes take a gateway, an interface, both, or DROP", path);
            }
            final NextHop hop = new NextHop(drop ? null : (String) target, iface == null ? null : iface.toString(),
                drop, metric == null ? null : ((Number) metric).intValue());
            final Object index = ((NodeIdentifierWithPredicates) path.getLastPathArgument()).getValue(Ni.INDEX);
            if (!hop.index().equals(index)) {
                throw OperationFailedException.of(ErrorType.APPLICATION, ErrorTag.INVALID_VALUE,
                    "IOS identifies this next hop as '" + hop.index() + "'; use that as its index", path);
            }
            return hop;
        }
    }

    static void register(final Handlers.Builder handlers) {
        handlers.list(OcPaths.STATIC_LIST, IosStaticRoutes::prefixes)
            .container(OcPaths.STATIC_CONFIG, IosStaticRoutes::readStaticConfig, IosStaticRoutes::writeStaticConfig)
            .subtree(OcPaths.NEXT_HOP_LIST, IosStaticRoutes::nextHops, IosStaticRoutes::writeNextHop);
    }

    /** The understood routes of a network instance, claiming their lines. */
    static List<Route> routes(final ConfigText config, final String instance) {
        final List<Route> routes = new ArrayList<>();
        for (ConfigLine line : config.topMatching(ROUTE)) {
            final Matcher match = line.match(ROUTE).orElseThrow();
            final String vrf = match.group(1) == null ? Ni.DEFAULT : match.group(1);
            final Optional<NextHop> hop = NextHop.parse(match.group(4));
            if (vrf.equals(instance) && hop.isPresent()) {
                line.claim();
                routes.add(new Route(match.group(2) + "/" + IosConfig.prefixLength(match.group(3)), hop.orElseThrow()));
            }
        }
        return routes;
    }

    private static List<NodeIdentifierWithPredicates> prefixes(final ReadContext ctx,
            final YangInstanceIdentifier parent) {
        if (!OcPaths.inProtocol(parent, Ni.STATIC_PROTOCOL)) {
            return List.of();
        }
        final Set<String> prefixes = new LinkedHashSet<>();
        routes(ctx.runningConfig(), OcPaths.networkInstanceName(parent)).forEach(route -> prefixes.add(route.prefix()));
        return prefixes.stream().map(prefix -> Nodes.key(Ni.STATIC, Ni.PREFIX, prefix)).toList();
    }

    private static Optional<ContainerNode> readStaticConfig(final ReadContext ctx, final YangInstanceIdentifier path) {
        return Optional.of(Nodes.container(Ni.CONFIG).leaf(Ni.PREFIX, OcPaths.keyOf(path, Ni.STATIC, Ni.PREFIX))
            .build());
    }

    private static void writeStaticConfig(final Change change, final WriteContext ctx, final CliCommands out)
            throws OperationFailedException {
        change.requireOnly(Set.of(Ni.PREFIX), "IOS");
    }

    private static List<MapEntryNode> nextHops(final ReadContext ctx, final YangInstanceIdentifier parent) {
        final String prefix = OcPaths.keyOf(parent, Ni.STATIC, Ni.PREFIX).toString();
        return routes(ctx.runningConfig(), OcPaths.networkInstanceName(parent)).stream()
            .filter(route -> route.prefix().equals(prefix))
            .map(route -> route.hop().toEntry())
            .toList();
    }

    private static void writeNextHop(final Change change, final WriteContext ctx, final CliCommands out)
            throws OperationFailedException {
        final String instance = OcPaths.networkInstanceName(change.path());
        final String prefix = change.key(Ni.STATIC, Ni.PREFIX).toString();
        final Optional<NextHop> before = change.before().isPresent()
            ? Optional.of(NextHop.of(change.before().orElseThrow(), change.path())) : Optional.empty();
        final Optional<NextHop> after = change.after().isPresent()
            ? Optional.of(NextHop.of(change.after().orElseThrow(), change.path())) : Optional.empty();
        if (before.equals(after)) {
            return;
        }
        // deleting a VRF removes its routes with it
        if (after.isEmpty() && ctx.deleted(OcPaths.networkInstance(instance)) && !Ni.DEFAULT.equals(instance)) {
            return;
        }
        before.ifPresent(hop -> out.line("no " + hop.command(instance, prefix)));
        after.ifPresent(hop -> out.line(hop.command(instance, prefix)));
    }

    private static DataContainerNode container(final DataContainerNode parent, final QName name) {
        return parent.childByArg(new NodeIdentifier(name)) instanceof DataContainerNode child ? child : null;
    }

    private static Object leaf(final DataContainerNode parent, final QName name) {
        return parent.childByArg(new NodeIdentifier(name)) instanceof LeafNode<?> leaf ? leaf.body() : null;
    }
}
