package io.sextant.persistence;

import io.sextant.persistence.codec.DiffEntry;
import java.util.List;
import org.eclipse.jdt.annotation.Nullable;

/**
 * One node's part of a logged commit.
 *
 * @param errorTypeOrNull the error-type of a failure
 * @param messageOrNull the error message of a failure
 * @param diff what the commit changed on the node ({@link DiffEntry#of} of its diff; empty for none)
 */
public record LoggedNode(String nodeId, String status, @Nullable String errorTypeOrNull,
        @Nullable String messageOrNull,
        List<DiffEntry> diff) {
    public LoggedNode {
        diff = List.copyOf(diff);
    }
}
