package io.sextant.translation.ios;

import io.sextant.datastore.OperationFailedException;
import io.sextant.translation.oc.BgpNeighborLines;
import io.sextant.translation.oc.OcPaths;
import io.sextant.translation.oc.OpenConfig.Ni;
import io.sextant.translation.spi.Change;
import io.sextant.translation.spi.CliCommands;
import io.sextant.translation.spi.CliCommands.Mode;
import io.sextant.translation.spi.ConfigLine;
import io.sextant.translation.spi.Handlers;
import io.sextant.translation.spi.Nodes;
import io.sextant.translation.spi.ReadContext;
import io.sextant.translation.spi.WriteContext;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;

/**
 * IOS BGP: one {@code router bgp AS} process. The default network instance's BGP lives at its
 * top and in {@code address-family ipv4}; a VRF's lives in {@code address-family ipv4 vrf NAME}
 * (same AS, own router-id and neighbors). IPv4 unicast activation is the explicit
 * {@code neighbor X activate} IOS prints.
 */
final class IosBgp {
    private static final Pattern ROUTER_ID = Pattern.compile("bgp router-id (\\S+)");
    private static final Pattern REMOTE_AS = Pattern.compile("neighbor (\\S+) remote-as (\\d+)");
    private static final Pattern REMOTE_AS_NUMBER = Pattern.compile("\\d+");
    private static final Pattern ACTIVATE = Pattern.compile("neighbor (\\S+) activate");

    private IosBgp() {
    }

    static void register(final Handlers.Builder handlers) {
        handlers.container(OcPaths.BGP_GLOBAL_CONFIG, IosBgp::readGlobal, IosBgp::writeGlobal)
            .list(OcPaths.NEIGHBOR_LIST, IosBgp::neighbors)
            .container(OcPaths.NEIGHBOR_CONFIG, IosBgp::readNeighbor, IosBgp::writeNeighbor)
            .list(OcPaths.NEIGHBOR_AFI_LIST, IosBgp::afiSafis)
            .container(OcPaths.NEIGHBOR_AFI_CONFIG, IosBgp::readAfiSafi, IosBgp::writeAfiSafi);
    }

    private static Optional<ConfigLine> scope(final ReadContext ctx, final YangInstanceIdentifier path) {
        if (!OcPaths.inProtocol(path, Ni.BGP_PROTOCOL)) {
            return Optional.empty();
        }
        return IosConfig.bgpScope(ctx.runningConfig(), OcPaths.networkInstanceName(path));
    }

    private static Optional<ContainerNode> readGlobal(final ReadContext ctx, final YangInstanceIdentifier path) {
        return scope(ctx, path).map(scope -> {
            scope.claim();
            IosConfig.routerBgp(ctx.runningConfig()).orElseThrow().claim();
            final var config = Nodes.container(Ni.CONFIG)
                .leaf(Ni.AS, Uint32.valueOf(IosConfig.localAs(ctx.runningConfig())));
            for (ConfigLine line : scope.childrenMatching(ROUTER_ID)) {
                config.leaf(Ni.ROUTER_ID, line.claim().match(ROUTER_ID).orElseThrow().group(1));
            }
            return config.build();
        });
    }

    /** The modes of a network instance's BGP: the process, and for a VRF its address family. */
    private static List<Mode> modes(final Object as, final String instance) {
        return Ni.DEFAULT.equals(instance) ? List.of(IosConfig.bgpMode(as))
            : List.of(IosConfig.bgpMode(as), IosConfig.vrfFamilyMode(instance));
    }

