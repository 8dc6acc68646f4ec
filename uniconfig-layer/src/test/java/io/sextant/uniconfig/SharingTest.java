package io.sextant.uniconfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.SystemMapNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/** {@link Sharing#rebase}: equal to the fresh tree, built from the previous tree's objects wherever they are equal. */
class SharingTest {
    private static final QName ROOT = QName.create("urn:test", "root");
    private static final QName ITEM = QName.create(ROOT, "item");
    private static final QName KEY = QName.create(ROOT, "key");
    private static final QName VALUE = QName.create(ROOT, "value");

    private static MapEntryNode item(final String key, final String value) {
        return ImmutableNodes.newMapEntryBuilder().withNodeIdentifier(NodeIdentifierWithPredicates.of(ITEM, KEY, key))
            .withChild(ImmutableNodes.leafNode(KEY, key)).withChild(ImmutableNodes.leafNode(VALUE, value)).build();
    }

    /** A tree built from scratch, as a device read gives it: no object in common with any other. */
    private static ContainerNode tree(final String... values) {
        final var items = ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(NodeIdentifier.create(ITEM));
        for (int i = 0; i < values.length; i++) {
            items.withChild(item("k" + i, values[i]));
        }
        return ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(ROOT))
            .withChild(items.build()).build();
    }

    private static MapEntryNode entry(final NormalizedNode root, final String key) {
        return ((SystemMapNode) ((ContainerNode) root).childByArg(NodeIdentifier.create(ITEM)))
            .childByArg(NodeIdentifierWithPredicates.of(ITEM, KEY, key));
    }

    @Test
    void anUnchangedReadIsThePreviousTreeItself() {
        final ContainerNode previous = tree("a", "b", "c");
        assertSame(previous, Sharing.rebase(previous, tree("a", "b", "c")));
    }

    @Test
    void aChangedReadKeepsEveryUnchangedSubtreeOfThePreviousTree() {
        final ContainerNode previous = tree("a", "b", "c");
        final ContainerNode fresh = tree("a", "B", "c", "d");
        final NormalizedNode rebased = Sharing.rebase(previous, fresh);
        assertEquals(fresh, rebased);
        assertSame(entry(previous, "k0"), entry(rebased, "k0"));
        assertSame(entry(previous, "k2"), entry(rebased, "k2"));
        assertNotSame(entry(previous, "k1"), entry(rebased, "k1"));
        // so a diff against the previous tree sees only the two changes
        assertEquals(2, Differ.diff(previous, rebased).changes().size());
    }

    @Test
    void aReadOfAnotherShapeIsTakenAsItIs() {
        final ContainerNode previous = tree("a");
        final ContainerNode other = ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(
            QName.create(ROOT, "other"))).build();
        assertSame(other, Sharing.rebase(previous, other));
    }
}
