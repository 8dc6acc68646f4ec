package io.sextant.translation.ios;

import static io.sextant.translation.spi.Changes.isCreate;
import static io.sextant.translation.spi.Changes.isDelete;
import static io.sextant.translation.spi.Changes.leafAfter;
import static io.sextant.translation.spi.Changes.requireOnly;

import io.sextant.spi.OperationErrorsException;
import io.sextant.translation.oc.OcInterfaces;
import io.sextant.translation.oc.OcPaths;
import io.sextant.translation.oc.OpenConfig.Ni;
import io.sextant.translation.spi.CliCommands;
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
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;

/**
 * The interfaces of an IOS VRF: {@code vrf forwarding NAME} in the interface's block. Deleting
 * the VRF unbinds its interfaces with it.
 */
final class IosVrfMembers {
    private static final Pattern FORWARDING = Pattern.compile("(?:ip )?vrf forwarding (\\S+)");

    private IosVrfMembers() {
    }

    static void register(final Handlers.Builder handlers) {
        handlers.list(OcPaths.NI_INTERFACE_LIST, IosVrfMembers::members)
            .container(OcPaths.NI_INTERFACE_CONFIG, IosVrfMembers::readMember, IosVrfMembers::writeMember);
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

    private static void writeMember(final YangInstanceIdentifier path, final DataTreeCandidateNode node,
            final WriteContext ctx, final CliCommands out) throws OperationErrorsException {
        requireOnly(path, node, Set.of(Ni.ID, Ni.INTERFACE_LEAF), "IOS");
        final String instance = OcPaths.networkInstanceName(path);
        final String id = OcPaths.keyOf(path, Ni.INTERFACE, Ni.ID).toString();
        final Object iface = node.dataAfter() != null ? leafAfter(node, Ni.INTERFACE_LEAF).orElse(id) : id;
        if (!id.equals(iface)) {
            throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.INVALID_VALUE,
                "The IOS unit names VRF interfaces by themselves: id must equal interface", path);
        }
        if (Ni.DEFAULT.equals(instance)) {
            return;
        }
        if (isCreate(node)) {
            out.in(OcInterfaces.mode(id), "vrf forwarding " + instance);
        } else if (isDelete(node) && !ctx.deleted(OcPaths.networkInstance(instance))) {
            out.in(OcInterfaces.mode(id), "no vrf forwarding " + instance);
        }
    }
}
