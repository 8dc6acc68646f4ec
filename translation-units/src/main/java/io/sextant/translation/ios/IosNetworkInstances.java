package io.sextant.translation.ios;

import io.sextant.translation.oc.NetworkInstanceSyntax;
import io.sextant.translation.spi.CliCommands.Mode;
import io.sextant.translation.spi.ConfigLine;
import io.sextant.translation.spi.ReadContext;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * IOS VRFs: {@code vrf definition NAME} with rd, description and the IPv4 address family
 * ({@code ip vrf NAME} is read too). Interfaces join them in {@link IosVrfMembers}.
 */
final class IosNetworkInstances implements NetworkInstanceSyntax {

    @Override
    public List<String> vrfNames(final ReadContext ctx) {
        final List<String> names = new ArrayList<>();
        for (ConfigLine line : ctx.runningConfig().topMatching(IosConfig.VRF_DEFINITION)) {
            names.add(line.claim().match(IosConfig.VRF_DEFINITION).orElseThrow().group(1));
            // the (empty) IPv4 address family of a VRF definition is part of what the unit writes
            line.childrenMatching(IosConfig.AF_IPV4).forEach(ConfigLine::claim);
        }
        return names;
    }

    @Override
    public Pattern vrfLine() {
        return IosConfig.VRF_DEFINITION;
    }

    @Override
    public boolean vrfHasRdAndDescription() {
        return true;
    }

    @Override
    public Mode vrfMode(final String name) {
        return Mode.of("vrf definition " + name, "exit");
    }

    @Override
    public List<Mode> vrfCreation(final String name) {
        return List.of(vrfMode(name), IosConfig.ipv4FamilyMode());
    }
}
