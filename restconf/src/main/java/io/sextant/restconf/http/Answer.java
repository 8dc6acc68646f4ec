package io.sextant.restconf.http;

import io.sextant.restconf.api.FormattableBody;
import io.sextant.restconf.api.ResourceVersion;
import java.util.List;
import org.eclipse.jdt.annotation.Nullable;

/**
 * What the HTTP layer answers a request with, before it is written: the status and what goes
 * into the body and headers.
 *
 * @param status the HTTP status code
 * @param body the body; null when there is none
 * @param location the {@code Location} header, for a created resource; null otherwise
 * @param version the {@code ETag} and {@code Last-Modified} headers, when the resource has them; null otherwise
 * @param allowed the {@code Allow} header (OPTIONS); empty otherwise
 */
record Answer(int status, @Nullable FormattableBody body, @Nullable String location,
        @Nullable ResourceVersion version, List<String> allowed) {

    Answer {
        allowed = List.copyOf(allowed);
    }

    static Answer of(final int status) {
        return new Answer(status, null, null, null, List.of());
    }

    static Answer of(final int status, final FormattableBody body) {
        return new Answer(status, body, null, null, List.of());
    }
}
