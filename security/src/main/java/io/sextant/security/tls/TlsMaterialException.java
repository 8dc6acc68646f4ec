package io.sextant.security.tls;

/**
 * TLS material that cannot be used: a missing or unreadable file, a file that is not PEM of the
 * right kind, a key that does not belong to the certificate, a certificate out of its validity.
 * The message says which file and what is wrong, in the operator's terms; the controller does
 * not start on it (never a silent fall-back to plain HTTP).
 */
public final class TlsMaterialException extends Exception {
    private static final long serialVersionUID = 1L;

    public TlsMaterialException(final String message) {
        super(message);
    }

    public TlsMaterialException(final String message, final Throwable cause) {
        super(message, cause);
    }
}
