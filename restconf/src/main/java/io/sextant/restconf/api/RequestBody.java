package io.sextant.restconf.api;

import java.io.InputStream;

/**
 * A request body and its encoding.
 *
 * @param format how the body is encoded
 * @param stream the bytes; read once
 */
public record RequestBody(Format format, InputStream stream) {
}
