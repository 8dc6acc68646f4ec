package io.sextant.uniconfig;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * One commit, as the transaction log keeps it.
 *
 * @param id unique id of the commit
 * @param time when it finished
 * @param user who asked for it
 * @param operation which RPC (commit, checked-commit)
 * @param result the outcome, per node
 * @param schemas the schema of each node's diff, for rendering
 */
public record CommitRecord(String id, Instant time, String user, String operation, OperationResult result,
        Map<String, EffectiveModelContext> schemas) {

    public List<String> targetNodes() {
        return result.nodes().stream().map(NodeResult::nodeId).toList();
    }
}
