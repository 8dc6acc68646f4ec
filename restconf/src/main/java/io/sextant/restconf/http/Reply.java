package io.sextant.restconf.http;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.sextant.restconf.api.Format;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one answer to one request. Whatever happens while serving it, exactly one response is
 * written: the first {@link #send} wins, and {@link #internalError} is the last resort for an
 * exception nothing else caught. The answer carries the request's id ({@code Sextant-Request-Id})
 * and is audited ({@link RequestAudit}).
 */
final class Reply {
    private static final Logger LOG = LoggerFactory.getLogger(Reply.class);
    /** The response header naming the request in the audit log. */
    static final String REQUEST_ID_HEADER = "Sextant-Request-Id";

    private final AtomicBoolean sent = new AtomicBoolean();
    private final long started = System.nanoTime();
    private final ChannelHandlerContext ctx;
    private final boolean keepAlive;
    private final boolean head;
    private final String request;
    private final RequestAudit audit;
    private final String requestId;
    private final HttpMethod method;
    private final String path;
    private final String source;
    /** The authenticated user; null until the request is authenticated. */
    private volatile @Nullable String user;
    private volatile boolean relayed;
    private volatile List<String> edited = List.of();
    /** The encoding the request accepts, for error bodies. */
    final Format format;

    Reply(final ChannelHandlerContext ctx, final FullHttpRequest request, final RequestAudit audit,
            final String source) {
        this.ctx = ctx;
        this.audit = audit;
        this.requestId = audit.nextId();
        this.method = request.method();
        // as sent, not decoded: a malformed request still gets its answer (and its audit record)
        final String uri = request.uri();
        final int query = uri.indexOf('?');
        this.path = query < 0 ? uri : uri.substring(0, query);
        this.source = source;
        this.keepAlive = HttpUtil.isKeepAlive(request) && request.decoderResult().isSuccess();
        this.head = request.method().equals(HttpMethod.HEAD);
        this.request = request.method() + " " + request.uri();
        this.format = MediaTypes.acceptedFormat(request.headers().get(HttpHeaderNames.ACCEPT));
    }

    /** The request is authenticated as {@code name}: its answer is audited. */
    void user(final String name) {
        user = name;
    }

    /** Where the request came from, as its audit record names it. */
    String source() {
        return source;
    }

    /** The request changed, or tried to change, {@code targets} below its target (a YANG-Patch's edits). */
    void edited(final List<String> targets) {
        edited = List.copyOf(targets);
    }

    /**
     * The answer is another controller instance's, to which the request was sent on: that
     * instance audited the request, so it is not audited here again (it is still timed).
     */
    void relayed() {
        relayed = true;
    }

    void send(final FullHttpResponse response) {
        if (!sent.compareAndSet(false, true)) {
            response.release();
            return;
        }
        final int status = response.status().code();
        response.headers().set(REQUEST_ID_HEADER, requestId);
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
        audit.answered(relayed ? null : user, source, requestId, method, path, edited, status,
            System.nanoTime() - started);
    }

    /**
     * Answer with the head of a response whose body follows in chunks and ends the connection (an event
     * stream); audited as answered now. False when the request was answered already.
     */
    boolean stream(final HttpResponse head) {
        if (!sent.compareAndSet(false, true)) {
            return false;
        }
        head.headers().set(REQUEST_ID_HEADER, requestId);
        ctx.writeAndFlush(head);
        audit.answered(user, source, requestId, method, path, List.of(), head.status().code(),
            System.nanoTime() - started);
        return true;
    }

    void internalError(final Throwable cause) {
        LOG.error("Unexpected failure while serving {}", request, cause);
        send(HttpErrors.response(format, 500, ErrorType.APPLICATION, ErrorTag.OPERATION_FAILED,
            "Internal error while serving the request; the server log has the details"));
    }
}
