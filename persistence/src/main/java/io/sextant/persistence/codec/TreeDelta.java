package io.sextant.persistence.codec;

import java.util.ArrayList;
import java.util.List;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.ChoiceNode;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DistinctNodeContainer;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.SystemMapNode;

/**
 * The smallest list of {@link ConfigChange}s that turns one tree into another. Subtrees that are
 * the same object are skipped without a look, so with yangtools' structural sharing (a DataTree
 * commit rebuilds only the path to a change) the delta costs what the change costs, whatever the
 * size of the tree. Containers, choices, list entries and system-ordered lists are compared child
 * by child; anything else that differs (a leaf, an ordered-by-user list, a leaf-list, an unkeyed
 * list, anydata) is put whole, so order is kept.
 *
 * <p>Every put's parent exists in the tree the changes apply to, so {@link TreeEdits} can replay
 * them without a schema.
 */
public final class TreeDelta {
    private TreeDelta() {
    }

    /** The changes from {@code before} to {@code after}, both at {@code path} (usually the root). */
    public static List<ConfigChange> between(final YangInstanceIdentifier path, final NormalizedNode before,
            final NormalizedNode after) {
        final List<ConfigChange> changes = new ArrayList<>();
        if (before == null && after != null) {
            changes.add(ConfigChange.put(path, after));
        } else if (after == null && before != null) {
            changes.add(ConfigChange.delete(path));
        } else if (before != null) {
            compare(path, before, after, changes);
        }
        return changes;
    }

    private static void compare(final YangInstanceIdentifier path, final NormalizedNode before,
            final NormalizedNode after, final List<ConfigChange> changes) {
        if (before == after) {
            return;
        }
        if (comparable(before, after)) {
            @SuppressWarnings("unchecked")
            final var old = (DistinctNodeContainer<PathArgument, NormalizedNode>) before;
            @SuppressWarnings("unchecked")
            final var now = (DistinctNodeContainer<PathArgument, NormalizedNode>) after;
            for (NormalizedNode child : old.body()) {
                if (now.childByArg(child.name()) == null) {
                    changes.add(ConfigChange.delete(path.node(child.name())));
                }
            }
            for (NormalizedNode child : now.body()) {
                final NormalizedNode oldChild = old.childByArg(child.name());
                if (oldChild == null) {
                    changes.add(ConfigChange.put(path.node(child.name()), child));
                } else {
                    compare(path.node(child.name()), oldChild, child, changes);
                }
            }
        } else if (!before.equals(after)) {
            changes.add(ConfigChange.put(path, after));
        }
    }

    /** Both are the same kind of unordered container with the same identifier. */
    static boolean comparable(final NormalizedNode before, final NormalizedNode after) {
        if (!before.name().equals(after.name())) {
            return false;
        }
        return before instanceof ContainerNode && after instanceof ContainerNode
            || before instanceof MapEntryNode && after instanceof MapEntryNode
            || before instanceof ChoiceNode && after instanceof ChoiceNode
            || before instanceof SystemMapNode && after instanceof SystemMapNode;
    }
}
