package io.sextant.translation.oc;

import static io.sextant.translation.spi.Changes.requireOnly;

import io.sextant.spi.OperationErrorsException;
import io.sextant.translation.oc.OpenConfig.Ni;
import io.sextant.translation.spi.CliCommands;
import io.sextant.translation.spi.Handlers;
import io.sextant.translation.spi.Nodes;
import io.sextant.translation.spi.ReadContext;
import io.sextant.translation.spi.WriteContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;

/**
 * The protocol instances of a network instance: STATIC when it has static routes, BGP when it
 * has BGP, both named {@value Ni#PROTOCOL_NAME}. A protocol instance exists through its content,
 * so its own config configures nothing.
 */
public final class OcProtocols {
    private final String device;
    private final StaticRouteSyntax routes;
    private final BgpSyntax bgp;

    /** @param device the device's name in error messages, for example {@code FRR} */
    public OcProtocols(final String device, final StaticRouteSyntax routes, final BgpSyntax bgp) {
        this.device = device;
        this.routes = routes;
        this.bgp = bgp;
    }

    public void register(final Handlers.Builder handlers) {
        handlers.list(OcPaths.PROTOCOL_LIST, this::protocols)
            .container(OcPaths.PROTOCOL_CONFIG, OcProtocols::readConfig, this::writeConfig);
    }

    private List<NodeIdentifierWithPredicates> protocols(final ReadContext ctx, final YangInstanceIdentifier parent) {
        final String instance = OcPaths.networkInstanceName(parent);
        final List<NodeIdentifierWithPredicates> keys = new ArrayList<>();
        if (!routes.routes(ctx.runningConfig(), instance).isEmpty()) {
            keys.add(OcPaths.protocolKey(Ni.STATIC_PROTOCOL));
        }
        if (bgp.scope(ctx.runningConfig(), instance).isPresent()) {
            keys.add(OcPaths.protocolKey(Ni.BGP_PROTOCOL));
        }
        return keys;
    }

    private static Optional<ContainerNode> readConfig(final ReadContext ctx, final YangInstanceIdentifier path) {
        return Optional.of(Nodes.container(Ni.CONFIG)
            .leaf(Ni.IDENTIFIER, OcPaths.keyOf(path, Ni.PROTOCOL, Ni.IDENTIFIER))
            .leaf(Ni.NAME, OcPaths.keyOf(path, Ni.PROTOCOL, Ni.NAME))
            .build());
    }

    private void writeConfig(final YangInstanceIdentifier path, final DataTreeCandidateNode node,
            final WriteContext ctx, final CliCommands out) throws OperationErrorsException {
        requireOnly(path, node, Set.of(Ni.IDENTIFIER, Ni.NAME), device);
        final Object identifier = OcPaths.keyOf(path, Ni.PROTOCOL, Ni.IDENTIFIER);
        if (!Ni.BGP_PROTOCOL.equals(identifier) && !Ni.STATIC_PROTOCOL.equals(identifier)
                || !Ni.PROTOCOL_NAME.equals(OcPaths.keyOf(path, Ni.PROTOCOL, Ni.NAME))) {
            throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_NOT_SUPPORTED,
                "The " + device + " unit configures one BGP and one STATIC protocol per network instance, named '"
                    + Ni.PROTOCOL_NAME + "'", path);
        }
    }
}
