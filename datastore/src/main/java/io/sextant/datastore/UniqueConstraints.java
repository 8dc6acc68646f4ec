package io.sextant.datastore;

import com.google.common.collect.MapMaker;
import io.sextant.datastore.codec.InstanceIdentifiers;
import io.sextant.spi.OperationError;
import io.sextant.spi.OperationErrorsException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ChoiceNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;
import org.opendaylight.yangtools.yang.data.tree.api.ModificationType;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContextTree;
import org.opendaylight.yangtools.yang.model.api.CaseSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ChoiceSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ContainerSchemaNode;
import org.opendaylight.yangtools.yang.model.api.DataNodeContainer;
import org.opendaylight.yangtools.yang.model.api.DataSchemaNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.LeafSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ListSchemaNode;
import org.opendaylight.yangtools.yang.model.api.stmt.DefaultEffectiveStatement;
import org.opendaylight.yangtools.yang.model.api.stmt.SchemaNodeIdentifier.Descendant;
import org.opendaylight.yangtools.yang.model.api.stmt.UniqueEffectiveStatement;
import org.opendaylight.yangtools.yang.model.api.type.IdentityrefTypeDefinition;

/**
 * The {@code unique} statements of a schema (RFC 7950 section 7.8.3), checked on a commit's
 * candidate. The combined values of the referenced leaves, defaults included, must differ between
 * the entries of a list <em>in which all of them exist or have a default</em>; an entry lacking one
 * is not bound by the constraint. yangtools' own unique index counts a missing leaf as the value
 * {@code null} and so refuses two entries that both lack it, which is why stores use this instead.
 *
 * <p>Only lists the commit changed are checked, each as a whole (as yangtools does); subtrees
 * whose schema holds no {@code unique} statement are not walked.
 */
final class UniqueConstraints {
    /*
     * Facts of the schema, so shared by every store on it (one per UniConfig node and kind: per-store
     * copies held a few thousand entries for each CPE) and dropped with it (weak keys, compared by
     * identity; the values hold no schema node).
     */
    /** Whether a unique statement is on a schema node or below it. */
    private static final Map<DataSchemaNode, Boolean> UNIQUE_BELOW = new MapMaker().weakKeys().makeMap();
    /** Each list's unique statements, compiled. */
    private static final Map<ListSchemaNode, List<Constraint>> CONSTRAINTS = new MapMaker().weakKeys().makeMap();

    private final DataSchemaContextTree schemaTree;

    /** One unique statement: its text as written and the leaves it names. */
    private record Constraint(String text, List<Leaf> leaves) {
    }

    /** A leaf a unique statement names: the path to it from the list entry and its default, if any. */
    private record Leaf(List<Step> steps, @Nullable String defaultValue) {
    }

    /** One step of a leaf's path: the node and whether its absence still lets a default apply. */
    private record Step(QName name, boolean defaultsThrough) {
    }

    UniqueConstraints(final DataSchemaContextTree schemaTree) {
        this.schemaTree = schemaTree;
    }

    /** Refuses the candidate when a list it changed has two entries with the same unique values. */
    void check(final DataTreeCandidate candidate) throws OperationErrorsException {
        final Optional<DataSchemaContext> context = schemaTree.findChild(candidate.getRootPath());
        if (context.isPresent()) {
            walk(candidate.getRootPath(), context.orElseThrow(), candidate.getRootNode());
        }
    }

    private void walk(final YangInstanceIdentifier path, final DataSchemaContext context,
            final DataTreeCandidateNode node) throws OperationErrorsException {
        if (node.modificationType() == ModificationType.UNMODIFIED || node.dataAfter() == null) {
            return;
        }
        final DataSchemaNode schema = context.dataSchemaNode();
        if (schema instanceof ListSchemaNode list && node.dataAfter() instanceof MapNode map
                && !list.getUniqueConstraints().isEmpty()) {
            checkList(path, list, map, node);
        }
        if (!(context instanceof DataSchemaContext.Composite composite) || schema != null && !relevant(schema)) {
            return;
        }
        for (DataTreeCandidateNode child : node.childNodes()) {
            final DataSchemaContext childContext = composite.childByArg(child.name());
            if (childContext != null && (childContext.dataSchemaNode() == null
                    || relevant(childContext.dataSchemaNode()))) {
                walk(path.node(child.name()), childContext, child);
            }
        }
    }

