package io.sextant.translation.spi;

import io.sextant.datastore.OperationFailedException;
import java.util.HashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;

/**
 * One changed instance of a handler's data: a container or list entry before and after.
 *
 * @param path the concrete path, keys included
 * @param before the data before; empty when created
 * @param after the data after; empty when deleted
 */
public record Change(YangInstanceIdentifier path, Optional<DataContainerNode> before,
        Optional<DataContainerNode> after) {

    public Change {
        Objects.requireNonNull(path);
        Objects.requireNonNull(before);
        Objects.requireNonNull(after);
    }

    public boolean isCreate() {
        return before.isEmpty() && after.isPresent();
    }

    public boolean isDelete() {
        return before.isPresent() && after.isEmpty();
    }

    public boolean isUpdate() {
        return before.isPresent() && after.isPresent();
    }

    /** The same change the other way round: what undoes it. */
    public Change reverse() {
        return new Change(path, after, before);
    }

    public Optional<Object> leafBefore(final QName leaf) {
        return before.flatMap(node -> leaf(node, leaf));
    }

    public Optional<Object> leafAfter(final QName leaf) {
        return after.flatMap(node -> leaf(node, leaf));
    }

    public boolean leafChanged(final QName leaf) {
        return !leafBefore(leaf).equals(leafAfter(leaf));
    }

    /** The value of a key of a list entry on the path, for example the interface name. */
    public Object key(final QName list, final QName keyLeaf) {
        return key(path, list, keyLeaf);
    }

    public static Object key(final YangInstanceIdentifier path, final QName list, final QName keyLeaf) {
        for (PathArgument arg : path.getPathArguments()) {
            if (arg instanceof NodeIdentifierWithPredicates entry && entry.getNodeType().equals(list)) {
                final Object value = entry.getValue(keyLeaf);
                if (value != null) {
                    return value;
                }
            }
        }
        throw new IllegalArgumentException("No key " + keyLeaf + " of " + list + " in " + path);
    }

    /**
     * Refuse the change when a leaf outside {@code supported} changed: the device cannot
     * configure it, and ignoring it would make intent and device disagree silently.
     */
    public void requireOnly(final Set<QName> supported, final String device) throws OperationFailedException {
        final Set<QName> names = new HashSet<>();
        before.ifPresent(node -> node.body().forEach(child -> names.add(child.name().getNodeType())));
        after.ifPresent(node -> node.body().forEach(child -> names.add(child.name().getNodeType())));
        for (QName name : names) {
            if (!supported.contains(name) && !child(before, name).equals(child(after, name))) {
                throw OperationFailedException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_NOT_SUPPORTED,
                    device + " cannot configure " + name.getLocalName(), path.node(new NodeIdentifier(name)));
            }
        }
    }

    private static Optional<DataContainerChild> child(final Optional<DataContainerNode> node, final QName name) {
        return node.flatMap(n -> Optional.ofNullable(n.childByArg(new NodeIdentifier(name))));
    }

    private static Optional<Object> leaf(final DataContainerNode node, final QName leaf) {
        return Optional.ofNullable(node.childByArg(new NodeIdentifier(leaf)))
            .filter(LeafNode.class::isInstance)
            .map(child -> ((LeafNode<?>) child).body());
    }
}
