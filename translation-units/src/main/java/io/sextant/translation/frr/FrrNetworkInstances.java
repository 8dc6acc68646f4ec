package io.sextant.translation.frr;

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
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;

/**
 * FRR network instances: the default instance and VRFs ({@code vrf NAME}), and the protocol
 * instances inside them (BGP and static routes, both named {@value Ni#PROTOCOL_NAME}).
 *
 * <p>FRR 8.4 on a kernel without VRF devices keeps {@code vrf NAME} but prints it in the running
 * configuration only while it holds something; {@code show vrf} lists every configured VRF,
 * so VRFs are read from both.
 */
final class FrrNetworkInstances {

    private FrrNetworkInstances() {
    }

    static void register(final Handlers.Builder handlers) {
        handlers.list(OcPaths.NI_LIST, FrrNetworkInstances::instances, OcPaths.DEFAULT_INSTANCE_FIRST)
            .container(OcPaths.NI_CONFIG, FrrNetworkInstances::readConfig, FrrNetworkInstances::writeConfig)
            .list(OcPaths.PROTOCOL_LIST, FrrNetworkInstances::protocols)
            .container(OcPaths.PROTOCOL_CONFIG, FrrNetworkInstances::readProtocolConfig,
                FrrNetworkInstances::writeProtocolConfig);
    }

    static Mode vrfMode(final String name) {
        return Mode.of("vrf " + name, "exit-vrf");
    }

    private static List<NodeIdentifierWithPredicates> instances(final ReadContext ctx,
            final YangInstanceIdentifier parent) throws OperationFailedException {
        final List<NodeIdentifierWithPredicates> keys = new ArrayList<>();
        keys.add(Nodes.key(Ni.NETWORK_INSTANCE, Ni.NAME, Ni.DEFAULT));
        for (String vrf : FrrConfig.vrfNames(ctx.runningConfig(), ctx.show(FrrConfig.SHOW_VRF))) {
            FrrConfig.vrfBlock(ctx.runningConfig(), vrf).ifPresent(ConfigLine::claim);
            keys.add(Nodes.key(Ni.NETWORK_INSTANCE, Ni.NAME, vrf));
        }
        return keys;
    }

    private static Optional<ContainerNode> readConfig(final ReadContext ctx, final YangInstanceIdentifier path) {
        final String name = OcPaths.networkInstanceName(path);
        return Optional.of(Nodes.container(Ni.CONFIG)
            .leaf(Ni.NAME, name)
            .leaf(Ni.TYPE, Ni.DEFAULT.equals(name) ? Ni.DEFAULT_INSTANCE : Ni.L3VRF)
            .build());
    }

    private static void writeConfig(final Change change, final WriteContext ctx, final CliCommands out)
            throws OperationFailedException {
        change.requireOnly(Set.of(Ni.NAME, Ni.TYPE), "FRR");
        final String name = OcPaths.networkInstanceName(change.path());
        final QName expected = Ni.DEFAULT.equals(name) ? Ni.DEFAULT_INSTANCE : Ni.L3VRF;
        final Optional<Object> type = change.leafAfter(Ni.TYPE);
        if (type.isPresent() && !type.orElseThrow().equals(expected)) {
            throw OperationFailedException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_NOT_SUPPORTED,
                "FRR network instance " + name + " must be of type " + expected.getLocalName(), change.path());
        }
        if (Ni.DEFAULT.equals(name)) {
            return;
        }
        if (change.isCreate()) {
            out.visit(vrfMode(name));
        } else if (change.isDelete()) {
            out.line("no vrf " + name);
        }
    }

    private static List<NodeIdentifierWithPredicates> protocols(final ReadContext ctx,
            final YangInstanceIdentifier parent) {
        final String instance = OcPaths.networkInstanceName(parent);
        final List<NodeIdentifierWithPredicates> keys = new ArrayList<>();
        if (!FrrStaticRoutes.routeLines(ctx.runningConfig(), instance).isEmpty()) {
            keys.add(OcPaths.protocolKey(Ni.STATIC_PROTOCOL));
        }
        if (FrrConfig.bgpBlock(ctx.runningConfig(), instance).isPresent()) {
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

    /** A protocol instance exists through its content; only BGP and STATIC named "default" are known. */
    private static void writeProtocolConfig(final Change change, final WriteContext ctx, final CliCommands out)
            throws OperationFailedException {
        change.requireOnly(Set.of(Ni.IDENTIFIER, Ni.NAME), "FRR");
        final Object identifier = change.key(Ni.PROTOCOL, Ni.IDENTIFIER);
        final Object name = change.key(Ni.PROTOCOL, Ni.NAME);
        if (!Ni.BGP_PROTOCOL.equals(identifier) && !Ni.STATIC_PROTOCOL.equals(identifier)) {
            throw OperationFailedException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_NOT_SUPPORTED,
                "The FRR unit configures BGP and STATIC protocols only, not " + identifier, change.path());
        }
        if (!Ni.PROTOCOL_NAME.equals(name)) {
            throw OperationFailedException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_NOT_SUPPORTED,
                "FRR has one instance per protocol and network instance; name it '" + Ni.PROTOCOL_NAME + "'",
                change.path());
        }
    }
}
