package io.sextant.security.nacm;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
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
    /** Null when unrestricted. */
    private final @Nullable RuleSet rules;

    NacmAccess(final String user, final Set<String> groups, final @Nullable RuleSet rules) {
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
            final String ruleModule = rule.module();
            final String operationName = rule.operationName();
            if ((ruleModule == null || ruleModule.equals(module))
                    && (rule.kind() == RuleSet.KIND_ANY || rule.kind() == kind
                        && (operationName == null || operationName.equals(name.getLocalName())))) {
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
        return Optional.ofNullable(ReadPruning.prune(cursor, data));
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
        final RuleSet checked = rules;
        if (checked == null) {
            return Optional.empty();
        }
        for (WriteCheck write : writes) {
            final Optional<Denial> denial = checkWrite(checked, write);
            if (denial.isPresent()) {
                return denial;
            }
        }
        return Optional.empty();
    }

    private Optional<Denial> checkWrite(final RuleSet checked, final WriteCheck write) {
        final WriteWalk walk = new WriteWalk(checked, user, write.path());
        final NormalizedNode existing = write.existing();
        final @Nullable Denial denial = switch (write.operation()) {
            case CREATE -> walk.subtree(NacmOperation.CREATE, written(write));
            case MERGE, REPLACE -> existing == null ? walk.subtree(NacmOperation.CREATE, written(write))
                : walk.change(existing, written(write), write.operation() == WriteOperation.MERGE);
            case DELETE, REMOVE -> existing == null ? walk.self(NacmOperation.DELETE)
                : walk.subtree(NacmOperation.DELETE, existing);
        };
        return Optional.ofNullable(denial);
    }

    /** The data a create, merge or replace writes (WriteCheck does not take one without it). */
    private static NormalizedNode written(final WriteCheck write) {
        return requireNonNull(write.data());
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
        return Optional.ofNullable(new WriteWalk(rules, user, path).candidate(candidate));
    }
}
