package io.sextant.translation.oc;

import static io.sextant.translation.spi.Changes.isCreate;
import static io.sextant.translation.spi.Changes.isDelete;
import static io.sextant.translation.spi.Changes.leafAfter;
import static io.sextant.translation.spi.Changes.leafBefore;
import static io.sextant.translation.spi.Changes.leafChanged;
import static io.sextant.translation.spi.Changes.requireOnly;

import io.sextant.spi.OperationErrorsException;
import io.sextant.translation.oc.OpenConfig.Ni;
import io.sextant.translation.spi.CliCommands;
import io.sextant.translation.spi.CliCommands.Mode;
import io.sextant.translation.spi.ConfigLine;
import io.sextant.translation.spi.Handlers;
import io.sextant.translation.spi.Nodes;
import io.sextant.translation.spi.ReadContext;
import io.sextant.translation.spi.WriteContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;

/**
 * OpenConfig network instances on a CLI: the default instance, which always exists, and VRFs
 * (type L3VRF) with, where the device has them, a route distinguisher and a description. The
 * default instance is created first and deleted last. The {@link NetworkInstanceSyntax} says how
 * VRFs are found, entered and created.
 */
public final class OcNetworkInstances {
    private static final Pattern RD = Pattern.compile("rd (\\S+)");
    private static final Pattern DESCRIPTION = Pattern.compile("description (.*)");

    private final String device;
    private final NetworkInstanceSyntax syntax;

    /** @param device the device's name in error messages, for example {@code FRR} */
    public OcNetworkInstances(final String device, final NetworkInstanceSyntax syntax) {
        this.device = device;
        this.syntax = syntax;
    }

    public void register(final Handlers.Builder handlers) {
        handlers.list(OcPaths.NI_LIST, this::instances, OcPaths.DEFAULT_INSTANCE_FIRST)
            .container(OcPaths.NI_CONFIG, this::readConfig, this::writeConfig);
    }

    private List<NodeIdentifierWithPredicates> instances(final ReadContext ctx, final YangInstanceIdentifier parent)
            throws OperationErrorsException {
        final List<NodeIdentifierWithPredicates> keys = new ArrayList<>();
        keys.add(Nodes.key(Ni.NETWORK_INSTANCE, Ni.NAME, Ni.DEFAULT));
        for (String vrf : syntax.vrfNames(ctx)) {
            keys.add(Nodes.key(Ni.NETWORK_INSTANCE, Ni.NAME, vrf));
        }
        return keys;
    }

    private static QName type(final String name) {
        return Ni.DEFAULT.equals(name) ? Ni.DEFAULT_INSTANCE : Ni.L3VRF;
    }

    private Optional<ContainerNode> readConfig(final ReadContext ctx, final YangInstanceIdentifier path) {
        final String name = OcPaths.networkInstanceName(path);
        final var config = Nodes.container(Ni.CONFIG).leaf(Ni.NAME, name).leaf(Ni.TYPE, type(name));
        if (syntax.vrfHasRdAndDescription()) {
            ctx.runningConfig().block(syntax.vrfLine(), name).ifPresent(block -> {
                for (ConfigLine line : block.childrenMatching(RD)) {
                    config.leaf(Ni.ROUTE_DISTINGUISHER, line.claim().match(RD).orElseThrow().group(1));
                }
                for (ConfigLine line : block.childrenMatching(DESCRIPTION)) {
                    config.leaf(Ni.DESCRIPTION, line.claim().match(DESCRIPTION).orElseThrow().group(1));
                }
            });
        }
        return Optional.of(config.build());
    }

    private void writeConfig(final YangInstanceIdentifier path, final DataTreeCandidateNode node,
            final WriteContext ctx, final CliCommands out) throws OperationErrorsException {
        final String name = OcPaths.networkInstanceName(path);
        final boolean vrf = !Ni.DEFAULT.equals(name);
        requireOnly(path, node, vrf && syntax.vrfHasRdAndDescription()
            ? Set.of(Ni.NAME, Ni.TYPE, Ni.ROUTE_DISTINGUISHER, Ni.DESCRIPTION) : Set.of(Ni.NAME, Ni.TYPE), device);
        final Optional<Object> type = leafAfter(node, Ni.TYPE);
        if (type.isPresent() && !type.orElseThrow().equals(type(name))) {
            throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_NOT_SUPPORTED,
                device + " network instance " + name + " must be of type " + type(name).getLocalName(),
                path);
        }
        if (!vrf) {
            return;
        }
        if (isDelete(node)) {
            out.line("no " + syntax.vrfMode(name).enter());
            return;
        }
        final Mode mode = syntax.vrfMode(name);
        if (leafChanged(node, Ni.ROUTE_DISTINGUISHER)) {
            // a route distinguisher changes only after the old one is removed
            leafBefore(node, Ni.ROUTE_DISTINGUISHER).ifPresent(rd -> out.in(mode, "no rd " + rd));
            leafAfter(node, Ni.ROUTE_DISTINGUISHER).ifPresent(rd -> out.in(mode, "rd " + rd));
        }
        if (leafChanged(node, Ni.DESCRIPTION)) {
            out.in(mode, leafAfter(node, Ni.DESCRIPTION).map(d -> "description " + d).orElse("no description"));
        }
        if (isCreate(node)) {
            out.visit(syntax.vrfCreation(name).toArray(Mode[]::new));
        }
    }
}
