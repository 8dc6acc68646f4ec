package io.sextant.persistence.codec;

import java.util.List;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.ChoiceNode;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.DistinctNodeContainer;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.SystemMapNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/**
 * Replays {@link ConfigChange}s on an immutable tree without a schema: each change rebuilds only
 * the path from the root to its target (copy-on-write builders share everything else). A put's
 * parent must exist and a delete's target's parent must exist, as {@link TreeDelta} guarantees.
 */
public final class TreeEdits {
    private TreeEdits() {
    }

    /** {@code root} with {@code changes} applied in order. */
    public static NormalizedNode apply(final NormalizedNode root, final List<ConfigChange> changes) {
        NormalizedNode current = root;
        for (ConfigChange change : changes) {
            current = apply(current, change);
        }
        return current;
    }

    public static NormalizedNode apply(final NormalizedNode root, final ConfigChange change) {
        final YangInstanceIdentifier path = change.path();
        if (path.isEmpty()) {
            if (change.operation() == ConfigChange.Operation.DELETE) {
                throw new IllegalArgumentException("the root cannot be deleted");
            }
            return change.data();
        }
        return replace(root, path.getPathArguments(), 0, change);
    }

    private static NormalizedNode replace(final NormalizedNode node, final List<PathArgument> path, final int index,
            final ConfigChange change) {
        final PathArgument arg = path.get(index);
        if (!(node instanceof DistinctNodeContainer<?, ?>)) {
            throw new IllegalArgumentException("cannot descend into " + node.name() + " for " + change.path());
        }
        @SuppressWarnings("unchecked")
        final var container = (DistinctNodeContainer<PathArgument, NormalizedNode>) node;
        final NormalizedNode child;
        if (index == path.size() - 1) {
            child = change.operation() == ConfigChange.Operation.PUT ? change.data() : null;
        } else {
            final NormalizedNode existing = container.childByArg(arg);
            if (existing == null) {
                throw new IllegalArgumentException(change.path() + " has no parent " + arg + " to change");
            }
            child = replace(existing, path, index + 1, change);
        }
        return with(node, arg, child);
    }

    /** A copy of {@code parent} whose child {@code arg} is {@code child}, or absent when null. */
    private static NormalizedNode with(final NormalizedNode parent, final PathArgument arg,
            final @Nullable NormalizedNode child) {
        final var factory = ImmutableNodes.builderFactory();
        if (parent instanceof ContainerNode container) {
            final var builder = factory.newContainerBuilder(container);
            return (child == null ? builder.withoutChild(arg) : builder.withChild((DataContainerChild) child)).build();
        }
        if (parent instanceof MapEntryNode entry) {
            final var builder = factory.newMapEntryBuilder(entry);
            return (child == null ? builder.withoutChild(arg) : builder.withChild((DataContainerChild) child)).build();
        }
        if (parent instanceof ChoiceNode choice) {
            final var builder = factory.newChoiceBuilder(choice);
            return (child == null ? builder.withoutChild(arg) : builder.withChild((DataContainerChild) child)).build();
        }
        if (parent instanceof SystemMapNode map) {
            final var builder = factory.newSystemMapBuilder(map);
            return (child == null ? builder.withoutChild(arg) : builder.withChild((MapEntryNode) child)).build();
        }
        throw new IllegalArgumentException("cannot change a child of " + parent.name() + " ("
            + parent.contract().getSimpleName() + ")");
    }
}
