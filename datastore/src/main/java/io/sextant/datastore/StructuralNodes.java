package io.sextant.datastore;

import java.util.Map;
import java.util.Optional;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContextTree;
import org.opendaylight.yangtools.yang.model.api.ChoiceSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ContainerLike;
import org.opendaylight.yangtools.yang.model.api.LeafListSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ListSchemaNode;

/**
 * Empty nodes for the ancestors of a path, so that writing deep into a tree that does not
 * have the parents yet creates them (as RESTCONF PUT and POST require).
 */
final class StructuralNodes {
    private StructuralNodes() {
    }

    /** An empty node standing for {@code arg}, or empty when the schema does not know it. */
    static Optional<NormalizedNode> emptyNode(final DataSchemaContextTree tree, final YangInstanceIdentifier path) {
        final PathArgument arg = path.getLastPathArgument();
        final Optional<DataSchemaContext> context = tree.findChild(path);
        if (context.isEmpty()) {
            return Optional.empty();
        }
        final var schema = context.orElseThrow().dataSchemaNode();
        if (arg instanceof NodeIdentifierWithPredicates keyed) {
            final var builder = ImmutableNodes.newMapEntryBuilder().withNodeIdentifier(keyed);
            for (Map.Entry<QName, Object> key : keyed.entrySet()) {
                builder.withChild(ImmutableNodes.leafNode(key.getKey(), key.getValue()));
            }
            return Optional.of(builder.build());
        }
        if (!(arg instanceof NodeIdentifier id)) {
            return Optional.empty();
        }
        if (schema instanceof ListSchemaNode list) {
            if (list.getKeyDefinition().isEmpty()) {
                return Optional.of(ImmutableNodes.newUnkeyedListBuilder().withNodeIdentifier(id).build());
            }
            return Optional.of(list.isUserOrdered()
                ? ImmutableNodes.newUserMapBuilder().withNodeIdentifier(id).build()
                : ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(id).build());
        }
        if (schema instanceof LeafListSchemaNode leafList) {
            return Optional.of(leafList.isUserOrdered()
                ? ImmutableNodes.newUserLeafSetBuilder().withNodeIdentifier(id).build()
                : ImmutableNodes.newSystemLeafSetBuilder().withNodeIdentifier(id).build());
        }
        if (schema instanceof ChoiceSchemaNode) {
            return Optional.of(ImmutableNodes.newChoiceBuilder().withNodeIdentifier(id).build());
        }
        if (schema instanceof ContainerLike) {
            return Optional.of(ImmutableNodes.newContainerBuilder().withNodeIdentifier(id).build());
        }
        return Optional.empty();
    }
}
