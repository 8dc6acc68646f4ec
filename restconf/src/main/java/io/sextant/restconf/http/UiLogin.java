package io.sextant.restconf.http;

import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.sextant.security.auth.AuthResult;
import java.nio.charset.StandardCharsets;

/**
 * The web page's login, which is the browser's own: a request under {@code /ui} without valid
 * credentials gets 401 with the RESTCONF challenge ({@link HttpErrors#CHALLENGE}) and a short
 * plain-text body, never the page, so the browser asks for a user and password with its own
 * dialog and then sends them with the page's files and, the realm being the same, with the page's
 * RESTCONF calls. {@code /ui/logout} answers 401 to everything without looking at the credentials:
 * the page calls it with false credentials, and the browser then forgets the ones it held.
 */
final class UiLogin {
    /** The log-out path: always 401. */
    static final String LOGOUT = UiResources.PATH + "/logout";
    private static final String TEXT = "text/plain; charset=utf-8";
    private static final byte[] LOG_IN = ("Log in with your Sextant user to see this page: reload it and give "
        + "the user and password the browser asks for.\n").getBytes(StandardCharsets.UTF_8);
    private static final byte[] LOGGED_OUT = "Logged out.\n".getBytes(StandardCharsets.UTF_8);

    private UiLogin() {
    }

    /** 401 with the challenge for a request under {@code /ui} without valid credentials, 429 when rate-limited. */
    static FullHttpResponse refusal(final AuthResult.Refused refused) {
        if (refused.reason() == AuthResult.Reason.RATE_LIMITED) {
            final FullHttpResponse response = plain(HttpResponseStatus.TOO_MANY_REQUESTS,
                (refused.message() + "\n").getBytes(StandardCharsets.UTF_8));
            response.headers().set(HttpHeaderNames.RETRY_AFTER, Math.max(1, refused.retryAfter().toSeconds()));
            return response;
        }
        return challenge(LOG_IN);
    }

    /** The answer of {@link #LOGOUT}, whatever the request carries. */
    static FullHttpResponse loggedOut() {
        return challenge(LOGGED_OUT);
    }

    private static FullHttpResponse challenge(final byte[] body) {
        final FullHttpResponse response = plain(HttpResponseStatus.UNAUTHORIZED, body);
        response.headers().set(HttpHeaderNames.WWW_AUTHENTICATE, HttpErrors.CHALLENGE);
        return response;
    }

    private static FullHttpResponse plain(final HttpResponseStatus status, final byte[] body) {
        final FullHttpResponse response = ResponseWriter.raw(status, body, TEXT);
        response.headers()
            .set(HttpHeaderNames.CACHE_CONTROL, "no-store")
            .set("X-Content-Type-Options", "nosniff");
        return response;
    }
}
