package io.sextant.security.hostkeys;

import org.eclipse.jdt.annotation.Nullable;

/** The known host keys cannot be read or written now (their database is not available). */
public final class HostKeyStoreException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public HostKeyStoreException(final @Nullable String message, final Throwable cause) {
        super(message, cause);
    }
}
