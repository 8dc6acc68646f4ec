package io.sextant.restconf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonParser;
import io.sextant.spi.HttpLimits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The transport's limits over real sockets: a request that stops half-way (in its header or
 * its body) is answered 408 and closed after the read timeout while other connections are
 * served; an idle keep-alive connection is closed after the idle timeout; connections beyond
 * the limit are answered 503 and closed, and a place freed is taken again; a request line,
 * header or body over its limit, or an unsupported expectation, gets its status with an RFC
 * 8040 errors body. Timeouts are shortened for the test; nothing here measures time.
 */
class RestconfConnectionLimitsTest {
    private static final int HANG_DETECTOR_MILLIS = 30_000;
    private static final HttpLimits SHORT = HttpLimits.DEFAULTS.withTimeouts(Duration.ofSeconds(1),
        Duration.ofSeconds(1));
    private static final String AUTH = RawHttp.basicAuth(RestconfFixture.PASSWORD);

    private RestconfFixture f;
    private final List<RawHttp> sockets = new ArrayList<>();

    @AfterEach
    void stop() throws IOException {
        for (RawHttp socket : sockets) {
            socket.close();
        }
        if (f != null) {
            f.close();
        }
    }

    private RawHttp connect() throws IOException {
        final RawHttp socket = new RawHttp(f.http.port(), HANG_DETECTOR_MILLIS);
        sockets.add(socket);
        return socket;
    }

    private static byte[] ascii(final String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static void assertErrorsBody(final RawHttp.Response response, final int status, final String tag) {
        assertEquals(status, response.status(), response.body());
        assertEquals(tag, JsonParser.parseString(response.body()).getAsJsonObject()
            .getAsJsonObject("ietf-restconf:errors").getAsJsonArray("error").get(0).getAsJsonObject()
            .get("error-tag").getAsString(), response.body());
    }

    @Test
    void halfSentHeaderIsAnswered408AndClosedWhileOthersAreServed() throws Exception {
        f = new RestconfFixture(SHORT.withTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(60)));
        final RawHttp half = connect();
        half.send(ascii("GET /rests/data HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: applica"));
        final RawHttp other = connect();
        assertEquals(200, other.exchange(RawHttp.request("GET", "/rests/yang-library-version", AUTH, "")).status());
        assertErrorsBody(half.read(), 408, "operation-failed");
        assertTrue(half.closedByServer());
        assertEquals(200, other.exchange(RawHttp.request("GET", "/rests/yang-library-version", AUTH, "")).status(),
            "the other connection was idle for less than its timeout and is still served");
    }

    @Test
    void halfSentBodyIsAnswered408AndClosed() throws Exception {
        f = new RestconfFixture(SHORT);
        final RawHttp half = connect();
        half.send(ascii("PUT /rests/data/network-topology:network-topology HTTP/1.1\r\nHost: 127.0.0.1\r\n" + AUTH
            + "Content-Type: application/yang-data+json\r\nContent-Length: 100\r\n\r\n{\"network-"));
        assertErrorsBody(half.read(), 408, "operation-failed");
        assertTrue(half.closedByServer());
        assertEquals(404, f.get("/rests/data/network-topology:network-topology", RestconfDataTest.JSON)
            .statusCode(), "nothing was written");
    }

    @Test
    void idleKeepAliveConnectionIsClosed() throws Exception {
        f = new RestconfFixture(SHORT);
        final RawHttp idle = connect();
        assertEquals(200, idle.exchange(RawHttp.request("GET", "/rests/yang-library-version", AUTH, "")).status());
        assertTrue(idle.closedByServer(), "closed without a response after the idle timeout");
        final RawHttp silent = connect();
        assertTrue(silent.closedByServer(), "a connection that never sends a byte is idle too");
    }

    @Test
    void connectionsBeyondTheLimitAreAnswered503AndAFreedPlaceIsTakenAgain() throws Exception {
        f = new RestconfFixture(HttpLimits.DEFAULTS.withMaxConnections(3));
        final List<RawHttp> admitted = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            final RawHttp socket = connect();
            assertEquals(200, socket.exchange(RawHttp.request("GET", "/rests/yang-library-version", AUTH, ""))
                .status());
            admitted.add(socket);
        }
        for (int i = 0; i < 3; i++) {
            final RawHttp excess = connect();
            final RawHttp.Response refused = excess.read();
            assertErrorsBody(refused, 503, "resource-denied");
            assertEquals("close", refused.header("Connection"));
            assertTrue(excess.closedByServer());
        }
        assertEquals(3, f.http.openConnections());
        for (RawHttp socket : admitted) {
            assertEquals(200, socket.exchange(RawHttp.request("GET", "/rests/yang-library-version", AUTH, ""))
                .status(), "the admitted connections are still served");
        }
        admitted.get(0).close();
        while (f.http.openConnections() > 2) {
            Thread.onSpinWait();
        }
        final RawHttp again = connect();
        assertEquals(200, again.exchange(RawHttp.request("GET", "/rests/yang-library-version", AUTH, "")).status());
    }

    @Test
    void oversizedRequestLineHeaderAndBodyAreRefusedWithAnErrorsBody() throws Exception {
        f = new RestconfFixture(HttpLimits.DEFAULTS.withMaxBodyBytes(1024));
        final RawHttp line = connect();
        assertErrorsBody(line.exchange(RawHttp.request("GET", "/rests/data/" + "a".repeat(20_000), AUTH, "")),
            414, "too-big");
        assertTrue(line.closedByServer());

        final RawHttp header = connect();
        assertErrorsBody(header.exchange(RawHttp.request("GET", "/rests/data", AUTH + "X-Filler: "
            + "b".repeat(20_000) + "\r\n", "")), 431, "too-big");
        assertTrue(header.closedByServer());

        final RawHttp body = connect();
        assertErrorsBody(body.exchange(RawHttp.request("PUT", "/rests/data/network-topology:network-topology",
            AUTH + "Content-Type: application/yang-data+json\r\n", "{" + " ".repeat(2000) + "}")), 413, "too-big");
        assertTrue(body.closedByServer());

        final RawHttp expect = connect();
        assertErrorsBody(expect.exchange(RawHttp.request("PUT", "/rests/data/network-topology:network-topology",
            AUTH + "Expect: 200-ok\r\n", "{}")), 417, "invalid-value");
    }
}
