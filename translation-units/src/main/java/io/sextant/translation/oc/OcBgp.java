package io.sextant.translation.oc;

import static io.sextant.translation.spi.Changes.isCreate;
import static io.sextant.translation.spi.Changes.isDelete;
import static io.sextant.translation.spi.Changes.isUpdate;
import static io.sextant.translation.spi.Changes.leafAfter;
import static io.sextant.translation.spi.Changes.leafBefore;
import static io.sextant.translation.spi.Changes.leafChanged;
import static io.sextant.translation.spi.Changes.requireOnly;

import io.sextant.spi.OperationErrorsException;
import io.sextant.translation.oc.OpenConfig.Ni;
import io.sextant.translation.spi.CliCommands;
import io.sextant.translation.spi.CliCommands.Mode;
import io.sextant.translation.spi.ConfigLine;
import io.sextant.translation.spi.ConfigText;
import io.sextant.translation.spi.Handlers;
import io.sextant.translation.spi.Nodes;
import io.sextant.translation.spi.ReadContext;
import io.sextant.translation.spi.WriteContext;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;

/**
 * OpenConfig BGP on a CLI: a network instance's AS and router-id, its neighbors (remote-as,
 * description, shutdown: {@link BgpNeighborLines}) and their IPv4 unicast activation. The IPv4
 * unicast afi-safi entry of a neighbor exists exactly when it is active. The {@link BgpSyntax}
 * says where an instance's lines are and which modes they are typed in.
 */
public final class OcBgp {
    private static final Pattern ROUTER = Pattern.compile("router bgp (\\d+).*");
    private static final Pattern ROUTER_ID = Pattern.compile("bgp router-id (\\S+)");

    private final String device;
    private final BgpSyntax syntax;

    /** @param device the device's name in error messages, for example {@code FRR} */
    public OcBgp(final String device, final BgpSyntax syntax) {
        this.device = device;
        this.syntax = syntax;
    }

    public void register(final Handlers.Builder handlers) {
        handlers.container(OcPaths.BGP_GLOBAL_CONFIG, this::readGlobal, this::writeGlobal)
            .list(OcPaths.NEIGHBOR_LIST, this::neighbors)
            .container(OcPaths.NEIGHBOR_CONFIG, this::readNeighbor, this::writeNeighbor)
            .list(OcPaths.NEIGHBOR_AFI_LIST, this::afiSafis)
            .container(OcPaths.NEIGHBOR_AFI_CONFIG, OcBgp::readAfiSafi, this::writeAfiSafi);
    }

    /** The lines of the BGP of the network instance {@code path} lies in, when it is the BGP protocol. */
    private Optional<ConfigLine> scope(final ReadContext ctx, final YangInstanceIdentifier path) {
        if (!OcPaths.inProtocol(path, Ni.BGP_PROTOCOL)) {
            return Optional.empty();
        }
        return syntax.scope(ctx.runningConfig(), OcPaths.networkInstanceName(path));
    }

    private String localAs(final ConfigText config, final ConfigLine scope) {
        return syntax.router(config, scope).match(ROUTER).orElseThrow().group(1);
    }

    private Optional<ContainerNode> readGlobal(final ReadContext ctx, final YangInstanceIdentifier path) {
        return scope(ctx, path).map(scope -> {
            scope.claim();
            syntax.router(ctx.runningConfig(), scope).claim();
            final var config = Nodes.container(Ni.CONFIG)
                .leaf(Ni.AS, Uint32.valueOf(localAs(ctx.runningConfig(), scope)));
            for (ConfigLine line : scope.childrenMatching(ROUTER_ID)) {
                config.leaf(Ni.ROUTER_ID, line.claim().match(ROUTER_ID).orElseThrow().group(1));
            }
            return config.build();
        });
    }

