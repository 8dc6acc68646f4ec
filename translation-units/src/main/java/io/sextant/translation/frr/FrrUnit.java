package io.sextant.translation.frr;

import io.sextant.southbound.cli.CliDialect;
import io.sextant.translation.AbstractTranslationUnit;
import io.sextant.translation.TranslationUnit;
import io.sextant.translation.oc.OcPaths;
import io.sextant.translation.oc.OcSyntax;
import io.sextant.translation.oc.OpenConfig;
import io.sextant.translation.spi.Handlers;
import java.util.regex.Pattern;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * FRRouting 8.x through vtysh: OpenConfig interfaces (description, enabled, IPv4 addresses),
 * network instances (VRFs), static routes and BGP (AS, router-id, neighbors with remote-as,
 * description and shutdown, IPv4 unicast activation).
 */
@Component(service = TranslationUnit.class)
public final class FrrUnit extends AbstractTranslationUnit {
    private static final CliDialect DIALECT = CliDialect.defaults().toBuilder()
        // bgpd reports some refusals without the usual "% "
        .addConfigError(Pattern.compile("BGP is already running; AS is .*"))
        .addConfigError(Pattern.compile("Can't .*"))
        .build();
    // interfaces first; a network instance before its protocols, BGP's instance before its neighbors
    private static final Handlers HANDLERS = new OcSyntax("FRR", new FrrInterfaces(), new FrrNetworkInstances(),
        new FrrStaticRoutes(), new FrrBgp()).handlers()
        .writeOrder(OcPaths.INTERFACE_CONFIG, OcPaths.SUBINTERFACE_CONFIG, OcPaths.ADDRESS_CONFIG, OcPaths.NI_CONFIG,
            OcPaths.PROTOCOL_CONFIG, OcPaths.STATIC_CONFIG, OcPaths.NEXT_HOP_LIST, OcPaths.BGP_GLOBAL_CONFIG,
            OcPaths.NEIGHBOR_CONFIG, OcPaths.NEIGHBOR_AFI_CONFIG)
        .build();

    @Activate
    public FrrUnit() {
        super(unit("frr-8", "frr", "8(\\..*)?").yangModules(OpenConfig.MODULES).dialect(DIALECT).handlers(HANDLERS)
            .showCommands(FrrConfig.SHOW_INTERFACES, FrrConfig.SHOW_VRF)
            .ignoredLines("Building configuration\\.\\.\\.", "Current configuration:", "!", "end", "exit", "exit-vrf",
                "exit-address-family", "frr version .*", "frr defaults .*"));
    }
}