    /** Whether a unique statement is on this node or below it. */
    private boolean relevant(final DataSchemaNode schema) {
        final Boolean known = UNIQUE_BELOW.get(schema);
        if (known != null) {
            return known;
        }
        boolean found = schema instanceof ListSchemaNode list && !list.getUniqueConstraints().isEmpty();
        if (!found && schema instanceof DataNodeContainer container) {
            for (DataSchemaNode child : container.getChildNodes()) {
                if (relevant(child)) {
                    found = true;
                    break;
                }
            }
        }
        if (!found && schema instanceof ChoiceSchemaNode choice) {
            for (CaseSchemaNode caze : choice.getCases()) {
                for (DataSchemaNode child : caze.getChildNodes()) {
                    found |= relevant(child);
                }
            }
        }
        UNIQUE_BELOW.put(schema, found);
        return found;
    }

    private void checkList(final YangInstanceIdentifier path, final ListSchemaNode list, final MapNode map,
            final DataTreeCandidateNode node) throws OperationErrorsException {
        for (Constraint constraint : CONSTRAINTS.computeIfAbsent(list, UniqueConstraints::compile)) {
            final Map<List<Object>, MapEntryNode> seen = new HashMap<>();
            for (MapEntryNode entry : map.body()) {
                final List<Object> values = values(constraint, entry);
                if (values == null) {
                    continue;
                }
                final MapEntryNode first = seen.putIfAbsent(values, entry);
                if (first != null) {
                    throw violation(path, list, constraint, first, entry, values, node);
                }
            }
        }
    }

    private static List<Constraint> compile(final ListSchemaNode list) {
        final List<Constraint> compiled = new ArrayList<>();
        for (UniqueEffectiveStatement unique : list.getUniqueConstraints()) {
            final List<Leaf> leaves = new ArrayList<>();
            final List<String> text = new ArrayList<>();
            for (Descendant descendant : unique.argument()) {
                leaves.add(leaf(list, descendant.getNodeIdentifiers()));
                text.add(String.join("/", descendant.getNodeIdentifiers().stream().map(QName::getLocalName).toList()));
            }
            compiled.add(new Constraint(String.join(" ", text), List.copyOf(leaves)));
        }
        return List.copyOf(compiled);
    }

    private static Leaf leaf(final ListSchemaNode list, final List<QName> names) {
        final List<Step> steps = new ArrayList<>();
        @Nullable DataNodeContainer current = list;
        Optional<String> defaultValue = Optional.empty();
        for (QName name : names) {
            final DataSchemaNode child = current == null ? null : current.findDataTreeChild(name).orElse(null);
            final boolean direct = current != null && current.dataChildByName(name) != null;
            steps.add(new Step(name, direct && child instanceof ContainerSchemaNode container
                && !container.isPresenceContainer()));
            if (child instanceof LeafSchemaNode leaf) {
                defaultValue = leaf.asEffectiveStatement()
                    .findFirstEffectiveSubstatementArgument(DefaultEffectiveStatement.class)
                    .or(() -> leaf.getType().getDefaultValue().map(String::valueOf));
                if (leaf.getType() instanceof IdentityrefTypeDefinition) {
                    defaultValue = defaultValue.map(text -> text.substring(text.indexOf(':') + 1));
                }
                defaultValue = direct ? defaultValue : Optional.empty();
            }
            current = child instanceof DataNodeContainer container ? container : null;
        }
        return new Leaf(List.copyOf(steps), defaultValue.orElse(null));
    }

