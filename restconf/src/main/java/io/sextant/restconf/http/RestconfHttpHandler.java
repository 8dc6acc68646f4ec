package io.sextant.restconf.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.handler.codec.http.cookie.Cookie;
import io.netty.handler.codec.http.cookie.ServerCookieDecoder;
import io.sextant.datastore.service.HttpLimits;
import io.sextant.datastore.service.RequestContext;
import io.sextant.restconf.api.ApiPath;
import io.sextant.restconf.api.Conditions;
import io.sextant.restconf.api.Format;
import io.sextant.restconf.api.QueryParameters;
import io.sextant.restconf.api.RequestBody;
import io.sextant.restconf.api.RestconfResponse;
import io.sextant.restconf.api.RestconfServer;
import io.sextant.restconf.server.DefaultRestconfServer;
import io.sextant.security.auth.AuthResult;
import io.sextant.security.auth.Authenticator;
import io.sextant.security.auth.UserPrincipal;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Maps HTTP requests onto {@link RestconfServer} calls: routing, authentication, media types,
 * the transaction header, and writing the response.
 */
final class RestconfHttpHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private static final Logger LOG = LoggerFactory.getLogger(RestconfHttpHandler.class);
    static final String TRANSACTION_HEADER = "Sextant-Transaction";
    static final String TRANSACTION_COOKIE = "SEXTANTTXID";
    private static final String DATA = "/rests/data";
    private static final String OPERATIONS = "/rests/operations";
    private static final String OPENAPI = "/openapi";
    private static final String YANG_PATCH_JSON = "application/yang-patch+json";
    private static final String YANG_PATCH_XML = "application/yang-patch+xml";
    /** Netty's default limit on decoded query parameters. */
    private static final int QUERY_PARAMETER_LIMIT = 1024;
    private static final List<String> READ_ONLY_PARAMETERS = List.of("content", "depth", "fields", "with-defaults");
    private static final List<String> READ_ONLY = List.of("GET", "HEAD", "OPTIONS");
    private static final List<String> DATA_METHODS = List.of("DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST",
        "PUT");
    private static final byte[] HOST_META = ("<?xml version='1.0' encoding='UTF-8'?>\n"
        + "<XRD xmlns='http://docs.oasis-open.org/ns/xri/xrd-1.0'>\n"
        + "  <Link rel='restconf' href='/rests'/>\n</XRD>\n").getBytes(StandardCharsets.UTF_8);
    private static final byte[] HOST_META_JSON = "{\"links\":[{\"rel\":\"restconf\",\"href\":\"/rests\"}]}\n"
        .getBytes(StandardCharsets.UTF_8);

    private final RestconfServer server;
    private final Authenticator authenticator;

    RestconfHttpHandler(final RestconfServer server, final Authenticator authenticator) {
        this.server = server;
        this.authenticator = authenticator;
    }

    @Override
    protected void channelRead0(final ChannelHandlerContext ctx, final FullHttpRequest request) {
        final Reply reply = new Reply(ctx, request);
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
        // ';' separates the nodes of a fields expression (RFC 8040 4.8.3: fields=a(b;c)), not parameters
        final QueryStringDecoder uri = new QueryStringDecoder(request.uri(), StandardCharsets.UTF_8, true,
            QUERY_PARAMETER_LIMIT, true);
        final String path = uri.rawPath();

        if (path.equals("/.well-known/host-meta") || path.equals("/.well-known/host-meta.json")) {
            final boolean json = path.endsWith(".json");
            reply.send(raw(HttpResponseStatus.OK, json ? HOST_META_JSON : HOST_META,
                json ? "application/json" : "application/xrd+xml"));
            return;
        }
        final AuthResult auth = authenticator.authenticate(request.headers().get(HttpHeaderNames.AUTHORIZATION),
            source(ctx));
        if (auth instanceof AuthResult.Refused refused) {
            reply.send(refusal(reply.format, refused));
            return;
        }
        final UserPrincipal principal = ((AuthResult.Authenticated) auth).principal();
        final CompletionStage<RestconfResponse> result;
        final boolean pretty;
        // the body is read from the request's own buffer: it stays alive until the server has answered
        request.retain();
        try {
            // every request's query is decoded and checked here, whatever the resource
            final QueryParameters params = params(uri);
            checkMethodAllowsQuery(method, uri);
            pretty = params.prettyPrint();
            result = dispatch(request, method, params, conditions(request), path, context(request, principal));
        } catch (RequestException e) {
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
        result.whenComplete((response, failure) -> {
            request.release();
            try {
                reply.send(failure != null ? render(DefaultRestconfServer.errorResponse(failure, null), reply.format,
                    false, method) : render(response, reply.format, pretty, method));
            } catch (RuntimeException | Error e) {
                reply.internalError(e);
            }
        });
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

    private CompletionStage<RestconfResponse> dispatch(final FullHttpRequest request, final HttpMethod method,
            final QueryParameters params, final Conditions conditions, final String path,
            final RequestContext context) throws RequestException {
        if (path.equals("/rests") || path.equals("/rests/")) {
            if (method.equals(HttpMethod.OPTIONS)) {
                return CompletableFuture.completedFuture(RestconfResponse.options(READ_ONLY));
            }
            requireGet(method);
            return server.rootGET(context);
        }
        if (path.equals("/rests/yang-library-version")) {
            if (method.equals(HttpMethod.OPTIONS)) {
                return CompletableFuture.completedFuture(RestconfResponse.options(READ_ONLY));
            }
            requireGet(method);
            return server.yangLibraryVersionGET(context);
        }
        if (path.equals(DATA) || path.startsWith(DATA + "/")) {
            final ApiPath apiPath = apiPath(path.substring(DATA.length()));
            if (method.equals(HttpMethod.GET) || method.equals(HttpMethod.HEAD)) {
                return server.dataGET(apiPath, params, conditions, context);
            }
            if (method.equals(HttpMethod.PUT)) {
                return server.dataPUT(apiPath, body(request, false), params, conditions, context);
            }
            if (method.equals(HttpMethod.POST)) {
                return server.dataPOST(apiPath, body(request, false), params, conditions, context);
            }
            if (method.equals(HttpMethod.PATCH)) {
                final String type = contentType(request);
                if (type.equals(YANG_PATCH_JSON) || type.equals(YANG_PATCH_XML)) {
                    return server.dataYangPATCH(apiPath, body(request, true), conditions, context);
                }
                return server.dataPATCH(apiPath, body(request, false), conditions, context);
            }
            if (method.equals(HttpMethod.DELETE)) {
                return server.dataDELETE(apiPath, conditions, context);
            }
            if (method.equals(HttpMethod.OPTIONS)) {
                return server.dataOPTIONS(apiPath, context);
            }
            throw new RequestException(405, ErrorTag.OPERATION_NOT_SUPPORTED, "Method " + method + " not allowed",
                DATA_METHODS);
        }
        if (path.equals(OPENAPI) || path.startsWith(OPENAPI + "/")) {
            if (method.equals(HttpMethod.OPTIONS)) {
                return CompletableFuture.completedFuture(RestconfResponse.options(READ_ONLY));
            }
            requireGet(method);
            if (path.equals(OPENAPI) || path.equals(OPENAPI + "/")) {
                return server.openApiListGET(context);
            }
            if (path.equals(OPENAPI + "/controller")) {
                return server.openApiControllerGET(context);
            }
            if (path.startsWith(OPENAPI + "/data/")) {
                return server.openApiMountGET(apiPath(path.substring((OPENAPI + "/data").length())), context);
            }
            throw new RequestException(404, ErrorTag.INVALID_VALUE, "No OpenAPI document at " + path
                + "; GET /openapi lists them");
        }
        if (path.equals(OPERATIONS) || path.startsWith(OPERATIONS + "/")) {
            final ApiPath apiPath = apiPath(path.substring(OPERATIONS.length()));
            if (method.equals(HttpMethod.OPTIONS)) {
                return server.operationsOPTIONS(apiPath, context);
            }
            if (apiPath.isEmpty()) {
                requireGet(method);
                return server.operationsGET(context);
            }
            if (!method.equals(HttpMethod.POST)) {
                throw new RequestException(405, ErrorTag.OPERATION_NOT_SUPPORTED, "RPCs are invoked with POST",
                    List.of("OPTIONS", "POST"));
            }
            return server.operationsPOST(apiPath, body(request, false), context);
        }
        throw new RequestException(404, ErrorTag.INVALID_VALUE, "No RESTCONF resource at " + path
            + "; the RESTCONF root is /rests");
    }

    private static void requireGet(final HttpMethod method) throws RequestException {
        if (!method.equals(HttpMethod.GET) && !method.equals(HttpMethod.HEAD)) {
            throw new RequestException(405, ErrorTag.OPERATION_NOT_SUPPORTED, "Only GET is allowed here", READ_ONLY);
        }
    }

    /** If-Match, If-None-Match, If-Modified-Since and If-Unmodified-Since (RFC 7232, as RFC 8040 uses them). */
    private static Conditions conditions(final FullHttpRequest request) throws RequestException {
        final var headers = request.headers();
        return new Conditions(entityTags(headers.getAll(HttpHeaderNames.IF_MATCH), true),
            entityTags(headers.getAll(HttpHeaderNames.IF_NONE_MATCH), false),
            httpDate(headers.get(HttpHeaderNames.IF_MODIFIED_SINCE)),
            httpDate(headers.get(HttpHeaderNames.IF_UNMODIFIED_SINCE)));
    }

    /**
     * Entity tags of a condition header. If-Match compares strongly, so a weak tag there
     * matches nothing; If-None-Match compares weakly.
     */
    private static Optional<List<String>> entityTags(final List<String> values, final boolean strong)
            throws RequestException {
        if (values.isEmpty()) {
            return Optional.empty();
        }
        final List<String> tags = new ArrayList<>();
        for (String value : values) {
            for (String item : value.split(",")) {
                String tag = item.strip();
                if (tag.equals(Conditions.ANY)) {
                    tags.add(Conditions.ANY);
                    continue;
                }
                final boolean weak = tag.startsWith("W/");
                if (weak) {
                    tag = tag.substring(2);
                }
                if (tag.length() < 2 || tag.charAt(0) != '"' || tag.charAt(tag.length() - 1) != '"') {
                    throw new RequestException(400, ErrorTag.INVALID_VALUE, "Invalid entity tag '" + item.strip()
                        + "': expected \"...\", W/\"...\" or *");
                }
                tag = tag.substring(1, tag.length() - 1);
                tags.add(weak && strong ? "W/" + tag : tag);
            }
        }
        return Optional.of(tags);
    }

    /** An HTTP-date; one that does not parse is ignored, as RFC 9110 section 13.1.3 asks. */
    private static Optional<Instant> httpDate(final String value) {
        if (value == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(ZonedDateTime.parse(value.strip(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant());
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    private static ApiPath apiPath(final String rest) throws RequestException {
        final String raw = rest.startsWith("/") ? rest.substring(1) : rest;
        try {
            return ApiPath.parse(raw.endsWith("/") ? raw.substring(0, raw.length() - 1) : raw);
        } catch (IllegalArgumentException e) {
            throw new RequestException(400, ErrorTag.INVALID_VALUE, e.getMessage());
        }
    }

    private static QueryParameters params(final QueryStringDecoder uri) throws RequestException {
        final Map<String, List<String>> decoded;
        try {
            decoded = uri.parameters();
        } catch (IllegalArgumentException e) {
            throw new RequestException(400, ErrorTag.MALFORMED_MESSAGE,
                "The query string is not valid percent-encoded UTF-8");
        }
        try {
            return QueryParameters.parse(decoded);
        } catch (IllegalArgumentException e) {
            throw new RequestException(400, ErrorTag.INVALID_VALUE, e.getMessage());
        }
    }

    /**
     * RFC 8040 4.8: content, depth, fields and with-defaults belong to GET and HEAD, insert and
     * point to POST and PUT; elsewhere they are refused.
     */
    private static void checkMethodAllowsQuery(final HttpMethod method, final QueryStringDecoder uri)
            throws RequestException {
        if (!method.equals(HttpMethod.POST) && !method.equals(HttpMethod.PUT)) {
            for (String name : List.of("insert", "point")) {
                if (uri.parameters().containsKey(name)) {
                    throw new RequestException(400, ErrorTag.INVALID_VALUE, "Query parameter '" + name
                        + "' is only allowed with POST and PUT, not " + method);
                }
            }
        }
        if (method.equals(HttpMethod.GET) || method.equals(HttpMethod.HEAD)) {
            return;
        }
        for (String name : READ_ONLY_PARAMETERS) {
            if (uri.parameters().containsKey(name)) {
                throw new RequestException(400, ErrorTag.INVALID_VALUE, "Query parameter '" + name
                    + "' is only allowed with GET and HEAD, not " + method);
            }
        }
    }

    private static RequestBody body(final FullHttpRequest request, final boolean patch) throws RequestException {
        final String type = contentType(request);
        final Format format;
        if (type.isEmpty() || type.equals("application/yang-data+json") || type.equals("application/json")
                || patch && type.equals(YANG_PATCH_JSON)) {
            format = Format.JSON;
        } else if (type.equals("application/yang-data+xml") || type.equals("application/xml")
                || type.equals("text/xml") || patch && type.equals(YANG_PATCH_XML)) {
            format = Format.XML;
        } else {
            throw new RequestException(415, ErrorTag.INVALID_VALUE, "Unsupported media type '" + type
                + "': use application/yang-data+json or application/yang-data+xml");
        }
        if (NestingLimit.exceeded(format, request.content())) {
            throw new RequestException(400, ErrorTag.MALFORMED_MESSAGE, "The body nests deeper than "
                + NestingLimit.MAX_DEPTH + " levels");
        }
        if (format == Format.JSON && !ByteBufUtil.isText(request.content(), StandardCharsets.UTF_8)) {
            // JSON is UTF-8 (RFC 8259); a reader would quietly turn broken bytes into U+FFFD and store them
            throw new RequestException(400, ErrorTag.MALFORMED_MESSAGE, "The body is not valid UTF-8");
        }
        return new RequestBody(format, new ByteBufInputStream(request.content().duplicate(), false));
    }

    private static String contentType(final FullHttpRequest request) {
        final String header = request.headers().get(HttpHeaderNames.CONTENT_TYPE);
        if (header == null) {
            return "";
        }
        final int semi = header.indexOf(';');
        return (semi < 0 ? header : header.substring(0, semi)).strip().toLowerCase(Locale.ROOT);
    }

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
        response.headers().set(HttpHeaderNames.WWW_AUTHENTICATE, "Basic realm=\"sextant\"");
        return response;
    }

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
        return new RequestContext(principal.name(), Optional.ofNullable(tx).filter(s -> !s.isBlank()),
            principal.externalGroups());
    }

    private static FullHttpResponse render(final RestconfResponse response, final Format format, final boolean pretty,
            final HttpMethod method) {
        final FullHttpResponse http = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
            HttpResponseStatus.valueOf(response.status()));
        if (response.body().isPresent()) {
            final ByteBuf buf = http.content();
            try (ByteBufOutputStream out = new ByteBufOutputStream(buf)) {
                response.body().orElseThrow().writeTo(format, pretty, out);
            } catch (IOException | RuntimeException e) {
                LOG.error("Cannot write the response body", e);
                http.release();
                return HttpErrors.response(format, 500, ErrorType.APPLICATION, ErrorTag.OPERATION_FAILED,
                    "The response could not be written; the server log has the details");
            }
            http.headers().set(HttpHeaderNames.CONTENT_TYPE, response.body().orElseThrow().mediaType()
                .orElse(format.mediaType()));
        }
        response.location().ifPresent(location -> http.headers().set(HttpHeaderNames.LOCATION, location));
        response.version().ifPresent(version -> {
            http.headers().set(HttpHeaderNames.ETAG, "\"" + version.entityTag() + "\"");
            http.headers().set(HttpHeaderNames.LAST_MODIFIED, DateTimeFormatter.RFC_1123_DATE_TIME.format(
                version.lastModified().atZone(ZoneOffset.UTC)));
        });
        if (!response.allowed().isEmpty()) {
            http.headers().set(HttpHeaderNames.ALLOW, String.join(", ", response.allowed()));
            if (response.allowed().contains("PATCH")) {
                http.headers().set("Accept-Patch", "application/yang-data+json, application/yang-data+xml, "
                    + YANG_PATCH_JSON + ", " + YANG_PATCH_XML);
            }
        }
        return http;
    }

    private static FullHttpResponse raw(final HttpResponseStatus status, final byte[] body, final String type) {
        final FullHttpResponse http = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status);
        http.content().writeBytes(body);
        http.headers().set(HttpHeaderNames.CONTENT_TYPE, type);
        return http;
    }

    @Override
    public void exceptionCaught(final ChannelHandlerContext ctx, final Throwable cause) {
        LOG.debug("Closing RESTCONF connection after error", cause);
        ctx.close();
    }

    /**
     * The one answer to one request. Whatever happens while serving it, exactly one response is
     * written: the first {@link #send} wins, and {@link #internalError} is the last resort for an
     * exception nothing else caught.
     */
    private static final class Reply {
        private final AtomicBoolean sent = new AtomicBoolean();
        private final ChannelHandlerContext ctx;
        private final boolean keepAlive;
        private final boolean head;
        private final String request;
        final Format format;

        Reply(final ChannelHandlerContext ctx, final FullHttpRequest request) {
            this.ctx = ctx;
            this.keepAlive = HttpUtil.isKeepAlive(request) && request.decoderResult().isSuccess();
            this.head = request.method().equals(HttpMethod.HEAD);
            this.request = request.method() + " " + request.uri();
            this.format = acceptedFormat(request.headers().get(HttpHeaderNames.ACCEPT));
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

    /** A request refused before it reaches the server. */
    private static final class RequestException extends Exception {
        private static final long serialVersionUID = 1L;

        final int status;
        final transient ErrorTag tag;
        final transient List<String> allowed;

        RequestException(final int status, final ErrorTag tag, final String message) {
            this(status, tag, message, List.of());
        }

        RequestException(final int status, final ErrorTag tag, final String message, final List<String> allowed) {
            super(message);
            this.status = status;
            this.tag = tag;
            this.allowed = allowed;
        }
    }
}
