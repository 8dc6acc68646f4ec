package io.sextant.spi;

import static java.util.Objects.requireNonNull;

import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;

/**
 * One error in the shape NETCONF and RESTCONF report it (RFC 6241 rpc-error, RFC 8040 error).
 *
 * @param type error-type
 * @param tag error-tag; RESTCONF derives the HTTP status from it
 * @param message error-message, for a person
 * @param path error-path, in the schema of whoever raised the error; null when there is none
 * @param appTag error-app-tag; null when there is none
 * @param info error-info text (for example the device that reported the error); null when there is none
 */
public record OperationError(ErrorType type, ErrorTag tag, String message,
        @Nullable YangInstanceIdentifier path, @Nullable String appTag, @Nullable String info) {

    public OperationError {
        requireNonNull(type);
        requireNonNull(tag);
        requireNonNull(message);
    }

    public static OperationError of(final ErrorType type, final ErrorTag tag, final String message) {
        return new OperationError(type, tag, message, null, null, null);
    }

    public static OperationError of(final ErrorType type, final ErrorTag tag, final String message,
            final @Nullable YangInstanceIdentifier path) {
        return new OperationError(type, tag, message, path, null, null);
    }

    public OperationError withInfo(final @Nullable String newInfo) {
        return new OperationError(type, tag, message, path, appTag, newInfo);
    }

    public OperationError withPath(final @Nullable YangInstanceIdentifier newPath) {
        return new OperationError(type, tag, message, newPath, appTag, info);
    }
}
