package io.sextant.datastore;

import java.util.Optional;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;
import org.opendaylight.yangtools.yang.data.tree.api.ModificationType;

/** Helpers for walking a {@link DataTreeCandidate}. */
public final class Candidates {
    private Candidates() {
    }

    /**
     * The candidate node at {@code path}, or empty when the commit did not reach it. A node above
     * {@code path} that was written or deleted as a whole counts as reaching it: the node at
     * {@code path} is then returned as a synthetic child derived from the parent's before and
     * after data.
     */
    public static Optional<DataTreeCandidateNode> find(final DataTreeCandidate candidate,
            final YangInstanceIdentifier path) {
        final YangInstanceIdentifier root = candidate.getRootPath();
        if (!root.isEmpty() && !root.contains(path) && !path.contains(root)) {
            return Optional.empty();
        }
        DataTreeCandidateNode node = candidate.getRootNode();
        final var args = path.getPathArguments();
        for (int i = root.getPathArguments().size(); i < args.size(); i++) {
            final PathArgument arg = args.get(i);
            final Optional<DataTreeCandidateNode> child = node.findModifiedChild(arg);
            if (child.isEmpty()) {
                return Optional.empty();
            }
            node = child.orElseThrow();
        }
        return node.modificationType() == ModificationType.UNMODIFIED ? Optional.empty() : Optional.of(node);
    }

    /** Whether the commit changed anything at or below {@code subtree}. */
    public static boolean touches(final DataTreeCandidate candidate, final YangInstanceIdentifier subtree) {
        return find(candidate, subtree).isPresent();
    }
}
