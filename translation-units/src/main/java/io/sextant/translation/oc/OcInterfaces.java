package io.sextant.translation.oc;

import static io.sextant.translation.spi.Changes.isCreate;
import static io.sextant.translation.spi.Changes.isDelete;
import static io.sextant.translation.spi.Changes.leafAfter;
import static io.sextant.translation.spi.Changes.leafBefore;
import static io.sextant.translation.spi.Changes.leafChanged;
import static io.sextant.translation.spi.Changes.requireOnly;

import io.sextant.spi.OperationErrorsException;
import io.sextant.translation.oc.OpenConfig.If;
import io.sextant.translation.spi.CliCommands;
import io.sextant.translation.spi.CliCommands.Mode;
import io.sextant.translation.spi.ConfigLine;
import io.sextant.translation.spi.ConfigText;
import io.sextant.translation.spi.Handlers;
import io.sextant.translation.spi.Nodes;
import io.sextant.translation.spi.ReadContext;
import io.sextant.translation.spi.WriteContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.common.Uint8;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;

/**
 * OpenConfig interfaces on a CLI: description, {@code shutdown}, MTU where the device has it,
 * and IPv4 addresses, which OpenConfig puts on subinterface 0. The {@link InterfaceSyntax} says
 * which interfaces exist, how addresses are written and what deleting an interface means.
 *
 * <p>OpenConfig has no primary/secondary flag: an address added next to addresses that stay is
 * a secondary one; when an interface gets all-new addresses, the lowest is the primary.
 */
public final class OcInterfaces {
    private static final Pattern DESCRIPTION = Pattern.compile("description (.*)");
    private static final Pattern SHUTDOWN = Pattern.compile("shutdown");
    private static final Pattern MTU = Pattern.compile("mtu (\\d+)");
    private static final Uint32 SUBINTERFACE_ZERO = Uint32.ZERO;

    private final String device;
    private final InterfaceSyntax syntax;

    /** @param device the device's name in error messages, for example {@code FRR} */
    public OcInterfaces(final String device, final InterfaceSyntax syntax) {
        this.device = device;
        this.syntax = syntax;
    }

    /** The mode of an interface's configuration. */
    public static Mode mode(final String name) {
        return Mode.of("interface " + name, "exit");
    }

    public void register(final Handlers.Builder handlers) {
        handlers.list(OcPaths.INTERFACE_LIST, this::interfaces)
            .container(OcPaths.INTERFACE_CONFIG, this::readConfig, this::writeConfig)
            .list(OcPaths.SUBINTERFACE_LIST, this::subinterfaces)
            .container(OcPaths.SUBINTERFACE_CONFIG, OcInterfaces::readSubinterfaceConfig,
                this::writeSubinterfaceConfig)
            .list(OcPaths.ADDRESS_LIST, this::addresses)
            .container(OcPaths.ADDRESS_CONFIG, this::readAddressConfig, this::writeAddressConfig);
    }

    private List<NodeIdentifierWithPredicates> interfaces(final ReadContext ctx, final YangInstanceIdentifier parent)
            throws OperationErrorsException {
        final Set<String> names = new LinkedHashSet<>(syntax.unconfiguredInterfaces(ctx));
        for (ConfigLine line : ctx.runningConfig().topMatching(syntax.interfaceLine())) {
            names.add(line.match(syntax.interfaceLine()).orElseThrow().group(1));
        }
        names.forEach(name -> block(ctx.runningConfig(), name).ifPresent(ConfigLine::claim));
        return names.stream().map(name -> Nodes.key(If.INTERFACE, If.NAME, name)).toList();
    }

    private Optional<ConfigLine> block(final ConfigText config, final String name) {
        return config.block(syntax.interfaceLine(), name);
    }

    private Optional<ContainerNode> readConfig(final ReadContext ctx, final YangInstanceIdentifier path) {
        final String name = OcPaths.interfaceName(path);
        final Optional<ConfigLine> block = block(ctx.runningConfig(), name);
        final var config = Nodes.container(If.CONFIG)
            .leaf(If.NAME, name)
            .leaf(If.TYPE, syntax.type(name))
            .leaf(If.ENABLED, block.map(b -> b.childrenMatching(SHUTDOWN).isEmpty()).orElse(true));
        block.ifPresent(b -> {
            b.childrenMatching(SHUTDOWN).forEach(ConfigLine::claim);
            for (ConfigLine line : b.childrenMatching(DESCRIPTION)) {
                config.leaf(If.DESCRIPTION, line.claim().match(DESCRIPTION).orElseThrow().group(1));
            }
            if (syntax.hasMtu()) {
                for (ConfigLine line : b.childrenMatching(MTU)) {
                    config.leaf(If.MTU, Uint16.valueOf(line.claim().match(MTU).orElseThrow().group(1)));
                }
            }
        });
        return Optional.of(config.build());
    }

