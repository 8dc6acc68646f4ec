package io.sextant.security.nacm;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeWithValue;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.ChoiceNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.UnkeyedListEntryNode;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext;
import org.opendaylight.yangtools.yang.model.api.ChoiceSchemaNode;

/**
 * Where a walk down the data tree stands for one access operation: for each data rule that
 * covers the operation, how much of its path the nodes so far have matched. Immutable; each
 * step down makes a new cursor (sharing the positions when no rule is still half-matched, as
 * for a user whose rules have no paths).
 */
final class Cursor {
    enum Kind {
        /** A container, leaf, list or leaf-list node, anydata: a step of a path. */
        NAMED,
        /** A list or leaf-list entry: where a step's key predicates are checked. */
        ENTRY,
        /** A choice: not part of instance-identifiers. */
        TRANSPARENT
    }

    static final int UNIFORM_PERMIT = 0;
    static final int UNIFORM_DENY = 1;
    static final int MIXED = 2;

    private static final SchemaInfo.Names MOUNT_NAMES = new SchemaInfo.Names("yang-ext", "ext");
    private static final String MOUNT_NAME = "mount";

    private final RuleSet rules;
    private final NacmOperation op;
    private final String user;
    private final RuleSet.Compiled[] dataRules;
    private final int[] positions;
    private final boolean settled;
    private final SchemaInfo info;
    /** Null where the schema does not know the data (opaque data, an unknown child). */
    private final @Nullable DataSchemaContext schema;
    private final SchemaInfo.Names names;
    private final int flags;

    private Cursor(final RuleSet rules, final NacmOperation op, final String user, final int[] positions,
            final boolean settled, final SchemaInfo info, final @Nullable DataSchemaContext schema,
            final SchemaInfo.Names names, final int flags) {
        this.rules = rules;
        this.op = op;
        this.user = user;
        this.dataRules = rules.dataRules(op);
        this.positions = positions;
        this.settled = settled;
        this.info = info;
        this.schema = schema;
        this.names = names;
        this.flags = flags;
    }

    static Cursor root(final RuleSet rules, final NacmOperation op, final String user, final SchemaInfo info) {
        final int[] positions = rules.rootPositions(op);
        return new Cursor(rules, op, user, positions, isSettled(positions), info, info.tree().getRoot(),
            SchemaInfo.Names.UNKNOWN, 0);
    }

    /** The cursor at the end of a path, from the root. */
    static Cursor at(final RuleSet rules, final NacmOperation op, final String user, final DataPath path) {
        // a path has one segment at least: the root's
        final List<DataPath.Segment> segments = path.segments();
        Cursor cursor = root(rules, op, user, SchemaInfo.of(segments.get(0).schema()));
        for (int i = 0; i < segments.size(); i++) {
            final DataPath.Segment segment = segments.get(i);
            if (i > 0) {
                cursor = cursor.mount(SchemaInfo.of(segment.schema()));
            }
            for (PathArgument arg : segment.path().getPathArguments()) {
                cursor = cursor.enter(arg, null);
            }
        }
        return cursor;
    }

    NacmOperation operation() {
        return op;
    }

    /** The same position for another operation (same path, same schema). */
    Cursor withOperation(final NacmOperation other, final DataPath path) {
        return other == op ? this : at(rules, other, user, path);
    }

    /** Steps into the {@code yang-ext:mount} of the current node, into the mounted schema. */
    Cursor mount(final SchemaInfo inner) {
        final int[] next = advanceNamed(MOUNT_NAMES, MOUNT_NAME);
        return new Cursor(rules, op, user, next, next == positions ? settled : isSettled(next), inner,
            inner.tree().getRoot(), MOUNT_NAMES, flags);
    }

