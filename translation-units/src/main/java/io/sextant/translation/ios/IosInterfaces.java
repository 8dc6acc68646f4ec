package io.sextant.translation.ios;

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
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.common.Uint8;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * IOS interfaces: description, shutdown, MTU and IPv4 addresses ({@code ip address A MASK
 * [secondary]}, on OpenConfig subinterface 0). OpenConfig has no primary/secondary flag: an
 * address added next to addresses that stay is written as secondary; when an interface gets
 * all-new addresses, the lowest becomes primary.
 */
final class IosInterfaces {
    private static final Pattern DESCRIPTION = Pattern.compile("description (.*)");
    private static final Pattern SHUTDOWN = Pattern.compile("shutdown");
    private static final Pattern MTU = Pattern.compile("mtu (\\d+)");
    private static final Pattern NO_ADDRESS = Pattern.compile("no ip address");
    private static final Pattern ADDRESS = Pattern.compile(
        "ip address (\\d+\\.\\d+\\.\\d+\\.\\d+) (\\d+\\.\\d+\\.\\d+\\.\\d+)( secondary)?");
    /** Interfaces IOS creates on demand and deletes with "no interface". */
    private static final Pattern LOGICAL = Pattern.compile("(?i)(Loopback|Tunnel|Vlan|Port-channel|BVI)\\d.*");

    private IosInterfaces() {
    }

    static void register(final Handlers.Builder handlers) {
        handlers.list(OcPaths.INTERFACE_LIST, IosInterfaces::interfaces)
            .container(OcPaths.INTERFACE_CONFIG, IosInterfaces::readConfig, IosInterfaces::writeConfig)
            .list(OcPaths.SUBINTERFACE_LIST, IosInterfaces::subinterfaces)
            .container(OcPaths.SUBINTERFACE_CONFIG, IosInterfaces::readSubinterfaceConfig,
                IosInterfaces::writeSubinterfaceConfig)
            .list(OcPaths.ADDRESS_LIST, IosInterfaces::addresses)
            .container(OcPaths.ADDRESS_CONFIG, IosInterfaces::readAddressConfig, IosInterfaces::writeAddressConfig);
    }

    private static List<NodeIdentifierWithPredicates> interfaces(final ReadContext ctx,
            final YangInstanceIdentifier parent) {
        final List<NodeIdentifierWithPredicates> keys = new ArrayList<>();
        for (ConfigLine line : ctx.runningConfig().topMatching(IosConfig.INTERFACE)) {
            keys.add(Nodes.key(If.INTERFACE, If.NAME, line.claim().match(IosConfig.INTERFACE).orElseThrow().group(1)));
        }
        return keys;
    }

    private static Optional<ContainerNode> readConfig(final ReadContext ctx, final YangInstanceIdentifier path) {
        final String name = OcPaths.interfaceName(path);
        return IosConfig.interfaceBlock(ctx.runningConfig(), name).map(block -> {
            final var config = Nodes.container(If.CONFIG)
                .leaf(If.NAME, name)
                .leaf(If.TYPE, name.startsWith("Loopback") ? If.LOOPBACK : If.ETHERNET)
                .leaf(If.ENABLED, block.childrenMatching(SHUTDOWN).isEmpty());
            block.childrenMatching(SHUTDOWN).forEach(ConfigLine::claim);
            for (ConfigLine line : block.childrenMatching(DESCRIPTION)) {
                config.leaf(If.DESCRIPTION, line.claim().match(DESCRIPTION).orElseThrow().group(1));
            }
            for (ConfigLine line : block.childrenMatching(MTU)) {
                config.leaf(If.MTU, Uint16.valueOf(line.claim().match(MTU).orElseThrow().group(1)));
            }
            return config.build();
        });
    }

    private static void writeConfig(final Change change, final WriteContext ctx, final CliCommands out)
            throws OperationFailedException {
        change.requireOnly(Set.of(If.NAME, If.TYPE, If.ENABLED, If.DESCRIPTION, If.MTU), "IOS");
        final String name = OcPaths.interfaceName(change.path());
        final boolean logical = LOGICAL.matcher(name).matches();
        if (change.isDelete()) {
            out.line(logical ? "no interface " + name : "default interface " + name);
            return;
        }
        if (change.isCreate() && !logical) {
            throw OperationFailedException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_NOT_SUPPORTED,
                "IOS has no interface " + name + "; only logical interfaces (Loopback, Tunnel, Vlan, "
                    + "Port-channel) can be created", change.path());
        }
        final Mode mode = IosConfig.interfaceMode(name);
        if (change.leafChanged(If.DESCRIPTION)) {
            out.in(mode, change.leafAfter(If.DESCRIPTION).map(d -> "description " + d).orElse("no description"));
        }
        if (change.leafChanged(If.MTU)) {
            out.in(mode, change.leafAfter(If.MTU).map(m -> "mtu " + m).orElse("no mtu"));
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

    private static Optional<ContainerNode> readSubinterfaceConfig(final ReadContext ctx,
            final YangInstanceIdentifier path) {
        return Optional.of(Nodes.container(If.CONFIG).leaf(If.INDEX, Uint32.ZERO).build());
    }

    private static void writeSubinterfaceConfig(final Change change, final WriteContext ctx, final CliCommands out)
            throws OperationFailedException {
        change.requireOnly(Set.of(If.INDEX), "IOS");
        if (!Uint32.ZERO.equals(change.key(If.SUBINTERFACE, If.INDEX))) {
            throw OperationFailedException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_NOT_SUPPORTED,
                "The IOS unit configures IPv4 addresses on subinterface 0 only", change.path());
        }
    }

