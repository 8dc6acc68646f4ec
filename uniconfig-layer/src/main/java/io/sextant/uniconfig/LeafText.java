package io.sextant.uniconfig;

import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;

/** The text of a leaf of the controller's own data (RPC input, stored templates and policies). */
final class LeafText {
    private LeafText() {
    }

    /** The value of leaf {@code name} of {@code node} as text; empty when the node has no such leaf. */
    static String of(final DataContainerNode node, final QName name) {
        return node.childByArg(NodeIdentifier.create(name)) instanceof LeafNode<?> leaf ? String.valueOf(leaf.body())
            : "";
    }
}
