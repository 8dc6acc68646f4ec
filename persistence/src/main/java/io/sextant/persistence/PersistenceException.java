package io.sextant.persistence;

import org.eclipse.jdt.annotation.Nullable;

/**
 * A failed database operation. {@link #reason()} tells the caller what to answer: the database
 * could not be used right now ({@link Reason#UNAVAILABLE}, a 503 for a RESTCONF request; retrying
 * later may work), what was read or written is wrong ({@link Reason#BAD_DATA}, a bug), or what a
 * write was based on was changed by someone else meanwhile ({@link Reason#CONFLICT}, a 409). The SQL
 * transaction was rolled back, nothing was half-written, except when the connection failed while
 * the transaction was committing ({@link #outcomeUnknown()}): then all of it may have been kept,
 * though the caller was told it failed, and the caller must make sure the database ends as the
 * caller believes it is (write again what it holds, or take back what it had tried).
 */
public final class PersistenceException extends Exception {
    private static final long serialVersionUID = 1L;

    /** What went wrong, in the terms a caller acts on. */
    public enum Reason {
        /** The database is down, unreachable, refused the credentials, did not answer in time, or has no free connection. */
        UNAVAILABLE,
        /** The data or the SQL is wrong: a constraint, an undecodable row, a schema mismatch. A bug, not an outage. */
        BAD_DATA,
        /**
         * What the write was based on is no longer what is stored: someone else (another
         * controller instance sharing the database) changed it since it was read.
         */
        CONFLICT
    }

    private final Reason reason;
    private final boolean outcomeUnknown;

    public PersistenceException(final Reason reason, final String message, final @Nullable Throwable cause) {
        this(reason, message, cause, false);
    }

    private PersistenceException(final Reason reason, final String message, final @Nullable Throwable cause,
            final boolean outcomeUnknown) {
        super(message, cause);
        this.reason = reason;
        this.outcomeUnknown = outcomeUnknown;
    }

    public PersistenceException(final Reason reason, final String message) {
        this(reason, message, null);
    }

    public static PersistenceException unavailable(final String message, final @Nullable Throwable cause) {
        return new PersistenceException(Reason.UNAVAILABLE, message, cause);
    }

    /**
     * The connection failed while the transaction was committing ({@code failure} says how): it may
     * or may not have been kept.
     */
    public static PersistenceException outcomeUnknown(final PersistenceException failure) {
        return new PersistenceException(failure.reason(), failure.getMessage()
            + " (the connection failed while committing: the change may or may not have been kept)",
            failure.getCause(), true);
    }

    public static PersistenceException conflict(final String message) {
        return new PersistenceException(Reason.CONFLICT, message, null);
    }

    public static PersistenceException badData(final String message, final @Nullable Throwable cause) {
        return new PersistenceException(Reason.BAD_DATA, message, cause);
    }

    public Reason reason() {
        return reason;
    }

    /** Whether the database could not be used (503), rather than the data being wrong. */
    public boolean unavailable() {
        return reason == Reason.UNAVAILABLE;
    }

    /**
     * Whether the transaction may have been kept although this failure was reported: the
     * connection failed while it committed.
     */
    public boolean outcomeUnknown() {
        return outcomeUnknown;
    }
}
