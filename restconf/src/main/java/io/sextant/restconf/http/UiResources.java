package io.sextant.restconf.http;

import com.google.gson.JsonObject;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.sextant.restconf.api.Format;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.opendaylight.yangtools.yang.common.ErrorTag;

/**
 * {@code GET /ui/...}: the operator's web page, static files packaged in this bundle under
 * {@code io/sextant/restconf/ui/}, served to an authenticated user only (any user: the page
 * holds no data; {@link UiLogin} answers the others). The browser keeps the credentials it asked
 * for and sends them with every RESTCONF request the page makes, so the page sees and may do
 * exactly what the user may through {@code /rests} (NACM). {@code /ui} and {@code /ui/} are the
 * page itself; {@code /ui/user.json} tells the page who the user is.
 */
final class UiResources {
    /** The path prefix it answers. */
    static final String PATH = "/ui";
    private static final String ROOT = "/io/sextant/restconf/ui/";
    /** The name of the user who asks, for the page to show: {@code {"user":"..."}}. */
    private static final String USER = "user.json";
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]*\\.(html|js|css|svg)");
    private static final Map<String, String> TYPES = Map.of(
        "html", "text/html; charset=utf-8",
        "js", "text/javascript; charset=utf-8",
        "css", "text/css; charset=utf-8",
        "svg", "image/svg+xml");
    /** The page loads only its own files and talks only to its own origin. */
    private static final String POLICY = "default-src 'self'; img-src 'self' data:; style-src 'self'; "
        + "script-src 'self'; connect-src 'self'; frame-ancestors 'none'; form-action 'self'";

    private final Map<String, byte[]> cache = new ConcurrentHashMap<>();

    static boolean serves(final String path) {
        return path.equals(PATH) || path.startsWith(PATH + "/");
    }

    /** The answer to {@code user}, who has been authenticated. */
    FullHttpResponse answer(final HttpMethod method, final String path, final String user) {
        if (!method.equals(HttpMethod.GET) && !method.equals(HttpMethod.HEAD)) {
            final FullHttpResponse refused = HttpErrors.response(Format.JSON, 405, ErrorTag.OPERATION_NOT_SUPPORTED,
                "Only GET is allowed on " + PATH);
            refused.headers().set(HttpHeaderNames.ALLOW, "GET, HEAD");
            return refused;
        }
        final String name = path.length() <= PATH.length() + 1 ? "index.html" : path.substring(PATH.length() + 1);
        if (name.equals(USER)) {
            final JsonObject who = new JsonObject();
            who.addProperty("user", user);
            final FullHttpResponse response = secured(ResponseWriter.raw(HttpResponseStatus.OK,
                who.toString().getBytes(StandardCharsets.UTF_8), "application/json"));
            // it differs from one user to the next: never kept
            response.headers().set(HttpHeaderNames.CACHE_CONTROL, "no-store");
            return response;
        }
        final Optional<byte[]> body = NAME.matcher(name).matches() ? load(name) : Optional.empty();
        if (body.isEmpty()) {
            return HttpErrors.response(Format.JSON, 404, ErrorTag.INVALID_VALUE,
                "No file " + path + " in the web page: it starts at " + PATH + "/");
        }
        return secured(ResponseWriter.raw(HttpResponseStatus.OK, body.orElseThrow(),
            TYPES.getOrDefault(name.substring(name.lastIndexOf('.') + 1), "application/octet-stream")));
    }

    private static FullHttpResponse secured(final FullHttpResponse response) {
        response.headers()
            .set(HttpHeaderNames.CACHE_CONTROL, "no-cache")
            .set(HttpHeaderNames.CONTENT_SECURITY_POLICY, POLICY)
            .set(HttpHeaderNames.X_FRAME_OPTIONS, "DENY")
            .set("X-Content-Type-Options", "nosniff")
            .set("Referrer-Policy", "no-referrer");
        return response;
    }

    private Optional<byte[]> load(final String name) {
        final byte[] cached = cache.get(name);
        if (cached != null) {
            return Optional.of(cached);
        }
        try (InputStream in = UiResources.class.getResourceAsStream(ROOT + name)) {
            if (in == null) {
                return Optional.empty();
            }
            final byte[] bytes = in.readAllBytes();
            cache.put(name, bytes);
            return Optional.of(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + ROOT + name, e);
        }
    }
}
