package io.sextant.restconf.http;

import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufUtil;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.sextant.restconf.api.Format;
import io.sextant.restconf.api.RequestBody;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.opendaylight.yangtools.yang.common.ErrorTag;

/**
 * Media types: the encoding of a request's body ({@code Content-Type}) and of its answer
 * ({@code Accept}), and the body handed to the server.
 */
final class MediaTypes {
    static final String YANG_PATCH_JSON = "application/yang-patch+json";
    static final String YANG_PATCH_XML = "application/yang-patch+xml";

    private MediaTypes() {
    }

    /**
     * The request's body in the encoding its {@code Content-Type} names ({@code patch}: a
     * YANG-Patch type is one), refused when it nests too deep or, as JSON, is not UTF-8. The
     * body is a view of the request's buffer, which must live until the server has answered.
     */
    static RequestBody body(final FullHttpRequest request, final boolean patch) throws RequestRefused {
        final String type = contentType(request);
        final Format format;
        if (type.isEmpty() || type.equals("application/yang-data+json") || type.equals("application/json")
                || patch && type.equals(YANG_PATCH_JSON)) {
            format = Format.JSON;
        } else if (type.equals("application/yang-data+xml") || type.equals("application/xml")
                || type.equals("text/xml") || patch && type.equals(YANG_PATCH_XML)) {
            format = Format.XML;
        } else {
            throw new RequestRefused(415, ErrorTag.INVALID_VALUE, "Unsupported media type '" + type
                + "': use application/yang-data+json or application/yang-data+xml");
        }
        if (NestingLimit.exceeded(format, request.content())) {
            throw new RequestRefused(400, ErrorTag.MALFORMED_MESSAGE, "The body nests deeper than "
                + NestingLimit.MAX_DEPTH + " levels");
        }
        if (format == Format.JSON && !ByteBufUtil.isText(request.content(), StandardCharsets.UTF_8)) {
            // JSON is UTF-8 (RFC 8259); a reader would quietly turn broken bytes into U+FFFD and store them
            throw new RequestRefused(400, ErrorTag.MALFORMED_MESSAGE, "The body is not valid UTF-8");
        }
        return new RequestBody(format, new ByteBufInputStream(request.content().duplicate(), false));
    }

    /** Whether the request's body is a YANG-Patch. */
    static boolean isYangPatch(final FullHttpRequest request) {
        final String type = contentType(request);
        return type.equals(YANG_PATCH_JSON) || type.equals(YANG_PATCH_XML);
    }

    /** The media type of the body, lower case and without parameters; empty when not given. */
    private static String contentType(final FullHttpRequest request) {
        final String header = request.headers().get(HttpHeaderNames.CONTENT_TYPE);
        if (header == null) {
            return "";
        }
        final int semi = header.indexOf(';');
        return (semi < 0 ? header : header.substring(0, semi)).strip().toLowerCase(Locale.ROOT);
    }

    /** The encoding of the answer: the first of XML and JSON that {@code Accept} names; JSON otherwise. */
    static Format acceptedFormat(final String accept) {
        if (accept == null) {
            return Format.JSON;
        }
        final String lower = accept.toLowerCase(Locale.ROOT);
        final int xml = firstIndex(lower, "yang-data+xml", "application/xml", "text/xml", "yang-patch+xml");
        final int json = firstIndex(lower, "yang-data+json", "application/json", "yang-patch+json");
        return xml >= 0 && (json < 0 || xml < json) ? Format.XML : Format.JSON;
    }

    private static int firstIndex(final String text, final String... needles) {
        int best = -1;
        for (String needle : needles) {
            final int at = text.indexOf(needle);
            if (at >= 0 && (best < 0 || at < best)) {
                best = at;
            }
        }
        return best;
    }
}
