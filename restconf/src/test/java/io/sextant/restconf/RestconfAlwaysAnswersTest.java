package io.sextant.restconf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.model.ControllerSchema;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;

/**
 * Whatever goes wrong while serving a request, the request is answered (over real HTTP, on a
 * kept-alive connection that stays usable): a malformed query string on any resource and
 * method, and failures that escape the server (an RPC throwing an Error, an RPC completing
 * with one) get an RFC 8040 errors body that names no Java class.
 */
class RestconfAlwaysAnswersTest {
    private static final int HANG_DETECTOR_MILLIS = 20_000;
    private static final String JSON = "Content-Type: application/yang-data+json\r\n";
    private static final String THROWING_RPC = "/rests/operations/uniconfig-manager:calculate-diff";
    private static final String FAILING_RPC = "/rests/operations/uniconfig-manager:commit";

    private static RestconfFixture f;

    @BeforeAll
    static void start() throws Exception {
        f = new RestconfFixture();
        f.rpcs.register(QName.create(ControllerSchema.UNICONFIG_MANAGER, "calculate-diff"), (input, context) -> {
            throw new AssertionError("an implementation bug at io.sextant.Foo@1f2e3d");
        });
        f.rpcs.register(QName.create(ControllerSchema.UNICONFIG_MANAGER, "commit"),
            (input, context) -> CompletableFuture.failedFuture(new StackOverflowError()));
    }

    @AfterAll
    static void stop() {
        f.close();
    }

    private static JsonObject firstError(final RawHttp.Response response) {
        return JsonParser.parseString(response.body()).getAsJsonObject().getAsJsonObject("ietf-restconf:errors")
            .getAsJsonArray("error").get(0).getAsJsonObject();
    }

    @Test
    void malformedQueryStringIsAnsweredOnEveryResourceAndMethod() throws Exception {
        final String auth = RawHttp.basicAuth(RestconfFixture.PASSWORD);
        final List<String[]> requests = List.of(
            new String[] {"POST", "/rests/operations/transaction-manager:create-transaction?%zz=1"},
            new String[] {"POST", "/rests/operations/uniconfig-manager:calculate-diff?%zz=1"},
            new String[] {"GET", "/rests/operations?%zz=1"},
            new String[] {"GET", "/rests?%zz=1"},
            new String[] {"GET", "/rests/yang-library-version?depth=%g1"},
            new String[] {"GET", "/rests/data/network-topology:network-topology?%zz=1"},
            new String[] {"PUT", "/rests/data/network-topology:network-topology?content=%"},
            new String[] {"PATCH", "/rests/data/network-topology:network-topology?%zz=1"},
            new String[] {"DELETE", "/rests/data/network-topology:network-topology?%zz=1"},
            new String[] {"POST", "/rests/data/network-topology:network-topology?%zz=1"});
        try (RawHttp http = new RawHttp(f.http.port(), HANG_DETECTOR_MILLIS)) {
            for (String[] request : requests) {
                final RawHttp.Response response = http.exchange(RawHttp.request(request[0], request[1], auth + JSON,
                    "{}"));
                assertEquals(400, response.status(), request[0] + " " + request[1] + ": " + response.body());
                final JsonObject error = firstError(response);
                assertEquals("malformed-message", error.get("error-tag").getAsString(), response.body());
                assertTrue(error.get("error-message").getAsString().contains("query string"), response.body());
            }
            // the same connection still serves a good request
            assertEquals(200, http.exchange(RawHttp.request("GET", "/rests/yang-library-version", auth, ""))
                .status());
        }
    }

    @Test
    void anErrorThrownByAnRpcIsAnsweredWithoutJavaDetails() throws Exception {
        assertInternalErrorAnswered(THROWING_RPC);
    }

    @Test
    void anRpcCompletingWithAnErrorIsAnsweredWithoutJavaDetails() throws Exception {
        assertInternalErrorAnswered(FAILING_RPC);
    }

    private static void assertInternalErrorAnswered(final String rpc) throws Exception {
        final String auth = RawHttp.basicAuth(RestconfFixture.PASSWORD);
        try (RawHttp http = new RawHttp(f.http.port(), HANG_DETECTOR_MILLIS)) {
            final RawHttp.Response response = http.exchange(RawHttp.request("POST", rpc, auth + JSON, ""));
            assertEquals(500, response.status(), response.body());
            final JsonObject error = firstError(response);
            assertEquals("operation-failed", error.get("error-tag").getAsString());
            final String message = error.get("error-message").getAsString();
            assertFalse(message.contains("Error") || message.contains("io.sextant") || message.contains("@"),
                "no Java class, package or hash in: " + message);
            assertEquals(200, http.exchange(RawHttp.request("GET", "/rests/yang-library-version", auth, ""))
                .status(), "the connection stays usable");
        }
    }
}
