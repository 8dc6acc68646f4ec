package io.sextant.datastore;

import io.sextant.datastore.codec.UserTerms;
import io.sextant.spi.OperationError;
import io.sextant.spi.OperationErrorsException;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.tree.api.ConflictingModificationAppliedException;
import org.opendaylight.yangtools.yang.data.tree.api.DataValidationFailedException;
import org.opendaylight.yangtools.yang.data.tree.api.ModifiedNodeDoesNotExistException;
import org.opendaylight.yangtools.yang.data.tree.api.RequiredElementCountException;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * What the yangtools data tree refuses, as an {@link OperationErrorsException} with the path and
 * RFC 8040's error-type and error-tag, its message in the user's terms (module:name, not
 * yangtools' renderings of schema nodes).
 */
final class TreeFailures {
    private TreeFailures() {
    }

    /** A modification that failed the tree's validation. */
    static OperationErrorsException validation(final DataValidationFailedException e,
            final EffectiveModelContext schema) {
        final YangInstanceIdentifier path = e.getPath();
        final String message = UserTerms.of(e.getMessage(), schema);
        if (e instanceof ConflictingModificationAppliedException) {
            return OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.IN_USE,
                "The data was changed by another transaction: " + message, path);
        }
        if (e instanceof ModifiedNodeDoesNotExistException) {
            return OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.DATA_MISSING, message, path);
        }
        if (e instanceof RequiredElementCountException) {
            return new OperationErrorsException(new OperationError(ErrorType.APPLICATION, ErrorTag.OPERATION_FAILED,
                message, path, elementCountTag(e.getMessage()), null));
        }
        return OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.INVALID_VALUE, message, path);
    }

    /**
     * A change yangtools refused while applying it (a lazily applied edit, a parent created
     * implicitly, min/max-elements): invalid-value, or operation-failed with RFC 7950's
     * too-few-elements / too-many-elements.
     *
     * @param path where the change was made, or null when the whole modification was refused
     */
    static OperationErrorsException refused(final RuntimeException e, final @Nullable YangInstanceIdentifier path,
            final EffectiveModelContext schema) {
        final String message = UserTerms.of(e.getMessage(), schema);
        final String appTag = elementCountTag(e.getMessage());
        if (appTag != null) {
            return new OperationErrorsException(new OperationError(ErrorType.APPLICATION, ErrorTag.OPERATION_FAILED,
                message, path, appTag, null));
        }
        return new OperationErrorsException(OperationError.of(ErrorType.APPLICATION, ErrorTag.INVALID_VALUE, message,
            path));
    }

    /** RFC 7950 15.2 / 15.3 error-app-tag of yangtools' min/max-elements message (its counts are swapped). */
    private static @Nullable String elementCountTag(final @Nullable String message) {
        if (message == null) {
            return null;
        }
        if (message.contains("does not have enough elements")) {
            return "too-few-elements";
        }
        return message.contains("has too many elements") ? "too-many-elements" : null;
    }
}
