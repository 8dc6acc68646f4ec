package io.sextant.restconf.api;

import org.eclipse.jdt.annotation.Nullable;

/** What a GET (or HEAD) of a data resource found (RFC 8040 section 4.3). */
public sealed interface DataGetResult {

    /**
     * The resource's data.
     *
     * @param body the data, with the request's query parameters applied
     * @param version the resource's entity tag and last modification; null for state data, which has none
     */
    record Content(FormattableBody body, @Nullable ResourceVersion version) implements DataGetResult {
    }

    /**
     * The client's copy is current: its If-None-Match or If-Modified-Since held (RFC 7232).
     *
     * @param version the resource's current version
     */
    record NotModified(ResourceVersion version) implements DataGetResult {
    }
}
