package io.sextant.security.nacm;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.ChoiceNode;
import org.opendaylight.yangtools.yang.data.api.schema.DistinctNodeContainer;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodeContainer;
import org.opendaylight.yangtools.yang.data.api.schema.UnkeyedListNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;

/**
 * One write check of one user's access: the nodes a write creates, changes or deletes, walked
 * with one cursor per operation, stepped down together with the data, and the path walked so
 * far (for the denial). Subtrees whose rules are uniformly permitted are not walked. Used once.
 */
final class WriteWalk {
    private final RuleSet rules;
    private final String user;
    private final DataPath root;
    private final Cursor[] cursors = new Cursor[NacmOperation.values().length];
    private final Deque<PathArgument> below = new ArrayDeque<>();

    WriteWalk(final RuleSet rules, final String user, final DataPath root) {
        this.rules = rules;
        this.user = user;
        this.root = root;
    }

    private Cursor cursor(final NacmOperation op) {
        Cursor cursor = cursors[op.ordinal()];
        if (cursor == null) {
            cursor = Cursor.at(rules, op, user, root);
            cursors[op.ordinal()] = cursor;
        }
        return cursor;
    }

    private Denial denial(final NacmOperation op, final Decision decision) {
        YangInstanceIdentifier path = root.innermost().path();
        for (var it = below.descendingIterator(); it.hasNext();) {
            path = path.node(it.next());
        }
        return new Denial(path, op, decision);
    }

    @Nullable Denial self(final NacmOperation op) {
        final Decision decision = cursor(op).decide();
        return decision.permitted() ? null : denial(op, decision);
    }

    /** Every node of {@code node} needs {@code op}. */
    @Nullable Denial subtree(final NacmOperation op, final NormalizedNode node) {
        return subtree(cursor(op), node);
    }

    private @Nullable Denial subtree(final Cursor cursor, final NormalizedNode node) {
        final int uniform = cursor.uniform();
        if (uniform == Cursor.UNIFORM_PERMIT) {
            return null;
        }
        final Decision decision = cursor.decide();
        if (!decision.permitted() && !(node instanceof ChoiceNode)) {
            return denial(cursor.operation(), decision);
        }
        if (node instanceof NormalizedNodeContainer<?> container) {
            for (NormalizedNode child : container.body()) {
                below.push(child.name());
                final Denial denial = subtree(cursor.enter(child.name(), child), child);
                below.pop();
                if (denial != null) {
                    return denial;
                }
            }
        }
        return null;
    }

    /** {@code after} merged into (or replacing) {@code before}. */
    @Nullable Denial change(final NormalizedNode before, final NormalizedNode after, final boolean merge) {
        return change(cursor(NacmOperation.CREATE), cursor(NacmOperation.UPDATE), cursor(NacmOperation.DELETE),
            before, after, merge);
    }

    private @Nullable Denial change(final Cursor create, final Cursor update, final Cursor delete,
            final NormalizedNode before, final NormalizedNode after, final boolean merge) {
        if (before == after) {
            // shared, so unchanged: a whole configuration replaced costs what its change costs
            return null;
        }
        if (!(after instanceof DistinctNodeContainer<?, ?> afterContainer)
                || !(before instanceof DistinctNodeContainer<?, ?> beforeContainer)) {
            if (after instanceof NormalizedNodeContainer<?> || Objects.equals(before.body(), after.body())) {
                // unkeyed lists are replaced whole: their entries have no identity to compare
                return after instanceof UnkeyedListNode && !after.equals(before)
                    ? replaceWhole(create, delete, before, after) : null;
            }
            final Decision decision = update.decide();
            return decision.permitted() ? null : denial(NacmOperation.UPDATE, decision);
        }
        if (create.uniform() == Cursor.UNIFORM_PERMIT && update.uniform() == Cursor.UNIFORM_PERMIT
                && (merge || delete.uniform() == Cursor.UNIFORM_PERMIT)) {
            return null;
        }
        for (NormalizedNode child : afterContainer.body()) {
            final PathArgument name = child.name();
            final NormalizedNode old = ((DistinctNodeContainer<PathArgument, ?>) beforeContainer).childByArg(name);
            below.push(name);
            final Denial denial = old == null ? subtree(create.enter(name, child), child)
                : change(create.enter(name, child), update.enter(name, child), delete.enter(name, child), old,
                    child, merge);
            below.pop();
            if (denial != null) {
                return denial;
            }
        }
        if (!merge) {
            for (NormalizedNode old : beforeContainer.body()) {
                final PathArgument name = old.name();
                if (((DistinctNodeContainer<PathArgument, ?>) afterContainer).childByArg(name) == null) {
                    below.push(name);
                    final Denial denial = subtree(delete.enter(name, old), old);
                    below.pop();
                    if (denial != null) {
                        return denial;
                    }
                }
            }
        }
        return null;
    }

    private @Nullable Denial replaceWhole(final Cursor create, final Cursor delete, final NormalizedNode before,
            final NormalizedNode after) {
        final Denial deleted = subtree(delete, before);
        return deleted != null ? deleted : subtree(create, after);
    }

    @Nullable Denial candidate(final DataTreeCandidateNode node) {
        return candidate(cursor(NacmOperation.CREATE), cursor(NacmOperation.UPDATE),
            cursor(NacmOperation.DELETE), node);
    }

    private @Nullable Denial candidate(final Cursor create, final Cursor update, final Cursor delete,
            final DataTreeCandidateNode node) {
        final NormalizedNode before = node.dataBefore();
        final NormalizedNode after = node.dataAfter();
        switch (node.modificationType()) {
            case UNMODIFIED:
                return null;
            case DELETE:
            case DISAPPEARED:
                return before == null ? null : subtree(delete, before);
            case APPEARED:
                return subtree(create, after);
            case WRITE:
                if (before == null) {
                    return subtree(create, after);
                }
                if (!(after instanceof NormalizedNodeContainer<?>)) {
                    if (Objects.equals(before.body(), after.body())) {
                        return null;
                    }
                    final Decision decision = update.decide();
                    return decision.permitted() ? null : denial(NacmOperation.UPDATE, decision);
                }
                break;
            default:
                break;
        }
        for (DataTreeCandidateNode child : node.childNodes()) {
            final PathArgument name = child.name();
            final NormalizedNode data = child.dataAfter() != null ? child.dataAfter() : child.dataBefore();
            below.push(name);
            final Denial denial = candidate(create.enter(name, data), update.enter(name, data),
                delete.enter(name, data), child);
            below.pop();
            if (denial != null) {
                return denial;
            }
        }
        return null;
    }
}
