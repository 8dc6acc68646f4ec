package io.sextant.translation.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.data.tree.api.DataTree;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeConfiguration;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeModification;
import org.opendaylight.yangtools.yang.data.tree.api.DataValidationFailedException;
import org.opendaylight.yangtools.yang.data.tree.api.TreeType;
import org.opendaylight.yangtools.yang.data.tree.impl.di.InMemoryDataTreeFactory;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.SchemaContext;

/**
 * OpenConfig trees in tests: schema validation, edits the way the UniConfig layer makes them
 * (DataTree modifications), comparison with readable failures.
 *
 * <p>Mandatory-node validation is off: yangtools 13 ignores the {@code when} of
 * {@code uses oc-bgp:bgp-top} and would demand bgp/global/config/as in every protocol entry,
 * STATIC ones included.
 */
public final class Trees {
    private static final InMemoryDataTreeFactory FACTORY = new InMemoryDataTreeFactory();

    private Trees() {
    }

    /** A change to a tree. */
    @FunctionalInterface
    public interface Edit {
        void apply(DataTreeModification modification);
    }

    /** Put {@code root} into a schema-checked data tree (structure, types, keys); fails when invalid. */
    public static DataTree tree(final EffectiveModelContext schema, final ContainerNode root)
            throws DataValidationFailedException {
        final DataTree tree = FACTORY.create(DataTreeConfiguration.builder(TreeType.CONFIGURATION)
            .setMandatoryNodesValidation(false).build(), schema);
        final DataTreeModification modification = tree.takeSnapshot().newModification();
        for (DataContainerChild child : root.body()) {
            modification.write(YangInstanceIdentifier.of(child.name()), child);
        }
        commit(tree, modification);
        return tree;
    }

    /** The yangtools candidate of {@code edit} applied to {@code root}, as a DataTree prepares it. */
    public static DataTreeCandidate candidate(final EffectiveModelContext schema, final ContainerNode root,
            final Edit edit) throws DataValidationFailedException {
        final DataTree tree = tree(schema, root);
        final DataTreeModification modification = tree.takeSnapshot().newModification();
        edit.apply(modification);
        modification.ready();
        tree.validate(modification);
        return tree.prepare(modification);
    }

    /** {@code root} changed by {@code edit}. */
    public static ContainerNode edit(final EffectiveModelContext schema, final ContainerNode root, final Edit edit)
            throws DataValidationFailedException {
        final DataTree tree = tree(schema, root);
        final DataTreeModification modification = tree.takeSnapshot().newModification();
        edit.apply(modification);
        commit(tree, modification);
        final ContainerNode data = (ContainerNode) tree.takeSnapshot().readNode(YangInstanceIdentifier.of())
            .orElseThrow();
        final var result = ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(
            SchemaContext.NAME));
        data.body().forEach(result::withChild);
        return result.build();
    }

    private static void commit(final DataTree tree, final DataTreeModification modification)
            throws DataValidationFailedException {
        modification.ready();
        tree.validate(modification);
        tree.commit(tree.prepare(modification));
    }

    /** Equal trees, reported as JSON when they differ. */
    public static void assertSameTree(final EffectiveModelContext schema, final ContainerNode expected,
            final ContainerNode actual) {
        if (!expected.equals(actual)) {
            assertEquals(OcJson.toJson(schema, expected), OcJson.toJson(schema, actual));
        }
    }
}