    private void writeConfig(final YangInstanceIdentifier path, final DataTreeCandidateNode node,
            final WriteContext ctx, final CliCommands out) throws OperationErrorsException {
        final Set<QName> leaves = syntax.hasMtu() ? Set.of(If.NAME, If.TYPE, If.ENABLED, If.DESCRIPTION, If.MTU)
            : Set.of(If.NAME, If.TYPE, If.ENABLED, If.DESCRIPTION);
        requireOnly(path, node, leaves, device);
        final String name = OcPaths.interfaceName(path);
        if (isDelete(node)) {
            final Optional<String> delete = syntax.deleteLine(name);
            if (delete.isPresent()) {
                out.line(delete.orElseThrow());
                return;
            }
            // the interface stays on the device: its leaves are reset below
        } else if (isCreate(node)) {
            syntax.checkCreate(name, path);
        } else if (leafChanged(node, If.TYPE)) {
            throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_NOT_SUPPORTED,
                device + " cannot change the type of an interface", path);
        }
        final Mode mode = mode(name);
        if (leafChanged(node, If.DESCRIPTION)) {
            out.in(mode, leafAfter(node, If.DESCRIPTION).map(d -> "description " + d).orElse("no description"));
        }
        if (leafChanged(node, If.MTU)) {
            out.in(mode, leafAfter(node, If.MTU).map(m -> "mtu " + m).orElse("no mtu"));
        }
        final boolean enabledBefore = isCreate(node) || (Boolean) leafBefore(node, If.ENABLED).orElse(true);
        final boolean enabledAfter = (Boolean) leafAfter(node, If.ENABLED).orElse(true);
        if (enabledBefore != enabledAfter) {
            out.in(mode, enabledAfter ? "no shutdown" : "shutdown");
        }
        if (isCreate(node) && out.isEmpty()) {
            out.visit(mode);
        }
    }

    private List<NodeIdentifierWithPredicates> subinterfaces(final ReadContext ctx,
            final YangInstanceIdentifier parent) {
        final Optional<ConfigLine> block = block(ctx.runningConfig(), OcPaths.interfaceName(parent));
        syntax.noAddress().ifPresent(none -> block.ifPresent(b -> b.childrenMatching(none)
            .forEach(ConfigLine::claim)));
        final boolean hasAddress = block.map(b -> !b.childrenMatching(syntax.address()).isEmpty()).orElse(false);
        return hasAddress ? List.of(Nodes.key(If.SUBINTERFACE, If.INDEX, SUBINTERFACE_ZERO)) : List.of();
    }

    private static Optional<ContainerNode> readSubinterfaceConfig(final ReadContext ctx,
            final YangInstanceIdentifier path) {
        return Optional.of(Nodes.container(If.CONFIG).leaf(If.INDEX, SUBINTERFACE_ZERO).build());
    }

    private void writeSubinterfaceConfig(final YangInstanceIdentifier path, final DataTreeCandidateNode node,
            final WriteContext ctx, final CliCommands out) throws OperationErrorsException {
        requireOnly(path, node, Set.of(If.INDEX), device);
        if (!SUBINTERFACE_ZERO.equals(OcPaths.keyOf(path, If.SUBINTERFACE, If.INDEX))) {
            throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_NOT_SUPPORTED,
                "The " + device + " unit configures IPv4 addresses on subinterface 0 only", path);
        }
    }

    private List<NodeIdentifierWithPredicates> addresses(final ReadContext ctx, final YangInstanceIdentifier parent) {
        return block(ctx.runningConfig(), OcPaths.interfaceName(parent))
            .map(block -> block.childrenMatching(syntax.address()).stream()
                .map(line -> Nodes.key(If.ADDRESS, If.IP, line.claim().match(syntax.address()).orElseThrow()
                    .group(1)))
                .toList())
            .orElse(List.of());
    }

    private Optional<ContainerNode> readAddressConfig(final ReadContext ctx, final YangInstanceIdentifier path) {
        final String ip = OcPaths.keyOf(path, If.ADDRESS, If.IP).toString();
        return block(ctx.runningConfig(), OcPaths.interfaceName(path))
            .flatMap(block -> block.matchChildren(syntax.address()).stream().filter(m -> m.group(1).equals(ip))
                .findFirst())
            .map(m -> Nodes.container(If.IP_CONFIG)
                .leaf(If.IP, ip)
                .leaf(If.PREFIX_LENGTH, Uint8.valueOf(syntax.prefixLength(m)))
                .build());
    }

    private void writeAddressConfig(final YangInstanceIdentifier path, final DataTreeCandidateNode node,
            final WriteContext ctx, final CliCommands out) throws OperationErrorsException {
        requireOnly(path, node, Set.of(If.IP, If.PREFIX_LENGTH), device);
        final String ip = OcPaths.keyOf(path, If.ADDRESS, If.IP).toString();
        final Optional<Object> lengthBefore = leafBefore(node, If.PREFIX_LENGTH);
        final Optional<Object> lengthAfter = leafAfter(node, If.PREFIX_LENGTH);
        if (!isDelete(node) && lengthAfter.isEmpty()) {
            throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.MISSING_ELEMENT,
                "An IPv4 address needs its prefix-length", path);
        }
        final YangInstanceIdentifier addressList = path.getParent().getParent();
        final List<String> before = ips(ctx.before(addressList).orElse(null));
        final List<String> after = ips(ctx.after(addressList).orElse(null));
        final Mode mode = mode(OcPaths.interfaceName(path));
        if (lengthBefore.isPresent() && !lengthBefore.equals(lengthAfter)) {
            final boolean primary = before.get(0).equals(ip);
            out.in(mode, "no " + syntax.addressLine(ip, length(lengthBefore.orElseThrow()), primary));
        }
        if (lengthAfter.isPresent() && !lengthAfter.equals(lengthBefore)) {
            final boolean keepsOthers = before.stream().anyMatch(other -> !other.equals(ip) && after.contains(other));
            final boolean primary = !keepsOthers && after.get(0).equals(ip);
            out.in(mode, syntax.addressLine(ip, length(lengthAfter.orElseThrow()), primary));
        }
    }

    private static int length(final Object prefixLength) {
        return ((Number) prefixLength).intValue();
    }

    /** Addresses of an address list, lowest first. */
    private static List<String> ips(final @Nullable NormalizedNode list) {
        final List<String> ips = new ArrayList<>();
        if (list instanceof MapNode map) {
            for (MapEntryNode entry : map.body()) {
                ips.add(((NodeIdentifierWithPredicates) entry.name()).getValue(If.IP).toString());
            }
        }
        ips.sort(Comparator.comparingLong(OcInterfaces::numeric));
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
