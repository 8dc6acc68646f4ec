package io.sextant.translation.frr;

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
 * FRR static routes: {@code ip route PREFIX (GATEWAY [IFNAME] | IFNAME | blackhole) [DISTANCE]}
 * at top level (default instance) or inside {@code vrf NAME}. Each next hop is one line; its
 * index is the next hop as written ({@code 10.0.0.1}, {@code eth0}, {@code 10.0.0.1 eth0},
 * {@code DROP}) and the OpenConfig metric is FRR's distance. Lines with other options (tags,
 * labels, tables) are left to the config coverage report.
 */
final class FrrStaticRoutes {
    private static final Pattern ROUTE = Pattern.compile("ip route (\\d+\\.\\d+\\.\\d+\\.\\d+/\\d+) (.+)");
    private static final Pattern IPV4 = Pattern.compile("\\d+\\.\\d+\\.\\d+\\.\\d+");
    private static final Pattern NUMBER = Pattern.compile("\\d+");
    private static final Pattern IFNAME = Pattern.compile("[A-Za-z][\\w.\\-/]*");

    private FrrStaticRoutes() {
    }

    /** A next hop as FRR writes it: {@code GATEWAY [IFNAME] | IFNAME | blackhole} then the distance. */
    static final class NextHop {
        private NextHop() {
        }

        static Optional<StaticNextHop> parse(final String spec) {
            final String[] tokens = spec.strip().split("\\s+");
            int i = 0;
            String gateway = null;
            String iface = null;
            boolean drop = false;
            if (tokens[i].equals("blackhole")) {
                drop = true;
                i++;
            } else if (IPV4.matcher(tokens[i]).matches()) {
                gateway = tokens[i++];
                if (i < tokens.length && !NUMBER.matcher(tokens[i]).matches()) {
                    if (!IFNAME.matcher(tokens[i]).matches() || isKeyword(tokens[i])) {
                        return Optional.empty();
                    }
                    iface = tokens[i++];
                }
            } else if (IFNAME.matcher(tokens[i]).matches() && !isKeyword(tokens[i])) {
                iface = tokens[i++];
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

        private static boolean isKeyword(final String token) {
            return Set.of("tag", "label", "table", "nexthop-vrf", "onlink", "color", "reject", "Null0", "segments")
                .contains(token);
        }

        static String command(final StaticNextHop hop, final String prefix) {
            final String target = hop.drop() ? "blackhole" : hop.index();
            return "ip route " + prefix + " " + target + (hop.distance() == null ? "" : " " + hop.distance());
        }
    }

    static void register(final Handlers.Builder handlers) {
        handlers.list(OcPaths.STATIC_LIST, FrrStaticRoutes::prefixes)
            .container(OcPaths.STATIC_CONFIG, FrrStaticRoutes::readStaticConfig, FrrStaticRoutes::writeStaticConfig)
            .subtree(OcPaths.NEXT_HOP_LIST, FrrStaticRoutes::nextHops, FrrStaticRoutes::writeNextHop);
    }

    /** The understood route lines of a network instance, with their matchers (prefix, next hop). */
    static List<Matcher> routeLines(final ConfigText config, final String networkInstance) {
        final List<Matcher> routes = new ArrayList<>();
        for (ConfigLine line : FrrConfig.staticRouteScope(config, networkInstance)) {
            final Optional<Matcher> match = line.match(ROUTE);
            if (match.isPresent() && NextHop.parse(match.orElseThrow().group(2)).isPresent()) {
                line.claim();
                routes.add(match.orElseThrow());
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
        for (Matcher route : routeLines(ctx.runningConfig(), OcPaths.networkInstanceName(parent))) {
            prefixes.add(route.group(1));
        }
        return prefixes.stream().map(prefix -> Nodes.key(Ni.STATIC, Ni.PREFIX, prefix)).toList();
    }

    private static Optional<ContainerNode> readStaticConfig(final ReadContext ctx, final YangInstanceIdentifier path) {
        return Optional.of(Nodes.container(Ni.CONFIG).leaf(Ni.PREFIX, OcPaths.keyOf(path, Ni.STATIC, Ni.PREFIX))
            .build());
    }

    /** A route exists through its next hops; the prefix alone configures nothing. */
    private static void writeStaticConfig(final Change change, final WriteContext ctx, final CliCommands out)
            throws OperationFailedException {
        change.requireOnly(Set.of(Ni.PREFIX), "FRR");
    }

    private static List<MapEntryNode> nextHops(final ReadContext ctx, final YangInstanceIdentifier parent) {
        final String prefix = OcPaths.keyOf(parent, Ni.STATIC, Ni.PREFIX).toString();
        final List<MapEntryNode> entries = new ArrayList<>();
        for (Matcher route : routeLines(ctx.runningConfig(), OcPaths.networkInstanceName(parent))) {
            if (route.group(1).equals(prefix)) {
                entries.add(NextHop.parse(route.group(2)).orElseThrow().toEntry());
            }
        }
        return entries;
    }

    private static void writeNextHop(final Change change, final WriteContext ctx, final CliCommands out)
            throws OperationFailedException {
        final String instance = OcPaths.networkInstanceName(change.path());
        final String prefix = change.key(Ni.STATIC, Ni.PREFIX).toString();
        final Optional<StaticNextHop> before = change.before().isPresent()
            ? Optional.of(StaticNextHop.fromEntry(change.before().orElseThrow(), change.path(), "FRR"))
            : Optional.empty();
        final Optional<StaticNextHop> after = change.after().isPresent()
            ? Optional.of(StaticNextHop.fromEntry(change.after().orElseThrow(), change.path(), "FRR"))
            : Optional.empty();
        final List<String> commands = new ArrayList<>();
        before.filter(hop -> !before.equals(after))
            .ifPresent(hop -> commands.add("no " + NextHop.command(hop, prefix)));
        after.filter(hop -> !before.equals(after)).ifPresent(hop -> commands.add(NextHop.command(hop, prefix)));
        if (Ni.DEFAULT.equals(instance)) {
            commands.forEach(out::line);
        } else {
            out.in(FrrNetworkInstances.vrfMode(instance), commands.toArray(String[]::new));
        }
    }



}
