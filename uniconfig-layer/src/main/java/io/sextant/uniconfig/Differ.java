package io.sextant.uniconfig;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.DistinctNodeContainer;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.OrderedNodeContainer;
import org.opendaylight.yangtools.yang.data.api.schema.ValueNode;

/**
 * Computes the changes between two configuration trees. Trees derived from each other share
 * unchanged subtrees as the same objects (the datastore's immutable nodes), and such subtrees
 * are skipped by identity, so the cost follows the size of the change, not of the
 * configuration. Changes are reported at the smallest node that differs: a leaf, a list
 * entry or container that appeared or disappeared, or a whole user-ordered list whose order
 * changed.
 */
public final class Differ {
    private Differ() {
    }

    public static List<Change> diff(final NormalizedNode actual, final NormalizedNode intended) {
        final List<Change> changes = new ArrayList<>();
        diff(YangInstanceIdentifier.of(), actual, intended, changes, true);
        return changes;
    }

    private static void diff(final YangInstanceIdentifier path, final NormalizedNode before,
            final NormalizedNode after, final List<Change> out, final boolean root) {
        if (before == after) {
            return;
        }
        if (before == null || after == null) {
            out.add(new Change(path, Optional.ofNullable(before), Optional.ofNullable(after)));
            return;
        }
        if (before instanceof ValueNode<?> oldValue && after instanceof ValueNode<?> newValue) {
            if (!Objects.deepEquals(oldValue.body(), newValue.body())) {
                out.add(new Change(path, Optional.of(before), Optional.of(after)));
            }
            return;
        }
        if (before instanceof OrderedNodeContainer<?> oldList && after instanceof OrderedNodeContainer<?> newList
                && !sameOrder(oldList, newList)) {
            // a user-ordered list whose entries moved: only a replacement of the list says that
            if (!before.equals(after)) {
                out.add(new Change(path, Optional.of(before), Optional.of(after)));
            }
            return;
        }
        if (before instanceof DistinctNodeContainer<?, ?> oldContainer
                && after instanceof DistinctNodeContainer<?, ?> newContainer
                && before.contract().equals(after.contract())) {
            @SuppressWarnings("unchecked")
            final var oldCast = (DistinctNodeContainer<PathArgument, NormalizedNode>) oldContainer;
            @SuppressWarnings("unchecked")
            final var newCast = (DistinctNodeContainer<PathArgument, NormalizedNode>) newContainer;
            for (NormalizedNode child : newCast.body()) {
                diff(path.node(child.name()), oldCast.childByArg(child.name()), child, out, false);
            }
            for (NormalizedNode child : oldCast.body()) {
                if (newCast.childByArg(child.name()) == null) {
                    out.add(new Change(path.node(child.name()), Optional.of(child), Optional.empty()));
                }
            }
            return;
        }
        if (!before.equals(after)) {
            out.add(new Change(path, Optional.of(before), Optional.of(after)));
        }
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
