package io.sextant.translation.ios;

import io.sextant.datastore.OperationFailedException;
import io.sextant.translation.oc.OcPaths;
import io.sextant.translation.oc.OpenConfig.Ni;
import io.sextant.translation.oc.StaticNextHop;
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
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
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
    record Route(String prefix, StaticNextHop hop) {
    }

    /** A next hop as IOS writes it: {@code GATEWAY | IFNAME [GATEWAY] | Null0} then the distance. */
    static final class NextHop {
        private NextHop() {
        }

        static Optional<StaticNextHop> parse(final String spec) {
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
            return i == tokens.length ? Optional.of(new StaticNextHop(gateway, iface, drop, distance))
                : Optional.empty();
        }

        static String command(final StaticNextHop hop, final String instance, final String prefix) {
            final String[] network = prefix.split("/");
            final String target = hop.drop() ? "Null0" : hop.iface() == null ? hop.gateway()
                : hop.gateway() == null ? hop.iface() : hop.iface() + " " + hop.gateway();
            return "ip route " + (Ni.DEFAULT.equals(instance) ? "" : "vrf " + instance + " ") + network[0] + " "
                + IosConfig.mask(Integer.parseInt(network[1])) + " " + target
                + (hop.distance() == null ? "" : " " + hop.distance());
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
            final Optional<StaticNextHop> hop = NextHop.parse(match.group(4));
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
        final Optional<StaticNextHop> before = change.before().isPresent()
            ? Optional.of(StaticNextHop.fromEntry(change.before().orElseThrow(), change.path(), "IOS"))
            : Optional.empty();
        final Optional<StaticNextHop> after = change.after().isPresent()
            ? Optional.of(StaticNextHop.fromEntry(change.after().orElseThrow(), change.path(), "IOS"))
            : Optional.empty();
        if (before.equals(after)) {
            return;
        }
        // deleting a VRF removes its routes with it
        if (after.isEmpty() && ctx.deleted(OcPaths.networkInstance(instance)) && !Ni.DEFAULT.equals(instance)) {
            return;
        }
        before.ifPresent(hop -> out.line("no " + NextHop.command(hop, instance, prefix)));
        after.ifPresent(hop -> out.line(NextHop.command(hop, instance, prefix)));
    }


}
