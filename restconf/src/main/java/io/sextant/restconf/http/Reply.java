package io.sextant.restconf.http;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpUtil;
import io.sextant.restconf.api.Format;
import java.util.concurrent.atomic.AtomicBoolean;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one answer to one request. Whatever happens while serving it, exactly one response is
 * written: the first {@link #send} wins, and {@link #internalError} is the last resort for an
 * exception nothing else caught.
 */
final class Reply {
    private static final Logger LOG = LoggerFactory.getLogger(Reply.class);

    private final AtomicBoolean sent = new AtomicBoolean();
    private final ChannelHandlerContext ctx;
    private final boolean keepAlive;
    private final boolean head;
    private final String request;
    /** The encoding the request accepts, for error bodies. */
    final Format format;

    Reply(final ChannelHandlerContext ctx, final FullHttpRequest request) {
        this.ctx = ctx;
        this.keepAlive = HttpUtil.isKeepAlive(request) && request.decoderResult().isSuccess();
        this.head = request.method().equals(HttpMethod.HEAD);
        this.request = request.method() + " " + request.uri();
        this.format = MediaTypes.acceptedFormat(request.headers().get(HttpHeaderNames.ACCEPT));
    }

    void send(final FullHttpResponse response) {
        if (!sent.compareAndSet(false, true)) {
            response.release();
            return;
        }
        HttpUtil.setContentLength(response, response.content().readableBytes());
        if (head) {
            // HEAD: the headers of the GET, Content-Length included, without its body
            response.content().clear();
        }
        if (keepAlive && !response.headers().contains(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE, true)) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
            ctx.writeAndFlush(response);
        } else {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ctx.writeAndFlush(response).addListener(LingeringClose.AFTER_RESPONSE);
        }
    }

    void internalError(final Throwable cause) {
        LOG.error("Unexpected failure while serving {}", request, cause);
        send(HttpErrors.response(format, 500, ErrorType.APPLICATION, ErrorTag.OPERATION_FAILED,
            "Internal error while serving the request; the server log has the details"));
    }
}
