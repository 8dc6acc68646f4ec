package io.sextant.restconf.http;

import java.util.List;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;

/** A request the HTTP layer refuses before it reaches the server: its status, error-tag and message. */
final class RequestRefused extends Exception {
    private static final long serialVersionUID = 1L;

    final int status;
    final transient ErrorTag tag;
    final transient List<String> allowed;

    RequestRefused(final int status, final ErrorTag tag, final @Nullable String message) {
        this(status, tag, message, List.of());
    }

    /** A refusal that lists the methods the resource allows (a 405). */
    RequestRefused(final int status, final ErrorTag tag, final @Nullable String message,
            final List<String> allowed) {
        super(message);
        this.status = status;
        this.tag = tag;
        this.allowed = allowed;
    }

    /** The message for the user; the error-tag when the refusal was given none. */
    @Override
    public String getMessage() {
        final String message = super.getMessage();
        return message != null ? message : tag.elementBody();
    }
}
