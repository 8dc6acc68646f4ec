package io.sextant.security.nacm;

import static java.util.Objects.requireNonNull;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.ChoiceNode;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.DistinctNodeContainer;
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
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * What one user may do, under the NACM rules in force when it was obtained from
 * {@link NacmPolicy#access}. Immutable and thread-safe; cheap to obtain per request.
 *
 * <p>Reads: {@link #prune} drops what the user may not read and returns the same object when
 * nothing is dropped, without walking the data when the rules cannot deny anything below the
 * path. Writes: {@link #checkWrites} checks every node a write creates, changes or deletes and
 * names the first one denied (the whole write is then refused). RPCs, actions and
 * notifications: {@link #exec}, {@link #execAction}, {@link #receive}.
 */
public final class NacmAccess {
    private final String user;
    private final Set<String> groups;
    private final RuleSet rules;

    NacmAccess(final String user, final Set<String> groups, final RuleSet rules) {
        this.user = requireNonNull(user);
        this.groups = Set.copyOf(groups);
        this.rules = rules;
    }

    /** Access with no restriction: NACM switched off, or the controller acting on its own behalf. */
    public static NacmAccess unrestricted(final String user) {
        return new NacmAccess(user, Set.of(), null);
    }

    public String user() {
        return user;
    }

    /** The user's groups: those of the NACM configuration that name the user, and external ones. */
    public Set<String> groups() {
        return groups;
    }

    /** Whether every request is permitted (NACM disabled, or an unrestricted session). */
    public boolean isUnrestricted() {
        return rules == null;
    }

    /** May the user invoke this RPC? */
    public Decision exec(final EffectiveModelContext schema, final QName rpc) {
        return operation(schema, rpc, NacmOperation.EXEC, RuleSet.KIND_RPC);
    }

    /** May the user receive this notification? */
    public Decision receive(final EffectiveModelContext schema, final QName notification) {
        return operation(schema, notification, NacmOperation.READ, RuleSet.KIND_NOTIFICATION);
    }

    private Decision operation(final EffectiveModelContext schema, final QName name, final NacmOperation op,
            final int kind) {
        if (rules == null) {
            return Decision.UNRESTRICTED;
        }
        final SchemaInfo info = SchemaInfo.of(schema);
        final String module = info.names(name.getModule()).name();
        for (RuleSet.Compiled rule : rules.operationRules(op)) {
            if ((rule.anyModule() || rule.module().equals(module))
                    && (rule.kind() == RuleSet.KIND_ANY || rule.kind() == kind
                        && (rule.operationName() == null || rule.operationName().equals(name.getLocalName())))) {
                return new Decision(rule.action(), rule.decidedBy());
            }
        }
        if ((info.operationFlags(name) & SchemaInfo.DENY_ALL) != 0) {
            return new Decision(NacmAction.DENY, "default-deny-all");
        }
        final NacmAction action = rules.config().defaultFor(op);
        return new Decision(action, op == NacmOperation.EXEC ? "exec-default" : "read-default");
    }

    /** The decision for one operation on one data node (not its descendants). */
    public Decision data(final DataPath path, final NacmOperation op) {
        if (rules == null) {
            return Decision.UNRESTRICTED;
        }
        return Cursor.at(rules, op, user, path).decide();
    }

    /**
     * May the user invoke the action at this path? RFC 8341: exec on the action and read on
     * the data node it belongs to.
     */
    public Decision execAction(final DataPath actionPath) {
        if (rules == null) {
            return Decision.UNRESTRICTED;
        }
        final DataPath.Segment inner = actionPath.innermost();
        final YangInstanceIdentifier parent = inner.path().getParent();
        if (parent != null && !parent.isEmpty()) {
            final List<DataPath.Segment> segments = actionPath.segments();
            DataPath parentPath = DataPath.of(segments.get(0).schema(),
                segments.size() == 1 ? parent : segments.get(0).path());
            for (int i = 1; i < segments.size(); i++) {
                parentPath = parentPath.mount(segments.get(i).schema(),
                    i == segments.size() - 1 ? parent : segments.get(i).path());
            }
            final Decision read = data(parentPath, NacmOperation.READ);
            if (!read.permitted()) {
                return read;
            }
        }
        return data(actionPath, NacmOperation.EXEC);
    }

    /**
     * What of {@code data} (the node at {@code path}) the user may read: the same object when
     * everything is readable, a copy without the denied nodes otherwise, empty when the node
     * itself is denied. A list entry whose key the user may not read is dropped whole; a list,
     * leaf-list or choice left without entries is dropped.
     */
    public Optional<NormalizedNode> prune(final DataPath path, final NormalizedNode data) {
        if (rules == null) {
            return Optional.of(data);
        }
        final Cursor cursor = Cursor.at(rules, NacmOperation.READ, user, path);
        return Optional.ofNullable(prune(cursor, data));
    }

    private NormalizedNode prune(final Cursor cursor, final NormalizedNode node) {
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

    /**
     * Whether every write at or below {@code path} is permitted (create, update and delete of
     * every node), so that a write there needs no look at the data it changes. Costs no walk.
     */
    public boolean permitsEveryWrite(final DataPath path) {
        if (rules == null) {
            return true;
        }
        for (NacmOperation op : List.of(NacmOperation.CREATE, NacmOperation.UPDATE, NacmOperation.DELETE)) {
            if (Cursor.at(rules, op, user, path).uniform() != Cursor.UNIFORM_PERMIT) {
                return false;
            }
        }
        return true;
    }

    /**
     * Checks a write, all or nothing: every node the edits create needs create access, every
     * leaf whose value they change update access, every node they delete (a deleted subtree:
     * each of its nodes) delete access.
     *
     * @return the first denied node, empty when the whole write is permitted
     */
    public Optional<Denial> checkWrites(final List<WriteCheck> writes) {
        if (rules == null) {
            return Optional.empty();
        }
        for (WriteCheck write : writes) {
            final Optional<Denial> denial = checkWrite(write);
            if (denial.isPresent()) {
                return denial;
            }
        }
        return Optional.empty();
    }

    private Optional<Denial> checkWrite(final WriteCheck write) {
        final Walk walk = new Walk(write.path());
        final NormalizedNode existing = write.existing();
        final Denial denial = switch (write.operation()) {
            case CREATE -> walk.subtree(NacmOperation.CREATE, write.data());
            case MERGE, REPLACE -> existing == null ? walk.subtree(NacmOperation.CREATE, write.data())
                : walk.change(existing, write.data(), write.operation() == WriteOperation.MERGE);
            case DELETE, REMOVE -> existing == null ? walk.self(NacmOperation.DELETE)
                : walk.subtree(NacmOperation.DELETE, existing);
        };
        return Optional.ofNullable(denial);
    }

    /**
     * Checks a change given as a yangtools candidate (for example a UniConfig diff) rooted at
     * {@code path}: created nodes need create access, changed leaves update, removed nodes delete.
     *
     * @return the first denied node, empty when the change is permitted
     */
    public Optional<Denial> checkCandidate(final DataPath path, final DataTreeCandidateNode candidate) {
        if (rules == null) {
            return Optional.empty();
        }
        return Optional.ofNullable(new Walk(path).candidate(candidate));
    }

    /**
     * The state of one write check: one cursor per operation, stepped down together with the
     * data, and the path walked so far (for the denial).
     */
    private final class Walk {
        private final DataPath root;
        private final Cursor[] cursors = new Cursor[NacmOperation.values().length];
        private final Deque<PathArgument> below = new ArrayDeque<>();

        Walk(final DataPath root) {
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

        Denial self(final NacmOperation op) {
            final Decision decision = cursor(op).decide();
            return decision.permitted() ? null : denial(op, decision);
        }

        /** Every node of {@code node} needs {@code op}. */
        Denial subtree(final NacmOperation op, final NormalizedNode node) {
            return subtree(cursor(op), node);
        }

        private Denial subtree(final Cursor cursor, final NormalizedNode node) {
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
        Denial change(final NormalizedNode before, final NormalizedNode after, final boolean merge) {
            return change(cursor(NacmOperation.CREATE), cursor(NacmOperation.UPDATE), cursor(NacmOperation.DELETE),
                before, after, merge);
        }

        private Denial change(final Cursor create, final Cursor update, final Cursor delete,
                final NormalizedNode before, final NormalizedNode after, final boolean merge) {
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

        private Denial replaceWhole(final Cursor create, final Cursor delete, final NormalizedNode before,
                final NormalizedNode after) {
            final Denial deleted = subtree(delete, before);
            return deleted != null ? deleted : subtree(create, after);
        }

        Denial candidate(final DataTreeCandidateNode node) {
            return candidate(cursor(NacmOperation.CREATE), cursor(NacmOperation.UPDATE),
                cursor(NacmOperation.DELETE), node);
        }

        private Denial candidate(final Cursor create, final Cursor update, final Cursor delete,
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
}
