package io.sextant.translation.frr;

import io.sextant.datastore.OperationFailedException;
import io.sextant.translation.oc.OcPaths;
import io.sextant.translation.oc.OpenConfig.If;
import io.sextant.translation.spi.Change;
import io.sextant.translation.spi.CliCommands;
import io.sextant.translation.spi.CliCommands.Mode;
import io.sextant.translation.spi.ConfigLine;
import io.sextant.translation.spi.Handlers;
import io.sextant.translation.spi.Nodes;
import io.sextant.translation.spi.ReadContext;
import io.sextant.translation.spi.WriteContext;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.common.Uint8;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;

/**
 * FRR interfaces: description, shutdown and IPv4 addresses (OpenConfig puts them on
 * subinterface 0). zebra has no MTU command, so MTU changes are refused.
 */
final class FrrInterfaces {
    private static final Pattern DESCRIPTION = Pattern.compile("description (.*)");
    private static final Pattern SHUTDOWN = Pattern.compile("shutdown");
    private static final Pattern ADDRESS = Pattern.compile("ip address (\\d+\\.\\d+\\.\\d+\\.\\d+)/(\\d+)");
    private static final Uint32 SUBINTERFACE_ZERO = Uint32.ZERO;

    private FrrInterfaces() {
    }

    static void register(final Handlers.Builder handlers) {
        handlers.list(OcPaths.INTERFACE_LIST, FrrInterfaces::interfaces)
            .container(OcPaths.INTERFACE_CONFIG, FrrInterfaces::readConfig, FrrInterfaces::writeConfig)
            .list(OcPaths.SUBINTERFACE_LIST, FrrInterfaces::subinterfaces)
            .container(OcPaths.SUBINTERFACE_CONFIG, FrrInterfaces::readSubinterfaceConfig,
                FrrInterfaces::writeSubinterfaceConfig)
            .list(OcPaths.ADDRESS_LIST, FrrInterfaces::addresses)
            .container(OcPaths.ADDRESS_CONFIG, FrrInterfaces::readAddressConfig, FrrInterfaces::writeAddressConfig);
    }

    static Mode interfaceMode(final String name) {
        return Mode.of("interface " + name, "exit");
    }

    private static List<NodeIdentifierWithPredicates> interfaces(final ReadContext ctx,
            final YangInstanceIdentifier parent) throws OperationFailedException {
        final List<String> names = FrrConfig.interfaceNames(ctx.runningConfig(), ctx.show(FrrConfig.SHOW_INTERFACES));
        names.forEach(name -> FrrConfig.interfaceBlock(ctx.runningConfig(), name).ifPresent(ConfigLine::claim));
        return names.stream().map(name -> Nodes.key(If.INTERFACE, If.NAME, name)).toList();
    }

    private static Optional<ContainerNode> readConfig(final ReadContext ctx, final YangInstanceIdentifier path) {
        final String name = OcPaths.interfaceName(path);
        final Optional<ConfigLine> block = FrrConfig.interfaceBlock(ctx.runningConfig(), name);
        final var config = Nodes.container(If.CONFIG)
            .leaf(If.NAME, name)
            .leaf(If.TYPE, name.equals("lo") ? If.LOOPBACK : If.ETHERNET)
            .leaf(If.ENABLED, block.map(b -> b.childrenMatching(SHUTDOWN).isEmpty()).orElse(true));
        block.ifPresent(b -> {
            b.childrenMatching(SHUTDOWN).forEach(ConfigLine::claim);
            for (ConfigLine line : b.childrenMatching(DESCRIPTION)) {
                config.leaf(If.DESCRIPTION, line.claim().match(DESCRIPTION).orElseThrow().group(1));
            }
        });
        return Optional.of(config.build());
    }

