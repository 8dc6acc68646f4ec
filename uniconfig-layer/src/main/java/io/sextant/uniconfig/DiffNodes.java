package io.sextant.uniconfig;

import io.sextant.datastore.codec.InstanceIdentifiers;
import io.sextant.datastore.codec.JsonRenderer;
import io.sextant.persistence.codec.DiffEntry;
import java.util.List;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.builder.DataContainerNodeBuilder;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * The created-data, updated-data and deleted-data lists of the {@code diff} grouping: paths as
 * RFC 8040 api-paths relative to the node's configuration, data as RFC 7951 JSON.
 */
final class DiffNodes {
    private DiffNodes() {
    }

    static void addDiff(final DataContainerNodeBuilder<?, ?> parent, final QNameModule module,
            final ConfigDiff diff, final EffectiveModelContext schema) {
        addDiff(parent, module, diff.entries(), schema);
    }

    /**
     * As {@link #addDiff(DataContainerNodeBuilder, QNameModule, ConfigDiff, EffectiveModelContext)},
     * of changes as the transaction log keeps them: created where there is no before image,
     * deleted where there is no after image, updated otherwise.
     */
    static void addDiff(final DataContainerNodeBuilder<?, ?> parent, final QNameModule module,
            final List<DiffEntry> changes, final EffectiveModelContext schema) {
        final QName created = QName.create(module, "created-data");
        final QName updated = QName.create(module, "updated-data");
        final QName deleted = QName.create(module, "deleted-data");
        final QName path = QName.create(module, "path");
        final var createdList = ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(NodeIdentifier.create(created));
        final var updatedList = ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(NodeIdentifier.create(updated));
        final var deletedList = ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(NodeIdentifier.create(deleted));
        int createdCount = 0;
        int updatedCount = 0;
        int deletedCount = 0;
        for (DiffEntry change : changes) {
            final String apiPath = apiPath(change.path(), schema);
            final NormalizedNode before = change.beforeOrNull();
            final NormalizedNode after = change.afterOrNull();
            if (before == null && after != null) {
                createdList.withChild(entry(created, path, apiPath)
                    .withChild(ImmutableNodes.leafNode(QName.create(module, "data"),
                        json(schema, change.path(), after))).build());
                createdCount++;
            } else if (after == null && before != null) {
                deletedList.withChild(entry(deleted, path, apiPath)
                    .withChild(ImmutableNodes.leafNode(QName.create(module, "data"),
                        json(schema, change.path(), before))).build());
                deletedCount++;
            } else if (before != null && after != null) {
                updatedList.withChild(entry(updated, path, apiPath)
                    .withChild(ImmutableNodes.leafNode(QName.create(module, "data-actual"),
                        json(schema, change.path(), before)))
                    .withChild(ImmutableNodes.leafNode(QName.create(module, "data-intended"),
                        json(schema, change.path(), after))).build());
                updatedCount++;
            }
        }
        if (createdCount > 0) {
            parent.withChild(createdList.build());
        }
        if (updatedCount > 0) {
            parent.withChild(updatedList.build());
        }
        if (deletedCount > 0) {
            parent.withChild(deletedList.build());
        }
    }

    private static DataContainerNodeBuilder<NodeIdentifierWithPredicates, MapEntryNode> entry(final QName list,
            final QName key, final String value) {
        return ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(list, key, value))
            .withChild(ImmutableNodes.leafNode(key, value));
    }

    /** The RFC 8040 api-path of {@code path}, relative to the node's configuration, with a leading '/'. */
    static String apiPath(final YangInstanceIdentifier path, final EffectiveModelContext schema) {
        return "/" + InstanceIdentifiers.toApiPath(path, schema);
    }

    static String json(final EffectiveModelContext schema, final YangInstanceIdentifier path,
            final NormalizedNode data) {
        return JsonRenderer.render(schema, path, data);
    }
}