    /**
     * Steps to a child.
     *
     * @param node the child's data when walking data, null when walking a path
     */
    Cursor enter(final PathArgument arg, final @Nullable NormalizedNode node) {
        final DataSchemaContext childSchema = childSchema(arg);
        final Kind kind = kindOf(arg, node, childSchema);
        final int childFlags = flags | info.flags(childSchema == null ? null : childSchema.dataSchemaNode());
        if (kind == Kind.TRANSPARENT) {
            return new Cursor(rules, op, user, positions, settled, info, childSchema, names, childFlags);
        }
        final SchemaInfo.Names childNames = kind == Kind.NAMED ? info.names(arg.getNodeType().getModule()) : names;
        if (settled) {
            return new Cursor(rules, op, user, positions, true, info, childSchema, childNames, childFlags);
        }
        final int[] next = kind == Kind.NAMED ? advanceNamed(childNames, arg.getNodeType().getLocalName())
            : advanceEntry(arg);
        return new Cursor(rules, op, user, next, next == positions ? settled : isSettled(next), info, childSchema,
            childNames, childFlags);
    }

    private @Nullable DataSchemaContext childSchema(final PathArgument arg) {
        if (schema instanceof DataSchemaContext.Composite composite) {
            try {
                return composite.childByArg(arg);
            } catch (IllegalArgumentException e) {
                return null;
            }
        }
        return null;
    }

    private Kind kindOf(final PathArgument arg, final @Nullable NormalizedNode node,
            final @Nullable DataSchemaContext childSchema) {
        if (node != null) {
            if (node instanceof ChoiceNode) {
                return Kind.TRANSPARENT;
            }
            return node instanceof MapEntryNode || node instanceof LeafSetEntryNode
                || node instanceof UnkeyedListEntryNode ? Kind.ENTRY : Kind.NAMED;
        }
        if (arg instanceof NodeIdentifierWithPredicates || arg instanceof NodeWithValue) {
            return Kind.ENTRY;
        }
        if (childSchema != null && childSchema.dataSchemaNode() instanceof ChoiceSchemaNode) {
            return Kind.TRANSPARENT;
        }
        if (schema instanceof DataSchemaContext.PathMixin && !(schema.dataSchemaNode() instanceof ChoiceSchemaNode)) {
            // an unkeyed list's entry: the same name as its list
            return Kind.ENTRY;
        }
        return Kind.NAMED;
    }

    private int[] advanceNamed(final SchemaInfo.Names childNames, final String localName) {
        int[] next = positions;
        for (int i = 0; i < positions.length; i++) {
            final int pos = positions[i];
            if (pos == RuleSet.Compiled.FULL || pos == RuleSet.Compiled.DEAD) {
                continue;
            }
            final NodeInstancePath.Step[] steps = dataRules[i].steps();
            final int updated;
            if ((pos & 1) == 1) {
                // a list step waits for its entry: a named node cannot be it
                updated = RuleSet.Compiled.DEAD;
            } else {
                final NodeInstancePath.Step step = steps[pos >> 1];
                if (step.name().equals(localName) && childNames.matchesPrefix(step.prefix())) {
                    final int moved = step.predicates().isEmpty() ? pos + 2 : pos + 1;
                    updated = moved == 2 * steps.length ? RuleSet.Compiled.FULL : moved;
                } else {
                    updated = RuleSet.Compiled.DEAD;
                }
            }
            if (updated != pos) {
                if (next == positions) {
                    next = positions.clone();
                }
                next[i] = updated;
            }
        }
        return next;
    }

    private int[] advanceEntry(final PathArgument arg) {
        int[] next = positions;
        for (int i = 0; i < positions.length; i++) {
            final int pos = positions[i];
            if (pos == RuleSet.Compiled.FULL || pos == RuleSet.Compiled.DEAD || (pos & 1) == 0) {
                continue;
            }
            final NodeInstancePath.Step[] steps = dataRules[i].steps();
            final int moved = pos + 1;
            final int updated = !predicatesMatch(steps[pos >> 1], arg) ? RuleSet.Compiled.DEAD
                : moved == 2 * steps.length ? RuleSet.Compiled.FULL : moved;
            if (next == positions) {
                next = positions.clone();
            }
            next[i] = updated;
        }
        return next;
    }

