package io.sextant.restconf.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.sextant.datastore.InMemoryDataStore;
import io.sextant.datastore.StoreDataService;
import io.sextant.datastore.StoreType;
import io.sextant.model.ControllerSchema;
import io.sextant.restconf.OneUser;
import io.sextant.restconf.server.DefaultRestconfServer;
import io.sextant.security.audit.AuditLog;
import io.sextant.security.auth.Authenticator;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.RpcRegistry;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The web page's files: served from the bundle with a strict content policy, nothing else, and
 * only to a user with valid credentials; without them, 401 with the same challenge as RESTCONF's
 * and no page, for the browser to ask for a user and password.
 */
class UiResourcesTest {
    private static final String PASSWORD = "ui-secret";
    private final UiResources ui = new UiResources();
    private final DefaultRestconfServer server = new DefaultRestconfServer(ControllerSchema.get(),
        new StoreDataService(new InMemoryDataStore(StoreType.CONFIGURATION, ControllerSchema.get(), Runnable::run),
            new InMemoryDataStore(StoreType.OPERATIONAL, ControllerSchema.get(), Runnable::run)),
        new RpcRegistry(), new MountPointRegistry());

    private static String body(final FullHttpResponse response) {
        try {
            return response.content().toString(StandardCharsets.UTF_8);
        } finally {
            response.release();
        }
    }

    private static String basic(final String user, final String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * One request through the whole HTTP handler, as the server gets it; each with an
     * authenticator of its own, so that the many failures here do not reach the rate limit.
     */
    private FullHttpResponse serve(final HttpMethod method, final String uri, final @Nullable String authorization) {
        return serve(OneUser.authenticator("admin", PASSWORD), method, uri, authorization);
    }

    private FullHttpResponse serve(final Authenticator authenticator, final HttpMethod method, final String uri,
            final @Nullable String authorization) {
        final EmbeddedChannel channel = new EmbeddedChannel(new RestconfHttpHandler(server, authenticator,
            new RequestAudit(AuditLog.NONE)));
        final FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, uri,
            Unpooled.EMPTY_BUFFER);
        if (authorization != null) {
            request.headers().set(HttpHeaderNames.AUTHORIZATION, authorization);
        }
        channel.writeInbound(request);
        channel.runPendingTasks();
        final FullHttpResponse response = channel.readOutbound();
        channel.finishAndReleaseAll();
        return response;
    }

    @Test
    void thePageIsServedAtUiWithAContentPolicyThatAllowsOnlyItsOwnOrigin() {
        for (String path : new String[] {"/ui", "/ui/", "/ui/index.html"}) {
            final FullHttpResponse page = ui.answer(HttpMethod.GET, path, "admin");
            assertEquals(200, page.status().code(), path);
            assertEquals("text/html; charset=utf-8", page.headers().get(HttpHeaderNames.CONTENT_TYPE));
            assertTrue(page.headers().get(HttpHeaderNames.CONTENT_SECURITY_POLICY).contains("default-src 'self'"));
            assertEquals("DENY", page.headers().get(HttpHeaderNames.X_FRAME_OPTIONS));
            assertTrue(body(page).contains("<script type=\"module\" src=\"/ui/app.js\">"), path);
        }
        final FullHttpResponse script = ui.answer(HttpMethod.GET, "/ui/app.js", "admin");
        assertEquals("text/javascript; charset=utf-8", script.headers().get(HttpHeaderNames.CONTENT_TYPE));
        assertTrue(body(script).contains("route()"));
    }

    @Test
    void namesOutsideThePageAreNotFoundAndOnlyReadsAreAllowed() {
        for (String path : new String[] {"/ui/missing.js", "/ui/../restconf/http/UiResources.class", "/ui/%2e%2e/x.js",
            "/ui/sub/app.js", "/ui/App.JS"}) {
            final FullHttpResponse answer = ui.answer(HttpMethod.GET, path, "admin");
            assertEquals(404, answer.status().code(), path);
            body(answer);
        }
        final FullHttpResponse post = ui.answer(HttpMethod.POST, "/ui/", "admin");
        assertEquals(405, post.status().code());
        assertEquals("GET, HEAD", post.headers().get(HttpHeaderNames.ALLOW));
        body(post);
    }

