package io.sextant.security.nacm;

/** The edit operations of RFC 6241 and RFC 8072, as a write names them. */
public enum WriteOperation {
    /** Create; the target does not exist. */
    CREATE,
    /** Merge into the target (which may exist). */
    MERGE,
    /** Replace the target (which may exist): what it had and the data lacks is deleted. */
    REPLACE,
    /** Delete the target, which exists. */
    DELETE,
    /** Delete the target if it exists. */
    REMOVE
}