    /** The entry's values for the constraint, or null when one of the leaves is neither there nor defaulted. */
    private static @Nullable List<Object> values(final Constraint constraint, final MapEntryNode entry) {
        final List<Object> values = new ArrayList<>(constraint.leaves().size());
        for (Leaf leaf : constraint.leaves()) {
            final Object value = value(leaf, entry);
            if (value == null) {
                return null;
            }
            values.add(value);
        }
        return values;
    }

    private static @Nullable Object value(final Leaf leaf, final MapEntryNode entry) {
        NormalizedNode current = entry;
        final List<Step> steps = leaf.steps();
        for (int i = 0; i < steps.size(); i++) {
            final NormalizedNode next = current instanceof DataContainerNode container
                ? child(container, steps.get(i).name()) : null;
            if (next == null) {
                final boolean defaults = steps.subList(i, steps.size() - 1).stream().allMatch(Step::defaultsThrough);
                final String defaultValue = leaf.defaultValue();
                return defaults && defaultValue != null ? comparable(defaultValue) : null;
            }
            current = next;
        }
        return current instanceof LeafNode<?> value ? comparable(value.body()) : null;
    }

    /** A child by name, also inside the choices of {@code container} (their cases are not nodes of their own). */
    private static @Nullable NormalizedNode child(final DataContainerNode container, final QName name) {
        final NormalizedNode direct = container.childByArg(new NodeIdentifier(name));
        if (direct != null) {
            return direct;
        }
        for (NormalizedNode child : container.body()) {
            if (child instanceof ChoiceNode choice) {
                final NormalizedNode found = child(choice, name);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    /**
     * Values compared as their text, so that a default (schema text) equals the same value written;
     * binary values by content, identities by local name (a default names them with a prefix).
     */
    private static Object comparable(final Object value) {
        if (value instanceof byte[] bytes) {
            return ByteBuffer.wrap(bytes);
        }
        if (value instanceof QName qname) {
            return qname.getLocalName();
        }
        return String.valueOf(value);
    }

    private OperationErrorsException violation(final YangInstanceIdentifier listPath, final ListSchemaNode list,
            final Constraint constraint, final MapEntryNode first, final MapEntryNode second,
            final List<Object> values, final DataTreeCandidateNode node) {
        // name the entry this commit wrote as the one in violation, the other as the one it collides with
        final boolean firstChanged = changed(node, first.name()) && !changed(node, second.name());
        final MapEntryNode offending = firstChanged ? first : second;
        final MapEntryNode other = firstChanged ? second : first;
        final EffectiveModelContext schema = schemaTree.modelContext();
        final YangInstanceIdentifier offendingPath = listPath.node(offending.name());
        final String module = schema.findModule(list.getQName().getModule()).map(m -> m.getName()).orElse("");
        final List<String> named = new ArrayList<>();
        for (int i = 0; i < constraint.leaves().size(); i++) {
            final List<Step> steps = constraint.leaves().get(i).steps();
            named.add(String.join("/", steps.stream().map(s -> s.name().getLocalName()).toList()) + " = '"
                + values.get(i) + "'");
        }
        final String message = "Entries " + entryPath(listPath, offending.name(), schema) + " and "
            + entryPath(listPath, other.name(), schema) + " of list '" + module + ":" + list.getQName().getLocalName()
            + "' have the same " + String.join(", ", named) + "; the list's unique \"" + constraint.text()
            + "\" requires them to differ";
        return new OperationErrorsException(new OperationError(ErrorType.APPLICATION, ErrorTag.OPERATION_FAILED,
            message, offendingPath, "data-not-unique", null));
    }

    private static boolean changed(final DataTreeCandidateNode node, final NodeIdentifierWithPredicates entry) {
        final DataTreeCandidateNode child = node.modifiedChild(entry);
        return child != null && child.modificationType() != ModificationType.UNMODIFIED;
    }

    private static String entryPath(final YangInstanceIdentifier listPath, final NodeIdentifierWithPredicates entry,
            final EffectiveModelContext schema) {
        return "'" + InstanceIdentifiers.toApiPath(listPath.node(entry), schema) + "'";
    }
}
