package io.sextant.restconf.http;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.handler.codec.http.cookie.Cookie;
import io.netty.handler.codec.http.cookie.ServerCookieDecoder;
import io.sextant.spi.HttpLimits;
import io.sextant.spi.Readiness;
import io.sextant.spi.RequestContext;
import io.sextant.restconf.api.Format;
import io.sextant.restconf.api.QueryParameters;
import io.sextant.restconf.api.RestconfServer;
import io.sextant.security.auth.AuthResult;
import io.sextant.security.auth.Authenticator;
import io.sextant.security.auth.UserPrincipal;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves one HTTP request: refuses what Netty could not decode, answers the host-meta discovery
 * documents (the one thing served without credentials) and the web page's log-out
 * ({@link UiLogin}), authenticates the request, answers the web page's files
 * ({@link UiResources}), {@code /ready}, reads its query, conditions and transaction into a
 * call of the {@link RestconfServer} ({@link RestconfRouter}), and writes the one answer
 * ({@link Reply}). The request's buffer lives until the server has answered.
 */
final class RestconfHttpHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private static final Logger LOG = LoggerFactory.getLogger(RestconfHttpHandler.class);
    static final String TRANSACTION_HEADER = "Sextant-Transaction";
    static final String TRANSACTION_COOKIE = "SEXTANTTXID";
    static final String READY = "/ready";
    private static final byte[] READY_BODY = "ready\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HOST_META = ("<?xml version='1.0' encoding='UTF-8'?>\n"
        + "<XRD xmlns='http://docs.oasis-open.org/ns/xri/xrd-1.0'>\n"
        + "  <Link rel='restconf' href='/rests'/>\n</XRD>\n").getBytes(StandardCharsets.UTF_8);
    private static final byte[] HOST_META_JSON = "{\"links\":[{\"rel\":\"restconf\",\"href\":\"/rests\"}]}\n"
        .getBytes(StandardCharsets.UTF_8);

    private final UiResources ui = new UiResources();
    private final RestconfRouter router;
    private final Authenticator authenticator;
    private final RequestAudit audit;
    private final MetricsEndpoint metrics;
    private final Readiness readiness;
    private final EventStreamEndpoint streams;

    RestconfHttpHandler(final RestconfServer server, final Authenticator authenticator, final RequestAudit audit) {
        this(new RestconfRouter(server, PeerForwarding.NONE), authenticator, audit, MetricsEndpoint.NONE,
            Readiness.ALWAYS, EventStreamEndpoint.NONE);
    }

    RestconfHttpHandler(final RestconfRouter router, final Authenticator authenticator, final RequestAudit audit,
            final MetricsEndpoint metrics, final Readiness readiness, final EventStreamEndpoint streams) {
        this.router = router;
        this.authenticator = authenticator;
        this.audit = audit;
        this.metrics = metrics;
        this.readiness = readiness;
        this.streams = streams;
    }

    @Override
    protected void channelRead0(final ChannelHandlerContext ctx, final FullHttpRequest request) {
        final Reply reply = new Reply(ctx, request, audit, PeerForwarding.source(request, source(ctx)));
        try {
            serve(ctx, request, reply);
        } catch (RuntimeException | Error e) {
            reply.internalError(e);
        }
    }

    private void serve(final ChannelHandlerContext ctx, final FullHttpRequest request, final Reply reply) {
        if (request.decoderResult().isFailure()) {
            reply.send(refusedByDecoder(request.decoderResult().cause()));
            return;
        }
        if (request.protocolVersion().majorVersion() != 1) {
            reply.send(HttpErrors.closing(Format.JSON, 400, ErrorTag.MALFORMED_MESSAGE,
                request.protocolVersion().text() + " is not supported: use HTTP/1.1"));
            return;
        }
        final HttpMethod method = request.method();
        final QueryStringDecoder uri = RequestQuery.decode(request.uri());
        final String path = uri.rawPath();

        if (path.equals("/.well-known/host-meta") || path.equals("/.well-known/host-meta.json")) {
            final boolean json = path.endsWith(".json");
            reply.send(ResponseWriter.raw(HttpResponseStatus.OK, json ? HOST_META_JSON : HOST_META,
                json ? "application/json" : "application/xrd+xml"));
            return;
        }
        final String crossOrigin = CrossOrigin.refusal(request);
        if (crossOrigin != null) {
            reply.send(HttpErrors.response(reply.format, 403, ErrorTag.ACCESS_DENIED, crossOrigin
                + ": refused, nothing was changed"));
            return;
        }
        if (path.equals(UiLogin.LOGOUT)) {
            // no credentials are checked: the page sends false ones for the browser to forget the real ones
            reply.send(UiLogin.loggedOut());
            return;
        }
        final AuthResult auth = authenticator.authenticate(request.headers().get(HttpHeaderNames.AUTHORIZATION),
            source(ctx));
        if (auth instanceof AuthResult.Refused refused) {
            reply.send(UiResources.serves(path) ? UiLogin.refusal(refused) : refusal(reply.format, refused));
            return;
        }
        final UserPrincipal principal = ((AuthResult.Authenticated) auth).principal();
        reply.user(principal.name());
        if (UiResources.serves(path)) {
            reply.send(ui.answer(method, path, principal.name()));
            return;
        }
        if (path.equals(MetricsEndpoint.PATH)) {
            reply.send(metrics.answer(request, context(request, principal), reply.format));
            return;
        }
        if (path.equals(READY)) {
            reply.send(ready(reply.format, method));
            return;
        }
        if (EventStreamEndpoint.serves(path)) {
            streams.serve(ctx, request, uri, context(request, principal), reply);
            return;
        }
        final CompletionStage<Answer> result;
        final boolean pretty;
        // the body is read from the request's own buffer: it stays alive until the server has answered
        request.retain();
        try {
            // every request's query is decoded and checked here, whatever the resource
            final QueryParameters params = RequestQuery.params(uri, method);
            pretty = params.prettyPrint();
            result = router.route(request, method, params, RequestConditions.of(request), path,
                context(request, principal), reply.source());
        } catch (RequestRefused e) {
            request.release();
            final FullHttpResponse refused = HttpErrors.response(reply.format, e.status, e.tag, e.getMessage());
            if (!e.allowed.isEmpty()) {
                refused.headers().set(HttpHeaderNames.ALLOW, String.join(", ", e.allowed));
            }
            reply.send(refused);
            return;
        } catch (RuntimeException | Error e) {
            request.release();
            throw e;
        }
        result.whenComplete((answer, failure) -> {
            request.release();
            if (failure != null) {
                reply.internalError(failure);
                return;
            }
            try {
                if (answer.relayed()) {
                    reply.relayed();
                }
                reply.edited(answer.edited());
                reply.send(ResponseWriter.write(answer, reply.format, pretty));
            } catch (RuntimeException | Error e) {
                reply.internalError(e);
            }
        });
    }

    /**
     * {@code GET /ready} of an authenticated user (any user: it tells no more than that the
     * instance can serve): 200, or 503 with why not, for load balancers' health checks.
     */
    private FullHttpResponse ready(final Format format, final HttpMethod method) {
        if (!method.equals(HttpMethod.GET) && !method.equals(HttpMethod.HEAD)) {
            final FullHttpResponse refused = HttpErrors.response(format, 405, ErrorTag.OPERATION_NOT_SUPPORTED,
                "Only GET is allowed at " + READY);
            refused.headers().set(HttpHeaderNames.ALLOW, "GET, HEAD");
            return refused;
        }
        final Optional<String> unready = readiness.unready();
        if (unready.isPresent()) {
            final FullHttpResponse response = HttpErrors.response(format, 503, ErrorType.APPLICATION,
                ErrorTag.RESOURCE_DENIED, "This controller instance cannot serve now: " + unready.get());
            response.headers().set(HttpHeaderNames.RETRY_AFTER, 1);
            return response;
        }
        return ResponseWriter.raw(HttpResponseStatus.OK, READY_BODY, "text/plain; charset=utf-8");
    }

    /** A request Netty could not decode: its request line or header is too long or broken. */
    private static FullHttpResponse refusedByDecoder(final Throwable cause) {
        if (cause instanceof TooLongHttpLineException) {
            return HttpErrors.closing(Format.JSON, 414, ErrorTag.TOO_BIG,
                "The request line is too long: the limit is set by " + HttpLimits.MAX_INITIAL_LINE_PROPERTY);
        }
        if (cause instanceof TooLongHttpHeaderException) {
            return HttpErrors.closing(Format.JSON, 431, ErrorTag.TOO_BIG,
                "The request header is too large: the limit is set by " + HttpLimits.MAX_HEADER_PROPERTY);
        }
        return HttpErrors.closing(Format.JSON, 400, ErrorTag.MALFORMED_MESSAGE,
            "Malformed HTTP request: the request line or a header cannot be parsed");
    }

    private static String source(final ChannelHandlerContext ctx) {
        return ctx.channel().remoteAddress() instanceof InetSocketAddress address && address.getAddress() != null
            ? address.getAddress().getHostAddress() : String.valueOf(ctx.channel().remoteAddress());
    }

    /** 401 with the schemes to use, or 429 with {@code Retry-After} for a source that failed too often. */
    private static FullHttpResponse refusal(final Format format, final AuthResult.Refused refused) {
        if (refused.reason() == AuthResult.Reason.RATE_LIMITED) {
            final FullHttpResponse response = HttpErrors.response(format, 429, ErrorTag.RESOURCE_DENIED,
                refused.message());
            response.headers().set(HttpHeaderNames.RETRY_AFTER, Math.max(1, refused.retryAfter().toSeconds()));
            return response;
        }
        final FullHttpResponse response = HttpErrors.response(format, 401, ErrorTag.ACCESS_DENIED,
            refused.message());
        response.headers().set(HttpHeaderNames.WWW_AUTHENTICATE, HttpErrors.CHALLENGE);
        return response;
    }

    /** The request's user, and its transaction from the {@code Sextant-Transaction} header or cookie. */
    private static RequestContext context(final FullHttpRequest request, final UserPrincipal principal) {
        String tx = request.headers().get(TRANSACTION_HEADER);
        if (tx == null) {
            final String cookies = request.headers().get(HttpHeaderNames.COOKIE);
            if (cookies != null) {
                for (Cookie cookie : ServerCookieDecoder.LAX.decode(cookies)) {
                    if (TRANSACTION_COOKIE.equals(cookie.name())) {
                        tx = cookie.value();
                    }
                }
            }
        }
        return new RequestContext(principal.name(), tx == null || tx.isBlank() ? null : tx,
            principal.externalGroups());
    }

    @Override
    public void exceptionCaught(final ChannelHandlerContext ctx, final Throwable cause) {
        LOG.debug("Closing RESTCONF connection after error", cause);
        ctx.close();
    }
}
