package io.sextant.spi;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;

/**
 * A failed data, RPC or device operation: the {@link OperationError}s it carries, each with its
 * path (named apart from yangtools' own {@code OperationFailedException}), so the
 * northbound can answer with an RFC 8040 error body without guessing.
 */
public class OperationErrorsException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient List<OperationError> errors;

    public OperationErrorsException(final List<OperationError> errors) {
        this(errors, null);
    }

    public OperationErrorsException(final List<OperationError> errors, final @Nullable Throwable cause) {
        super(errors.isEmpty() ? "operation failed" : errors.get(0).message(), cause);
        this.errors = List.copyOf(errors);
    }

    public OperationErrorsException(final OperationError error) {
        this(List.of(error));
    }

    public OperationErrorsException(final OperationError error, final Throwable cause) {
        this(List.of(error), cause);
    }

    public static OperationErrorsException of(final ErrorType type, final ErrorTag tag, final String message,
            final @Nullable YangInstanceIdentifier path) {
        return new OperationErrorsException(OperationError.of(type, tag, message, path));
    }

    public static OperationErrorsException of(final ErrorType type, final ErrorTag tag, final String message) {
        return new OperationErrorsException(OperationError.of(type, tag, message));
    }

    public List<OperationError> errors() {
        return errors;
    }

    /** The path of the first error that has one. */
    public Optional<YangInstanceIdentifier> path() {
        return errors.stream().map(OperationError::path).filter(Objects::nonNull).findFirst();
    }
}
