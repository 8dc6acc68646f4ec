package io.sextant.uniconfig;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.DistinctNodeContainer;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.OrderedNodeContainer;
import org.opendaylight.yangtools.yang.data.api.schema.ValueNode;

/**
 * Computes the {@link ConfigDiff} between two configuration trees. Trees derived from each
 * other share unchanged subtrees as the same objects (the datastore's immutable nodes), and
 * such subtrees are skipped by identity, so the cost follows the size of the change, not of
 * the configuration. Changes are found at the smallest node that differs: a leaf, a list entry
 * or container that appeared or disappeared, or a whole user-ordered list whose order changed.
 */
final class Differ {
    /** Counts the node pairs a diff compared, for tests of its cost. */
    interface Probe {
        void compared();
    }

    private static final Probe NONE = () -> { };

    private final Probe probe;

    private Differ(final Probe probe) {
        this.probe = probe;
    }

    static ConfigDiff diff(final NormalizedNode actual, final NormalizedNode intended) {
        return diff(actual, intended, NONE);
    }

    static ConfigDiff diff(final NormalizedNode actual, final NormalizedNode intended, final Probe probe) {
        final DiffNode root = new Differ(probe).node(null, actual, intended);
        return new ConfigDiff(root != null ? root : new DiffNode.Unmodified(actual));
    }

    /** The diff node of one pair, or null when nothing differs. */
    private @Nullable DiffNode node(final @Nullable PathArgument name, final @Nullable NormalizedNode before,
            final @Nullable NormalizedNode after) {
        probe.compared();
        if (before == after) {
            return null;
        }
        if (before == null || after == null) {
            return before == null ? new DiffNode.Created(name, Objects.requireNonNull(after))
                : new DiffNode.Deleted(name, before);
        }
        if (before instanceof ValueNode<?> oldValue && after instanceof ValueNode<?> newValue) {
            return Objects.deepEquals(oldValue.body(), newValue.body()) ? null
                : new DiffNode.Replaced(name, before, after);
        }
        if (before instanceof OrderedNodeContainer<?> oldList && after instanceof OrderedNodeContainer<?> newList
                && !sameOrder(oldList, newList)) {
            // a user-ordered list whose entries moved: only a replacement of the list says that
            return before.equals(after) ? null : new DiffNode.Replaced(name, before, after);
        }
        if (before instanceof DistinctNodeContainer<?, ?> oldContainer
                && after instanceof DistinctNodeContainer<?, ?> newContainer
                && before.contract().equals(after.contract())) {
            @SuppressWarnings("unchecked")
            final var oldCast = (DistinctNodeContainer<PathArgument, NormalizedNode>) oldContainer;
            @SuppressWarnings("unchecked")
            final var newCast = (DistinctNodeContainer<PathArgument, NormalizedNode>) newContainer;
            final Map<PathArgument, DiffNode> children = new LinkedHashMap<>();
            for (NormalizedNode child : newCast.body()) {
                final DiffNode changed = node(child.name(), oldCast.childByArg(child.name()), child);
                if (changed != null) {
                    children.put(child.name(), changed);
                }
            }
            for (NormalizedNode child : oldCast.body()) {
                if (newCast.childByArg(child.name()) == null) {
                    children.put(child.name(), new DiffNode.Deleted(child.name(), child));
                }
            }
            return children.isEmpty() ? null : new DiffNode.Modified(name, before, after, children);
        }
        return before.equals(after) ? null : new DiffNode.Replaced(name, before, after);
    }

    private static boolean sameOrder(final OrderedNodeContainer<?> before, final OrderedNodeContainer<?> after) {
        if (before.size() != after.size()) {
            // entries were added or removed: order of the common entries decides
            final List<PathArgument> common = new ArrayList<>();
            for (NormalizedNode child : after.body()) {
                common.add(child.name());
            }
            final List<PathArgument> old = new ArrayList<>();
            for (NormalizedNode child : before.body()) {
                if (common.contains(child.name())) {
                    old.add(child.name());
                }
            }
            common.retainAll(old);
            return common.equals(old);
        }
        final Iterator<? extends NormalizedNode> a = before.body().iterator();
        final Iterator<? extends NormalizedNode> b = after.body().iterator();
        while (a.hasNext()) {
            if (!a.next().name().equals(b.next().name())) {
                return false;
            }
        }
        return true;
    }
}
