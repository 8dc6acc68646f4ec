package io.sextant.restconf.http;

import io.sextant.restconf.api.FormattableBody;
import io.sextant.restconf.api.ResourceVersion;
import java.util.List;
import java.util.Optional;

/**
 * What the HTTP layer answers a request with, before it is written: the status and what goes
 * into the body and headers.
 *
 * @param status the HTTP status code
 * @param body the body, if any
 * @param location the {@code Location} header, for a created resource
 * @param version the {@code ETag} and {@code Last-Modified} headers, when the resource has them
 * @param allowed the {@code Allow} header (OPTIONS); empty otherwise
 */
record Answer(int status, Optional<FormattableBody> body, Optional<String> location,
        Optional<ResourceVersion> version, List<String> allowed) {

    Answer {
        allowed = List.copyOf(allowed);
    }

    static Answer of(final int status) {
        return new Answer(status, Optional.empty(), Optional.empty(), Optional.empty(), List.of());
    }

    static Answer of(final int status, final FormattableBody body) {
        return new Answer(status, Optional.of(body), Optional.empty(), Optional.empty(), List.of());
    }
}
