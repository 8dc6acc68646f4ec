package io.sextant.southbound.netconf.topology;

import java.util.LinkedHashMap;
import java.util.Map;
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

/**
 * Overlays one tree on another of the same node (configuration from get-config with state from
 * get, for {@code content=all}): containers and list entries merge child by child, leaves of the
 * overlay win, lists and leaf-lists keep the entries of both.
 */
final class NormalizedMerge {
    private NormalizedMerge() {
    }

    static NormalizedNode merge(final NormalizedNode base, final NormalizedNode overlay) {
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
