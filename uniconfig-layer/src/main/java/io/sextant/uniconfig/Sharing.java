package io.sextant.uniconfig;

import java.util.ArrayList;
import java.util.List;
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
 * Restores structural sharing between a freshly read configuration and the previous one: the
 * result equals {@code fresh} but reuses every subtree of {@code previous} that is equal. Paid
 * once per read of a device, it keeps every later diff as cheap as the change.
 */
final class Sharing {
    private Sharing() {
    }

    static NormalizedNode rebase(final NormalizedNode previous, final NormalizedNode fresh) {
        if (previous == null || previous == fresh) {
            return fresh;
        }
        if (!previous.name().equals(fresh.name()) || !previous.contract().equals(fresh.contract())) {
            return fresh;
        }
        if (fresh instanceof ContainerNode || fresh instanceof MapEntryNode || fresh instanceof ChoiceNode
                || fresh instanceof SystemMapNode) {
            @SuppressWarnings("unchecked")
            final var oldContainer = (DistinctNodeContainer<PathArgument, NormalizedNode>) previous;
            @SuppressWarnings("unchecked")
            final var newContainer = (DistinctNodeContainer<PathArgument, NormalizedNode>) fresh;
            final List<NormalizedNode> children = new ArrayList<>(newContainer.size());
            boolean allOld = oldContainer.size() == newContainer.size();
            boolean allNew = true;
            for (NormalizedNode child : newContainer.body()) {
                final NormalizedNode oldChild = oldContainer.childByArg(child.name());
                final NormalizedNode rebased = rebase(oldChild, child);
                children.add(rebased);
                allOld &= rebased == oldChild;
                allNew &= rebased == child;
            }
            if (allOld) {
                return previous;
            }
            if (allNew) {
                return fresh;
            }
            return rebuild(fresh, children);
        }
        return previous.equals(fresh) ? previous : fresh;
    }

    @SuppressWarnings("unchecked")
    private static NormalizedNode rebuild(final NormalizedNode template, final List<NormalizedNode> children) {
        if (template instanceof ContainerNode c) {
            return ImmutableNodes.newContainerBuilder().withNodeIdentifier(c.name())
                .withValue((List<DataContainerChild>) (List<?>) children).build();
        }
        if (template instanceof MapEntryNode e) {
            return ImmutableNodes.newMapEntryBuilder().withNodeIdentifier(e.name())
                .withValue((List<DataContainerChild>) (List<?>) children).build();
        }
        if (template instanceof ChoiceNode ch) {
            return ImmutableNodes.newChoiceBuilder().withNodeIdentifier(ch.name())
                .withValue((List<DataContainerChild>) (List<?>) children).build();
        }
        final var builder = ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(((SystemMapNode) template).name());
        for (NormalizedNode child : children) {
            builder.withChild((MapEntryNode) child);
        }
        return builder.build();
    }
}
