package io.sextant.uniconfig;

import java.util.List;
import java.util.Optional;

/**
 * The outcome of a UniConfig operation over several nodes.
 *
 * @param ok whether it succeeded as a whole
 * @param error why not, when it did not
 * @param nodes one result per target node
 */
public record OperationResult(boolean ok, Optional<String> error, List<NodeResult> nodes) {

    public OperationResult {
        nodes = List.copyOf(nodes);
    }

    public static OperationResult of(final List<NodeResult> nodes) {
        final boolean ok = nodes.stream().allMatch(NodeResult::ok);
        return new OperationResult(ok, ok ? Optional.empty() : Optional.of(nodes.stream().filter(n -> !n.ok())
            .map(n -> n.nodeId() + ": " + n.error().map(NodeResult.NodeError::message).orElse("failed"))
            .findFirst().orElse("failed")), nodes);
    }

    public static OperationResult failed(final String error, final List<NodeResult> nodes) {
        return new OperationResult(false, Optional.of(error), nodes);
    }
}
