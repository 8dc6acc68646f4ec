package io.sextant.translation.ios;

import io.sextant.datastore.OperationFailedException;
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
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;

/**
 * IOS network instances: VRFs ({@code vrf definition NAME} with rd, description and the IPv4
 * address family; {@code ip vrf NAME} is read too), interface membership
 * ({@code vrf forwarding NAME}), and the BGP and static protocol instances.
 */
final class IosNetworkInstances {
    private static final Pattern RD = Pattern.compile("rd (\\S+)");
    private static final Pattern DESCRIPTION = Pattern.compile("description (.*)");
    private static final Pattern FORWARDING = Pattern.compile("(?:ip )?vrf forwarding (\\S+)");

    private IosNetworkInstances() {
    }

    static void register(final Handlers.Builder handlers) {
        handlers.list(OcPaths.NI_LIST, IosNetworkInstances::instances, OcPaths.DEFAULT_INSTANCE_FIRST)
            .container(OcPaths.NI_CONFIG, IosNetworkInstances::readConfig, IosNetworkInstances::writeConfig)
            .list(OcPaths.NI_INTERFACE_LIST, IosNetworkInstances::members)
            .container(OcPaths.NI_INTERFACE_CONFIG, IosNetworkInstances::readMember, IosNetworkInstances::writeMember)
            .list(OcPaths.PROTOCOL_LIST, IosNetworkInstances::protocols)
            .container(OcPaths.PROTOCOL_CONFIG, IosNetworkInstances::readProtocolConfig,
                IosNetworkInstances::writeProtocolConfig);
    }

    static Mode vrfMode(final String name) {
        return Mode.of("vrf definition " + name, "exit");
    }

    private static List<NodeIdentifierWithPredicates> instances(final ReadContext ctx,
            final YangInstanceIdentifier parent) {
        final List<NodeIdentifierWithPredicates> keys = new ArrayList<>();
        keys.add(Nodes.key(Ni.NETWORK_INSTANCE, Ni.NAME, Ni.DEFAULT));
        for (ConfigLine line : ctx.runningConfig().topMatching(IosConfig.VRF_DEFINITION)) {
            keys.add(Nodes.key(Ni.NETWORK_INSTANCE, Ni.NAME,
                line.claim().match(IosConfig.VRF_DEFINITION).orElseThrow().group(1)));
            // the (empty) IPv4 address family of a VRF definition is part of what the unit writes
            line.childrenMatching(IosConfig.AF_IPV4).forEach(ConfigLine::claim);
        }
        return keys;
    }

    private static Optional<ContainerNode> readConfig(final ReadContext ctx, final YangInstanceIdentifier path) {
        final String name = OcPaths.networkInstanceName(path);
        final var config = Nodes.container(Ni.CONFIG).leaf(Ni.NAME, name)
            .leaf(Ni.TYPE, Ni.DEFAULT.equals(name) ? Ni.DEFAULT_INSTANCE : Ni.L3VRF);
        IosConfig.vrfBlock(ctx.runningConfig(), name).ifPresent(block -> {
            for (ConfigLine line : block.childrenMatching(RD)) {
                config.leaf(Ni.ROUTE_DISTINGUISHER, line.claim().match(RD).orElseThrow().group(1));
            }
            for (ConfigLine line : block.childrenMatching(DESCRIPTION)) {
                config.leaf(Ni.DESCRIPTION, line.claim().match(DESCRIPTION).orElseThrow().group(1));
            }
        });
        return Optional.of(config.build());
    }

