package io.sextant.spi;

import java.util.List;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;

/**
 * The error of a request for nodes whose devices another controller instance sharing the
 * database connects (it holds their leases): error-tag {@code resource-denied}, error-app-tag
 * {@value #APP_TAG}, error-info the holder's address ({@code host:port}). A transport that can
 * reach the holder sends the request on to it; anywhere else the error is the answer, telling the
 * caller where to send it.
 */
public final class HeldElsewhere {
    public static final String APP_TAG = "held-elsewhere";
    /**
     * The error-app-tag of the answer when the request was sent on to the holder and the holder
     * could not be reached or its answer was lost (an HTTP 503).
     */
    public static final String UNREACHABLE_APP_TAG = "holder-unreachable";

    private HeldElsewhere() {
    }

    /** The error for {@code nodeIds}, whose leases instance {@code instanceId} at {@code address} holds. */
    public static OperationErrorsException of(final List<String> nodeIds, final String instanceId,
            final String address) {
        return new OperationErrorsException(new OperationError(ErrorType.APPLICATION, ErrorTag.RESOURCE_DENIED,
            (nodeIds.size() == 1 ? "Node " + nodeIds.get(0) + " is" : "Nodes " + String.join(", ", nodeIds) + " are")
                + " connected through controller instance " + instanceId + " (" + address + "), not through this "
                + "one: send the request to that instance", null, APP_TAG, address));
    }

    /**
     * The error for a decision (confirm-commit, cancel-commit) of gated commit {@code commitId},
     * which instance {@code instanceId} at {@code address} runs and waits to have decided.
     */
    public static OperationErrorsException ofCommit(final String commitId, final String instanceId,
            final String address) {
        return new OperationErrorsException(new OperationError(ErrorType.APPLICATION, ErrorTag.RESOURCE_DENIED,
            "Gated commit " + commitId + " waits for its decision on controller instance " + instanceId + " ("
                + address + "), not on this one: send the request to that instance", null, APP_TAG, address));
    }

    /** The holder's address when {@code errors} is this error; null otherwise. */
    public static @Nullable String address(final List<OperationError> errors) {
        return errors.size() == 1 && APP_TAG.equals(errors.get(0).appTag()) ? errors.get(0).info() : null;
    }
}
