package io.sextant.restconf.api;

import java.util.List;
import java.util.Optional;

/**
 * The result of a RESTCONF operation, independent of the transport.
 *
 * @param status the HTTP status code to answer with
 * @param body the body, if any
 * @param location the api-path of a created resource, for the Location header
 * @param version the entity tag and last modification of the resource, when it has them
 * @param allowed the methods the resource allows (answers to OPTIONS, and 405s); empty otherwise
 */
public record RestconfResponse(int status, Optional<FormattableBody> body, Optional<String> location,
        Optional<ResourceVersion> version, List<String> allowed) {

    public RestconfResponse {
        allowed = List.copyOf(allowed);
    }

    public RestconfResponse(final int status, final Optional<FormattableBody> body, final Optional<String> location) {
        this(status, body, location, Optional.empty(), List.of());
    }

    public static RestconfResponse ok(final FormattableBody body) {
        return new RestconfResponse(200, Optional.of(body), Optional.empty());
    }

    public static RestconfResponse noContent() {
        return new RestconfResponse(204, Optional.empty(), Optional.empty());
    }

    public static RestconfResponse created(final String location) {
        return new RestconfResponse(201, Optional.empty(), Optional.of(location));
    }

    /** 304: the client's copy is current (a GET whose If-None-Match or If-Modified-Since held). */
    public static RestconfResponse notModified(final ResourceVersion version) {
        return new RestconfResponse(304, Optional.empty(), Optional.empty(), Optional.of(version), List.of());
    }

    /** The methods a resource allows, for OPTIONS. */
    public static RestconfResponse options(final List<String> allowed) {
        return new RestconfResponse(200, Optional.empty(), Optional.empty(), Optional.empty(), allowed);
    }

    /** The same response, describing {@code resource}'s version. */
    public RestconfResponse withVersion(final ResourceVersion resource) {
        return new RestconfResponse(status, body, location, Optional.of(resource), allowed);
    }
}