    private static void writeConfig(final Change change, final WriteContext ctx, final CliCommands out)
            throws OperationFailedException {
        final String name = OcPaths.networkInstanceName(change.path());
        if (Ni.DEFAULT.equals(name)) {
            change.requireOnly(Set.of(Ni.NAME, Ni.TYPE), "IOS");
            return;
        }
        change.requireOnly(Set.of(Ni.NAME, Ni.TYPE, Ni.ROUTE_DISTINGUISHER, Ni.DESCRIPTION), "IOS");
        if (change.leafAfter(Ni.TYPE).filter(type -> !Ni.L3VRF.equals(type)).isPresent()) {
            throw OperationFailedException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_NOT_SUPPORTED,
                "The IOS unit configures L3VRF network instances only", change.path());
        }
        if (change.isDelete()) {
            out.line("no vrf definition " + name);
            return;
        }
        final Mode mode = vrfMode(name);
        if (change.leafChanged(Ni.ROUTE_DISTINGUISHER)) {
            // IOS changes an rd only after the old one is removed
            change.leafBefore(Ni.ROUTE_DISTINGUISHER).ifPresent(rd -> out.in(mode, "no rd " + rd));
            change.leafAfter(Ni.ROUTE_DISTINGUISHER).ifPresent(rd -> out.in(mode, "rd " + rd));
        }
        if (change.leafChanged(Ni.DESCRIPTION)) {
            out.in(mode, change.leafAfter(Ni.DESCRIPTION).map(d -> "description " + d).orElse("no description"));
        }
        if (change.isCreate()) {
            out.visit(mode, IosConfig.ipv4FamilyMode());
        }
    }

    private static List<NodeIdentifierWithPredicates> members(final ReadContext ctx,
            final YangInstanceIdentifier parent) {
        final String name = OcPaths.networkInstanceName(parent);
        final List<NodeIdentifierWithPredicates> keys = new ArrayList<>();
        for (ConfigLine iface : ctx.runningConfig().topMatching(IosConfig.INTERFACE)) {
            for (ConfigLine line : iface.childrenMatching(FORWARDING)) {
                if (line.match(FORWARDING).orElseThrow().group(1).equals(name)) {
                    line.claim();
                    keys.add(Nodes.key(Ni.INTERFACE, Ni.ID, iface.match(IosConfig.INTERFACE).orElseThrow().group(1)));
                }
            }
        }
        return keys;
    }

    private static Optional<ContainerNode> readMember(final ReadContext ctx, final YangInstanceIdentifier path) {
        final Object id = OcPaths.keyOf(path, Ni.INTERFACE, Ni.ID);
        return Optional.of(Nodes.container(Ni.CONFIG).leaf(Ni.ID, id).leaf(Ni.INTERFACE_LEAF, id).build());
    }

    private static void writeMember(final Change change, final WriteContext ctx, final CliCommands out)
            throws OperationFailedException {
        change.requireOnly(Set.of(Ni.ID, Ni.INTERFACE_LEAF), "IOS");
        final String instance = OcPaths.networkInstanceName(change.path());
        final String id = change.key(Ni.INTERFACE, Ni.ID).toString();
        final Object iface = change.after().isPresent() ? change.leafAfter(Ni.INTERFACE_LEAF).orElse(id) : id;
        if (!id.equals(iface)) {
            throw OperationFailedException.of(ErrorType.APPLICATION, ErrorTag.INVALID_VALUE,
                "The IOS unit names VRF interfaces by themselves: id must equal interface", change.path());
        }
        if (Ni.DEFAULT.equals(instance)) {
            return;
        }
        final Mode mode = IosConfig.interfaceMode(id);
        if (change.isCreate()) {
            out.in(mode, "vrf forwarding " + instance);
        } else if (change.isDelete() && !ctx.deleted(OcPaths.networkInstance(instance))) {
            out.in(mode, "no vrf forwarding " + instance);
        }
    }

    private static List<NodeIdentifierWithPredicates> protocols(final ReadContext ctx,
            final YangInstanceIdentifier parent) {
        final String instance = OcPaths.networkInstanceName(parent);
        final List<NodeIdentifierWithPredicates> keys = new ArrayList<>();
        if (!IosStaticRoutes.routes(ctx.runningConfig(), instance).isEmpty()) {
            keys.add(OcPaths.protocolKey(Ni.STATIC_PROTOCOL));
        }
        if (IosConfig.bgpScope(ctx.runningConfig(), instance).isPresent()) {
            keys.add(OcPaths.protocolKey(Ni.BGP_PROTOCOL));
        }
        return keys;
    }

    private static Optional<ContainerNode> readProtocolConfig(final ReadContext ctx,
            final YangInstanceIdentifier path) {
        return Optional.of(Nodes.container(Ni.CONFIG)
            .leaf(Ni.IDENTIFIER, OcPaths.keyOf(path, Ni.PROTOCOL, Ni.IDENTIFIER))
            .leaf(Ni.NAME, OcPaths.keyOf(path, Ni.PROTOCOL, Ni.NAME))
            .build());
    }

    private static void writeProtocolConfig(final Change change, final WriteContext ctx, final CliCommands out)
            throws OperationFailedException {
        change.requireOnly(Set.of(Ni.IDENTIFIER, Ni.NAME), "IOS");
        final Object identifier = change.key(Ni.PROTOCOL, Ni.IDENTIFIER);
        if (!Ni.BGP_PROTOCOL.equals(identifier) && !Ni.STATIC_PROTOCOL.equals(identifier)
                || !Ni.PROTOCOL_NAME.equals(change.key(Ni.PROTOCOL, Ni.NAME))) {
            throw OperationFailedException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_NOT_SUPPORTED,
                "The IOS unit configures the BGP and STATIC protocols named '" + Ni.PROTOCOL_NAME + "' only",
                change.path());
        }
    }
}
