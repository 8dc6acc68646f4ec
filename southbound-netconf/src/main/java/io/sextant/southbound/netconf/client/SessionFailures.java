package io.sextant.southbound.netconf.client;

import io.sextant.datastore.Failures;
import io.sextant.spi.OperationError;
import io.sextant.spi.OperationErrorsException;
import org.opendaylight.yangtools.yang.common.ErrorType;

/** How a failed session, request or connection attempt is told apart and described. */
final class SessionFailures {
    private SessionFailures() {
    }

    /** Whether a request failed in transport (the session is unusable), not with the device's rpc-error. */
    static boolean isTransportFailure(final Throwable failure) {
        final Throwable cause = Failures.unwrap(failure);
        if (cause instanceof OperationErrorsException operation) {
            return operation.errors().stream().map(OperationError::type).allMatch(ErrorType.TRANSPORT::equals);
        }
        return true;
    }

    /** The message of an asynchronous failure's cause. */
    static String rootMessage(final Throwable failure) {
        final Throwable cause = Failures.unwrap(failure);
        return cause.getMessage() != null ? cause.getMessage() : cause.toString();
    }

    /** Why a connection could not be made: the message of the innermost cause. */
    static String cannotConnect(final Throwable cause) {
        Throwable root = cause;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        final String message = root.getMessage() != null ? root.getMessage() : root.getClass().getSimpleName();
        return "Cannot connect: " + message;
    }
}
