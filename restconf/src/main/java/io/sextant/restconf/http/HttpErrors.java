package io.sextant.restconf.http;

import io.netty.buffer.ByteBufOutputStream;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.sextant.spi.OperationError;
import io.sextant.restconf.api.Format;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;

/** RFC 8040 errors bodies for the answers the HTTP layer gives on its own. */
final class HttpErrors {
    /**
     * The {@code WWW-Authenticate} of every 401: one realm for RESTCONF and the web page, so a
     * browser that holds credentials for the page sends them to {@code /rests} too.
     */
    static final String CHALLENGE = "Basic realm=\"sextant\"";

    private HttpErrors() {
    }

    /** An error response with one error of type protocol and a Content-Length. */
    static FullHttpResponse response(final Format format, final int status, final ErrorTag tag,
            final String message) {
        return response(format, status, ErrorType.PROTOCOL, tag, message);
    }

    static FullHttpResponse response(final Format format, final int status, final ErrorType type,
            final ErrorTag tag, final String message) {
        final FullHttpResponse http = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
            HttpResponseStatus.valueOf(status));
        try (ByteBufOutputStream out = new ByteBufOutputStream(http.content())) {
            new ErrorsBody(List.of(OperationError.of(type, tag, message)), null).writeTo(format, false, out);
        } catch (IOException e) {
            // writing to a heap buffer does not fail
            throw new UncheckedIOException(e);
        }
        http.headers().set(HttpHeaderNames.CONTENT_TYPE, format.mediaType());
        http.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, http.content().readableBytes());
        return http;
    }

    /** As {@link #response}, telling the client that the connection closes after it. */
    static FullHttpResponse closing(final Format format, final int status, final ErrorTag tag, final String message) {
        final FullHttpResponse http = response(format, status, tag, message);
        http.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        return http;
    }
}
