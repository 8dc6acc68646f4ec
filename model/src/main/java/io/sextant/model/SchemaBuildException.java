package io.sextant.model;

/** A set of YANG sources that does not make a schema. */
public class SchemaBuildException extends Exception {
    private static final long serialVersionUID = 1L;

    public SchemaBuildException(final String message, final Throwable cause) {
        super(message, cause);
    }
}