    private static List<NodeIdentifierWithPredicates> subinterfaces(final ReadContext ctx,
            final YangInstanceIdentifier parent) {
        final Optional<ConfigLine> block = IosConfig.interfaceBlock(ctx.runningConfig(), OcPaths.interfaceName(parent));
        // "no ip address" is how IOS shows an interface without addresses
        block.ifPresent(b -> b.childrenMatching(NO_ADDRESS).forEach(ConfigLine::claim));
        final boolean hasAddress = block.map(b -> !b.childrenMatching(ADDRESS).isEmpty()).orElse(false);
        return hasAddress ? List.of(Nodes.key(If.SUBINTERFACE, If.INDEX, Uint32.ZERO)) : List.of();
    }

    private static List<NodeIdentifierWithPredicates> addresses(final ReadContext ctx,
            final YangInstanceIdentifier parent) {
        return IosConfig.interfaceBlock(ctx.runningConfig(), OcPaths.interfaceName(parent))
            .map(block -> block.childrenMatching(ADDRESS).stream()
                .map(line -> Nodes.key(If.ADDRESS, If.IP, line.claim().match(ADDRESS).orElseThrow().group(1)))
                .toList())
            .orElse(List.of());
    }

    private static Optional<ContainerNode> readAddressConfig(final ReadContext ctx, final YangInstanceIdentifier path) {
        final String ip = OcPaths.keyOf(path, If.ADDRESS, If.IP).toString();
        return IosConfig.interfaceBlock(ctx.runningConfig(), OcPaths.interfaceName(path))
            .flatMap(block -> block.matchChildren(ADDRESS).stream().filter(m -> m.group(1).equals(ip)).findFirst())
            .map(m -> Nodes.container(If.IP_CONFIG)
                .leaf(If.IP, ip)
                .leaf(If.PREFIX_LENGTH, Uint8.valueOf(IosConfig.prefixLength(m.group(2))))
                .build());
    }

    private static void writeAddressConfig(final Change change, final WriteContext ctx, final CliCommands out)
            throws OperationFailedException {
        change.requireOnly(Set.of(If.IP, If.PREFIX_LENGTH), "IOS");
        final String ip = change.key(If.ADDRESS, If.IP).toString();
        final YangInstanceIdentifier addressList = change.path().getParent().getParent();
        final List<String> before = ips(ctx.before(addressList));
        final List<String> after = ips(ctx.after(addressList));
        final Mode mode = IosConfig.interfaceMode(OcPaths.interfaceName(change.path()));
        final Optional<Object> lengthBefore = change.leafBefore(If.PREFIX_LENGTH);
        final Optional<Object> lengthAfter = change.leafAfter(If.PREFIX_LENGTH);
        if (!change.isDelete() && lengthAfter.isEmpty()) {
            throw OperationFailedException.of(ErrorType.APPLICATION, ErrorTag.MISSING_ELEMENT,
                "An IPv4 address needs its prefix-length", change.path());
        }
        if (lengthBefore.isPresent() && !lengthBefore.equals(lengthAfter)) {
            final boolean primary = before.get(0).equals(ip);
            out.in(mode, "no ip address " + ip + " " + mask(lengthBefore) + (primary ? "" : " secondary"));
        }
        if (lengthAfter.isPresent() && !lengthAfter.equals(lengthBefore)) {
            final boolean keepsOthers = before.stream().anyMatch(other -> !other.equals(ip) && after.contains(other));
            final boolean primary = !keepsOthers && after.get(0).equals(ip);
            out.in(mode, "ip address " + ip + " " + mask(lengthAfter) + (primary ? "" : " secondary"));
        }
    }

    private static String mask(final Optional<Object> prefixLength) {
        return IosConfig.mask(((Number) prefixLength.orElseThrow()).intValue());
    }

    /** Addresses of an address list, lowest first. */
    private static List<String> ips(final Optional<NormalizedNode> list) {
        final List<String> ips = new ArrayList<>();
        list.filter(MapNode.class::isInstance).ifPresent(map -> {
            for (MapEntryNode entry : ((MapNode) map).body()) {
                ips.add(((NodeIdentifierWithPredicates) entry.name()).getValue(If.IP).toString());
            }
        });
        ips.sort(Comparator.comparingLong(IosInterfaces::numeric));
        return ips;
    }

    private static long numeric(final String ip) {
        long value = 0;
        for (String octet : ip.split("\\.")) {
            value = value << 8 | Integer.parseInt(octet);
        }
        return value;
    }
}
