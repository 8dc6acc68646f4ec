package io.sextant.translation.ios;

import io.sextant.translation.oc.NextHopSyntax;
import io.sextant.translation.oc.OpenConfig.Ni;
import io.sextant.translation.oc.StaticNextHop;
import io.sextant.translation.oc.StaticRouteSyntax;
import io.sextant.translation.spi.ConfigLine;
import io.sextant.translation.spi.ConfigText;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * IOS static routes: {@code ip route [vrf NAME] ADDRESS MASK (GATEWAY | IFNAME [GATEWAY] |
 * Null0) [DISTANCE]}, all at top level. Deleting a VRF deletes its routes.
 */
final class IosStaticRoutes implements StaticRouteSyntax {
    private static final Pattern ROUTE = Pattern.compile(
        "ip route (?:vrf (\\S+) )?(\\d+\\.\\d+\\.\\d+\\.\\d+) (\\d+\\.\\d+\\.\\d+\\.\\d+) (.+)");
    private static final Pattern IFNAME = Pattern.compile("[A-Za-z][\\w.\\-/:]*\\d");
    /** {@code GATEWAY | IFNAME [GATEWAY] | Null0} then the distance. */
    static final NextHopSyntax NEXT_HOP = new NextHopSyntax("Null0", token -> IFNAME.matcher(token).matches(), false);

    @Override
    public List<Route> routes(final ConfigText config, final String instance) {
        final List<Route> routes = new ArrayList<>();
        for (ConfigLine line : config.topMatching(ROUTE)) {
            final Matcher match = line.match(ROUTE).orElseThrow();
            final String vrf = match.group(1) == null ? Ni.DEFAULT : match.group(1);
            final Optional<StaticNextHop> hop = NEXT_HOP.parse(match.group(4));
            if (vrf.equals(instance) && hop.isPresent()) {
                line.claim();
                routes.add(new Route(match.group(2) + "/" + IosConfig.prefixLength(match.group(3)), hop.orElseThrow()));
            }
        }
        return routes;
    }

    @Override
    public String routeLine(final String instance, final String prefix, final StaticNextHop hop) {
        final String[] network = prefix.split("/");
        return "ip route " + (Ni.DEFAULT.equals(instance) ? "" : "vrf " + instance + " ") + network[0] + " "
            + IosConfig.mask(Integer.parseInt(network[1])) + " " + NEXT_HOP.format(hop);
    }

    @Override
    public boolean vrfDeletesItsRoutes() {
        return true;
    }
}
