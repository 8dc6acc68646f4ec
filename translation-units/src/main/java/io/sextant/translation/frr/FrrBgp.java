package io.sextant.translation.frr;

import io.sextant.translation.oc.BgpSyntax;
import io.sextant.translation.spi.CliCommands.Mode;
import io.sextant.translation.spi.ConfigLine;
import io.sextant.translation.spi.ConfigText;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.opendaylight.yangtools.yang.common.Uint32;

/**
 * FRR BGP: one {@code router bgp AS [vrf NAME]} block per network instance (the VRF ones go
 * before the default one: the default network instance is deleted last). With FRR's default
 * {@code bgp default ipv4-unicast}, a neighbor is active in IPv4 unicast unless
 * {@code no neighbor X activate} says otherwise. A remote-as of {@code internal} is the local AS;
 * {@code external} names no AS and stays out of the model.
 */
final class FrrBgp implements BgpSyntax {
    private static final Pattern IPV4_UNICAST = Pattern.compile("address-family ipv4(?: unicast)?");
    private static final Pattern ACTIVATE = Pattern.compile("(no )?neighbor (\\S+) activate");
    private static final Pattern NO_DEFAULT_IPV4 = Pattern.compile("no bgp default ipv4-unicast");
    private static final Mode IPV4_UNICAST_MODE = Mode.of("address-family ipv4 unicast", "exit-address-family");

    @Override
    public Optional<ConfigLine> scope(final ConfigText config, final String instance) {
        return FrrConfig.bgpBlock(config, instance);
    }

    @Override
    public Optional<Uint32> peerAs(final String value, final String localAs) {
        return switch (value) {
            case "internal" -> Optional.of(Uint32.valueOf(localAs));
            case "external" -> Optional.empty();
            default -> Optional.of(Uint32.valueOf(value));
        };
    }

    @Override
    public boolean activeInIpv4Unicast(final ConfigText config, final ConfigLine scope, final String instance,
            final String address) {
        boolean defaultOn = true;
        for (ConfigLine line : scope.childrenMatching(NO_DEFAULT_IPV4)) {
            line.claim();
            defaultOn = false;
        }
        boolean active = defaultOn;
        for (ConfigLine family : scope.childrenMatching(IPV4_UNICAST)) {
            for (ConfigLine line : family.children()) {
                final Optional<Matcher> activate = line.match(ACTIVATE).filter(m -> m.group(2).equals(address));
                if (activate.isPresent()) {
                    line.claim();
                    active = activate.orElseThrow().group(1) == null;
                }
            }
        }
        return active;
    }

    @Override
    public List<Mode> modes(final Object as, final String instance) {
        return List.of(Mode.of(FrrConfig.routerBgp(as, instance), "exit"));
    }

    @Override
    public List<Mode> ipv4UnicastModes(final Object as, final String instance) {
        return List.of(Mode.of(FrrConfig.routerBgp(as, instance), "exit"), IPV4_UNICAST_MODE);
    }
}
