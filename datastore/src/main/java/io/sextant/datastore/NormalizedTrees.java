package io.sextant.datastore;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.ChoiceNode;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.UserLeafSetNode;
import org.opendaylight.yangtools.yang.data.api.schema.UserMapNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.SchemaContext;

/** Trees of data put together without a schema. */
public final class NormalizedTrees {
    private NormalizedTrees() {
    }

    /**
     * The list at {@code listPath} holding {@code entries}, shaped as a read at {@code read} (a
     * prefix of {@code listPath}, or itself); empty when there are no entries or {@code read} is
     * not at or above the list.
     */
    public static Optional<NormalizedNode> listAt(final YangInstanceIdentifier read,
            final YangInstanceIdentifier listPath, final Collection<MapEntryNode> entries) {
        if (entries.isEmpty() || !read.contains(listPath)) {
            return Optional.empty();
        }
        final var list = ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(
            (NodeIdentifier) listPath.getLastPathArgument());
        entries.forEach(list::withChild);
        return Optional.of(wrap(read, listPath, list.build()));
    }

    /**
     * {@code data} (the node at {@code to}) inside the structural nodes from {@code from} (a
     * prefix of {@code to}) down to it, shaped as a read at {@code from}: a step with keys is a
     * list entry (with its key leaves) in a list, any other step a container. For paths through
     * containers and keyed lists only (no choices, unkeyed lists or leaf-lists on the way).
     */
    public static NormalizedNode wrap(final YangInstanceIdentifier from, final YangInstanceIdentifier to,
            final NormalizedNode data) {
        final List<PathArgument> steps = to.getPathArguments();
        final int top = from.getPathArguments().size();
        NormalizedNode node = data;
        // node is the node at steps[i]; build its parent, at steps[i - 1], up to the node at from (or the root's child)
        for (int i = steps.size() - 1; i >= Math.max(top, 1); i--) {
            final PathArgument parent = steps.get(i - 1);
            if (parent instanceof NodeIdentifierWithPredicates key) {
                final var entry = ImmutableNodes.newMapEntryBuilder().withNodeIdentifier(key);
                key.entrySet().forEach(leaf -> entry.withChild(ImmutableNodes.leafNode(leaf.getKey(),
                    leaf.getValue())));
                node = entry.withChild((DataContainerChild) node).build();
            } else if (node instanceof MapEntryNode listEntry) {
                node = ImmutableNodes.newSystemMapBuilder().withNodeIdentifier((NodeIdentifier) parent)
                    .withChild(listEntry).build();
            } else {
                node = ImmutableNodes.newContainerBuilder().withNodeIdentifier((NodeIdentifier) parent)
                    .withChild((DataContainerChild) node).build();
            }
        }
        if (top == 0) {
            node = ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(SchemaContext.NAME))
                .withChild((DataContainerChild) node).build();
        }
        return node;
    }

    /**
     * Overlays one tree on another of the same node (configuration from get-config with state from
     * get, for {@code content=all}; the state other controller instances serve on this one's):
     * containers and list entries merge child by child, leaves of the overlay win, lists and
     * leaf-lists keep the entries of both.
     */
    public static NormalizedNode merge(final NormalizedNode base, final NormalizedNode overlay) {
        if (base instanceof MapNode baseMap && overlay instanceof MapNode overlayMap) {
            final Map<PathArgument, MapEntryNode> entries = new LinkedHashMap<>();
            baseMap.body().forEach(e -> entries.put(e.name(), e));
            overlayMap.body().forEach(e -> entries.merge(e.name(), e, (a, b) -> (MapEntryNode) merge(a, b)));
            final var builder = base instanceof UserMapNode ? ImmutableNodes.newUserMapBuilder()
                : ImmutableNodes.newSystemMapBuilder();
            builder.withNodeIdentifier(baseMap.name());
            entries.values().forEach(builder::withChild);
            return builder.build();
        }
        if (base instanceof LeafSetNode<?> baseSet && overlay instanceof LeafSetNode<?> overlaySet) {
            final Map<PathArgument, LeafSetEntryNode<?>> entries = new LinkedHashMap<>();
            baseSet.body().forEach(e -> entries.put(e.name(), e));
            overlaySet.body().forEach(e -> entries.put(e.name(), e));
            final var builder = base instanceof UserLeafSetNode ? ImmutableNodes.newUserLeafSetBuilder()
                : ImmutableNodes.newSystemLeafSetBuilder();
            builder.withNodeIdentifier(baseSet.name());
            entries.values().forEach(e -> builder.withChild((LeafSetEntryNode) e));
            return builder.build();
        }
        if (base instanceof DataContainerNode baseContainer && overlay instanceof DataContainerNode overlayContainer) {
            final Map<PathArgument, DataContainerChild> children = new LinkedHashMap<>();
            baseContainer.body().forEach(c -> children.put(c.name(), c));
            overlayContainer.body().forEach(c -> children.merge(c.name(), c,
                (a, b) -> (DataContainerChild) merge(a, b)));
            final var builder = base instanceof MapEntryNode entry
                ? ImmutableNodes.newMapEntryBuilder().withNodeIdentifier(entry.name())
                : base instanceof ChoiceNode choice ? ImmutableNodes.newChoiceBuilder().withNodeIdentifier(choice.name())
                    : ImmutableNodes.newContainerBuilder().withNodeIdentifier(((ContainerNode) base).name());
            children.values().forEach(builder::withChild);
            return builder.build();
        }
        return overlay;
    }
}
