package io.sextant.translation.engine;

import io.sextant.spi.OperationErrorsException;
import io.sextant.translation.spi.Handler;
import io.sextant.translation.spi.Handler.ContainerHandler;
import io.sextant.translation.spi.Handler.ListHandler;
import io.sextant.translation.spi.Handler.SubtreeHandler;
import io.sextant.translation.spi.ReadContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.SchemaContext;

/**
 * Builds a unit's configuration tree by running its readers top-down: list readers give the
 * entries, container readers their leaves, structural containers appear when something below
 * them does.
 */
public final class ConfigReadEngine {
    /** The name of the root container holding the top-level data ({@code data}, as NETCONF names it). */
    public static final QName ROOT = SchemaContext.NAME;

    private ConfigReadEngine() {
    }

    public static ContainerNode read(final HandlerTree tree, final ReadContext ctx) throws OperationErrorsException {
        final var root = ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(ROOT));
        for (DataContainerChild child : readChildren(tree.root(), YangInstanceIdentifier.of(), ctx)) {
            root.withChild(child);
        }
        return root.build();
    }

    private static List<DataContainerChild> readChildren(final HandlerTree.Step step,
            final YangInstanceIdentifier path, final ReadContext ctx) throws OperationErrorsException {
        final List<DataContainerChild> children = new ArrayList<>();
        for (HandlerTree.Step child : step.children().values()) {
            final Optional<DataContainerChild> node = child.isList() ? readList(child, path, ctx)
                : readContainer(child, path, ctx);
            node.ifPresent(children::add);
        }
        return children;
    }

    private static Optional<DataContainerChild> readList(final HandlerTree.Step step,
            final YangInstanceIdentifier parent, final ReadContext ctx) throws OperationErrorsException {
        final Handler handler = step.handler().orElseThrow();
        final YangInstanceIdentifier listPath = parent.node(new NodeIdentifier(step.name()));
        final List<MapEntryNode> entries = new ArrayList<>();
        if (handler instanceof SubtreeHandler subtree) {
            entries.addAll(subtree.reader().entries(ctx, parent));
        } else if (handler instanceof ListHandler list) {
            for (NodeIdentifierWithPredicates key : list.reader().keys(ctx, parent)) {
                final var entry = ImmutableNodes.newMapEntryBuilder().withNodeIdentifier(key);
                key.entrySet().forEach(k -> entry.withChild(ImmutableNodes.leafNode(k.getKey(), k.getValue())));
                for (DataContainerChild child : readChildren(step, listPath.node(key), ctx)) {
                    entry.withChild(child);
                }
                entries.add(entry.build());
            }
        }
        if (entries.isEmpty()) {
            return Optional.empty();
        }
        final var map = step.isUserOrdered() ? ImmutableNodes.newUserMapBuilder() : ImmutableNodes.newSystemMapBuilder();
        map.withNodeIdentifier(new NodeIdentifier(step.name()));
        entries.forEach(map::withChild);
        return Optional.of(map.build());
    }

    private static Optional<DataContainerChild> readContainer(final HandlerTree.Step step,
            final YangInstanceIdentifier parent, final ReadContext ctx) throws OperationErrorsException {
        final YangInstanceIdentifier path = parent.node(new NodeIdentifier(step.name()));
        final var builder = ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(step.name()));
        boolean present = false;
        if (step.handler().orElse(null) instanceof ContainerHandler container) {
            final Optional<ContainerNode> own = container.reader().read(ctx, path);
            if (own.isPresent()) {
                own.orElseThrow().body().forEach(builder::withChild);
                present = true;
            }
        }
        final List<DataContainerChild> children = readChildren(step, path, ctx);
        children.forEach(builder::withChild);
        return present || !children.isEmpty() ? Optional.of(builder.build()) : Optional.empty();
    }
}
