package io.sextant.restconf.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.sextant.model.ControllerSchema;
import io.sextant.restconf.api.Format;
import io.sextant.restconf.api.FormattableBody;
import io.sextant.restconf.api.ServerErrors;
import io.sextant.restconf.api.ServerException;
import io.sextant.security.tls.PinnedTrust;
import io.sextant.security.tls.SelfSignedCertificate;
import io.sextant.security.tls.TlsMaterial;
import io.sextant.spi.HeldElsewhere;
import io.sextant.spi.OperationError;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;

/**
 * {@link PeerForwarding} on its own: a request whose nodes another instance holds goes to that
 * instance with the caller's credentials and body, and its answer comes back as it is; a request
 * sent on already, or a failure of another kind, is not sent on; a holder that cannot be reached
 * is a 503 that says nothing was done.
 */
class PeerForwardingTest {
    private static final String URI = "/rests/operations/uniconfig-manager:commit";
    private static final String BODY = "{\"input\":{\"target-nodes\":{\"node\":[\"r1\"]}}}";
    /** The client's address as the instance sending the request on saw it. */
    private static final String CLIENT = "192.0.2.7";

    private static FullHttpRequest request(final String... headers) {
        final FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, URI,
            Unpooled.copiedBuffer(BODY, StandardCharsets.UTF_8));
        request.headers().set("Authorization", "Basic YWRtaW46cHc=").set("Content-Type", "application/yang-data+json")
            .set("Accept", "application/yang-data+json");
        for (int i = 0; i < headers.length; i += 2) {
            request.headers().set(headers[i], headers[i + 1]);
        }
        return request;
    }

    private static Throwable heldBy(final String address) {
        return new CompletionException(new ServerException(new ServerErrors(
            HeldElsewhere.of(List.of("r1"), "sx2", address).errors(), ControllerSchema.get())));
    }

    private static String text(final FormattableBody body) throws Exception {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        body.writeTo(Format.JSON, false, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theHoldersAnswerComesBackAsItIsAndTheRequestReachesItWithTheCallersCredentials() throws Exception {
        final Map<String, String> received = new ConcurrentHashMap<>();
        final HttpServer holder = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        holder.createContext("/", exchange -> {
            received.put("uri", exchange.getRequestURI().toString());
            received.put("method", exchange.getRequestMethod());
            received.put("authorization", String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
            received.put("forwarded", String.valueOf(exchange.getRequestHeaders().getFirst(PeerForwarding.HEADER)));
            received.put("body", new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            final byte[] answer = "{\"uniconfig-manager:output\":{\"overall-status\":\"complete\"}}"
                .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/yang-data+json");
            exchange.sendResponseHeaders(200, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        holder.start();
        try {
            final Answer answer = PeerForwarding.plain().forward(request(),
                heldBy("127.0.0.1:" + holder.getAddress().getPort()), CLIENT).toCompletableFuture()
                .get(30, TimeUnit.SECONDS);
            assertEquals(200, answer.status());
            assertEquals("{\"uniconfig-manager:output\":{\"overall-status\":\"complete\"}}", text(answer.body()));
            assertEquals("application/yang-data+json", answer.body().mediaType().orElseThrow());
            assertEquals(Map.of("uri", URI, "method", "POST", "authorization", "Basic YWRtaW46cHc=",
                "forwarded", CLIENT, "body", BODY), received);
            assertTrue(answer.relayed(), "the holder audited it: not audited again here");
        } finally {
            holder.stop(0);
        }
    }

    @Test
    void theAuditSourceOfARequestSentOnNamesTheClientAndTheInstanceThatSentItOn() {
        assertEquals("198.51.100.2", PeerForwarding.source(request(), "198.51.100.2"));
        assertEquals(CLIENT + " (sent on by 198.51.100.2)", PeerForwarding.source(request(PeerForwarding.HEADER,
            CLIENT), "198.51.100.2"));
        assertEquals("evil" + "x".repeat(60) + " (sent on by 198.51.100.2)", PeerForwarding.source(request(
            PeerForwarding.HEADER, "ev il" + "x".repeat(100)), "198.51.100.2"),
            "what a client may claim is clipped to printable characters; its own address stays");
    }

    @Test
    void aRequestSentOnAlreadyOrAnotherFailureIsNotSentOn() {
        assertNull(PeerForwarding.plain().forward(request(PeerForwarding.HEADER, CLIENT), heldBy("127.0.0.1:1"),
            CLIENT));
        assertNull(PeerForwarding.plain().forward(request(), new CompletionException(new ServerException(
            new ServerErrors(List.of(OperationError.of(ErrorType.APPLICATION, ErrorTag.IN_USE, "busy")),
                ControllerSchema.get()))), CLIENT));
        assertNull(PeerForwarding.NONE.forward(request(), heldBy("127.0.0.1:1"), CLIENT));
    }

    @Test
    void aHolderPresentingAnotherCertificateIsNotSentTheCredentialsAndNothingIsDone() throws Exception {
        final Instant now = Instant.now();
        final TlsMaterial theirs = SelfSignedCertificate.generate("127.0.0.1", List.of("127.0.0.1"), now);
        final TlsMaterial ours = SelfSignedCertificate.generate("127.0.0.1", List.of("127.0.0.1"), now);
        final KeyStore keys = KeyStore.getInstance("PKCS12");
        keys.load(null, null);
        keys.setKeyEntry("server", theirs.key(), new char[0], theirs.chain().toArray(new Certificate[0]));
        final KeyManagerFactory managers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        managers.init(keys, new char[0]);
        final SSLContext serverTls = SSLContext.getInstance("TLS");
        serverTls.init(managers.getKeyManagers(), null, null);
        final Map<String, String> received = new ConcurrentHashMap<>();
        final HttpsServer holder = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        holder.setHttpsConfigurator(new HttpsConfigurator(serverTls));
        holder.createContext("/", exchange -> {
            received.put("authorization", String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        holder.start();
        try {
            final Answer answer = PeerForwarding.overTls(PinnedTrust.clientContext(List.of(ours.certificate())))
                .forward(request(), heldBy("127.0.0.1:" + holder.getAddress().getPort()), CLIENT)
                .toCompletableFuture().get(30, TimeUnit.SECONDS);
            assertEquals(503, answer.status());
        assertFalse(answer.relayed(), "this instance's own answer: audited here");
            final String body = text(answer.body());
            assertTrue(body.contains("nothing was done"), body);
            assertEquals(Map.of(), received, "the holder got nothing");
        } finally {
            holder.stop(0);
        }
    }

    @Test
    void aHolderThatCannotBeReachedIsA503ThatSaysNothingWasDone() throws Exception {
        final int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        final Answer answer = PeerForwarding.plain().forward(request(), heldBy("127.0.0.1:" + closed), CLIENT)
            .toCompletableFuture().get(30, TimeUnit.SECONDS);
        assertNotNull(answer);
        assertEquals(503, ErrorStatus.of(((ErrorsBody) answer.body()).errors().get(0)));
        assertEquals(503, answer.status());
        assertFalse(answer.relayed(), "this instance's own answer: audited here");
        final String body = text(answer.body());
        assertTrue(body.contains("holder-unreachable") && body.contains("nothing was done")
            && body.contains("controller instance sx2"), body);
    }
}