    private static void writeConfig(final Change change, final WriteContext ctx,
            final CliCommands out) throws OperationFailedException {
        change.requireOnly(Set.of(If.NAME, If.TYPE, If.ENABLED, If.DESCRIPTION), "FRR");
        if (change.isUpdate() && change.leafChanged(If.TYPE)) {
            throw OperationFailedException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_NOT_SUPPORTED,
                "FRR cannot change the type of an interface", change.path());
        }
        final Mode mode = interfaceMode(OcPaths.interfaceName(change.path()));
        // a deleted interface keeps existing in the kernel: its configuration is reset
        final Optional<Object> description = change.leafAfter(If.DESCRIPTION);
        if (change.leafChanged(If.DESCRIPTION)) {
            out.in(mode, description.map(d -> "description " + d).orElse("no description"));
        }
        final boolean enabledBefore = change.isCreate() || (Boolean) change.leafBefore(If.ENABLED).orElse(true);
        final boolean enabledAfter = (Boolean) change.leafAfter(If.ENABLED).orElse(true);
        if (enabledBefore != enabledAfter) {
            out.in(mode, enabledAfter ? "no shutdown" : "shutdown");
        }
        if (change.isCreate() && out.isEmpty()) {
            out.visit(mode);
        }
    }

    private static List<NodeIdentifierWithPredicates> subinterfaces(final ReadContext ctx,
            final YangInstanceIdentifier parent) {
        final boolean hasAddress = FrrConfig.interfaceBlock(ctx.runningConfig(), OcPaths.interfaceName(parent))
            .map(block -> !block.childrenMatching(ADDRESS).isEmpty()).orElse(false);
        return hasAddress ? List.of(Nodes.key(If.SUBINTERFACE, If.INDEX, SUBINTERFACE_ZERO)) : List.of();
    }

    private static Optional<ContainerNode> readSubinterfaceConfig(final ReadContext ctx,
            final YangInstanceIdentifier path) {
        return Optional.of(Nodes.container(If.CONFIG).leaf(If.INDEX, SUBINTERFACE_ZERO).build());
    }

    private static void writeSubinterfaceConfig(final Change change, final WriteContext ctx,
            final CliCommands out) throws OperationFailedException {
        change.requireOnly(Set.of(If.INDEX), "FRR");
        if (!SUBINTERFACE_ZERO.equals(change.key(If.SUBINTERFACE, If.INDEX))) {
            throw OperationFailedException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_NOT_SUPPORTED,
                "FRR interfaces have no subinterfaces; IPv4 addresses belong to subinterface 0", change.path());
        }
    }

    private static List<NodeIdentifierWithPredicates> addresses(final ReadContext ctx,
            final YangInstanceIdentifier parent) {
        return FrrConfig.interfaceBlock(ctx.runningConfig(), OcPaths.interfaceName(parent))
            .map(block -> block.childrenMatching(ADDRESS).stream()
                .map(line -> Nodes.key(If.ADDRESS, If.IP, line.claim().match(ADDRESS).orElseThrow().group(1)))
                .toList())
            .orElse(List.of());
    }

    private static Optional<ContainerNode> readAddressConfig(final ReadContext ctx, final YangInstanceIdentifier path) {
        final String ip = OcPaths.keyOf(path, If.ADDRESS, If.IP).toString();
        return FrrConfig.interfaceBlock(ctx.runningConfig(), OcPaths.interfaceName(path))
            .flatMap(block -> block.matchChildren(ADDRESS).stream().filter(m -> m.group(1).equals(ip)).findFirst())
            .map(m -> Nodes.container(If.IP_CONFIG)
                .leaf(If.IP, ip)
                .leaf(If.PREFIX_LENGTH, Uint8.valueOf(m.group(2)))
                .build());
    }

    private static void writeAddressConfig(final Change change, final WriteContext ctx,
            final CliCommands out) throws OperationFailedException {
        change.requireOnly(Set.of(If.IP, If.PREFIX_LENGTH), "FRR");
        final Mode mode = interfaceMode(OcPaths.interfaceName(change.path()));
        final String ip = change.key(If.ADDRESS, If.IP).toString();
        final Optional<Object> before = change.leafBefore(If.PREFIX_LENGTH);
        final Optional<Object> after = change.leafAfter(If.PREFIX_LENGTH);
        if (change.isCreate() || change.isUpdate()) {
            if (after.isEmpty()) {
                throw OperationFailedException.of(ErrorType.APPLICATION, ErrorTag.MISSING_ELEMENT,
                    "An IPv4 address needs its prefix-length", change.path());
            }
        }
        if (before.isPresent() && !before.equals(after)) {
            out.in(mode, "no ip address " + ip + "/" + before.orElseThrow());
        }
        if (after.isPresent() && !after.equals(before)) {
            out.in(mode, "ip address " + ip + "/" + after.orElseThrow());
        }
    }
}
