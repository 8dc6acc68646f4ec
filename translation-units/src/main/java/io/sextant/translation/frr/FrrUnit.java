package io.sextant.translation.frr;

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
 * FRRouting 8.x through vtysh: OpenConfig interfaces (description, enabled, IPv4 addresses),
 * network instances (VRFs), static routes and BGP (AS, router-id, neighbors with remote-as,
 * description and shutdown, IPv4 unicast activation).
 */
@Component(service = TranslationUnit.class)
public final class FrrUnit implements TranslationUnit {
    private static final Handlers HANDLERS = buildHandlers();
    private static final CliDialect DIALECT = CliDialect.defaults().toBuilder()
        // bgpd reports some refusals without the usual "% "
        .addConfigError(Pattern.compile("BGP is already running; AS is .*"))
        .addConfigError(Pattern.compile("Can't .*"))
        .build();
    private static final List<Pattern> IGNORED = List.of(
        Pattern.compile("Building configuration\\.\\.\\."),
        Pattern.compile("Current configuration:"),
        Pattern.compile("!"),
        Pattern.compile("end"),
        Pattern.compile("exit"),
        Pattern.compile("exit-vrf"),
        Pattern.compile("exit-address-family"),
        Pattern.compile("frr version .*"),
        Pattern.compile("frr defaults .*"));

    @Activate
    public FrrUnit() {
        // stateless
    }

    private static Handlers buildHandlers() {
        final Handlers.Builder builder = Handlers.builder();
        FrrInterfaces.register(builder);
        FrrNetworkInstances.register(builder);
        FrrStaticRoutes.register(builder);
        FrrBgp.register(builder);
        // interfaces first; a network instance before its protocols, BGP's instance before its neighbors
        return builder.writeOrder(OcPaths.INTERFACE_CONFIG, OcPaths.SUBINTERFACE_CONFIG, OcPaths.ADDRESS_CONFIG,
            OcPaths.NI_CONFIG, OcPaths.PROTOCOL_CONFIG, OcPaths.STATIC_CONFIG, OcPaths.NEXT_HOP_LIST,
            OcPaths.BGP_GLOBAL_CONFIG, OcPaths.NEIGHBOR_CONFIG, OcPaths.NEIGHBOR_AFI_CONFIG).build();
    }

    @Override
    public String name() {
        return "frr-8";
    }

    @Override
    public String deviceType() {
        return "frr";
    }

    @Override
    public Pattern versionPattern() {
        return Pattern.compile("8(\\..*)?");
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
        return List.of(FrrConfig.SHOW_INTERFACES, FrrConfig.SHOW_VRF);
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
