package io.sextant.persistence.codec;

import java.util.ArrayList;
import java.util.List;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;

/**
 * One place a diff changed: the subtree at {@code path} before and after (null where it did not
 * exist: created or deleted). A diff is the list of these, as the transaction log keeps it.
 * yangtools' own candidate serialization drops the before- and after-images of partly modified
 * nodes, so diffs are kept in this form instead, which keeps both images of every change.
 */
public record DiffEntry(YangInstanceIdentifier path, @Nullable NormalizedNode beforeOrNull,
        @Nullable NormalizedNode afterOrNull) {
    public DiffEntry {
        if (beforeOrNull == null && afterOrNull == null) {
            throw new IllegalArgumentException("a change at " + path + " needs a before or an after image");
        }
    }

    /** Where {@code candidate} changes something, depth first. */
    public static List<DiffEntry> of(final DataTreeCandidate candidate) {
        final List<DiffEntry> entries = new ArrayList<>();
        collect(candidate.getRootPath(), candidate.getRootNode(), entries);
        return entries;
    }

    private static void collect(final YangInstanceIdentifier path, final DataTreeCandidateNode node,
            final List<DiffEntry> entries) {
        switch (node.modificationType()) {
            case UNMODIFIED -> {
                // nothing
            }
            case SUBTREE_MODIFIED -> {
                for (DataTreeCandidateNode child : node.childNodes()) {
                    collect(path.node(child.name()), child, entries);
                }
            }
            default -> {
                if (node.dataBefore() != null || node.dataAfter() != null) {
                    entries.add(new DiffEntry(path, node.dataBefore(), node.dataAfter()));
                }
            }
        }
    }
}