    private boolean predicatesMatch(final NodeInstancePath.Step step, final PathArgument arg) {
        for (NodeInstancePath.Predicate predicate : step.predicates()) {
            final String value = predicate.value();
            final String expected = value == null ? user : value; // null: $USER
            final Object actual;
            if (NodeInstancePath.Predicate.SELF.equals(predicate.keyName())) {
                if (!(arg instanceof NodeWithValue<?> withValue)) {
                    return false;
                }
                actual = withValue.getValue();
            } else {
                if (!(arg instanceof NodeIdentifierWithPredicates keyed)) {
                    return false;
                }
                actual = keyValue(keyed, predicate.keyName());
                if (actual == null) {
                    return false;
                }
            }
            if (!valueMatches(actual, expected)) {
                return false;
            }
        }
        return true;
    }

    private static @Nullable Object keyValue(final NodeIdentifierWithPredicates keyed, final String keyName) {
        for (Map.Entry<QName, Object> entry : keyed.entrySet()) {
            if (entry.getKey().getLocalName().equals(keyName)) {
                return entry.getValue();
            }
        }
        return null;
    }

    private boolean valueMatches(final @Nullable Object actual, final String expected) {
        if (actual instanceof QName identity) {
            if (expected.equals(identity.getLocalName())) {
                return true;
            }
            final int colon = expected.indexOf(':');
            return colon > 0 && expected.substring(colon + 1).equals(identity.getLocalName())
                && info.names(identity.getModule()).matchesPrefix(expected.substring(0, colon));
        }
        if (actual instanceof Collection<?> bits) {
            return String.join(" ", bits.stream().map(String::valueOf).toList()).equals(expected);
        }
        return String.valueOf(actual).equals(expected);
    }

    /** The decision for the current node itself. */
    Decision decide() {
        for (int i = 0; i < positions.length; i++) {
            if (positions[i] == RuleSet.Compiled.FULL) {
                final RuleSet.Compiled rule = dataRules[i];
                final String module = rule.module();
                if (module == null || module.equals(names.name())) {
                    return new Decision(rule.action(), rule.decidedBy());
                }
            }
        }
        return byDefault(flags);
    }

    private Decision byDefault(final int extensionFlags) {
        if ((extensionFlags & SchemaInfo.DENY_ALL) != 0) {
            return new Decision(NacmAction.DENY, "default-deny-all");
        }
        if (op.isWrite() && (extensionFlags & SchemaInfo.DENY_WRITE) != 0) {
            return new Decision(NacmAction.DENY, "default-deny-write");
        }
        final NacmAction action = rules.config().defaultFor(op);
        return new Decision(action, switch (op) {
            case READ -> "read-default";
            case EXEC -> "exec-default";
            default -> "write-default";
        });
    }

    /**
     * Whether every node at and below the current one gets the same decision, without looking
     * at the data: {@link #UNIFORM_PERMIT}, {@link #UNIFORM_DENY} or {@link #MIXED}.
     */
    int uniform() {
        boolean permit = false;
        boolean deny = false;
        boolean covered = false;
        for (int i = 0; i < positions.length; i++) {
            final int pos = positions[i];
            if (pos == RuleSet.Compiled.DEAD) {
                continue;
            }
            final RuleSet.Compiled rule = dataRules[i];
            if (rule.action() == NacmAction.PERMIT) {
                permit = true;
            } else {
                deny = true;
            }
            if (pos == RuleSet.Compiled.FULL && rule.anyModule()) {
                covered = true;
                break;
            }
        }
        if (!covered) {
            if (byDefault(flags).action() == NacmAction.PERMIT) {
                permit = true;
                final int below = info.subtreeFlags(schema == null ? null : schema.dataSchemaNode());
                if ((below & SchemaInfo.DENY_ALL) != 0 || op.isWrite() && (below & SchemaInfo.DENY_WRITE) != 0) {
                    deny = true;
                }
            } else {
                deny = true;
            }
        }
        return permit && deny ? MIXED : deny ? UNIFORM_DENY : UNIFORM_PERMIT;
    }

    private static boolean isSettled(final int[] positions) {
        for (int pos : positions) {
            if (pos != RuleSet.Compiled.FULL && pos != RuleSet.Compiled.DEAD) {
                return false;
            }
        }
        return true;
    }
}
