package io.sextant.southbound.netconf.topology;

import java.util.Optional;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ChoiceNode;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.UnkeyedListNode;
import org.opendaylight.yangtools.yang.data.api.schema.UserMapNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContextTree;
import org.opendaylight.yangtools.yang.model.api.DataSchemaNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.ListSchemaNode;

/**
 * Keeps only the state (config false) part of data read with {@code <get>}, for
 * {@code content=nonconfig}: config leaves go, containers and list entries stay when they hold
 * state (list entries keep their keys).
 */
final class StateFilter {
    private final DataSchemaContextTree tree;

    StateFilter(final EffectiveModelContext schema) {
        this.tree = DataSchemaContextTree.from(schema);
    }

    /** The state part of {@code data}, which sits at {@code path}. */
    Optional<NormalizedNode> state(final YangInstanceIdentifier path, final NormalizedNode data) {
        final DataSchemaContext context = path.isEmpty() ? tree.getRoot() : tree.childByPath(path);
        if (context == null) {
            return Optional.empty();
        }
        if (!isConfig(context.dataSchemaNode()) && !path.isEmpty()) {
            return Optional.of(data);
        }
        return filter(context, data);
    }

    private static boolean isConfig(final DataSchemaNode schema) {
        return schema.effectiveConfig().orElse(Boolean.TRUE);
    }

    private Optional<NormalizedNode> filter(final DataSchemaContext context, final NormalizedNode data) {
        if (!(context instanceof DataSchemaContext.Composite composite)) {
            // A config leaf or leaf-list (state ones were kept whole above).
            return isConfig(context.dataSchemaNode()) ? Optional.empty() : Optional.of(data);
        }
        if (data instanceof MapNode map) {
            final var builder = map instanceof UserMapNode
                ? ImmutableNodes.newUserMapBuilder() : ImmutableNodes.newSystemMapBuilder();
            builder.withNodeIdentifier(map.name());
            for (MapEntryNode entry : map.body()) {
                filter(composite.childByArg(entry.name()), entry)
                    .ifPresent(kept -> builder.withChild((MapEntryNode) kept));
            }
            final MapNode result = builder.build();
            return result.isEmpty() ? Optional.empty() : Optional.of(result);
        }
        if (data instanceof LeafSetNode<?> || data instanceof UnkeyedListNode) {
            return isConfig(context.dataSchemaNode()) ? Optional.empty() : Optional.of(data);
        }
        if (data instanceof DataContainerNode container) {
            return filterContainer(composite, container);
        }
        return Optional.of(data);
    }

    private Optional<NormalizedNode> filterContainer(final DataSchemaContext.Composite context,
            final DataContainerNode container) {
        final var builder = container instanceof MapEntryNode entry
            ? ImmutableNodes.newMapEntryBuilder().withNodeIdentifier(entry.name())
            : container instanceof ChoiceNode choice
                ? ImmutableNodes.newChoiceBuilder().withNodeIdentifier(choice.name())
                : ImmutableNodes.newContainerBuilder().withNodeIdentifier(((ContainerNode) container).name());
        boolean kept = false;
        for (DataContainerChild child : container.body()) {
            final DataSchemaContext childContext = context.childByArg(child.name());
            if (childContext == null) {
                continue;
            }
            if (!isConfig(childContext.dataSchemaNode())) {
                builder.withChild(child);
                kept = true;
                continue;
            }
            final Optional<NormalizedNode> filtered = filter(childContext, child);
            if (filtered.isPresent()) {
                builder.withChild((DataContainerChild) filtered.get());
                kept = true;
            }
        }
        if (!kept) {
            return Optional.empty();
        }
        if (container instanceof MapEntryNode entry && context.dataSchemaNode() instanceof ListSchemaNode list) {
            for (var key : list.getKeyDefinition()) {
                entry.findChildByArg(new YangInstanceIdentifier.NodeIdentifier(key)).ifPresent(builder::withChild);
            }
        }
        return Optional.of(builder.build());
    }
}
