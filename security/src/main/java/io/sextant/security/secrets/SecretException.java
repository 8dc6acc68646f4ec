package io.sextant.security.secrets;

/**
 * A stored secret that cannot be opened (unknown key id, altered or truncated envelope, wrong
 * key), or a key ring that cannot be read. The message never contains the secret.
 */
public final class SecretException extends Exception {
    private static final long serialVersionUID = 1L;

    public SecretException(final String message) {
        super(message);
    }

    public SecretException(final String message, final Throwable cause) {
        super(message, cause);
    }
}
