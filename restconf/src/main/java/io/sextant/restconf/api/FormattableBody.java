package io.sextant.restconf.api;

import java.io.IOException;
import java.io.OutputStream;

/** A response body that can be written in either encoding. */
public interface FormattableBody {

    void writeTo(Format format, boolean pretty, OutputStream out) throws IOException;
}
