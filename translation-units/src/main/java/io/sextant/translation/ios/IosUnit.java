package io.sextant.translation.ios;

import io.sextant.southbound.cli.CliDialect;
import io.sextant.translation.AbstractTranslationUnit;
import io.sextant.translation.TranslationUnit;
import io.sextant.translation.oc.OcPaths;
import io.sextant.translation.oc.OcSyntax;
import io.sextant.translation.oc.OpenConfig;
import io.sextant.translation.spi.Handlers;
import java.util.List;
import java.util.regex.Pattern;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * Cisco IOS 15.x style CLI: interfaces (description, shutdown, MTU, IPv4 addresses), VRFs
 * ({@code vrf definition}, {@code vrf forwarding}), static routes and BGP with VRF address
 * families. Serves the project's own CLI device simulator; the dialect follows IOS 15.
 */
@Component(service = TranslationUnit.class)
public final class IosUnit extends AbstractTranslationUnit {
    /**
     * IOS prints informational lines starting with "%" in configuration mode (for example
     * "% Interface X IP address Y removed due to enabling VRF Z"), so only known refusals count.
     */
    private static final CliDialect DIALECT = CliDialect.defaults().toBuilder()
        .configErrors(List.of(Pattern.compile("% ?Invalid .*"), Pattern.compile("% Specify .*"),
            Pattern.compile("%.*(does not exist|not found|not configured|not active|already|overlaps|must |cannot |"
                + "[Ee]rror|not allowed).*")))
        .build();
    private static final Handlers HANDLERS = buildHandlers();

    @Activate
    public IosUnit() {
        super(unit("ios-15", "ios", "15(\\..*)?").yangModules(OpenConfig.MODULES).dialect(DIALECT).handlers(HANDLERS)
            .ignoredLines("Building configuration\\.\\.\\.", "Current configuration : \\d+ bytes", "!.*", "end",
                "exit-address-family"));
    }

    private static Handlers buildHandlers() {
        final Handlers.Builder handlers = new OcSyntax("IOS", new IosInterfaces(), new IosNetworkInstances(),
            new IosStaticRoutes(), new IosBgp()).handlers();
        IosVrfMembers.register(handlers);
        // a VRF before the interfaces bound to it (vrf forwarding), and addresses after the binding:
        // IOS drops an interface's addresses when its VRF changes
        return handlers.writeOrder(OcPaths.INTERFACE_CONFIG, OcPaths.SUBINTERFACE_CONFIG, OcPaths.NI_CONFIG,
            OcPaths.NI_INTERFACE_CONFIG, OcPaths.PROTOCOL_CONFIG, OcPaths.ADDRESS_CONFIG, OcPaths.STATIC_CONFIG,
            OcPaths.NEXT_HOP_LIST, OcPaths.BGP_GLOBAL_CONFIG, OcPaths.NEIGHBOR_CONFIG, OcPaths.NEIGHBOR_AFI_CONFIG)
            .build();
    }
}
