package io.sextant.security.nacm;

/**
 * NACM data that cannot be compiled into rules (a malformed path, a missing action). The
 * message names the rule list and rule, so a write that would store it can be refused with it.
 */
public final class InvalidNacmConfigException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public InvalidNacmConfigException(final String message) {
        super(message);
    }

    public InvalidNacmConfigException(final String message, final Throwable cause) {
        super(message, cause);
    }
}