    private static void writeGlobal(final Change change, final WriteContext ctx, final CliCommands out)
            throws OperationFailedException {
        change.requireOnly(Set.of(Ni.AS, Ni.ROUTER_ID), "IOS");
        final String instance = OcPaths.networkInstanceName(change.path());
        if (change.isDelete()) {
            final Object as = change.leafBefore(Ni.AS).orElseThrow();
            if (Ni.DEFAULT.equals(instance)) {
                out.line("no router bgp " + as);
            } else if (!ctx.deleted(OcPaths.bgpGlobalConfig(Ni.DEFAULT))) {
                out.in(IosConfig.bgpMode(as), "no address-family ipv4 vrf " + instance);
            }
            return;
        }
        final Object as = change.leafAfter(Ni.AS).orElseThrow(() -> OperationFailedException.of(
            ErrorType.APPLICATION, ErrorTag.MISSING_ELEMENT, "BGP needs its AS number", change.path()));
        if (change.isUpdate() && change.leafChanged(Ni.AS)) {
            throw OperationFailedException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_NOT_SUPPORTED,
                "IOS cannot change the AS number of a running BGP process; delete it first", change.path());
        }
        final Optional<Object> processAs = OcPaths.leaf(ctx.after(OcPaths.bgpGlobalConfig(Ni.DEFAULT)), Ni.AS);
        if (processAs.isPresent() && !processAs.orElseThrow().equals(as)) {
            throw OperationFailedException.of(ErrorType.APPLICATION, ErrorTag.INVALID_VALUE,
                "IOS runs one BGP process: every network instance uses AS " + processAs.orElseThrow(), change.path());
        }
        final List<Mode> modes = modes(as, instance);
        if (change.leafChanged(Ni.ROUTER_ID)) {
            out.in(modes, change.leafAfter(Ni.ROUTER_ID).map(id -> "bgp router-id " + id).orElse("no bgp router-id"));
        } else if (change.isCreate()) {
            out.visit(modes.toArray(Mode[]::new));
        }
    }

    private static List<Mode> modes(final WriteContext ctx, final Change change) throws OperationFailedException {
        final String instance = OcPaths.networkInstanceName(change.path());
        final YangInstanceIdentifier global = OcPaths.bgpGlobalConfig(instance);
        final Optional<Object> as = change.isDelete() ? OcPaths.leaf(ctx.before(global), Ni.AS)
            : OcPaths.leaf(ctx.after(global), Ni.AS);
        return modes(as.orElseThrow(() -> OperationFailedException.of(ErrorType.APPLICATION,
            ErrorTag.MISSING_ELEMENT, "BGP neighbors need the AS number in global/config/as", global)), instance);
    }

    private static List<NodeIdentifierWithPredicates> neighbors(final ReadContext ctx,
            final YangInstanceIdentifier parent) {
        final Set<String> addresses = new LinkedHashSet<>();
        scope(ctx, parent).ifPresent(scope -> {
            for (ConfigLine line : scope.childrenMatching(REMOTE_AS)) {
                addresses.add(line.claim().match(REMOTE_AS).orElseThrow().group(1));
            }
        });
        return addresses.stream().map(a -> Nodes.key(Ni.NEIGHBOR, Ni.NEIGHBOR_ADDRESS, a)).toList();
    }

    private static Optional<ContainerNode> readNeighbor(final ReadContext ctx, final YangInstanceIdentifier path) {
        final String address = OcPaths.keyOf(path, Ni.NEIGHBOR, Ni.NEIGHBOR_ADDRESS).toString();
        return scope(ctx, path).map(scope -> BgpNeighborLines.read(scope.children(), address,
            as -> REMOTE_AS_NUMBER.matcher(as).matches() ? Optional.of(Uint32.valueOf(as)) : Optional.empty()));
    }

    private static void writeNeighbor(final Change change, final WriteContext ctx, final CliCommands out)
            throws OperationFailedException {
        change.requireOnly(Set.of(Ni.NEIGHBOR_ADDRESS, Ni.PEER_AS, Ni.DESCRIPTION, Ni.ENABLED), "IOS");
        final String address = change.key(Ni.NEIGHBOR, Ni.NEIGHBOR_ADDRESS).toString();
        final String instance = OcPaths.networkInstanceName(change.path());
        if (change.isDelete()) {
            if (!ctx.deleted(OcPaths.bgpGlobalConfig(instance))) {
                out.in(modes(ctx, change), "no neighbor " + address);
            }
            return;
        }
        out.in(modes(ctx, change), BgpNeighborLines.commands(change, address, "IOS").toArray(String[]::new));
    }

    /** The lines carrying a neighbor's IPv4 unicast activation. */
    private static List<ConfigLine> activationScope(final ReadContext ctx, final YangInstanceIdentifier path) {
        final String instance = OcPaths.networkInstanceName(path);
        if (!Ni.DEFAULT.equals(instance)) {
            return scope(ctx, path).map(ConfigLine::children).orElse(List.of());
        }
        return scope(ctx, path).map(router -> router.childrenMatching(IosConfig.AF_IPV4).stream()
            .flatMap(family -> family.children().stream()).toList()).orElse(List.of());
    }

    private static List<NodeIdentifierWithPredicates> afiSafis(final ReadContext ctx,
            final YangInstanceIdentifier parent) {
        final String address = OcPaths.keyOf(parent, Ni.NEIGHBOR, Ni.NEIGHBOR_ADDRESS).toString();
        for (ConfigLine line : activationScope(ctx, parent)) {
            if (line.match(ACTIVATE).filter(m -> m.group(1).equals(address)).isPresent()) {
                line.claim();
                scope(ctx, parent).ifPresent(router -> router.childrenMatching(IosConfig.AF_IPV4)
                    .forEach(ConfigLine::claim));
                return List.of(Nodes.key(Ni.AFI_SAFI, Ni.AFI_SAFI_NAME, Ni.IPV4_UNICAST));
            }
        }
        return List.of();
    }

    private static Optional<ContainerNode> readAfiSafi(final ReadContext ctx, final YangInstanceIdentifier path) {
        return Optional.of(Nodes.container(Ni.CONFIG)
            .leaf(Ni.AFI_SAFI_NAME, OcPaths.keyOf(path, Ni.AFI_SAFI, Ni.AFI_SAFI_NAME))
            .leaf(Ni.ENABLED, true)
            .build());
    }

    private static void writeAfiSafi(final Change change, final WriteContext ctx, final CliCommands out)
            throws OperationFailedException {
        change.requireOnly(Set.of(Ni.AFI_SAFI_NAME, Ni.ENABLED), "IOS");
        if (!Ni.IPV4_UNICAST.equals(change.key(Ni.AFI_SAFI, Ni.AFI_SAFI_NAME))) {
            throw OperationFailedException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_NOT_SUPPORTED,
                "The IOS unit configures the IPV4_UNICAST address family only", change.path());
        }
        final String address = change.key(Ni.NEIGHBOR, Ni.NEIGHBOR_ADDRESS).toString();
        final String instance = OcPaths.networkInstanceName(change.path());
        if (change.isDelete() && ctx.deleted(OcPaths.neighborConfig(instance, address))) {
            return;
        }
        final boolean before = change.before().isPresent() && (Boolean) change.leafBefore(Ni.ENABLED).orElse(true);
        final boolean after = change.after().isPresent() && (Boolean) change.leafAfter(Ni.ENABLED).orElse(true);
        if (before == after && !change.isCreate()) {
            return;
        }
        final List<Mode> modes = new ArrayList<>(modes(ctx, change));
        if (Ni.DEFAULT.equals(instance)) {
            modes.add(IosConfig.ipv4FamilyMode());
        }
        out.in(modes, (after ? "" : "no ") + "neighbor " + address + " activate");
    }
}
