package io.sextant.persistence.internal;

import io.sextant.persistence.PersistenceException;
import java.io.IOException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

/**
 * Sorts SQL failures into "the database cannot be used now" and "the data or SQL is wrong", by
 * SQLSTATE class (PostgreSQL appendix A) and by the I/O failure underneath.
 */
public final class SqlErrors {
    private SqlErrors() {
    }

    /**
     * @param failure what JDBC threw
     * @param doing what was being done, in words ("load node R1")
     */
    public static PersistenceException map(final SQLException failure, final String doing) {
        if (failure instanceof SQLTransientConnectionException
                && String.valueOf(failure.getMessage()).contains("Connection is not available")) {
            return poolTimeout(failure, doing);
        }
        if (unavailable(failure)) {
            return PersistenceException.unavailable("Database unavailable: cannot " + doing + ": " + describe(failure),
                failure);
        }
        return PersistenceException.badData("Database refused to " + doing + ": " + describe(failure), failure);
    }

    /** HikariCP's wait for a connection ran out: either every connection is busy, or none can be opened. */
    private static PersistenceException poolTimeout(final SQLException failure, final String doing) {
        final Throwable cause = failure.getCause();
        if (cause != null) {
            return PersistenceException.unavailable("Database unavailable: cannot " + doing + ": cannot connect ("
                + describe(cause) + ")", failure);
        }
        return PersistenceException.unavailable("Database busy: cannot " + doing + ": no connection became free in "
            + "time (" + failure.getMessage() + ")", failure);
    }

    /**
     * Whether the connection itself is gone (the server shut down or ended the session, or the
     * socket broke), as opposed to a statement that failed on a live connection. The server rolls
     * back whatever that connection had not committed.
     */
    public static boolean connectionLost(final SQLException failure) {
        final String state = failure.getSQLState();
        if (state != null) {
            // connection exception; admin_shutdown, crash_shutdown, cannot_connect_now
            return state.startsWith("08") || state.equals("57P01") || state.equals("57P02")
                || state.equals("57P03");
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof IOException) {
                return true;
            }
        }
        return false;
    }

    static boolean unavailable(final SQLException failure) {
        final String state = failure.getSQLState();
        if (state != null && state.length() >= 2) {
            switch (state.substring(0, 2)) {
                // connection exception, transaction rollback (serialization/deadlock: try again),
                // invalid authorization, invalid catalog name (no such database), insufficient
                // resources, operator intervention (shutdown, query cancelled by statement_timeout),
                // system error (I/O)
                case "08", "40", "28", "3D", "53", "57", "58":
                    return true;
                default:
                    break;
            }
        }
        // no SQLSTATE: a broken or timed-out socket underneath (SocketException, SocketTimeoutException, ...)
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof IOException) {
                return true;
            }
        }
        return false;
    }

    private static String describe(final Throwable failure) {
        final String message = failure.getMessage();
        return message == null || message.isBlank() ? failure.getClass().getSimpleName() : message.strip();
    }
}
