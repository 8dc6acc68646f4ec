package io.sextant.restconf.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.sextant.datastore.InMemoryDataStore;
import io.sextant.datastore.StoreType;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.Readiness;
import io.sextant.spi.RpcRegistry;
import io.sextant.datastore.StoreDataService;
import io.sextant.model.ControllerSchema;
import io.sextant.restconf.OneUser;
import io.sextant.restconf.server.DefaultRestconfServer;
import io.sextant.security.audit.AuditLog;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/**
 * A request's buffer is released once it is answered, whatever the answer: the body handed to
 * the server is a view of the request, not a second reference that only a fully read stream
 * would give back (bodies of requests refused before parsing leaked that way).
 */
class RequestBuffersAreReleasedTest {
    private static final String PASSWORD = "pw";
    private static final String NODE =
        "/rests/data/network-topology:network-topology/topology=topology-netconf/node=r1";

    private final RestconfHttpHandler handler = new RestconfHttpHandler(new RestconfRouter(new DefaultRestconfServer(
        ControllerSchema.get(), new StoreDataService(
            new InMemoryDataStore(StoreType.CONFIGURATION, ControllerSchema.get(), Runnable::run),
            new InMemoryDataStore(StoreType.OPERATIONAL, ControllerSchema.get(), Runnable::run)),
        new RpcRegistry(), new MountPointRegistry()), PeerForwarding.NONE), OneUser.authenticator("admin", PASSWORD),
        new RequestAudit(AuditLog.NONE), MetricsEndpoint.NONE, Readiness.ALWAYS, EventStreamEndpoint.NONE);

    private void assertReleasedAfterAnswer(final String method, final String uri, final String body,
            final int status) {
        final EmbeddedChannel channel = new EmbeddedChannel(handler);
        final FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.valueOf(method),
            uri, Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
        request.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/yang-data+json")
            .set(HttpHeaderNames.AUTHORIZATION, "Basic " + Base64.getEncoder().encodeToString(("admin:" + PASSWORD)
                .getBytes(StandardCharsets.UTF_8)));
        // the test keeps one reference of its own to look at the count afterwards
        request.retain();
        channel.writeInbound(request);
        channel.runPendingTasks();
        final FullHttpResponse response = channel.readOutbound();
        assertEquals(status, response.status().code(), response.content().toString(StandardCharsets.UTF_8));
        response.release();
        assertEquals(1, request.refCnt(), "only the test's own reference is left");
        request.release();
        channel.finishAndReleaseAll();
    }

    @Test
    void aBodyRefusedBeforeParsingIsReleased() {
        assertReleasedAfterAnswer("PUT", "/rests/data/nowhere:thing", "{\"nowhere:thing\":{}}", 400);
    }

    @Test
    void aMalformedBodyIsReleased() {
        assertReleasedAfterAnswer("PUT", NODE, "{\"network-topology:node\":[", 400);
    }

    @Test
    void aStoredBodyIsReleased() {
        assertReleasedAfterAnswer("PUT", NODE, "{\"network-topology:node\":[{\"node-id\":\"r1\"}]}", 201);
    }

    @Test
    void aRequestRefusedByTheHandlerIsReleased() {
        assertReleasedAfterAnswer("PUT", NODE + "?depth=1", "{}", 400);
    }
}
