package io.sextant.translation.oc;

import static io.sextant.translation.spi.Changes.requireOnly;

import io.sextant.spi.OperationErrorsException;
import io.sextant.translation.oc.OpenConfig.Ni;
import io.sextant.translation.oc.StaticRouteSyntax.Route;
import io.sextant.translation.spi.CliCommands;
import io.sextant.translation.spi.Handlers;
import io.sextant.translation.spi.Nodes;
import io.sextant.translation.spi.ReadContext;
import io.sextant.translation.spi.WriteContext;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;

/**
 * OpenConfig static routes on a CLI: a route exists through its next hops, each one line
 * ({@link StaticNextHop}), written and removed whole. The {@link StaticRouteSyntax} says how a
 * line looks and which mode it is typed in.
 */
public final class OcStaticRoutes {
    private final String device;
    private final StaticRouteSyntax syntax;

    /** @param device the device's name in error messages, for example {@code FRR} */
    public OcStaticRoutes(final String device, final StaticRouteSyntax syntax) {
        this.device = device;
        this.syntax = syntax;
    }

    public void register(final Handlers.Builder handlers) {
        handlers.list(OcPaths.STATIC_LIST, this::prefixes)
            .container(OcPaths.STATIC_CONFIG, OcStaticRoutes::readConfig, this::writeConfig)
            .subtree(OcPaths.NEXT_HOP_LIST, this::nextHops, this::writeNextHop);
    }

    private List<NodeIdentifierWithPredicates> prefixes(final ReadContext ctx, final YangInstanceIdentifier parent) {
        if (!OcPaths.inProtocol(parent, Ni.STATIC_PROTOCOL)) {
            return List.of();
        }
        final Set<String> prefixes = new LinkedHashSet<>();
        syntax.routes(ctx.runningConfig(), OcPaths.networkInstanceName(parent))
            .forEach(route -> prefixes.add(route.prefix()));
        return prefixes.stream().map(prefix -> Nodes.key(Ni.STATIC, Ni.PREFIX, prefix)).toList();
    }

    private static Optional<ContainerNode> readConfig(final ReadContext ctx, final YangInstanceIdentifier path) {
        return Optional.of(Nodes.container(Ni.CONFIG).leaf(Ni.PREFIX, OcPaths.keyOf(path, Ni.STATIC, Ni.PREFIX))
            .build());
    }

    /** The prefix alone configures nothing. */
    private void writeConfig(final YangInstanceIdentifier path, final DataTreeCandidateNode node,
            final WriteContext ctx, final CliCommands out) throws OperationErrorsException {
        requireOnly(path, node, Set.of(Ni.PREFIX), device);
    }

    private List<MapEntryNode> nextHops(final ReadContext ctx, final YangInstanceIdentifier parent) {
        final String prefix = OcPaths.keyOf(parent, Ni.STATIC, Ni.PREFIX).toString();
        return syntax.routes(ctx.runningConfig(), OcPaths.networkInstanceName(parent)).stream()
            .filter(route -> route.prefix().equals(prefix))
            .map(Route::hop)
            .map(StaticNextHop::toEntry)
            .toList();
    }

    private void writeNextHop(final YangInstanceIdentifier path, final DataTreeCandidateNode node,
            final WriteContext ctx, final CliCommands out) throws OperationErrorsException {
        final String instance = OcPaths.networkInstanceName(path);
        final String prefix = OcPaths.keyOf(path, Ni.STATIC, Ni.PREFIX).toString();
        final Optional<StaticNextHop> before = hop(path, node.dataBefore());
        final Optional<StaticNextHop> after = hop(path, node.dataAfter());
        if (before.equals(after) || after.isEmpty() && syntax.vrfDeletesItsRoutes() && !Ni.DEFAULT.equals(instance)
                && ctx.deleted(OcPaths.networkInstance(instance))) {
            return;
        }
        final List<String> lines = new ArrayList<>();
        before.ifPresent(hop -> lines.add("no " + syntax.routeLine(instance, prefix, hop)));
        after.ifPresent(hop -> lines.add(syntax.routeLine(instance, prefix, hop)));
        out.in(syntax.routeModes(instance), lines.toArray(String[]::new));
    }

    private Optional<StaticNextHop> hop(final YangInstanceIdentifier path, final @Nullable NormalizedNode entry)
            throws OperationErrorsException {
        return entry instanceof DataContainerNode hop ? Optional.of(StaticNextHop.fromEntry(hop, path, device))
            : Optional.empty();
    }
}
