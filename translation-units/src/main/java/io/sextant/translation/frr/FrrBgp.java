package io.sextant.translation.frr;

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
 * FRR BGP: {@code router bgp AS [vrf NAME]} with its router-id, neighbors (remote-as,
 * description, shutdown) and their IPv4 unicast activation. With FRR's default
 * {@code bgp default ipv4-unicast}, a neighbor is active in IPv4 unicast unless
 * {@code no neighbor X activate} says otherwise; the IPv4 unicast afi-safi entry of a neighbor
 * exists exactly when it is active.
 */
final class FrrBgp {
    private static final Pattern ROUTER_ID = Pattern.compile("bgp router-id (\\S+)");
    private static final Pattern REMOTE_AS = BgpNeighborLines.REMOTE_AS;
    private static final Pattern IPV4_UNICAST = Pattern.compile("address-family ipv4(?: unicast)?");
    private static final Pattern ACTIVATE = Pattern.compile("(no )?neighbor (\\S+) activate");
    private static final Pattern NO_DEFAULT_IPV4 = Pattern.compile("no bgp default ipv4-unicast");
    private static final Mode IPV4_UNICAST_MODE = Mode.of("address-family ipv4 unicast", "exit-address-family");

    private FrrBgp() {
    }

    static void register(final Handlers.Builder handlers) {
        handlers.container(OcPaths.BGP_GLOBAL_CONFIG, FrrBgp::readGlobal, FrrBgp::writeGlobal)
            .list(OcPaths.NEIGHBOR_LIST, FrrBgp::neighbors)
            .container(OcPaths.NEIGHBOR_CONFIG, FrrBgp::readNeighbor, FrrBgp::writeNeighbor)
            .list(OcPaths.NEIGHBOR_AFI_LIST, FrrBgp::neighborAfiSafis)
            .container(OcPaths.NEIGHBOR_AFI_CONFIG, FrrBgp::readNeighborAfiSafi, FrrBgp::writeNeighborAfiSafi);
    }

    private static Optional<ConfigLine> block(final ReadContext ctx, final YangInstanceIdentifier path) {
        if (!OcPaths.inProtocol(path, Ni.BGP_PROTOCOL)) {
            return Optional.empty();
        }
        return FrrConfig.bgpBlock(ctx.runningConfig(), OcPaths.networkInstanceName(path));
    }

    private static Optional<ContainerNode> readGlobal(final ReadContext ctx, final YangInstanceIdentifier path) {
        return block(ctx, path).map(bgp -> {
            final Matcher header = bgp.claim().match(FrrConfig.ROUTER_BGP).orElseThrow();
            final var config = Nodes.container(Ni.CONFIG).leaf(Ni.AS, Uint32.valueOf(header.group(1)));
            for (ConfigLine line : bgp.childrenMatching(ROUTER_ID)) {
                config.leaf(Ni.ROUTER_ID, line.claim().match(ROUTER_ID).orElseThrow().group(1));
            }
            return config.build();
        });
    }

