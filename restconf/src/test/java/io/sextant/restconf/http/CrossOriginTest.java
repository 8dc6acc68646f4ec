package io.sextant.restconf.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.RpcRegistry;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A change a browser sends for a page of another origin is refused before anything is done (the
 * web page's login is the browser's, so the browser would add the credentials it holds); the
 * same change from the controller's own page, or from a client that is not a browser, is served.
 */
class CrossOriginTest {
    private static final String PASSWORD = "csrf-secret";
    private static final String HOST = "controller.example:8443";
    private static final String TOPOLOGY = "/rests/data/network-topology:network-topology/topology=t1";
    private static final String BODY = "{\"network-topology:topology\":[{\"topology-id\":\"t1\"}]}";

    private final InMemoryDataStore config = new InMemoryDataStore(StoreType.CONFIGURATION, ControllerSchema.get(),
        Runnable::run);
    private final DefaultRestconfServer server = new DefaultRestconfServer(ControllerSchema.get(),
        new StoreDataService(config, new InMemoryDataStore(StoreType.OPERATIONAL, ControllerSchema.get(),
            Runnable::run)), new RpcRegistry(), new MountPointRegistry());

    private FullHttpResponse send(final HttpMethod method, final String uri, final Map<String, String> headers) {
        final EmbeddedChannel channel = new EmbeddedChannel(new RestconfHttpHandler(server,
            OneUser.authenticator("admin", PASSWORD), new RequestAudit(AuditLog.NONE)));
        final FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, uri,
            method.equals(HttpMethod.PUT) ? Unpooled.copiedBuffer(BODY, StandardCharsets.UTF_8) : Unpooled.EMPTY_BUFFER);
        request.headers().set(HttpHeaderNames.HOST, HOST)
            .set(HttpHeaderNames.AUTHORIZATION, "Basic " + Base64.getEncoder().encodeToString(
                ("admin:" + PASSWORD).getBytes(StandardCharsets.UTF_8)));
        if (method.equals(HttpMethod.PUT)) {
            // none: a page elsewhere can send a body without a Content-Type, which is read as JSON
            request.headers().remove(HttpHeaderNames.CONTENT_TYPE);
        }
        headers.forEach(request.headers()::set);
        channel.writeInbound(request);
        channel.runPendingTasks();
        final FullHttpResponse response = channel.readOutbound();
        channel.finishAndReleaseAll();
        return response;
    }

    private static String body(final FullHttpResponse response) {
        try {
            return response.content().toString(StandardCharsets.UTF_8);
        } finally {
            response.release();
        }
    }

    @Test
    void aChangeSentForAPageOfAnotherOriginIsRefusedAndChangesNothing() {
        for (Map<String, String> foreign : List.of(
            Map.of("Origin", "https://evil.example"),
            Map.of("Origin", "https://controller.example:9443"),
            Map.of("Origin", "null"),
            Map.of("Sec-Fetch-Site", "cross-site"),
            Map.of("Origin", "https://" + HOST, "Sec-Fetch-Site", "same-site"))) {
            final FullHttpResponse response = send(HttpMethod.PUT, TOPOLOGY, foreign);
            assertEquals(403, response.status().code(), foreign.toString());
            final String text = body(response);
            assertTrue(text.contains("access-denied") && text.contains("nothing was changed"), text);
            assertEquals(404, send(HttpMethod.GET, TOPOLOGY, Map.of()).status().code(), "not written: " + foreign);
        }
        assertEquals(403, send(HttpMethod.POST, "/rests/operations/uniconfig-manager:commit",
            Map.of("Origin", "https://evil.example")).status().code());
        assertEquals(403, send(HttpMethod.DELETE, TOPOLOGY, Map.of("Origin", "https://evil.example")).status().code());
    }

    @Test
    void theControllersOwnPageAndClientsThatAreNotBrowsersAreServed() {
        assertEquals(201, send(HttpMethod.PUT, TOPOLOGY, Map.of("Origin", "https://" + HOST,
            "Sec-Fetch-Site", "same-origin")).status().code());
        assertEquals(204, send(HttpMethod.PUT, TOPOLOGY, Map.of()).status().code(), "curl and the like");
        assertEquals(204, send(HttpMethod.PUT, TOPOLOGY, Map.of("Origin", "https://CONTROLLER.example:8443"))
            .status().code(), "the host's name in another case");
        assertEquals(200, send(HttpMethod.GET, TOPOLOGY, Map.of("Origin", "https://evil.example")).status().code(),
            "a read is served: another origin cannot read its answer");
    }
}
