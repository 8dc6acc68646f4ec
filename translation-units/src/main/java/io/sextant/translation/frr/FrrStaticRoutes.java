package io.sextant.translation.frr;

import io.sextant.translation.oc.NextHopSyntax;
import io.sextant.translation.oc.OpenConfig.Ni;
import io.sextant.translation.oc.StaticNextHop;
import io.sextant.translation.oc.StaticRouteSyntax;
import io.sextant.translation.spi.CliCommands.Mode;
import io.sextant.translation.spi.ConfigLine;
import io.sextant.translation.spi.ConfigText;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * FRR static routes: {@code ip route PREFIX (GATEWAY [IFNAME] | IFNAME | blackhole) [DISTANCE]}
 * at top level (default instance) or inside {@code vrf NAME}. Lines with other options (tags,
 * labels, tables) are left to the config coverage report.
 */
final class FrrStaticRoutes implements StaticRouteSyntax {
    private static final Pattern ROUTE = Pattern.compile("ip route (\\d+\\.\\d+\\.\\d+\\.\\d+/\\d+) (.+)");
    private static final Pattern IFNAME = Pattern.compile("[A-Za-z][\\w.\\-/]*");
    private static final Set<String> KEYWORDS = Set.of("tag", "label", "table", "nexthop-vrf", "onlink", "color",
        "reject", "Null0", "segments");
    /** {@code GATEWAY [IFNAME] | IFNAME | blackhole} then the distance. */
    static final NextHopSyntax NEXT_HOP = new NextHopSyntax("blackhole",
        token -> IFNAME.matcher(token).matches() && !KEYWORDS.contains(token), true);

    @Override
    public List<Route> routes(final ConfigText config, final String instance) {
        final List<Route> routes = new ArrayList<>();
        for (ConfigLine line : FrrConfig.staticRouteScope(config, instance)) {
            final Optional<Matcher> match = line.match(ROUTE);
            final Optional<StaticNextHop> hop = match.flatMap(m -> NEXT_HOP.parse(m.group(2)));
            if (hop.isPresent()) {
                line.claim();
                routes.add(new Route(match.orElseThrow().group(1), hop.orElseThrow()));
            }
        }
        return routes;
    }

    @Override
    public String routeLine(final String instance, final String prefix, final StaticNextHop hop) {
        return "ip route " + prefix + " " + NEXT_HOP.format(hop);
    }

    @Override
    public List<Mode> routeModes(final String instance) {
        return Ni.DEFAULT.equals(instance) ? List.of() : List.of(FrrConfig.vrfMode(instance));
    }
}
