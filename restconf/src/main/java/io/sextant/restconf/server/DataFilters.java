package io.sextant.restconf.server;

import static java.util.Objects.requireNonNull;

import io.sextant.restconf.api.FieldsExpression;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.schema.ChoiceNode;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.UnkeyedListEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.UnkeyedListNode;
import org.opendaylight.yangtools.yang.data.api.schema.UserMapNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.CaseSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ChoiceSchemaNode;
import org.opendaylight.yangtools.yang.model.api.DataNodeContainer;
import org.opendaylight.yangtools.yang.model.api.DataSchemaNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * The {@code depth} and {@code fields} query parameters (RFC 8040 sections 4.8.2, 4.8.3),
 * applied to data read from a resource. List keys are always kept, so that the result
 * stays addressable.
 */
final class DataFilters {
    private DataFilters() {
    }

    /**
     * Keep nodes down to {@code depth} levels; the node itself is level 1. Lists, leaf-lists
     * and choices are not levels of their own.
     */
    static NormalizedNode depth(final NormalizedNode node, final int depth) {
        return prune(node, depth, null, null, true);
    }

    /**
     * Check that every name {@code fields} selects exists below {@code parent} in the schema.
     *
     * @throws IllegalArgumentException naming the first that does not
     */
    static void checkFields(final FieldsExpression fields, final DataSchemaNode parent,
            final EffectiveModelContext schema) {
        for (var entry : fields.children().entrySet()) {
            final String name = entry.getKey();
            final int colon = name.indexOf(':');
            final String module = colon < 0 ? null : name.substring(0, colon);
            final String local = name.substring(colon + 1);
            final Optional<DataSchemaNode> child = parent instanceof DataNodeContainer container
                ? findChild(container, module, local, schema) : Optional.empty();
            if (child.isEmpty()) {
                throw new IllegalArgumentException("Invalid fields: '" + name + "' is not a child of '"
                    + describe(parent, schema) + "'");
            }
            if (!entry.getValue().selectsAll()) {
                checkFields(entry.getValue(), child.orElseThrow(), schema);
            }
        }
    }

    private static Optional<DataSchemaNode> findChild(final DataNodeContainer container, final @Nullable String module,
            final String local, final EffectiveModelContext schema) {
        for (DataSchemaNode child : container.getChildNodes()) {
            if (child instanceof ChoiceSchemaNode choice) {
                for (CaseSchemaNode caze : choice.getCases()) {
                    final Optional<DataSchemaNode> found = findChild(caze, module, local, schema);
                    if (found.isPresent()) {
                        return found;
                    }
                }
            } else if (child.getQName().getLocalName().equals(local) && (module == null
                    || schema.findModule(child.getQName().getModule()).map(m -> m.getName()).orElse("")
                        .equals(module))) {
                return Optional.of(child);
            }
        }
        return Optional.empty();
    }

    private static String describe(final DataSchemaNode node, final EffectiveModelContext schema) {
        if (node instanceof EffectiveModelContext) {
            return "the datastore root";
        }
        final QName name = node.getQName();
        return schema.findModule(name.getModule()).map(m -> m.getName() + ":").orElse("") + name.getLocalName();
    }

    /** Keep only what {@code fields} selects below {@code node}. */
    static NormalizedNode fields(final NormalizedNode node, final FieldsExpression fields,
            final EffectiveModelContext schema) {
        return prune(node, Integer.MAX_VALUE, fields, schema, true);
    }

    private static NormalizedNode prune(final NormalizedNode node, final int levels,
            final @Nullable FieldsExpression fields, final @Nullable EffectiveModelContext schema, final boolean top) {
        if (node instanceof MapNode map) {
            final var builder = map instanceof UserMapNode ? ImmutableNodes.newUserMapBuilder()
                : ImmutableNodes.newSystemMapBuilder();
            builder.withNodeIdentifier(map.name());
            for (MapEntryNode entry : map.body()) {
                builder.withChild((MapEntryNode) prune(entry, levels, fields, schema, top));
            }
            return builder.build();
        }
        if (node instanceof UnkeyedListNode list) {
            final var builder = ImmutableNodes.newUnkeyedListBuilder().withNodeIdentifier(list.name());
            for (UnkeyedListEntryNode entry : list.body()) {
                builder.withChild((UnkeyedListEntryNode) prune(entry, levels, fields, schema, top));
            }
            return builder.build();
        }
        if (!(node instanceof DataContainerNode container) || node instanceof ChoiceNode && top) {
            return node;
        }
        final Set<QName> keys = node instanceof MapEntryNode entry ? entry.name().keySet() : Set.of();
        final List<DataContainerChild> kept = new ArrayList<>();
        collect(container, levels, fields, schema, keys, kept);
        return rebuild(container, kept);
    }

    private static void collect(final DataContainerNode container, final int levels,
            final @Nullable FieldsExpression fields, final @Nullable EffectiveModelContext schema, final Set<QName> keys,
            final List<DataContainerChild> kept) {
        for (DataContainerChild child : container.body()) {
            final QName name = child.name().getNodeType();
            if (child instanceof ChoiceNode choice) {
                final List<DataContainerChild> inner = new ArrayList<>();
                collect(choice, levels, fields, schema, keys, inner);
                if (!inner.isEmpty()) {
                    kept.add(rebuild(choice, inner));
                }
                continue;
            }
            if (keys.contains(name)) {
                kept.add(child);
                continue;
            }
            if (levels <= 1) {
                continue;
            }
            FieldsExpression below = null;
            if (fields != null && !fields.selectsAll()) {
                // a fields expression comes with the schema it names modules of
                final String module = requireNonNull(schema).findModule(name.getModule()).map(m -> m.getName()).orElse("");
                final Optional<FieldsExpression> selected = fields.child(module, name.getLocalName());
                if (selected.isEmpty()) {
                    continue;
                }
                below = selected.orElseThrow();
            }
            if (child instanceof LeafNode<?> || child instanceof LeafSetNode<?>) {
                kept.add(child);
            } else {
                kept.add((DataContainerChild) prune(child, levels - 1, below, schema, false));
            }
        }
    }

    /** A copy of {@code original} with {@code body} as its children. */
    static <T extends DataContainerNode> T rebuild(final T original, final List<DataContainerChild> body) {
        final NormalizedNode result;
        if (original instanceof ContainerNode c) {
            result = ImmutableNodes.newContainerBuilder().withNodeIdentifier(c.name()).withValue(body).build();
        } else if (original instanceof MapEntryNode e) {
            result = ImmutableNodes.newMapEntryBuilder().withNodeIdentifier(e.name()).withValue(body).build();
        } else if (original instanceof ChoiceNode ch) {
            result = ImmutableNodes.newChoiceBuilder().withNodeIdentifier(ch.name()).withValue(body).build();
        } else if (original instanceof UnkeyedListEntryNode u) {
            result = ImmutableNodes.newUnkeyedListEntryBuilder().withNodeIdentifier(u.name()).withValue(body).build();
        } else {
            throw new IllegalStateException("Unexpected container " + original.contract());
        }
        @SuppressWarnings("unchecked")
        final T cast = (T) result;
        return cast;
    }
}
