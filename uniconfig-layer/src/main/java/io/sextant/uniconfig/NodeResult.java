package io.sextant.uniconfig;

import io.sextant.datastore.Failures;
import io.sextant.spi.OperationErrorsException;
import io.sextant.unified.UnifiedDevice.Protocol;
import java.util.Objects;
import java.util.Optional;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The outcome of a UniConfig operation for one node.
 *
 * @param nodeId the node
 * @param ok whether the operation succeeded for this node (or left it out, as a commit skips an unreachable node)
 * @param error why not, when it did not; why it was left out, when it was
 * @param diff the changes, for calculate-diff and compare-config
 * @param payload what would be sent, for dry-run
 * @param protocol how the node's device is reached, for dry-run
 * @param inSync for is-in-sync
 */
public record NodeResult(String nodeId, boolean ok, Optional<NodeError> error, ConfigDiff diff,
        Optional<String> payload, Optional<Protocol> protocol, Optional<Boolean> inSync) {

    private static final Logger LOG = LoggerFactory.getLogger(NodeResult.class);

    /** Why an operation failed on a node. */
    public record NodeError(ErrorKind kind, String message) {
    }

    /** The error-type leaf of the uniconfig-manager RPCs. */
    public enum ErrorKind {
        NO_CONNECTION("no-connection"),
        PROCESSING_ERROR("processing-error"),
        DEVICE_ERROR("device-error"),
        CONFLICT("conflict"),
        OUT_OF_SYNC("out-of-sync"),
        UNKNOWN_NODE("unknown-node");

        private final String yangName;

        ErrorKind(final String yangName) {
            this.yangName = yangName;
        }

        public String yangName() {
            return yangName;
        }
    }

    public static NodeResult ok(final String nodeId) {
        return new NodeResult(nodeId, true, Optional.empty(), ConfigDiff.NONE, Optional.empty(), Optional.empty(),
            Optional.empty());
    }

    /**
     * The result of a node whose stage failed: a {@link NodeFailure} keeps its error-type, an
     * error reported by the device (or its session) is a device-error, anything else a
     * processing-error. Every per-node failure of every operation goes through here or
     * {@link #failedProcessing}, so none escapes as a failure of the whole request.
     */
    static NodeResult failed(final String nodeId, final Throwable failure, final @Nullable EffectiveModelContext schema) {
        return failed(nodeId, failure, schema, ErrorKind.DEVICE_ERROR);
    }

    /** As {@link #failed(String, Throwable, EffectiveModelContext)}, for work on the controller's own data. */
    static NodeResult failedProcessing(final String nodeId, final Throwable failure,
            final @Nullable EffectiveModelContext schema) {
        return failed(nodeId, failure, schema, ErrorKind.PROCESSING_ERROR);
    }

    private static NodeResult failed(final String nodeId, final Throwable failure,
            final @Nullable EffectiveModelContext schema, final ErrorKind operationFailed) {
        final Throwable cause = Failures.unwrap(failure);
        if (cause instanceof NodeFailure node) {
            return failed(nodeId, node.kind(), Objects.requireNonNullElse(node.getMessage(), "failed"));
        }
        if (cause instanceof OperationErrorsException) {
            return failed(nodeId, operationFailed, CommitCoordinator.describe(cause, schema));
        }
        LOG.error("Operation on node {} failed unexpectedly", nodeId, cause);
        // a bug of ours: the user learns that, the log has the details (Java texts mean nothing to users)
        return failed(nodeId, ErrorKind.PROCESSING_ERROR, "Internal error of the controller (logged with node "
            + nodeId + ")");
    }

    public static NodeResult failed(final String nodeId, final ErrorKind kind, final String message) {
        return new NodeResult(nodeId, false, Optional.of(new NodeError(kind, message)), ConfigDiff.NONE, Optional.empty(),
            Optional.empty(), Optional.empty());
    }

    /** A node the operation left out (a commit's unreachable node with skip-unreachable-nodes): nothing was done. */
    public static NodeResult skipped(final String nodeId, final String why) {
        return new NodeResult(nodeId, true, Optional.of(new NodeError(ErrorKind.NO_CONNECTION, why)), ConfigDiff.NONE,
            Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** The status leaf of the uniconfig-manager RPCs: complete, fail, or skipped ({@link #skipped}: ok with a reason). */
    public String status() {
        return !ok ? "fail" : error.isPresent() ? "skipped" : "complete";
    }

    public NodeResult withDiff(final ConfigDiff changes) {
        return new NodeResult(nodeId, ok, error, changes, payload, protocol, inSync);
    }

    public NodeResult withPayload(final Protocol newProtocol, final String newPayload) {
        return new NodeResult(nodeId, ok, error, diff, Optional.of(newPayload), Optional.of(newProtocol), inSync);
    }

    public NodeResult withInSync(final boolean value) {
        return new NodeResult(nodeId, ok, error, diff, payload, protocol, Optional.of(value));
    }
}
