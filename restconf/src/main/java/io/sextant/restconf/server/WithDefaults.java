package io.sextant.restconf.server;

import io.sextant.restconf.api.QueryParameters;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.ChoiceNode;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.UserMapNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.CaseSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ChoiceSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ContainerSchemaNode;
import org.opendaylight.yangtools.yang.model.api.DataNodeContainer;
import org.opendaylight.yangtools.yang.model.api.DataSchemaNode;
import org.opendaylight.yangtools.yang.model.api.LeafSchemaNode;
import org.opendaylight.yangtools.yang.model.api.TypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.LeafrefTypeDefinition;
import org.opendaylight.yangtools.yang.model.util.LeafrefResolver;

/**
 * The {@code with-defaults} query parameter (RFC 8040 section 4.8.9, RFC 6243 modes):
 * {@code trim} drops leaves whose value is their schema default, {@code report-all} adds the
 * default of every absent leaf below an existing node (including non-presence containers
 * that would hold only defaults), {@code report-all-tagged} does the same and marks every leaf
 * that holds its default ({@link DefaultsTagger} writes the marks). {@code explicit} returns
 * what is stored.
 */
final class WithDefaults {
    private static final LeafrefResolver NO_LEAFREFS = new LeafrefResolver() {
        @Override
        public TypeDefinition<?> resolveLeafref(
                final LeafrefTypeDefinition type) {
            throw new IllegalArgumentException("leafref defaults are not reported");
        }
    };

    private final SchemaCodecs codecs;
    private final QueryParameters.WithDefaults mode;
    private final boolean configOnly;
    private final Set<List<PathArgument>> tagged = new HashSet<>();
    /** Where the traversal is, from the node written first (a list entry below its list). */
    private final List<PathArgument> at = new ArrayList<>();

    WithDefaults(final SchemaCodecs codecs, final QueryParameters.WithDefaults mode, final boolean configOnly) {
        this.codecs = codecs;
        this.mode = mode;
        this.configOnly = configOnly;
    }

    /**
     * With report-all-tagged: the leaves of the last result that hold their default value, by
     * path from the node written first (for a list entry, its list).
     */
    Set<List<PathArgument>> tagged() {
        return tagged;
    }

    private void tag(final PathArgument leaf) {
        final List<PathArgument> path = new ArrayList<>(at);
        path.add(leaf);
        tagged.add(List.copyOf(path));
    }

    private boolean reportsAll() {
        return mode == QueryParameters.WithDefaults.REPORT_ALL || mode == QueryParameters.WithDefaults.REPORT_ALL_TAGGED;
    }

    NormalizedNode apply(final NormalizedNode node, final DataSchemaNode schema) {
        if (mode == QueryParameters.WithDefaults.EXPLICIT) {
            return node;
        }
        at.clear();
        if (node instanceof MapEntryNode) {
            at.add(NodeIdentifier.create(node.name().getNodeType()));
        }
        at.add(node.name());
        return applyAt(node, schema);
    }

    private NormalizedNode applyAt(final NormalizedNode node, final DataSchemaNode schema) {
        if (node instanceof MapNode map && schema instanceof DataNodeContainer entrySchema) {
            final var builder = map instanceof UserMapNode ? ImmutableNodes.newUserMapBuilder()
                : ImmutableNodes.newSystemMapBuilder();
            builder.withNodeIdentifier(map.name());
            for (MapEntryNode entry : map.body()) {
                at.add(entry.name());
                builder.withChild(container(entry, entrySchema));
                at.remove(at.size() - 1);
            }
            return builder.build();
        }
        if (node instanceof DataContainerNode container && !(node instanceof ChoiceNode)
                && schema instanceof DataNodeContainer dnc) {
            return container(container, dnc);
        }
        return node;
    }

    /** For a root container: apply to every top-level child. */
    NormalizedNode applyToRoot(final ContainerNode root) {
        if (mode == QueryParameters.WithDefaults.EXPLICIT) {
            return root;
        }
        at.clear();
        return container(root, codecs.schema());
    }

    private <T extends DataContainerNode> T container(final T node, final DataNodeContainer schema) {
        final List<DataContainerChild> body = new ArrayList<>();
        for (DataContainerChild child : node.body()) {
            final Optional<DataSchemaNode> childSchema = schema.findDataChildByName(child.name().getNodeType());
            if (childSchema.isEmpty()) {
                body.add(child);
                continue;
            }
            final DataSchemaNode cs = childSchema.orElseThrow();
            if (child instanceof LeafNode<?> leaf && cs instanceof LeafSchemaNode ls) {
                final boolean isDefault = mode != QueryParameters.WithDefaults.REPORT_ALL
                    && defaultOf(ls).filter(d -> d.equals(leaf.body())).isPresent();
                if (isDefault && mode == QueryParameters.WithDefaults.TRIM) {
                    continue;
                }
                if (isDefault) {
                    tag(child.name());
                }
                body.add(child);
            } else if (child instanceof ChoiceNode choice && cs instanceof ChoiceSchemaNode chs) {
                final Optional<CaseSchemaNode> active = choice.body().stream().findFirst()
                    .flatMap(first -> chs.getCases().stream()
                        .filter(c -> c.findDataChildByName(first.name().getNodeType()).isPresent())
                        .map(CaseSchemaNode.class::cast).findFirst());
                at.add(choice.name());
                body.add(active.isPresent() ? container(choice, active.orElseThrow()) : choice);
                at.remove(at.size() - 1);
            } else {
                at.add(child.name());
                body.add((DataContainerChild) applyAt(child, cs));
                at.remove(at.size() - 1);
            }
        }
        if (reportsAll()) {
            addDefaults(node, schema, body);
        }
        return DataFilters.rebuild(node, body);
    }

    private void addDefaults(final DataContainerNode node, final DataNodeContainer schema,
            final List<DataContainerChild> body) {
        for (DataSchemaNode child : schema.getChildNodes()) {
            if (configOnly && !child.effectiveConfig().orElse(Boolean.TRUE)) {
                continue;
            }
            final QName name = child.getQName();
            if (node.childByArg(NodeIdentifier.create(name)) != null) {
                continue;
            }
            if (child instanceof LeafSchemaNode leaf) {
                defaultOf(leaf).ifPresent(value -> {
                    if (mode == QueryParameters.WithDefaults.REPORT_ALL_TAGGED) {
                        tag(NodeIdentifier.create(name));
                    }
                    body.add(ImmutableNodes.leafNode(name, value));
                });
            } else if (child instanceof ContainerSchemaNode container && !container.isPresenceContainer()) {
                final ContainerNode empty = ImmutableNodes.newContainerBuilder()
                    .withNodeIdentifier(NodeIdentifier.create(name)).build();
                at.add(empty.name());
                final ContainerNode filled = container(empty, container);
                at.remove(at.size() - 1);
                if (!filled.isEmpty()) {
                    body.add(filled);
                }
            }
        }
    }

    private Optional<Object> defaultOf(final LeafSchemaNode leaf) {
        final Optional<? extends Object> lexical = leaf.getType().getDefaultValue();
        if (lexical.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(codecs.json().codecFor(leaf, NO_LEAFREFS).parseValue(lexical.orElseThrow().toString()));
        } catch (IllegalArgumentException e) {
            // e.g. an identityref default written with a YANG prefix: not reportable in JSON form
            return Optional.empty();
        }
    }
}
