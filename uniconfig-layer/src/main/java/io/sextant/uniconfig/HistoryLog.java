package io.sextant.uniconfig;

import io.sextant.spi.OperationErrorsException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link TransactionLog} that also records each successful commit's points in the nodes'
 * {@link NodeHistory}. It is told of a commit right after the commit's nodes took their new
 * configuration, with their locks still held, so each node's configuration now is what the
 * commit left. A history that cannot be written is logged and the commit stands; the nodes'
 * next points then keep full copies.
 */
final class HistoryLog implements TransactionLog {
    private static final Logger LOG = LoggerFactory.getLogger(HistoryLog.class);

    private final TransactionLog log;
    private final NodeHistory history;
    private final NodeRegistry registry;

    HistoryLog(final TransactionLog log, final NodeHistory history, final NodeRegistry registry) {
        this.log = log;
        this.history = history;
        this.registry = registry;
    }

    @Override
    public void record(final CommitRecord commit) throws OperationErrorsException {
        try {
            log.record(commit);
        } finally {
            if (commit.result().ok()) {
                keep(commit);
            }
        }
    }

    private void keep(final CommitRecord commit) {
        final List<NodeHistory.Step> steps = new ArrayList<>();
        for (NodeResult result : commit.result().nodes()) {
            final Optional<UniconfigNode> node = registry.node(result.nodeId());
            final NormalizedNode before = result.diff().getRootNode().dataBefore();
            if (result.diff().isEmpty() || node.isEmpty() || before == null) {
                continue;
            }
            steps.add(new NodeHistory.Step(result.nodeId(), node.orElseThrow().schemaKey(), before,
                node.orElseThrow().actualRoot(), result.diff().entries(),
                registry.store().keptActualVersion(result.nodeId())));
        }
        if (steps.isEmpty()) {
            return;
        }
        try {
            history.committed(commit.id(), commit.time(), steps);
        } catch (OperationErrorsException | RuntimeException e) {
            LOG.warn("Commit {} is not in the nodes' history (it stands; the nodes' next points keep full copies): {}",
                commit.id(), e.getMessage());
        }
    }
}
