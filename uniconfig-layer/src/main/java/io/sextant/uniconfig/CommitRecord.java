package io.sextant.uniconfig;

import io.sextant.persistence.codec.DiffEntry;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.eclipse.jdt.annotation.Nullable;
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
 * @param keptChanges for a commit read back from the database (logged by an earlier run or another
 *     controller instance), what it changed on each node as the database kept it; empty for a commit
 *     of this run, whose results carry their diffs
 */
public record CommitRecord(String id, Instant time, String user, String operation, OperationResult result,
        Map<String, EffectiveModelContext> schemas, Map<String, List<DiffEntry>> keptChanges) {

    public CommitRecord {
        schemas = Map.copyOf(schemas);
        keptChanges = Map.copyOf(keptChanges);
    }

    /** A commit of this run: its results carry their diffs. */
    public CommitRecord(final String id, final Instant time, final String user, final String operation,
            final OperationResult result, final Map<String, EffectiveModelContext> schemas) {
        this(id, time, user, operation, result, schemas, Map.of());
    }

    public List<String> targetNodes() {
        return result.nodes().stream().map(NodeResult::nodeId).toList();
    }

    /** What the commit changed on {@code node} (one of its results), each change with its before and after images. */
    List<DiffEntry> changes(final NodeResult node) {
        final List<DiffEntry> kept = keptChanges.get(node.nodeId());
        return kept != null ? kept : node.diff().entries();
    }

    /**
     * This record, with the schema {@code schemaOf} gives for each node that has none yet (null:
     * not known here, its changes are not rendered).
     */
    CommitRecord withSchemas(final Function<String, @Nullable EffectiveModelContext> schemaOf) {
        final Map<String, EffectiveModelContext> known = new HashMap<>(schemas);
        for (String nodeId : targetNodes()) {
            if (!known.containsKey(nodeId)) {
                final EffectiveModelContext schema = schemaOf.apply(nodeId);
                if (schema != null) {
                    known.put(nodeId, schema);
                }
            }
        }
        return known.size() == schemas.size() ? this
            : new CommitRecord(id, time, user, operation, result, known, keptChanges);
    }
}
