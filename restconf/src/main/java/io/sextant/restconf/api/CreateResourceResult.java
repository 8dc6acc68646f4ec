package io.sextant.restconf.api;

/**
 * A POST created a resource (RFC 8040 section 4.4.1).
 *
 * @param createdPath the api-path of the new resource, from the datastore root
 */
public record CreateResourceResult(ApiPath createdPath) implements DataPostResult {
}
