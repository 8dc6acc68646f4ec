package io.sextant.translation.ios;

import io.sextant.translation.oc.OpenConfig.Ni;
import io.sextant.translation.spi.CliCommands.Mode;
import io.sextant.translation.spi.ConfigLine;
import io.sextant.translation.spi.ConfigText;
import java.util.Optional;
import java.util.regex.Pattern;

/** Where things are in an IOS 15 running configuration, and IOS address notation. */
final class IosConfig {
    static final Pattern INTERFACE = Pattern.compile("interface (\\S+)");
    static final Pattern VRF_DEFINITION = Pattern.compile("(?:vrf definition|ip vrf) (\\S+)");
    static final Pattern ROUTER_BGP = Pattern.compile("router bgp (\\d+)");
    static final Pattern AF_IPV4 = Pattern.compile("address-family ipv4(?: unicast)?");
    static final Pattern AF_IPV4_VRF = Pattern.compile("address-family ipv4(?: unicast)? vrf (\\S+)");

    private IosConfig() {
    }

    static Optional<ConfigLine> routerBgp(final ConfigText config) {
        return config.top().stream().filter(line -> line.match(ROUTER_BGP).isPresent()).findFirst();
    }

    /**
     * The block holding a network instance's BGP: {@code router bgp} for the default instance,
     * its {@code address-family ipv4 vrf NAME} for a VRF.
     */
    static Optional<ConfigLine> bgpScope(final ConfigText config, final String instance) {
        final Optional<ConfigLine> router = routerBgp(config);
        if (Ni.DEFAULT.equals(instance) || router.isEmpty()) {
            return router;
        }
        return router.orElseThrow().children().stream()
            .filter(line -> line.match(AF_IPV4_VRF).map(m -> m.group(1).equals(instance)).orElse(false))
            .findFirst();
    }

    static String localAs(final ConfigText config) {
        return routerBgp(config).orElseThrow().match(ROUTER_BGP).orElseThrow().group(1);
    }

    static Mode bgpMode(final Object as) {
        return Mode.of("router bgp " + as, "exit");
    }

    static Mode vrfFamilyMode(final String vrf) {
        return Mode.of("address-family ipv4 vrf " + vrf, "exit-address-family");
    }

    static Mode ipv4FamilyMode() {
        return Mode.of("address-family ipv4", "exit-address-family");
    }

    /** 255.255.255.0 to 24. */
    static int prefixLength(final String mask) {
        int bits = 0;
        for (String octet : mask.split("\\.")) {
            bits += Integer.bitCount(Integer.parseInt(octet));
        }
        return bits;
    }

    /** 24 to 255.255.255.0. */
    static String mask(final int prefixLength) {
        final long value = prefixLength == 0 ? 0 : 0xffffffffL << (32 - prefixLength) & 0xffffffffL;
        return (value >> 24 & 0xff) + "." + (value >> 16 & 0xff) + "." + (value >> 8 & 0xff) + "." + (value & 0xff);
    }
}
