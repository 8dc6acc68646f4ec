package io.sextant.restconf.api;

import java.time.Instant;

/**
 * The version of a configuration resource a response describes (RFC 8040 sections 3.4.1.2
 * and 3.4.1.3): its entity tag and when it was last modified.
 *
 * @param entityTag the opaque entity tag, without quotes
 * @param lastModified when the resource took this version, as far as the server knows (at second precision)
 */
public record ResourceVersion(String entityTag, Instant lastModified) {
}
