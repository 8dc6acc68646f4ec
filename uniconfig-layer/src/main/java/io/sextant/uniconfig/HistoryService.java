package io.sextant.uniconfig;

import io.sextant.persistence.HistoryMark;
import io.sextant.spi.OperationErrorsException;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * The nodes' history as users read it: a node's configuration as committed at a time or after a
 * transaction, the diff between two such points, the points kept. A point that is not kept fails
 * with data-missing (404) saying why.
 */
public final class HistoryService {
    private final NodeRegistry registry;
    private final NodeHistory history;

    /** Two points of a node and the changes from the first to the second. */
    public record Comparison(NodeHistory.Point from, NodeHistory.Point to, ConfigDiff diff) {
    }

    HistoryService(final NodeRegistry registry, final NodeHistory history) {
        this.registry = registry;
        this.history = history;
    }

    /** The node's configuration at {@code when}. */
    public NodeHistory.Point point(final String nodeId, final NodeHistory.When when) throws OperationErrorsException {
        NodeHistory.When asked = when;
        if (when instanceof NodeHistory.When.After after) {
            final List<NodeHistory.Change> changes = history.changesOf(after.commitId());
            if (changes.isEmpty()) {
                throw missing("Transaction " + after.commitId() + " is not in the nodes' history (unknown, failed, or "
                    + "older than the history's retention)");
            }
            if (changes.stream().noneMatch(c -> c.nodeId().equals(nodeId))) {
                // a transaction that did not touch the node: the node as it was then
                asked = new NodeHistory.When.At(changes.get(0).time());
            }
        }
        final Optional<NodeHistory.Point> point = history.point(nodeId, asked);
        if (point.isEmpty()) {
            final List<HistoryMark> marks = history.marks(nodeId);
            throw missing("Node " + nodeId + " has no kept history " + describe(when) + (marks.isEmpty()
                ? ": nothing it committed is kept" : ": its oldest kept point is transaction " + marks.get(0).commitId()
                    + " at " + marks.get(0).committedAt()));
        }
        return point.orElseThrow();
    }

    /** The changes from the node's configuration at {@code from} to the one at {@code to}. */
    public Comparison compare(final String nodeId, final NodeHistory.When from, final NodeHistory.When to)
            throws OperationErrorsException {
        final NodeHistory.Point first = point(nodeId, from);
        final NodeHistory.Point second = point(nodeId, to);
        if (!first.schemaKey().equals(second.schemaKey())) {
            throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_FAILED, "The two points of "
                + "node " + nodeId + " are in different device models (the device's models changed between them)");
        }
        return new Comparison(first, second, Differ.diff(first.configuration(), second.configuration()));
    }

    /** The node's kept points, oldest first. */
    public List<HistoryMark> marks(final String nodeId) throws OperationErrorsException {
        return history.marks(nodeId);
    }

    /** The schema a point's data is in, to render it. */
    public EffectiveModelContext schemaOf(final NodeHistory.Point point) throws OperationErrorsException {
        final Optional<UniconfigNode> node = registry.node(point.nodeId());
        if (node.isPresent() && node.orElseThrow().schemaKey().equals(point.schemaKey())) {
            return node.orElseThrow().schema();
        }
        return registry.schemaOf(point.schemaKey()).orElseThrow(() -> OperationErrorsException.of(
            ErrorType.APPLICATION, ErrorTag.OPERATION_FAILED, "The device models node " + point.nodeId()
                + " had at that point are not known now: its data cannot be shown"));
    }

    /** A point asked for, in the user's terms. */
    static String describe(final NodeHistory.When when) {
        return when instanceof NodeHistory.When.After after ? "after transaction " + after.commitId()
            : "at " + ((NodeHistory.When.At) when).time();
    }

    /** {@code text} as a time (RFC 3339), or else as a transaction id. */
    public static NodeHistory.When parse(final String text) {
        try {
            return new NodeHistory.When.At(OffsetDateTime.parse(text).toInstant());
        } catch (DateTimeParseException e) {
            return new NodeHistory.When.After(text);
        }
    }

    private static OperationErrorsException missing(final String message) {
        return OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.DATA_MISSING, message);
    }
}
