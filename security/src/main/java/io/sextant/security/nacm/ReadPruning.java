package io.sextant.security.nacm;

import java.util.ArrayList;
import java.util.List;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ChoiceNode;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodeContainer;
import org.opendaylight.yangtools.yang.data.api.schema.SystemLeafSetNode;
import org.opendaylight.yangtools.yang.data.api.schema.SystemMapNode;
import org.opendaylight.yangtools.yang.data.api.schema.UnkeyedListEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.UnkeyedListNode;
import org.opendaylight.yangtools.yang.data.api.schema.UserLeafSetNode;
import org.opendaylight.yangtools.yang.data.api.schema.UserMapNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/**
 * Read access applied to data: what of a node a read cursor lets through, the same object when
 * nothing is denied, a copy without the denied nodes otherwise. Subtrees whose rules are
 * uniform are taken or dropped whole, without a walk.
 */
final class ReadPruning {
    private ReadPruning() {
    }

    /**
     * What of {@code node} (where {@code cursor} stands) may be read; null when nothing.
     */
    static @Nullable NormalizedNode prune(final Cursor cursor, final NormalizedNode node) {
        switch (cursor.uniform()) {
            case Cursor.UNIFORM_PERMIT:
                return node;
            case Cursor.UNIFORM_DENY:
                return null;
            default:
                break;
        }
        if (!(node instanceof NormalizedNodeContainer<?> container)) {
            return cursor.decide().permitted() ? node : null;
        }
        // A container the user may not read still shows as the way to descendants the user may
        // read (RFC 8341 appendix A.4: a rule for /acme-netconf/config-parameters under
        // read-default deny), with the keys of list entries on that way.
        final boolean readable = node instanceof ChoiceNode || cursor.decide().permitted();
        final List<NormalizedNode> kept = new ArrayList<>();
        boolean changed = false;
        boolean descendantKept = false;
        for (NormalizedNode child : container.body()) {
            final NormalizedNode pruned = prune(cursor.enter(child.name(), child), child);
            if (pruned != null) {
                kept.add(pruned);
                descendantKept = true;
            } else if (node instanceof MapEntryNode entry && entry.name().keySet().contains(child.name().getNodeType())
                    && child.name() instanceof YangInstanceIdentifier.NodeIdentifier) {
                // keys stay with their entry (counted as content only where readable)
                kept.add(child);
            }
            changed |= pruned != child;
        }
        if (!readable && !descendantKept) {
            return null;
        }
        if (!changed) {
            return node;
        }
        if (kept.isEmpty() && (node instanceof MapNode || node instanceof LeafSetNode
                || node instanceof UnkeyedListNode || node instanceof ChoiceNode)) {
            return null;
        }
        return rebuild(node, kept);
    }

    @SuppressWarnings({ "unchecked", "rawtypes" })
    private static NormalizedNode rebuild(final NormalizedNode node, final List<NormalizedNode> children) {
        if (node instanceof ContainerNode container) {
            final var builder = ImmutableNodes.newContainerBuilder().withNodeIdentifier(container.name());
            children.forEach(child -> builder.withChild((DataContainerChild) child));
            return builder.build();
        } else if (node instanceof MapEntryNode entry) {
            final var builder = ImmutableNodes.newMapEntryBuilder().withNodeIdentifier(entry.name());
            children.forEach(child -> builder.withChild((DataContainerChild) child));
            return builder.build();
        } else if (node instanceof ChoiceNode choice) {
            final var builder = ImmutableNodes.newChoiceBuilder().withNodeIdentifier(choice.name());
            children.forEach(child -> builder.withChild((DataContainerChild) child));
            return builder.build();
        } else if (node instanceof UnkeyedListEntryNode entry) {
            final var builder = ImmutableNodes.newUnkeyedListEntryBuilder().withNodeIdentifier(entry.name());
            children.forEach(child -> builder.withChild((DataContainerChild) child));
            return builder.build();
        } else if (node instanceof UserMapNode map) {
            final var builder = ImmutableNodes.newUserMapBuilder().withNodeIdentifier(map.name());
            children.forEach(child -> builder.withChild((MapEntryNode) child));
            return builder.build();
        } else if (node instanceof SystemMapNode map) {
            final var builder = ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(map.name());
            children.forEach(child -> builder.withChild((MapEntryNode) child));
            return builder.build();
        } else if (node instanceof UserLeafSetNode<?> set) {
            final var builder = ImmutableNodes.newUserLeafSetBuilder().withNodeIdentifier(set.name());
            children.forEach(child -> builder.withChild((LeafSetEntryNode) child));
            return builder.build();
        } else if (node instanceof SystemLeafSetNode<?> set) {
            final var builder = ImmutableNodes.newSystemLeafSetBuilder().withNodeIdentifier(set.name());
            children.forEach(child -> builder.withChild((LeafSetEntryNode) child));
            return builder.build();
        } else if (node instanceof UnkeyedListNode list) {
            final var builder = ImmutableNodes.newUnkeyedListBuilder().withNodeIdentifier(list.name());
            children.forEach(child -> builder.withChild((UnkeyedListEntryNode) child));
            return builder.build();
        }
        throw new IllegalStateException("Cannot rebuild a " + node.contract().getSimpleName());
    }
}
