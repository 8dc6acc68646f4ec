package io.sextant.unified;

import io.sextant.spi.OperationErrorsException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * A connected device, whatever its protocol: its configuration is read and changed as YANG
 * data in {@link #schema()} (the device's own models for NETCONF, OpenConfig for CLI devices
 * served by a translation unit).
 */
public interface UnifiedDevice {

    String nodeId();

    Protocol protocol();

    /** The schema of the device's configuration as the UniConfig layer sees it. */
    EffectiveModelContext schema();

    /**
     * Names {@link #schema()}, stably across restarts: devices with the same key have the same
     * schema (the same advertised NETCONF modules; the same translation unit). Kept with a
     * node's configuration, so that a kept node can be matched with its device again.
     */
    String schemaKey();

    /** Read the device's whole configuration now (a datastore root container). */
    CompletionStage<ContainerNode> readConfiguration();

    /**
     * Prepare a change, without talking to the device yet.
     *
     * @param change the change, as a candidate rooted at the configuration root of {@link #schema()}
     * @throws OperationErrorsException when the change cannot be expressed for this device (for
     *     example no translation unit handles part of it)
     */
    DeviceChange prepare(DataTreeCandidate change) throws OperationErrorsException;

    /**
     * {@link #prepare(DataTreeCandidate)} for a change that is part of commit {@code commitId}:
     * where the protocol can name a change on the device (a NETCONF persistent confirmed commit),
     * it is named after the commit, so that {@link #settle} finds it after a crash of the controller.
     */
    default DeviceChange prepare(final DataTreeCandidate change, final String commitId)
            throws OperationErrorsException {
        return prepare(change);
    }

    /**
     * {@link #prepare(DataTreeCandidate, String)} for a commit that waits behind a verification
     * gate: where the device can take the applied change back by itself (a NETCONF confirmed
     * commit), it does so only if it is not confirmed within at least {@code hold}, so that the
     * gate, not the device, decides while it waits; if the controller stops meanwhile, the device
     * still takes the change back by itself afterwards.
     */
    default DeviceChange prepare(final DataTreeCandidate change, final String commitId, final Duration hold)
            throws OperationErrorsException {
        return prepare(change, commitId);
    }

    /**
     * For a check of a gated commit on a CLI device: the output of a read-only command (a
     * {@code show}) run on the device now.
     */
    default CompletionStage<String> show(final String command) {
        return CompletableFuture.failedFuture(OperationErrorsException.of(ErrorType.APPLICATION,
            ErrorTag.OPERATION_NOT_SUPPORTED, "Node " + nodeId() + " is a " + protocol().name()
                + " device: its checks read a path, not a command"));
    }

    /**
     * For a check of a gated commit on a NETCONF device: the device's data (configuration and
     * state, a {@code <get>}) at {@code path}, empty when there is none.
     */
    default CompletionStage<Optional<NormalizedNode>> readState(final YangInstanceIdentifier path) {
        return CompletableFuture.failedFuture(OperationErrorsException.of(ErrorType.APPLICATION,
            ErrorTag.OPERATION_NOT_SUPPORTED, "Node " + nodeId() + " is a " + protocol().name()
                + " device: its checks run a show command, not a read of a path"));
    }

    /**
     * After the controller stopped in the middle of commit {@code commitId}: end what that commit
     * left pending on the device (a confirmed commit waiting for its confirmation is cancelled,
     * uncommitted candidate edits are discarded), so that what is read next is what stays. Never
     * fails: whatever could not be settled shows in what is read next.
     */
    default CompletionStage<Void> settle(final String commitId) {
        return CompletableFuture.completedFuture(null);
    }

    /** The protocols devices are mounted with. */
    enum Protocol { NETCONF, CLI }
}