    @Test
    void thePageTellsWhoTheUserIs() {
        final FullHttpResponse who = ui.answer(HttpMethod.GET, "/ui/user.json", "olga \"o\"");
        assertEquals(200, who.status().code());
        assertEquals("no-store", who.headers().get(HttpHeaderNames.CACHE_CONTROL));
        assertEquals("{\"user\":\"olga \\\"o\\\"\"}", body(who));
    }

    @Test
    void withoutValidCredentialsNothingUnderUiIsServedAndTheBrowserIsAskedToLogIn() {
        for (String authorization : new String[] {null, basic("admin", "wrong"), basic("nobody", PASSWORD),
            "Basic !!!", "Digest username=\"admin\""}) {
            for (String path : new String[] {"/ui", "/ui/", "/ui/index.html", "/ui/app.js", "/ui/rest.js",
                "/ui/user.json", "/ui/missing.js", "/ui/../x"}) {
                for (HttpMethod method : new HttpMethod[] {HttpMethod.GET, HttpMethod.HEAD, HttpMethod.POST}) {
                    final FullHttpResponse answer = serve(method, path, authorization);
                    final String what = authorization + " " + method + " " + path;
                    assertEquals(401, answer.status().code(), what);
                    assertEquals("Basic realm=\"sextant\"", answer.headers().get(HttpHeaderNames.WWW_AUTHENTICATE),
                        what);
                    assertEquals("text/plain; charset=utf-8", answer.headers().get(HttpHeaderNames.CONTENT_TYPE));
                    final String text = body(answer);
                    assertFalse(text.contains("<") || text.contains("/rests") || text.contains("route"), text);
                }
            }
        }
    }

    @Test
    void aSourceThatFailedTooOftenIsToldToWaitWithoutThePage() {
        final Authenticator authenticator = OneUser.authenticator("admin", PASSWORD);
        for (int i = 0; i < 10; i++) {
            final FullHttpResponse refused = serve(authenticator, HttpMethod.GET, "/ui/", basic("admin", "guess-" + i));
            assertEquals(401, refused.status().code());
            body(refused);
        }
        final FullHttpResponse blocked = serve(authenticator, HttpMethod.GET, "/ui/", basic("admin", PASSWORD));
        assertEquals(429, blocked.status().code());
        assertTrue(Long.parseLong(blocked.headers().get(HttpHeaderNames.RETRY_AFTER)) >= 1);
        final String text = body(blocked);
        assertTrue(text.startsWith("Too many failed logins") && !text.contains("<"), text);
    }

    @Test
    void withValidCredentialsThePageIsServed() {
        final FullHttpResponse page = serve(HttpMethod.GET, "/ui/", basic("admin", PASSWORD));
        assertEquals(200, page.status().code());
        assertTrue(body(page).contains("src=\"/ui/app.js\""));
        final FullHttpResponse who = serve(HttpMethod.GET, "/ui/user.json", basic("admin", PASSWORD));
        assertEquals(200, who.status().code());
        assertEquals("{\"user\":\"admin\"}", body(who));
    }

    @Test
    void restconfChallengesWithTheSameRealmSoTheBrowserSendsThePagesCredentials() {
        final FullHttpResponse data = serve(HttpMethod.GET, "/rests/data", null);
        assertEquals(401, data.status().code());
        assertEquals("Basic realm=\"sextant\"", data.headers().get(HttpHeaderNames.WWW_AUTHENTICATE));
        body(data);
    }

    @Test
    void logOutAnswers401WhateverTheCredentialsForTheBrowserToForgetThem() {
        for (String authorization : new String[] {null, basic("admin", PASSWORD), basic("logout", "logout")}) {
            final FullHttpResponse answer = serve(HttpMethod.GET, "/ui/logout", authorization);
            assertEquals(401, answer.status().code(), authorization);
            assertEquals("Basic realm=\"sextant\"", answer.headers().get(HttpHeaderNames.WWW_AUTHENTICATE));
            assertEquals("Logged out.\n", body(answer));
        }
    }
}
