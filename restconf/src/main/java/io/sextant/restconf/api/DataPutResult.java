package io.sextant.restconf.api;

/** What a PUT did (RFC 8040 section 4.5: create or replace). */
public enum DataPutResult {
    /** The target resource did not exist and was created. */
    CREATED,
    /** The target resource existed (or is a datastore root, which always does) and was replaced. */
    REPLACED
}
