package io.sextant.datastore;

import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodeContainer;

/** Counts data nodes in a tree. */
public final class NormalizedNodeCounter {
    private NormalizedNodeCounter() {
    }

    public static long count(final NormalizedNode node) {
        long total = 1;
        if (node instanceof NormalizedNodeContainer<?> container) {
            for (NormalizedNode child : container.body()) {
                total += count(child);
            }
        }
        return total;
    }
}
