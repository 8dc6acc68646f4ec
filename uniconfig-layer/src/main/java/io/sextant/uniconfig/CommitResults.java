package io.sextant.uniconfig;

import io.sextant.spi.OperationErrorsException;
import io.sextant.uniconfig.NodeResult.ErrorKind;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** The answers of a commit that did not complete, per node, in the user's terms. */
final class CommitResults {
    private CommitResults() {
        // static only
    }

    /**
     * Why the node's device cannot take a commit through this instance: not connected, or
     * connected through the other controller instance holding the node's lease.
     */
    static String notConnected(final NodeRegistry registry, final String nodeId) {
        try {
            return registry.store().heldElsewhere(nodeId).map(holder -> "Device is connected through controller "
                + "instance " + holder.instanceId() + " (" + holder.address() + "), which holds node " + nodeId
                + ", not through this one: commit through that instance").orElse("Device is not connected");
        } catch (OperationErrorsException e) {
            return "Device is not connected";
        }
    }

    /** Refused before any device was touched: the failures, and every other target untouched. */
    static List<NodeResult> withOthersUntouched(final List<CommitTarget> targets, final List<NodeResult> failures) {
        final Set<String> failed = new LinkedHashSet<>();
        failures.forEach(f -> failed.add(f.nodeId()));
        final List<NodeResult> results = new ArrayList<>(failures);
        for (CommitTarget target : targets) {
            if (!failed.contains(target.nodeId())) {
                results.add(NodeResult.failed(target.nodeId(), ErrorKind.PROCESSING_ERROR,
                    "Not committed: another target node failed"));
            }
        }
        return results;
    }

    /** A gated commit whose gate put every device back. */
    static OperationResult putBack(final List<CommitTarget> targets, final CommitCoordinator.Failure failure) {
        final String rollback = rollbackProblems(failure);
        final List<NodeResult> results = targets.stream().map(target -> NodeResult.failed(target.nodeId(),
            ErrorKind.PROCESSING_ERROR, "Put back: " + failure.message() + rollback)).toList();
        return OperationResult.failed(failure.message() + (failure.rollbackProblems().isEmpty()
            ? "; every changed device was put back" : rollback), results);
    }

    /** A commit a device failed: that device's error, every other target rolled back. */
    static OperationResult rolledBack(final List<CommitTarget> targets, final CommitCoordinator.Failure failure) {
        final List<NodeResult> results = new ArrayList<>();
        final String rollback = rollbackProblems(failure);
        for (CommitTarget target : targets) {
            if (target.nodeId().equals(failure.nodeId())) {
                results.add(NodeResult.failed(target.nodeId(), ErrorKind.DEVICE_ERROR, failure.message() + rollback));
            } else {
                results.add(NodeResult.failed(target.nodeId(), ErrorKind.PROCESSING_ERROR, (failure.ofController()
                    ? "Rolled back: the controller could not keep the commit" : "Rolled back: node "
                        + failure.nodeId() + " failed") + rollback));
            }
        }
        return OperationResult.failed((failure.ofController() ? "Commit failed: "
            : "Commit failed on node " + failure.nodeId() + ": ") + failure.message()
            + (failure.rollbackProblems().isEmpty() ? "; every changed device was restored" : rollback), results);
    }

    /** {@code result} with the nodes a commit skipped added: they change nothing of its outcome. */
    static OperationResult withSkipped(final OperationResult result, final List<NodeResult> skipped) {
        if (skipped.isEmpty()) {
            return result;
        }
        final List<NodeResult> nodes = new ArrayList<>(result.nodes());
        nodes.addAll(skipped);
        return new OperationResult(result.ok(), result.error(), nodes);
    }

    private static String rollbackProblems(final CommitCoordinator.Failure failure) {
        return failure.rollbackProblems().isEmpty() ? "" : "; ROLLBACK FAILED: " + failure.rollbackProblems()
            .stream().map(CommitCoordinator.RollbackProblem::describe).collect(Collectors.joining("; "))
            + "; the controller puts those devices back to their configuration from before the commit when it "
            + "next reaches them";
    }
}
