package io.sextant.restconf.api;

/**
 * The failure of a {@link RestconfServer} request: every stage the server returns that does not
 * complete with its result completes with this, carrying the errors as data.
 */
public final class ServerException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient ServerErrors errors;

    public ServerException(final ServerErrors errors) {
        super(errors.errors().isEmpty() ? "Request failed" : errors.errors().get(0).message(), null, false, false);
        this.errors = errors;
    }

    public ServerErrors errors() {
        return errors;
    }
}