    private void writeGlobal(final YangInstanceIdentifier path, final DataTreeCandidateNode node,
            final WriteContext ctx, final CliCommands out) throws OperationErrorsException {
        requireOnly(path, node, Set.of(Ni.AS, Ni.ROUTER_ID), device);
        final String instance = OcPaths.networkInstanceName(path);
        if (isDelete(node)) {
            // with one process, a VRF's BGP goes with the process
            if (!syntax.oneProcess() || Ni.DEFAULT.equals(instance)
                    || !ctx.deleted(OcPaths.bgpGlobalConfig(Ni.DEFAULT))) {
                final List<Mode> modes = syntax.modes(leafBefore(node, Ni.AS).orElseThrow(), instance);
                out.in(modes.subList(0, modes.size() - 1), "no " + modes.get(modes.size() - 1).enter());
            }
            return;
        }
        final Object as = leafAfter(node, Ni.AS).orElseThrow(() -> OperationErrorsException.of(
            ErrorType.APPLICATION, ErrorTag.MISSING_ELEMENT, "BGP needs its AS number", path));
        if (isUpdate(node) && leafChanged(node, Ni.AS)) {
            throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_NOT_SUPPORTED,
                device + " cannot change the AS number of a running BGP instance; delete it first", path);
        }
        if (syntax.oneProcess()) {
            final Optional<Object> processAs = ctx.leafAfter(OcPaths.bgpGlobalConfig(Ni.DEFAULT), Ni.AS);
            if (processAs.isPresent() && !processAs.orElseThrow().equals(as)) {
                throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.INVALID_VALUE,
                    device + " runs one BGP process: every network instance uses AS " + processAs.orElseThrow(),
                    path);
            }
        }
        final List<Mode> modes = syntax.modes(as, instance);
        if (leafChanged(node, Ni.ROUTER_ID)) {
            out.in(modes, leafAfter(node, Ni.ROUTER_ID).map(id -> "bgp router-id " + id).orElse("no bgp router-id"));
        } else if (isCreate(node)) {
            out.visit(modes.toArray(Mode[]::new));
        }
    }

    /** The AS of the BGP instance the change at {@code path} lies in, from the data the change needs. */
    private static Object as(final YangInstanceIdentifier path, final DataTreeCandidateNode node,
            final WriteContext ctx) throws OperationErrorsException {
        final YangInstanceIdentifier global = OcPaths.bgpGlobalConfig(OcPaths.networkInstanceName(path));
        final Optional<Object> as = isDelete(node) ? ctx.leafBefore(global, Ni.AS) : ctx.leafAfter(global, Ni.AS);
        return as.orElseThrow(() -> OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.MISSING_ELEMENT,
            "BGP neighbors need the AS number in global/config/as", global));
    }

    private List<NodeIdentifierWithPredicates> neighbors(final ReadContext ctx, final YangInstanceIdentifier parent) {
        final Set<String> addresses = new LinkedHashSet<>();
        scope(ctx, parent).ifPresent(scope -> {
            for (ConfigLine line : scope.childrenMatching(syntax.remoteAs())) {
                addresses.add(line.claim().match(syntax.remoteAs()).orElseThrow().group(1));
            }
        });
        return addresses.stream().map(a -> Nodes.key(Ni.NEIGHBOR, Ni.NEIGHBOR_ADDRESS, a)).toList();
    }

    private Optional<ContainerNode> readNeighbor(final ReadContext ctx, final YangInstanceIdentifier path) {
        final String address = OcPaths.keyOf(path, Ni.NEIGHBOR, Ni.NEIGHBOR_ADDRESS).toString();
        return scope(ctx, path).map(scope -> {
            final String localAs = localAs(ctx.runningConfig(), scope);
            return BgpNeighborLines.read(scope.children(), address, as -> syntax.peerAs(as, localAs));
        });
    }

    private void writeNeighbor(final YangInstanceIdentifier path, final DataTreeCandidateNode node,
            final WriteContext ctx, final CliCommands out) throws OperationErrorsException {
        requireOnly(path, node, Set.of(Ni.NEIGHBOR_ADDRESS, Ni.PEER_AS, Ni.DESCRIPTION, Ni.ENABLED), device);
        final String address = OcPaths.keyOf(path, Ni.NEIGHBOR, Ni.NEIGHBOR_ADDRESS).toString();
        final String instance = OcPaths.networkInstanceName(path);
        if (isDelete(node)) {
            // deleting the whole BGP instance removes its neighbors with it
            if (!ctx.deleted(OcPaths.bgpGlobalConfig(instance))) {
                out.in(syntax.modes(as(path, node, ctx), instance), "no neighbor " + address);
            }
            return;
        }
        out.in(syntax.modes(as(path, node, ctx), instance),
            BgpNeighborLines.commands(path, node, address, device).toArray(String[]::new));
    }

    private List<NodeIdentifierWithPredicates> afiSafis(final ReadContext ctx, final YangInstanceIdentifier parent) {
        final String address = OcPaths.keyOf(parent, Ni.NEIGHBOR, Ni.NEIGHBOR_ADDRESS).toString();
        final String instance = OcPaths.networkInstanceName(parent);
        return scope(ctx, parent)
            .filter(scope -> syntax.activeInIpv4Unicast(ctx.runningConfig(), scope, instance, address))
            .map(scope -> List.of(Nodes.key(Ni.AFI_SAFI, Ni.AFI_SAFI_NAME, Ni.IPV4_UNICAST)))
            .orElse(List.of());
    }

    private static Optional<ContainerNode> readAfiSafi(final ReadContext ctx, final YangInstanceIdentifier path) {
        return Optional.of(Nodes.container(Ni.CONFIG)
            .leaf(Ni.AFI_SAFI_NAME, OcPaths.keyOf(path, Ni.AFI_SAFI, Ni.AFI_SAFI_NAME))
            .leaf(Ni.ENABLED, true)
            .build());
    }

    private void writeAfiSafi(final YangInstanceIdentifier path, final DataTreeCandidateNode node,
            final WriteContext ctx, final CliCommands out) throws OperationErrorsException {
        requireOnly(path, node, Set.of(Ni.AFI_SAFI_NAME, Ni.ENABLED), device);
        if (!Ni.IPV4_UNICAST.equals(OcPaths.keyOf(path, Ni.AFI_SAFI, Ni.AFI_SAFI_NAME))) {
            throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_NOT_SUPPORTED,
                "The " + device + " unit configures the IPV4_UNICAST address family only", path);
        }
        final String address = OcPaths.keyOf(path, Ni.NEIGHBOR, Ni.NEIGHBOR_ADDRESS).toString();
        final String instance = OcPaths.networkInstanceName(path);
        if (isDelete(node) && ctx.deleted(OcPaths.neighborConfig(instance, address))) {
            return;
        }
        final boolean before = node.dataBefore() != null && (Boolean) leafBefore(node, Ni.ENABLED).orElse(true);
        final boolean after = node.dataAfter() != null && (Boolean) leafAfter(node, Ni.ENABLED).orElse(true);
        if (before != after || isCreate(node)) {
            out.in(syntax.ipv4UnicastModes(as(path, node, ctx), instance),
                (after ? "" : "no ") + "neighbor " + address + " activate");
        }
    }
}
