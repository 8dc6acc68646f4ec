package io.sextant.uniconfig;

import io.sextant.persistence.LoggedCommit;
import io.sextant.persistence.LoggedNode;
import io.sextant.persistence.codec.DiffEntry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jdt.annotation.Nullable;

/** The layer's {@link CommitRecord}s as the kept transaction log holds them, and back. */
final class LoggedCommits {
    private LoggedCommits() {
        // static only
    }

    /** A logged commit as the layer records it, with what it changed on each node as kept (when read). */
    static CommitRecord record(final LoggedCommit commit) {
        final List<NodeResult> results = new ArrayList<>();
        final Map<String, List<DiffEntry>> changes = new HashMap<>();
        for (LoggedNode node : commit.nodes()) {
            if (!node.diff().isEmpty()) {
                changes.put(node.nodeId(), node.diff());
            }
            results.add(node.errorTypeOrNull() == null && "complete".equals(node.status()) ? NodeResult.ok(
                node.nodeId()) : NodeResult.failed(node.nodeId(), errorKind(node.errorTypeOrNull()),
                    node.messageOrNull() == null ? "failed" : node.messageOrNull()));
        }
        final OperationResult result = "complete".equals(commit.status()) ? OperationResult.of(results)
            : OperationResult.failed(results.stream().flatMap(r -> r.error().stream()).map(
                NodeResult.NodeError::message).findFirst().orElse("failed"), results);
        return new CommitRecord(commit.commitId(), commit.finished(), commit.user(), commit.operation(), result,
            Map.of(), changes);
    }

    private static NodeResult.ErrorKind errorKind(final @Nullable String yangName) {
        for (NodeResult.ErrorKind kind : NodeResult.ErrorKind.values()) {
            if (kind.yangName().equals(yangName)) {
                return kind;
            }
        }
        return NodeResult.ErrorKind.PROCESSING_ERROR;
    }

    /** A commit as the transaction log keeps it, with each node's diff. */
    static LoggedCommit logged(final CommitRecord record) {
        final List<LoggedNode> logged = new ArrayList<>();
        for (NodeResult node : record.result().nodes()) {
            final List<DiffEntry> diff = record.changes(node);
            logged.add(new LoggedNode(node.nodeId(), node.ok() ? "complete" : "fail",
                node.error().map(e -> e.kind().yangName()).orElse(null),
                node.error().map(NodeResult.NodeError::message).orElse(null), diff));
        }
        return new LoggedCommit(record.id(), record.time(), record.user(), record.operation(),
            record.result().ok() ? "complete" : "fail", logged);
    }
}
