package io.sextant.datastore;

import io.sextant.persistence.Database;
import io.sextant.persistence.PersistenceException;
import io.sextant.spi.OperationError;
import io.sextant.spi.OperationErrorsException;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;

/**
 * The errors a request gets when the controller could not keep a change: the database is
 * unavailable (error-app-tag {@value #APP_TAG}, an HTTP 503: try again later), found what the
 * change was based on changed by someone else (in-use, a 409), or refused the data (a bug,
 * operation-failed). Either way nothing was changed.
 */
public final class StateUnavailable {
    /** The error-app-tag of an error caused by an unavailable database. */
    public static final String APP_TAG = "database-unavailable";

    private StateUnavailable() {
    }

    /** The request's error for a failure of the database. */
    public static OperationErrorsException of(final PersistenceException failure) {
        if (failure.unavailable()) {
            return new OperationErrorsException(new OperationError(ErrorType.APPLICATION, ErrorTag.RESOURCE_DENIED,
                failure.getMessage() + "; nothing was changed, try again when the database is back",
                null, APP_TAG, null), failure);
        }
        if (failure.reason() == PersistenceException.Reason.CONFLICT) {
            return new OperationErrorsException(OperationError.of(ErrorType.APPLICATION, ErrorTag.IN_USE,
                failure.getMessage() + "; nothing was changed"), failure);
        }
        return new OperationErrorsException(OperationError.of(ErrorType.APPLICATION, ErrorTag.OPERATION_FAILED,
            failure.getMessage() + "; nothing was changed"), failure);
    }

    /** {@code work} in one SQL transaction of {@code database}; a failure as the request's error ({@link #of}). */
    public static <T> T call(final Database database, final String doing, final Database.Work<T> work)
            throws OperationErrorsException {
        try {
            return database.call(doing, work);
        } catch (PersistenceException e) {
            throw of(e);
        }
    }

    /** {@code action} in one SQL transaction of {@code database}; a failure as the request's error ({@link #of}). */
    public static void run(final Database database, final String doing, final Database.Action action)
            throws OperationErrorsException {
        try {
            database.run(doing, action);
        } catch (PersistenceException e) {
            throw of(e);
        }
    }

    /** Whether {@code error} says the database was unavailable. */
    public static boolean is(final OperationError error) {
        return APP_TAG.equals(error.appTag());
    }
}
