package io.sextant.persistence;

import java.time.Instant;
import java.util.List;

/** A commit recorded as pending and never finished: after a crash its nodes are in doubt. */
public record PendingCommit(String commitId, String operation, String user, List<String> nodeIds, Instant started) {
    public PendingCommit {
        nodeIds = List.copyOf(nodeIds);
    }
}
