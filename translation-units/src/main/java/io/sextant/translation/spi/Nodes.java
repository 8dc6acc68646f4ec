package io.sextant.translation.spi;

import java.util.Map;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/** Small builders for the nodes readers return. */
public final class Nodes {
    private Nodes() {
    }

    /** The key of a list entry with one key leaf. */
    public static NodeIdentifierWithPredicates key(final QName list, final QName keyLeaf, final Object value) {
        return NodeIdentifierWithPredicates.of(list, keyLeaf, value);
    }

    /** The key of a list entry with several key leaves. */
    public static NodeIdentifierWithPredicates key(final QName list, final Map<QName, Object> keys) {
        return NodeIdentifierWithPredicates.of(list, keys);
    }

    public static ContainerBuilder container(final QName name) {
        return new ContainerBuilder(name);
    }

    /** A list entry holding its key leaves and {@code children}. */
    public static MapEntryNode entry(final NodeIdentifierWithPredicates key, final DataContainerChild... children) {
        final var builder = ImmutableNodes.newMapEntryBuilder().withNodeIdentifier(key);
        key.entrySet().forEach(e -> builder.withChild(ImmutableNodes.leafNode(e.getKey(), e.getValue())));
        for (DataContainerChild child : children) {
            builder.withChild(child);
        }
        return builder.build();
    }

    /** Builds a container of leaves (and child containers); null leaf values are skipped. */
    public static final class ContainerBuilder {
        private final ContainerNode.Builder builder;
        private boolean empty = true;

        private ContainerBuilder(final QName name) {
            this.builder = ImmutableNodes.newContainerBuilder();
            builder.withNodeIdentifier(new NodeIdentifier(name));
        }

        /** @param value the leaf's value; null adds no leaf */
        public ContainerBuilder leaf(final QName leaf, final @Nullable Object value) {
            if (value != null) {
                builder.withChild(ImmutableNodes.leafNode(leaf, value));
                empty = false;
            }
            return this;
        }

        public ContainerBuilder child(final DataContainerChild child) {
            builder.withChild(child);
            empty = false;
            return this;
        }

        public boolean isEmpty() {
            return empty;
        }

        public ContainerNode build() {
            return builder.build();
        }
    }
}
