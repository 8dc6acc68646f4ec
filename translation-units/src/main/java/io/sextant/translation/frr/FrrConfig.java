package io.sextant.translation.frr;

import io.sextant.translation.oc.OpenConfig.Ni;
import io.sextant.translation.spi.CliCommands.Mode;
import io.sextant.translation.spi.ConfigLine;
import io.sextant.translation.spi.ConfigText;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Where things are in FRR's running configuration and show outputs. */
final class FrrConfig {
    static final String SHOW_INTERFACES = "show interface brief";
    static final String SHOW_VRF = "show vrf";

    static final Pattern INTERFACE = Pattern.compile("interface (\\S+)(?: vrf (\\S+))?");
    static final Pattern VRF = Pattern.compile("vrf (\\S+)");
    static final Pattern ROUTER_BGP = Pattern.compile("router bgp (\\d+)(?: vrf (\\S+))?");
    private static final Pattern SHOW_VRF_LINE = Pattern.compile("vrf (\\S+) .*");
    private static final Pattern BRIEF_LINE = Pattern.compile("(\\S+)\\s+(up|down)\\s+(\\S+).*");

    private FrrConfig() {
    }

    /** The kernel's interfaces, from {@code show interface brief}. */
    static List<String> kernelInterfaces(final String brief) {
        final List<String> names = new ArrayList<>();
        for (String line : brief.split("\n")) {
            final Matcher matcher = BRIEF_LINE.matcher(line);
            if (matcher.matches() && !line.startsWith("Interface")) {
                names.add(matcher.group(1));
            }
        }
        return names;
    }

    /** VRF names: those zebra knows ({@code show vrf}, also when empty), then those configured. */
    static List<String> vrfNames(final ConfigText config, final String showVrf) {
        final Set<String> names = new LinkedHashSet<>();
        for (String line : showVrf.split("\n")) {
            final Matcher matcher = SHOW_VRF_LINE.matcher(line.strip());
            if (matcher.matches()) {
                names.add(matcher.group(1));
            }
        }
        for (ConfigLine line : config.top()) {
            line.match(VRF).ifPresent(m -> names.add(m.group(1)));
            line.match(ROUTER_BGP).filter(m -> m.group(2) != null).ifPresent(m -> names.add(m.group(2)));
        }
        return new ArrayList<>(names);
    }

    /** The {@code router bgp <as> [vrf <name>]} block of a network instance. */
    static Optional<ConfigLine> bgpBlock(final ConfigText config, final String networkInstance) {
        for (ConfigLine line : config.top()) {
            final Optional<Matcher> match = line.match(ROUTER_BGP);
            if (match.isPresent()) {
                final String vrf = match.orElseThrow().group(2);
                if (Ni.DEFAULT.equals(networkInstance) ? vrf == null : networkInstance.equals(vrf)) {
                    return Optional.of(line);
                }
            }
        }
        return Optional.empty();
    }

    /** The lines holding a network instance's static routes: top level for default, else its vrf block. */
    static List<ConfigLine> staticRouteScope(final ConfigText config, final String networkInstance) {
        if (Ni.DEFAULT.equals(networkInstance)) {
            return config.top();
        }
        return config.block(VRF, networkInstance).map(ConfigLine::children).orElse(List.of());
    }

    /** The mode of a VRF: its static routes are typed there. */
    static Mode vrfMode(final String name) {
        return Mode.of("vrf " + name, "exit-vrf");
    }

    /** The command entering a network instance's BGP instance. */
    static String routerBgp(final Object as, final String networkInstance) {
        return Ni.DEFAULT.equals(networkInstance) ? "router bgp " + as : "router bgp " + as + " vrf " + networkInstance;
    }
}
