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
 */
public record HistoryRow(String nodeId, long seq, String commitId, Instant committedAt, String schemaKey,
        List<DiffEntry> diff, @Nullable NormalizedNode fullCopyOrNull) {
    public HistoryRow {
        diff = List.copyOf(diff);
    }
}
