package io.sextant.restconf.api;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Optional;

/** A response body that can be written in either encoding. */
public interface FormattableBody {

    void writeTo(Format format, boolean pretty, OutputStream out) throws IOException;

    /** The media type of a body that has one of its own, whatever the request accepts (an OpenAPI document). */
    default Optional<String> mediaType() {
        return Optional.empty();
    }
}
