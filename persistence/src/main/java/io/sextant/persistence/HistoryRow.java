package io.sextant.persistence;

import io.sextant.persistence.codec.DiffEntry;
import java.time.Instant;
import java.util.List;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * One point of a node's history: a successful commit that changed the node.
 *
 * @param seq the point's number among the node's points (1, 2, ...)
 * @param schemaKey the schema the data is in
 * @param diff what the commit changed on the node (path, before and after images)
 * @param fullCopyOrNull the node's whole configuration after the commit, on the points that keep one
 *     (and as read: only on the first point of a replay)
 * @param copyBefore the full copy is the configuration before the commit (the point's diff leads from
 *     it to the point), not after it
 */
public record HistoryRow(String nodeId, long seq, String commitId, Instant committedAt, String schemaKey,
        List<DiffEntry> diff, @Nullable NormalizedNode fullCopyOrNull, boolean copyBefore) {
    public HistoryRow {
        diff = List.copyOf(diff);
    }

    /** A point with no full copy, or with a full copy of the configuration after its commit. */
    public HistoryRow(final String nodeId, final long seq, final String commitId, final Instant committedAt,
            final String schemaKey, final List<DiffEntry> diff, final @Nullable NormalizedNode fullCopyOrNull) {
        this(nodeId, seq, commitId, committedAt, schemaKey, diff, fullCopyOrNull, false);
    }
}
