package io.sextant.translation.spi;

import io.sextant.spi.OperationErrorsException;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;

/**
 * What writers read from the candidate node of their container or list entry: whether it was
 * created, deleted or updated, and its leaves before and after.
 */
public final class Changes {
    private Changes() {
    }

    /** Created: no data before. */
    public static boolean isCreate(final DataTreeCandidateNode node) {
        return node.dataBefore() == null && node.dataAfter() != null;
    }

    /** Deleted: no data after. */
    public static boolean isDelete(final DataTreeCandidateNode node) {
        return node.dataBefore() != null && node.dataAfter() == null;
    }

    /** Changed in place: data before and after. */
    public static boolean isUpdate(final DataTreeCandidateNode node) {
        return node.dataBefore() != null && node.dataAfter() != null;
    }

    public static Optional<Object> leafBefore(final DataTreeCandidateNode node, final QName leaf) {
        return leaf(node.dataBefore(), leaf);
    }

    public static Optional<Object> leafAfter(final DataTreeCandidateNode node, final QName leaf) {
        return leaf(node.dataAfter(), leaf);
    }

    public static boolean leafChanged(final DataTreeCandidateNode node, final QName leaf) {
        return !leafBefore(node, leaf).equals(leafAfter(node, leaf));
    }

    /** The value of {@code leaf} of a container or list entry, if it has one. */
    public static Optional<Object> leaf(final @Nullable NormalizedNode node, final QName leaf) {
        return node instanceof DataContainerNode container
            && container.childByArg(new NodeIdentifier(leaf)) instanceof LeafNode<?> value
            ? Optional.of(value.body()) : Optional.empty();
    }

    /**
     * Refuse the change when a child outside {@code supported} changed: the device cannot
     * configure it, and ignoring it would make intent and device disagree silently.
     *
     * @param path the node's path, for the error
     * @param device named in the error, for example {@code FRR}
     */
    public static void requireOnly(final YangInstanceIdentifier path, final DataTreeCandidateNode node,
            final Set<QName> supported, final String device) throws OperationErrorsException {
        final Set<QName> names = new LinkedHashSet<>();
        childNames(node.dataBefore(), names);
        childNames(node.dataAfter(), names);
        for (QName name : names) {
            if (!supported.contains(name)
                    && !Objects.equals(child(node.dataBefore(), name), child(node.dataAfter(), name))) {
                throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_NOT_SUPPORTED,
                    device + " cannot configure " + name.getLocalName(), path.node(new NodeIdentifier(name)));
            }
        }
    }

    private static void childNames(final @Nullable NormalizedNode node, final Set<QName> names) {
        if (node instanceof DataContainerNode container) {
            for (DataContainerChild child : container.body()) {
                names.add(child.name().getNodeType());
            }
        }
    }

    private static @Nullable DataContainerChild child(final @Nullable NormalizedNode node, final QName name) {
        return node instanceof DataContainerNode container ? container.childByArg(new NodeIdentifier(name)) : null;
    }
}
