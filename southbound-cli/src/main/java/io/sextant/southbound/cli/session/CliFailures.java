package io.sextant.southbound.cli.session;

import io.sextant.datastore.Failures;
import io.sextant.spi.OperationError;
import io.sextant.spi.OperationErrorsException;
import io.sextant.southbound.cli.CliCommandException;
import io.sextant.southbound.cli.pipeline.CliEvent;
import java.util.List;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;

/** The errors a CLI session reports, in the operation's terms. */
final class CliFailures {
    private CliFailures() {
    }

    /** A transport error: the session cannot go on. */
    static OperationErrorsException transport(final ErrorTag tag, final String message) {
        return new OperationErrorsException(OperationError.of(ErrorType.TRANSPORT, tag, message));
    }

    /** The device refused {@code command} ({@code index} in its batch, -1 alone). */
    static CliCommandException rejected(final String command, final int index, final CliEvent.DeviceError error,
            final List<String> applied) {
        return new CliCommandException(command, index, error.error(), error.output(), applied);
    }

    /** The failure as the operation's error: itself when it is one, else an operation-failed error with its message. */
    static OperationErrorsException asOperationFailure(final Throwable error) {
        final Throwable current = Failures.unwrap(error);
        if (current instanceof OperationErrorsException failure) {
            return failure;
        }
        return new OperationErrorsException(List.of(OperationError.of(ErrorType.APPLICATION,
            ErrorTag.OPERATION_FAILED, String.valueOf(current.getMessage()))), current);
    }
}
