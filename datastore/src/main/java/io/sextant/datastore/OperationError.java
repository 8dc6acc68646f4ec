package io.sextant.datastore;

import java.util.Optional;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;

/**
 * One error in the shape NETCONF and RESTCONF report it (RFC 6241 rpc-error, RFC 8040 error).
 *
 * @param type error-type
 * @param tag error-tag; RESTCONF derives the HTTP status from it
 * @param message error-message, for a person
 * @param path error-path, in the schema of whoever raised the error
 * @param appTag error-app-tag, if any
 * @param info error-info text, if any (for example the device that reported the error)
 */
public record OperationError(ErrorType type, ErrorTag tag, String message, Optional<YangInstanceIdentifier> path,
        Optional<String> appTag, Optional<String> info) {

    public OperationError {
        if (type == null || tag == null || message == null || path == null || appTag == null || info == null) {
            throw new NullPointerException("OperationError components must not be null");
        }
    }

    public static OperationError of(final ErrorType type, final ErrorTag tag, final String message) {
        return new OperationError(type, tag, message, Optional.empty(), Optional.empty(), Optional.empty());
    }

    public static OperationError of(final ErrorType type, final ErrorTag tag, final String message,
            final YangInstanceIdentifier path) {
        return new OperationError(type, tag, message, Optional.ofNullable(path), Optional.empty(), Optional.empty());
    }

    public OperationError withInfo(final String newInfo) {
        return new OperationError(type, tag, message, path, appTag, Optional.ofNullable(newInfo));
    }

    public OperationError withPath(final YangInstanceIdentifier newPath) {
        return new OperationError(type, tag, message, Optional.ofNullable(newPath), appTag, info);
    }
}
