package io.sextant.persistence;

/**
 * A failed database operation. {@link #reason()} tells the caller what to answer: the database
 * could not be used right now ({@link Reason#UNAVAILABLE}, a 503 for a RESTCONF request; retrying
 * later may work), or what was read or written is wrong ({@link Reason#BAD_DATA}, a bug). Either
 * way the SQL transaction was rolled back: nothing was half-written.
 */
public final class PersistenceException extends Exception {
    private static final long serialVersionUID = 1L;

    /** What went wrong, in the terms a caller acts on. */
    public enum Reason {
        /** The database is down, unreachable, refused the credentials, did not answer in time, or has no free connection. */
        UNAVAILABLE,
        /** The data or the SQL is wrong: a constraint, an undecodable row, a schema mismatch. A bug, not an outage. */
        BAD_DATA
    }

    private final Reason reason;

    public PersistenceException(final Reason reason, final String message, final Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    public PersistenceException(final Reason reason, final String message) {
        this(reason, message, null);
    }

    public static PersistenceException unavailable(final String message, final Throwable cause) {
        return new PersistenceException(Reason.UNAVAILABLE, message, cause);
    }

    public static PersistenceException badData(final String message, final Throwable cause) {
        return new PersistenceException(Reason.BAD_DATA, message, cause);
    }

    public Reason reason() {
        return reason;
    }

    /** Whether the database could not be used (503), rather than the data being wrong. */
    public boolean unavailable() {
        return reason == Reason.UNAVAILABLE;
    }
}
