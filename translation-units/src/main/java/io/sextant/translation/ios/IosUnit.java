package io.sextant.translation.ios;

import io.sextant.southbound.cli.CliDialect;
import io.sextant.translation.TranslationUnit;
import io.sextant.translation.oc.OcPaths;
import io.sextant.translation.oc.OpenConfig;
import io.sextant.translation.spi.Handlers;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * Cisco IOS 15.x style CLI: interfaces (description, shutdown, MTU, IPv4 addresses), VRFs
 * ({@code vrf definition}, {@code vrf forwarding}), static routes and BGP with VRF address
 * families. Serves the project's own CLI device simulator; the dialect follows IOS 15.
 */
@Component(service = TranslationUnit.class)
public final class IosUnit implements TranslationUnit {
    private static final Handlers HANDLERS = buildHandlers();
    /**
     * IOS prints informational lines starting with "%" in configuration mode (for example
     * "% Interface X IP address Y removed due to enabling VRF Z"), so only known refusals count.
     */
    private static final CliDialect DIALECT = CliDialect.defaults().toBuilder()
        .configErrors(List.of(
            Pattern.compile("% ?Invalid .*"),
            Pattern.compile("% Specify .*"),
            Pattern.compile("%.*(does not exist|not found|not configured|not active|already|overlaps|must |cannot |"
                + "[Ee]rror|not allowed).*")))
        .build();
    private static final List<Pattern> IGNORED = List.of(
        Pattern.compile("Building configuration\\.\\.\\."),
        Pattern.compile("Current configuration : \\d+ bytes"),
        Pattern.compile("!.*"),
        Pattern.compile("end"),
        Pattern.compile("exit-address-family"));

    @Activate
    public IosUnit() {
        // stateless
    }

    private static Handlers buildHandlers() {
        final Handlers.Builder builder = Handlers.builder();
        IosInterfaces.register(builder);
        IosNetworkInstances.register(builder);
        IosStaticRoutes.register(builder);
        IosBgp.register(builder);
        // a VRF before the interfaces bound to it (vrf forwarding), and addresses after the binding:
        // IOS drops an interface's addresses when its VRF changes
        return builder.writeOrder(OcPaths.INTERFACE_CONFIG, OcPaths.SUBINTERFACE_CONFIG, OcPaths.NI_CONFIG,
            OcPaths.NI_INTERFACE_CONFIG, OcPaths.PROTOCOL_CONFIG, OcPaths.ADDRESS_CONFIG, OcPaths.STATIC_CONFIG,
            OcPaths.NEXT_HOP_LIST, OcPaths.BGP_GLOBAL_CONFIG, OcPaths.NEIGHBOR_CONFIG, OcPaths.NEIGHBOR_AFI_CONFIG)
            .build();
    }

    @Override
    public String name() {
        return "ios-15";
    }

    @Override
    public String deviceType() {
        return "ios";
    }

    @Override
    public Pattern versionPattern() {
        return Pattern.compile("15(\\..*)?");
    }

    @Override
    public Set<String> yangModules() {
        return OpenConfig.MODULES;
    }

    @Override
    public CliDialect dialect() {
        return DIALECT;
    }

    @Override
    public String runningConfigCommand() {
        return "show running-config";
    }

    @Override
    public List<String> showCommands() {
        return List.of();
    }

    @Override
    public List<Pattern> ignoredLines() {
        return IGNORED;
    }

    @Override
    public Handlers handlers() {
        return HANDLERS;
    }
}
