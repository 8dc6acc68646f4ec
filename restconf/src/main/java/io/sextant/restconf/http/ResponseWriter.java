package io.sextant.restconf.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.sextant.restconf.api.Format;
import io.sextant.restconf.api.FormattableBody;
import io.sextant.restconf.api.ResourceVersion;
import java.io.IOException;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Writes an answer as an HTTP response: status, body in the accepted encoding, and headers. */
final class ResponseWriter {
    private static final Logger LOG = LoggerFactory.getLogger(ResponseWriter.class);

    private ResponseWriter() {
    }

    static FullHttpResponse write(final Answer response, final Format format, final boolean pretty) {
        final FullHttpResponse http = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
            HttpResponseStatus.valueOf(response.status()));
        final FormattableBody body = response.body();
        if (body != null) {
            final ByteBuf buf = http.content();
            try (ByteBufOutputStream out = new ByteBufOutputStream(buf)) {
                body.writeTo(format, pretty, out);
            } catch (IOException | RuntimeException e) {
                LOG.error("Cannot write the response body", e);
                http.release();
                return HttpErrors.response(format, 500, ErrorType.APPLICATION, ErrorTag.OPERATION_FAILED,
                    "The response could not be written; the server log has the details");
            }
            http.headers().set(HttpHeaderNames.CONTENT_TYPE, body.mediaType()
                .orElse(format.mediaType()));
        }
        final String location = response.location();
        if (location != null) {
            http.headers().set(HttpHeaderNames.LOCATION, location);
        }
        final ResourceVersion version = response.version();
        if (version != null) {
            http.headers().set(HttpHeaderNames.ETAG, "\"" + version.entityTag() + "\"");
            http.headers().set(HttpHeaderNames.LAST_MODIFIED, DateTimeFormatter.RFC_1123_DATE_TIME.format(
                version.lastModified().atZone(ZoneOffset.UTC)));
        }
        if (!response.allowed().isEmpty()) {
            http.headers().set(HttpHeaderNames.ALLOW, String.join(", ", response.allowed()));
            if (response.allowed().contains("PATCH")) {
                http.headers().set("Accept-Patch", "application/yang-data+json, application/yang-data+xml, "
                    + MediaTypes.YANG_PATCH_JSON + ", " + MediaTypes.YANG_PATCH_XML);
            }
        }
        return http;
    }

    /** A fixed body of its own media type. */
    static FullHttpResponse raw(final HttpResponseStatus status, final byte[] body, final String type) {
        final FullHttpResponse http = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status);
        http.content().writeBytes(body);
        http.headers().set(HttpHeaderNames.CONTENT_TYPE, type);
        return http;
    }
}
