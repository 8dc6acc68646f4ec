package io.sextant.translation.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sextant.datastore.InMemoryDataStore;
import io.sextant.datastore.OperationFailedException;
import io.sextant.datastore.StoreType;
import io.sextant.datastore.WriteTransaction;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.SchemaContext;

/** OpenConfig trees in tests: schema validation, edits as the UniConfig layer makes them, comparison. */
public final class Trees {
    private Trees() {
    }

    /** Store {@code root} in a schema-validated datastore (mandatory leaves, types, keys); fails when invalid. */
    public static InMemoryDataStore store(final EffectiveModelContext schema, final ContainerNode root)
            throws OperationFailedException {
        final InMemoryDataStore store = new InMemoryDataStore(StoreType.CONFIGURATION, schema, Runnable::run);
        final WriteTransaction tx = store.newTransaction();
        for (DataContainerChild child : root.body()) {
            tx.put(YangInstanceIdentifier.of(child.name()), child);
        }
        tx.commit();
        return store;
    }

    /** {@code root} changed by {@code edit}, through a datastore transaction. */
    public static ContainerNode edit(final EffectiveModelContext schema, final ContainerNode root,
            final TransactionEdit edit) throws OperationFailedException {
        final InMemoryDataStore store = store(schema, root);
        final WriteTransaction tx = store.newTransaction();
        edit.apply(tx);
        tx.commit();
        return rootOf(store);
    }

    /** A change made in a transaction. */
    @FunctionalInterface
    public interface TransactionEdit {
        void apply(WriteTransaction tx) throws OperationFailedException;
    }

    public static ContainerNode rootOf(final InMemoryDataStore store) {
        final NormalizedNode data = store.snapshot().read(YangInstanceIdentifier.of()).orElseThrow();
        final var root = ImmutableNodes.newContainerBuilder()
            .withNodeIdentifier(new YangInstanceIdentifier.NodeIdentifier(SchemaContext.NAME));
        ((ContainerNode) data).body().forEach(root::withChild);
        return root.build();
    }

    /** Equal trees, reported as JSON when they differ. */
    public static void assertSameTree(final EffectiveModelContext schema, final ContainerNode expected,
            final ContainerNode actual) {
        if (!expected.equals(actual)) {
            assertEquals(OcJson.toJson(schema, expected), OcJson.toJson(schema, actual));
        }
    }
}
