package io.sextant.uniconfig;

import java.util.ArrayList;
import java.util.List;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContextTree;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.LeafSchemaNode;
import org.opendaylight.yangtools.yang.model.api.stmt.DefaultEffectiveStatement;

/**
 * Which changes of a device's configuration against the node's are changes of the configuration:
 * what a drift check, is-in-sync and checked-commit count. A leaf one side holds at its schema
 * default and the other leaves out, and a container without data, are the same configuration.
 */
final class DataChanges {
    private DataChanges() {
        // static only
    }

    /**
     * The changes of {@code diff} that change data: containers without data in them created or
     * deleted are no change (netconfd keeps an emptied {@code interfaces} container; the schema
     * makes it the same), and neither is a leaf that one side has with its default value and the
     * other does not have (the device then uses the default: FRR's configuration read shows an
     * interface's {@code enabled} that an intent committed without it does not hold).
     */
    static List<ConfigDiff.Change> of(final ConfigDiff diff, final EffectiveModelContext schema) {
        final List<ConfigDiff.Change> changes = new ArrayList<>();
        for (ConfigDiff.Change change : diff.changes()) {
            final NormalizedNode data = change.kind() == ConfigDiff.Change.Kind.DELETED ? change.node().dataBefore()
                : change.node().dataAfter();
            if (change.kind() == ConfigDiff.Change.Kind.UPDATED || data == null
                    || holdsData(data) && !(data instanceof LeafNode<?> leaf && isDefault(schema, change.path(), leaf))) {
                changes.add(change);
            }
        }
        return changes;
    }

    private static boolean isDefault(final EffectiveModelContext schema, final YangInstanceIdentifier path,
            final LeafNode<?> leaf) {
        return DataSchemaContextTree.from(schema).findChild(path)
            .filter(context -> context.dataSchemaNode() instanceof LeafSchemaNode)
            .flatMap(context -> {
                final LeafSchemaNode node = (LeafSchemaNode) context.dataSchemaNode();
                return node.asEffectiveStatement().findFirstEffectiveSubstatementArgument(DefaultEffectiveStatement.class)
                    .or(() -> node.getType().getDefaultValue().map(String::valueOf));
            })
            .filter(value -> value.equals(String.valueOf(leaf.body()))).isPresent();
    }

    private static boolean holdsData(final NormalizedNode data) {
        if (data instanceof ContainerNode container) {
            return container.body().stream().anyMatch(DataChanges::holdsData);
        }
        return true;
    }
}
