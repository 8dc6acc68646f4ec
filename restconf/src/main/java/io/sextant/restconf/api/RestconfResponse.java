package io.sextant.restconf.api;

import java.util.Optional;

/**
 * The result of a RESTCONF operation, independent of the transport.
 *
 * @param status the HTTP status code to answer with
 * @param body the body, if any
 * @param location the api-path of a created resource, for the Location header
 */
public record RestconfResponse(int status, Optional<FormattableBody> body, Optional<String> location) {

    public static RestconfResponse ok(final FormattableBody body) {
        return new RestconfResponse(200, Optional.of(body), Optional.empty());
    }

    public static RestconfResponse noContent() {
        return new RestconfResponse(204, Optional.empty(), Optional.empty());
    }

    public static RestconfResponse created(final String location) {
        return new RestconfResponse(201, Optional.empty(), Optional.of(location));
    }
}
