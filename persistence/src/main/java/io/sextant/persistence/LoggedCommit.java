package io.sextant.persistence;

import java.time.Instant;
import java.util.List;

/**
 * One entry of the transaction log.
 *
 * @param status the overall outcome (for example "complete" or "fail")
 */
public record LoggedCommit(String commitId, Instant finished, String user, String operation, String status,
        List<LoggedNode> nodes) {
    public LoggedCommit {
        nodes = List.copyOf(nodes);
    }
}
