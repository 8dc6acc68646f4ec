package io.sextant.translation.ios;

import io.sextant.translation.oc.BgpSyntax;
import io.sextant.translation.oc.OpenConfig.Ni;
import io.sextant.translation.spi.CliCommands.Mode;
import io.sextant.translation.spi.ConfigLine;
import io.sextant.translation.spi.ConfigText;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * IOS BGP: one {@code router bgp AS} process. The default network instance's BGP lives at its
 * top and in {@code address-family ipv4}; a VRF's lives in {@code address-family ipv4 vrf NAME}
 * (same AS, own router-id and neighbors). IPv4 unicast activation is the explicit
 * {@code neighbor X activate} IOS prints.
 */
final class IosBgp implements BgpSyntax {
    private static final Pattern REMOTE_AS = Pattern.compile("neighbor (\\S+) remote-as (\\d+)");
    private static final Pattern ACTIVATE = Pattern.compile("neighbor (\\S+) activate");

    @Override
    public Optional<ConfigLine> scope(final ConfigText config, final String instance) {
        return IosConfig.bgpScope(config, instance);
    }

    @Override
    public ConfigLine router(final ConfigText config, final ConfigLine scope) {
        return IosConfig.routerBgp(config).orElseThrow();
    }

    @Override
    public Pattern remoteAs() {
        return REMOTE_AS;
    }

    /** The activation lines: in the VRF's address family, or the default instance's {@code address-family ipv4}. */
    @Override
    public boolean activeInIpv4Unicast(final ConfigText config, final ConfigLine scope, final String instance,
            final String address) {
        final List<ConfigLine> lines = new ArrayList<>();
        if (Ni.DEFAULT.equals(instance)) {
            scope.childrenMatching(IosConfig.AF_IPV4).forEach(family -> lines.addAll(family.children()));
        } else {
            lines.addAll(scope.children());
        }
        for (ConfigLine line : lines) {
            if (line.match(ACTIVATE).filter(m -> m.group(1).equals(address)).isPresent()) {
                line.claim();
                scope.childrenMatching(IosConfig.AF_IPV4).forEach(ConfigLine::claim);
                return true;
            }
        }
        return false;
    }

    @Override
    public List<Mode> modes(final Object as, final String instance) {
        return Ni.DEFAULT.equals(instance) ? List.of(IosConfig.bgpMode(as))
            : List.of(IosConfig.bgpMode(as), IosConfig.vrfFamilyMode(instance));
    }

    @Override
    public List<Mode> ipv4UnicastModes(final Object as, final String instance) {
        return Ni.DEFAULT.equals(instance) ? List.of(IosConfig.bgpMode(as), IosConfig.ipv4FamilyMode())
            : modes(as, instance);
    }

    /** VRFs are address families of the one process: same AS, and they go with it. */
    @Override
    public boolean oneProcess() {
        return true;
    }
}
