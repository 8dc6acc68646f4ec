package io.sextant.restconf.server;

import io.sextant.restconf.api.QueryParameters;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
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
import org.opendaylight.yangtools.yang.model.api.type.LeafrefTypeDefinition;
import org.opendaylight.yangtools.yang.model.util.LeafrefResolver;

/**
 * The {@code with-defaults} query parameter (RFC 8040 section 4.8.9, RFC 6243 modes):
 * {@code trim} drops leaves whose value is their schema default, {@code report-all} adds the
 * default of every absent leaf below an existing node (including non-presence containers
 * that would hold only defaults). {@code explicit} returns what is stored.
 */
final class WithDefaults {
    private static final LeafrefResolver NO_LEAFREFS = new LeafrefResolver() {
        @Override
        public org.opendaylight.yangtools.yang.model.api.TypeDefinition<?> resolveLeafref(
                final LeafrefTypeDefinition type) {
            throw new IllegalArgumentException("leafref defaults are not reported");
        }
    };

    private final SchemaCodecs codecs;
    private final QueryParameters.WithDefaults mode;
    private final boolean configOnly;

    WithDefaults(final SchemaCodecs codecs, final QueryParameters.WithDefaults mode, final boolean configOnly) {
        this.codecs = codecs;
        this.mode = mode;
        this.configOnly = configOnly;
    }

    NormalizedNode apply(final NormalizedNode node, final DataSchemaNode schema) {
        if (mode == QueryParameters.WithDefaults.EXPLICIT) {
            return node;
        }
        if (node instanceof MapNode map && schema instanceof DataNodeContainer entrySchema) {
            final var builder = map instanceof UserMapNode ? ImmutableNodes.newUserMapBuilder()
                : ImmutableNodes.newSystemMapBuilder();
            builder.withNodeIdentifier(map.name());
            for (MapEntryNode entry : map.body()) {
                builder.withChild(container(entry, entrySchema));
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
                if (mode == QueryParameters.WithDefaults.TRIM && defaultOf(ls).filter(d -> d.equals(leaf.body())).isPresent()) {
                    continue;
                }
                body.add(child);
            } else if (child instanceof ChoiceNode choice && cs instanceof ChoiceSchemaNode chs) {
                final Optional<CaseSchemaNode> active = choice.body().stream().findFirst()
                    .flatMap(first -> chs.getCases().stream()
                        .filter(c -> c.findDataChildByName(first.name().getNodeType()).isPresent())
                        .map(CaseSchemaNode.class::cast).findFirst());
                body.add(active.isPresent() ? container(choice, active.orElseThrow()) : choice);
            } else {
                body.add((DataContainerChild) apply(child, cs));
            }
        }
        if (mode == QueryParameters.WithDefaults.REPORT_ALL) {
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
                defaultOf(leaf).ifPresent(value -> body.add(ImmutableNodes.leafNode(name, value)));
            } else if (child instanceof ContainerSchemaNode container && !container.isPresenceContainer()) {
                final ContainerNode empty = ImmutableNodes.newContainerBuilder()
                    .withNodeIdentifier(NodeIdentifier.create(name)).build();
                final ContainerNode filled = container(empty, container);
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
