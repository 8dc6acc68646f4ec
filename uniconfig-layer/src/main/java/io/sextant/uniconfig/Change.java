package io.sextant.uniconfig;

import java.util.Optional;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * One difference between the actual and the intended configuration of a node.
 *
 * @param path where, relative to the node's configuration root
 * @param before the actual data; empty when the data is created
 * @param after the intended data; empty when the data is deleted
 */
public record Change(YangInstanceIdentifier path, Optional<NormalizedNode> before, Optional<NormalizedNode> after) {

    /** The kinds of change. */
    public enum Kind { CREATED, UPDATED, DELETED }

    public Change {
        if (before.isEmpty() && after.isEmpty()) {
            throw new IllegalArgumentException("A change needs data before or after");
        }
    }

    public Kind kind() {
        return before.isEmpty() ? Kind.CREATED : after.isEmpty() ? Kind.DELETED : Kind.UPDATED;
    }
}
