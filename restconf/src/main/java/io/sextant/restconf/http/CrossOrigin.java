package io.sextant.restconf.http;

import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Set;
import org.eclipse.jdt.annotation.Nullable;

/**
 * Refuses requests that change something and that a browser sent for a page of another origin
 * (cross-site request forgery). The web page logs in with the browser's own Basic dialog, so a
 * browser that opened it holds credentials it sends with any request to this origin, also one a
 * page elsewhere makes it send (a form, or a fetch without a {@code Content-Type}, which RESTCONF
 * reads as JSON). Browsers say where such a request comes from: {@code Origin} on every POST, PUT,
 * PATCH and DELETE of another origin, and {@code Sec-Fetch-Site}. Clients that are not browsers
 * send neither, and are not affected; reads are not refused (another origin cannot read the
 * answer).
 */
final class CrossOrigin {
    private static final Set<HttpMethod> SAFE = Set.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.OPTIONS);

    private CrossOrigin() {
    }

    /** Why the request is refused, or null when it may be served. */
    static @Nullable String refusal(final FullHttpRequest request) {
        if (SAFE.contains(request.method())) {
            return null;
        }
        final String site = request.headers().get("Sec-Fetch-Site");
        if (site != null && (site.equalsIgnoreCase("cross-site") || site.equalsIgnoreCase("same-site"))) {
            return "A browser sent this request for a page of another site (Sec-Fetch-Site: " + site + ")";
        }
        final String origin = request.headers().get(HttpHeaderNames.ORIGIN);
        if (origin == null) {
            return null;
        }
        final String host = request.headers().get(HttpHeaderNames.HOST);
        return host != null && sameHost(origin, host) ? null
            : "A browser sent this request for a page of another origin (" + origin + ")";
    }

    /** Whether {@code origin} (scheme://host[:port]) names the {@code host} (host[:port]) the request went to. */
    private static boolean sameHost(final String origin, final String host) {
        final URI uri;
        try {
            uri = new URI(origin.strip());
        } catch (URISyntaxException e) {
            return false;
        }
        final String scheme = uri.getScheme();
        final String originHost = uri.getHost();
        if (scheme == null || originHost == null) {
            // "null", sent by sandboxed frames and after cross-origin redirects
            return false;
        }
        final int defaultPort = scheme.equalsIgnoreCase("https") ? 443 : 80;
        final String origins = authority(originHost, uri.getPort() < 0 ? defaultPort : uri.getPort());
        final URI target;
        try {
            target = new URI(scheme + "://" + host.strip());
        } catch (URISyntaxException e) {
            return false;
        }
        return target.getHost() != null
            && origins.equals(authority(target.getHost(), target.getPort() < 0 ? defaultPort : target.getPort()));
    }

    private static String authority(final String host, final int port) {
        return host.toLowerCase(Locale.ROOT) + ":" + port;
    }
}