    private static void writeGlobal(final Change change, final WriteContext ctx, final CliCommands out)
            throws OperationFailedException {
        change.requireOnly(Set.of(Ni.AS, Ni.ROUTER_ID), "FRR");
        final String instance = OcPaths.networkInstanceName(change.path());
        if (change.isDelete()) {
            out.line("no " + FrrConfig.routerBgp(change.leafBefore(Ni.AS).orElseThrow(), instance));
            return;
        }
        final Object as = change.leafAfter(Ni.AS).orElseThrow(() -> OperationFailedException.of(
            ErrorType.APPLICATION, ErrorTag.MISSING_ELEMENT, "BGP needs its AS number", change.path()));
        if (change.isUpdate() && change.leafChanged(Ni.AS)) {
            throw OperationFailedException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_NOT_SUPPORTED,
                "FRR cannot change the AS number of a running BGP instance; delete it first", change.path());
        }
        final Mode mode = Mode.of(FrrConfig.routerBgp(as, instance), "exit");
        final Optional<Object> routerId = change.leafAfter(Ni.ROUTER_ID);
        if (change.leafChanged(Ni.ROUTER_ID)) {
            out.in(mode, routerId.map(id -> "bgp router-id " + id).orElse("no bgp router-id"));
        } else if (change.isCreate()) {
            out.visit(mode);
        }
    }

    /** The mode of a network instance's BGP, with the AS from the data the change needs. */
    private static Mode bgpMode(final WriteContext ctx, final Change change) throws OperationFailedException {
        final String instance = OcPaths.networkInstanceName(change.path());
        final YangInstanceIdentifier global = OcPaths.bgpGlobalConfig(instance);
        final Optional<Object> as = change.isDelete() ? OcPaths.leaf(ctx.before(global), Ni.AS)
            : OcPaths.leaf(ctx.after(global), Ni.AS);
        return Mode.of(FrrConfig.routerBgp(as.orElseThrow(() -> OperationFailedException.of(ErrorType.APPLICATION,
            ErrorTag.MISSING_ELEMENT, "BGP neighbors need the BGP AS number in global/config/as", global)),
            instance), "exit");
    }

    private static List<NodeIdentifierWithPredicates> neighbors(final ReadContext ctx,
            final YangInstanceIdentifier parent) {
        final Set<String> addresses = new LinkedHashSet<>();
        block(ctx, parent).ifPresent(bgp -> {
            for (ConfigLine line : bgp.childrenMatching(REMOTE_AS)) {
                addresses.add(line.claim().match(REMOTE_AS).orElseThrow().group(1));
            }
        });
        return addresses.stream().map(a -> Nodes.key(Ni.NEIGHBOR, Ni.NEIGHBOR_ADDRESS, a)).toList();
    }

    private static Optional<ContainerNode> readNeighbor(final ReadContext ctx, final YangInstanceIdentifier path) {
        final String address = OcPaths.keyOf(path, Ni.NEIGHBOR, Ni.NEIGHBOR_ADDRESS).toString();
        return block(ctx, path).map(bgp -> {
            final String localAs = bgp.match(FrrConfig.ROUTER_BGP).orElseThrow().group(1);
            // "internal" is the local AS; "external" names no AS and stays out of the model
            return BgpNeighborLines.read(bgp.children(), address, as -> switch (as) {
                case "internal" -> Optional.of(Uint32.valueOf(localAs));
                case "external" -> Optional.empty();
                default -> Optional.of(Uint32.valueOf(as));
            });
        });
    }

    private static void writeNeighbor(final Change change, final WriteContext ctx, final CliCommands out)
            throws OperationFailedException {
        change.requireOnly(Set.of(Ni.NEIGHBOR_ADDRESS, Ni.PEER_AS, Ni.DESCRIPTION, Ni.ENABLED), "FRR");
        final String address = change.key(Ni.NEIGHBOR, Ni.NEIGHBOR_ADDRESS).toString();
        final String instance = OcPaths.networkInstanceName(change.path());
        if (change.isDelete()) {
            // deleting the whole BGP instance removes its neighbors with it
            if (!ctx.deleted(OcPaths.bgpGlobalConfig(instance))) {
                out.in(bgpMode(ctx, change), "no neighbor " + address);
            }
            return;
        }
        out.in(bgpMode(ctx, change), BgpNeighborLines.commands(change, address, "FRR").toArray(String[]::new));
    }

    /** Whether a neighbor is active in IPv4 unicast, claiming the lines that say so. */
    private static boolean activeInIpv4Unicast(final ConfigLine bgp, final String address) {
        boolean defaultOn = true;
        for (ConfigLine line : bgp.childrenMatching(NO_DEFAULT_IPV4)) {
            line.claim();
            defaultOn = false;
        }
        boolean active = defaultOn;
        for (ConfigLine family : bgp.childrenMatching(IPV4_UNICAST)) {
            for (ConfigLine line : family.children()) {
                final Optional<Matcher> activate = line.match(ACTIVATE).filter(m -> m.group(2).equals(address));
                if (activate.isPresent()) {
                    line.claim();
                    active = activate.orElseThrow().group(1) == null;
                }
            }
        }
        return active;
    }

    private static List<NodeIdentifierWithPredicates> neighborAfiSafis(final ReadContext ctx,
            final YangInstanceIdentifier parent) {
        final String address = OcPaths.keyOf(parent, Ni.NEIGHBOR, Ni.NEIGHBOR_ADDRESS).toString();
        return block(ctx, parent).filter(bgp -> activeInIpv4Unicast(bgp, address))
            .map(bgp -> List.of(Nodes.key(Ni.AFI_SAFI, Ni.AFI_SAFI_NAME, Ni.IPV4_UNICAST)))
            .orElse(List.of());
    }

    private static Optional<ContainerNode> readNeighborAfiSafi(final ReadContext ctx,
            final YangInstanceIdentifier path) {
        return Optional.of(Nodes.container(Ni.CONFIG)
            .leaf(Ni.AFI_SAFI_NAME, OcPaths.keyOf(path, Ni.AFI_SAFI, Ni.AFI_SAFI_NAME))
            .leaf(Ni.ENABLED, true)
            .build());
    }

    private static void writeNeighborAfiSafi(final Change change, final WriteContext ctx, final CliCommands out)
            throws OperationFailedException {
        change.requireOnly(Set.of(Ni.AFI_SAFI_NAME, Ni.ENABLED), "FRR");
        if (!Ni.IPV4_UNICAST.equals(change.key(Ni.AFI_SAFI, Ni.AFI_SAFI_NAME))) {
            throw OperationFailedException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_NOT_SUPPORTED,
                "The FRR unit configures the IPV4_UNICAST address family only", change.path());
        }
        final String address = change.key(Ni.NEIGHBOR, Ni.NEIGHBOR_ADDRESS).toString();
        final String instance = OcPaths.networkInstanceName(change.path());
        if (change.isDelete() && ctx.deleted(OcPaths.neighborConfig(instance, address))) {
            return;
        }
        final boolean before = change.before().isPresent() && (Boolean) change.leafBefore(Ni.ENABLED).orElse(true);
        final boolean after = change.after().isPresent() && (Boolean) change.leafAfter(Ni.ENABLED).orElse(true);
        if (before != after || change.isCreate()) {
            out.in(List.of(bgpMode(ctx, change), IPV4_UNICAST_MODE),
                (after ? "" : "no ") + "neighbor " + address + " activate");
        }
    }
}
