package io.sextant.restconf.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The web page's files: served from the bundle with a strict content policy, nothing else. */
class UiResourcesTest {
    private final UiResources ui = new UiResources();

    private static String body(final FullHttpResponse response) {
        try {
            return response.content().toString(StandardCharsets.UTF_8);
        } finally {
            response.release();
        }
    }

    @Test
    void thePageIsServedAtUiWithAContentPolicyThatAllowsOnlyItsOwnOrigin() {
        for (String path : new String[] {"/ui", "/ui/", "/ui/index.html"}) {
            final FullHttpResponse page = ui.answer(HttpMethod.GET, path);
            assertEquals(200, page.status().code(), path);
            assertEquals("text/html; charset=utf-8", page.headers().get(HttpHeaderNames.CONTENT_TYPE));
            assertTrue(page.headers().get(HttpHeaderNames.CONTENT_SECURITY_POLICY).contains("default-src 'self'"));
            assertEquals("DENY", page.headers().get(HttpHeaderNames.X_FRAME_OPTIONS));
            assertTrue(body(page).contains("<script type=\"module\" src=\"/ui/app.js\">"), path);
        }
        final FullHttpResponse script = ui.answer(HttpMethod.GET, "/ui/app.js");
        assertEquals("text/javascript; charset=utf-8", script.headers().get(HttpHeaderNames.CONTENT_TYPE));
        assertTrue(body(script).contains("route()"));
    }

    @Test
    void namesOutsideThePageAreNotFoundAndOnlyReadsAreAllowed() {
        for (String path : new String[] {"/ui/missing.js", "/ui/../restconf/http/UiResources.class", "/ui/%2e%2e/x.js",
            "/ui/sub/app.js", "/ui/App.JS"}) {
            final FullHttpResponse answer = ui.answer(HttpMethod.GET, path);
            assertEquals(404, answer.status().code(), path);
            body(answer);
        }
        final FullHttpResponse post = ui.answer(HttpMethod.POST, "/ui/");
        assertEquals(405, post.status().code());
        assertEquals("GET, HEAD", post.headers().get(HttpHeaderNames.ALLOW));
        body(post);
    }
}
