package io.sextant.datastore;

import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodeContainer;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;

/** Counts data nodes in a tree, or how a committed change altered that count. */
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

    /**
     * How many data nodes a change added (positive) or removed (negative): what
     * {@link #count} of the whole tree would change by, walking only the modified nodes and
     * whatever they replaced or wrote.
     */
    public static long delta(final DataTreeCandidateNode node) {
        return switch (node.modificationType()) {
            case UNMODIFIED -> 0;
            case SUBTREE_MODIFIED -> {
                long total = presence(node.dataAfter()) - presence(node.dataBefore());
                for (DataTreeCandidateNode child : node.childNodes()) {
                    total += delta(child);
                }
                yield total;
            }
            default -> countOrZero(node.dataAfter()) - countOrZero(node.dataBefore());
        };
    }

    private static long presence(final NormalizedNode node) {
        return node == null ? 0 : 1;
    }

    private static long countOrZero(final NormalizedNode node) {
        return node == null ? 0 : count(node);
    }
}
