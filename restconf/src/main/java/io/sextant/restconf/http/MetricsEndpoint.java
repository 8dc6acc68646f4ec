package io.sextant.restconf.http;

import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.sextant.spi.RequestContext;
import io.sextant.metrics.Scrape;
import io.sextant.metrics.SextantMetrics;
import io.sextant.restconf.api.Format;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.opendaylight.yangtools.yang.common.ErrorTag;

/**
 * {@code GET /metrics}: the controller's metrics in the Prometheus text format (OpenMetrics when
 * {@code Accept} asks for it), for users who may read {@code /sextant:status}; 404 when metrics
 * are off. Every request is also timed here ({@link #metrics()}).
 */
public final class MetricsEndpoint {
    /** The path it answers. */
    public static final String PATH = "/metrics";
    /** Records nothing and answers 404. */
    public static final MetricsEndpoint NONE = new MetricsEndpoint(SextantMetrics.NONE, context -> false);

    private final SextantMetrics metrics;
    private final Predicate<RequestContext> mayRead;

    /**
     * @param mayRead whether the request's user may see the metrics
     */
    public MetricsEndpoint(final SextantMetrics metrics, final Predicate<RequestContext> mayRead) {
        this.metrics = metrics;
        this.mayRead = mayRead;
    }

    SextantMetrics metrics() {
        return metrics;
    }

    FullHttpResponse answer(final FullHttpRequest request, final RequestContext context, final Format format) {
        if (!metrics.enabled()) {
            return HttpErrors.response(format, 404, ErrorTag.INVALID_VALUE,
                "Metrics are off: the controller runs with " + SextantMetrics.PROPERTY + "=off");
        }
        final HttpMethod method = request.method();
        if (!method.equals(HttpMethod.GET) && !method.equals(HttpMethod.HEAD)) {
            final FullHttpResponse refused = HttpErrors.response(format, 405, ErrorTag.OPERATION_NOT_SUPPORTED,
                "Only GET is allowed on " + PATH);
            refused.headers().set(HttpHeaderNames.ALLOW, "GET, HEAD");
            return refused;
        }
        if (!mayRead.test(context)) {
            return HttpErrors.response(format, 403, ErrorTag.ACCESS_DENIED, "Access denied: user '" + context.user()
                + "' may not read the metrics (they need NACM read access to /sextant:status)");
        }
        // several Accept headers are one list (RFC 9110, 5.3)
        final Optional<Scrape> scrape = metrics.scrape(String.join(", ",
            request.headers().getAll(HttpHeaderNames.ACCEPT)));
        if (scrape.isEmpty()) {
            return HttpErrors.response(format, 404, ErrorTag.INVALID_VALUE, "Metrics are off");
        }
        return ResponseWriter.raw(HttpResponseStatus.OK, scrape.orElseThrow().body(),
            scrape.orElseThrow().contentType());
    }

    private static final Set<String> METHODS = Set.of("GET", "HEAD", "PUT", "POST", "PATCH", "DELETE", "OPTIONS");

    /** The {@code method} label of the request metrics: a method RESTCONF knows, or {@code other}. */
    static String method(final HttpMethod method) {
        final String name = method.name();
        return METHODS.contains(name) ? name : "other";
    }

    /** The kind of resource a request path names: the {@code resource} label of the request metrics. */
    static String resource(final String path) {
        if (path.startsWith("/rests/streams")) {
            return "streams";
        }
        if (path.startsWith("/rests/data")) {
            return path.contains("/yang-ext:mount") ? "mount" : "data";
        }
        if (path.startsWith("/rests/operations")) {
            return "operations";
        }
        if (path.startsWith("/rests")) {
            return "root";
        }
        if (path.startsWith("/openapi")) {
            return "openapi";
        }
        if (path.equals(PATH)) {
            return "metrics";
        }
        if (UiResources.serves(path)) {
            return "ui";
        }
        return path.startsWith("/.well-known/") ? "discovery" : "other";
    }
}
