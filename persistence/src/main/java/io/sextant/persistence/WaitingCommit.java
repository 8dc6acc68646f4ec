package io.sextant.persistence;

import java.time.Instant;
import java.util.List;

/**
 * A gated commit waiting for confirm-commit in a live controller instance.
 *
 * @param instanceId the instance that runs it (and decides it)
 */
public record WaitingCommit(String commitId, String user, Instant confirmDeadline, List<String> nodeIds,
        String instanceId) {
    public WaitingCommit {
        nodeIds = List.copyOf(nodeIds);
    }
}
