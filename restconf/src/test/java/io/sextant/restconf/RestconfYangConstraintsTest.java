package io.sextant.restconf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.spi.HttpLimits;
import io.sextant.model.SchemaBuilder;
import io.sextant.model.YangSource;
import io.sextant.testing.JavaIsms;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.Revision;

/**
 * Data refused by a YANG constraint is answered as RFC 7950 section 15 says (error-tag,
 * error-app-tag, the offending instance as error-path) with a 4xx and a message in the user's
 * terms, and changes nothing; data the constraints allow is accepted. The requests are the ones
 * schemathesis found answered with 500 or with yangtools' renderings
 * ({@code ./sextant perf fuzz-openapi}), on the controller's own models, and the cases those models
 * lack (a defaulted unique leaf, min/max-elements) on a test module.
 */
class RestconfYangConstraintsTest {
    private static final String JSON = RestconfDataTest.JSON;
    private static final String NI = "/rests/data/openconfig-network-instance:network-instances/network-instance=ni1";
    private static final String NI_PATH = "/openconfig-network-instance:network-instances/network-instance[name='ni1']";
    private static final String KEY = "/rests/data/ietf-key-chain:key-chains=kc/key=1";
    private static final String SHIP = "/rests/data/sextant-test-constraints:ship";

    private static RestconfFixture controller;
    private static RestconfFixture test;

    @BeforeAll
    static void start() throws Exception {
        controller = new RestconfFixture();
        test = new RestconfFixture(SchemaBuilder.build(List.of(new YangSource("sextant-test-constraints",
            Revision.of("2026-11-24"),
            RestconfYangConstraintsTest.class.getResource("/yang/sextant-test-constraints@2026-11-24.yang")))),
            HttpLimits.DEFAULTS);
    }

    @AfterAll
    static void stop() {
        controller.close();
        test.close();
    }

    @BeforeEach
    void empty() throws Exception {
        for (String path : List.of("/rests/data/openconfig-network-instance:network-instances",
                "/rests/data/ietf-key-chain:key-chains=kc")) {
            controller.send(controller.request(path).DELETE().build());
        }
        test.send(test.request(SHIP).DELETE().build());
    }

    @Test
    void aUniqueViolationIsAConflictNamingBothEntries() throws Exception {
        assertEquals(201, controller.write("PUT", NI, JSON, networkInstance(
            "{\"id\":\"a\",\"config\":{\"id\":\"a\",\"interface\":\"eth0\",\"subinterface\":0}}")).statusCode());
        final String before = controller.get(NI, JSON).body();
        // found by schemathesis: a POST of the entry and an implicit create below it, both answered 500
        final List<HttpResponse<String>> refused = List.of(
            controller.write("POST", NI + "/interfaces", JSON, """
                {"openconfig-network-instance:interface":[{"id":"b","config":{"id":"b","interface":"eth0",
                "subinterface":0}}]}"""),
            controller.write("PUT", NI + "/interfaces/interface=b/config", JSON, """
                {"openconfig-network-instance:config":{"id":"b","interface":"eth0","subinterface":0}}"""));
        for (HttpResponse<String> response : refused) {
            final JsonObject error = error(response, 409, "operation-failed", "data-not-unique");
            assertEquals(NI_PATH + "/interfaces/interface[id='b']", error.get("error-path").getAsString());
            final String message = error.get("error-message").getAsString();
            assertTrue(message.contains("'openconfig-network-instance:network-instances/network-instance=ni1/interfaces"
                + "/interface=b' and 'openconfig-network-instance:network-instances/network-instance=ni1/interfaces"
                + "/interface=a'"), message);
            assertTrue(message.contains("'openconfig-network-instance:interface'"), message);
            assertTrue(message.contains("config/interface = 'eth0', config/subinterface = '0'"), message);
            assertEquals(before, controller.get(NI, JSON).body(), "a refused request changes nothing");
        }
    }

    @Test
    void entriesLackingALeafOfAUniqueAreNotBoundByIt() throws Exception {
        // RFC 7950 7.8.3: only entries in which all the leaves exist (or have defaults) must differ.
        // yangtools' index counted the missing leaves as equal values: 400 (and 500 below a new entry)
        assertEquals(201, controller.write("PUT", NI, JSON, networkInstance(
            "{\"id\":\"a\",\"config\":{\"id\":\"a\"}},{\"id\":\"b\",\"config\":{\"id\":\"b\"}}")).statusCode());
        assertEquals(201, controller.write("PUT", NI + "/interfaces/interface=c/config", JSON,
            "{\"openconfig-network-instance:config\":{\"id\":\"c\",\"interface\":\"eth1\"}}").statusCode());
        assertEquals(201, test.write("PUT", SHIP, JSON, """
            {"sextant-test-constraints:ship":{"crew":[{"name":"ann"},{"name":"bob"},
            {"name":"cy","post":{"station":"bridge"}}]}}""").statusCode());
    }

    @Test
    void aDefaultedUniqueLeafCountsWithItsDefault() throws Exception {
        assertEquals(201, test.write("PUT", SHIP, JSON, """
            {"sextant-test-constraints:ship":{"crew":[{"name":"ann","post":{"deck":1}}]}}""").statusCode());
        final JsonObject error = error(test.write("POST", SHIP, JSON, """
            {"sextant-test-constraints:crew":[{"name":"bob","post":{"deck":1,"station":"bridge"}}]}"""),
            409, "operation-failed", "data-not-unique");
        assertEquals("/sextant-test-constraints:ship/crew[name='bob']", error.get("error-path").getAsString());
        assertTrue(error.get("error-message").getAsString().contains("post/deck = '1', post/station = 'bridge'"),
            error.toString());
        assertEquals(201, test.write("POST", SHIP, JSON, """
            {"sextant-test-constraints:crew":[{"name":"bob","post":{"deck":1,"station":"galley"}}]}""").statusCode());
    }

    @Test
    void tooManyAndTooFewEntriesAreConflictsWithRfc7950AppTags() throws Exception {
        assertEquals(201, test.write("PUT", SHIP + "/crew=a", JSON,
            "{\"sextant-test-constraints:crew\":[{\"name\":\"a\"}]}").statusCode());
        for (String name : List.of("b", "c")) {
            assertEquals(201, test.write("POST", SHIP, JSON,
                "{\"sextant-test-constraints:crew\":[{\"name\":\"" + name + "\"}]}").statusCode());
        }
        JsonObject error = error(test.write("POST", SHIP, JSON, "{\"sextant-test-constraints:crew\":[{\"name\":\"d\"}]}"),
            409, "operation-failed", "too-many-elements");
        assertEquals("/sextant-test-constraints:ship/crew", error.get("error-path").getAsString());
        assertEquals("'sextant-test-constraints:crew' has 4 entries, more than its max-elements 3",
            error.get("error-message").getAsString());
        assertEquals(404, test.get(SHIP + "/crew=d", JSON).statusCode(), "a refused request changes nothing");

        error = error(test.write("PUT", SHIP + "/roster", JSON, """
            {"sextant-test-constraints:roster":{"officer":[{"name":"x"}]}}"""), 409, "operation-failed",
            "too-few-elements");
        assertEquals("'sextant-test-constraints:officer' has 1 entries, fewer than its min-elements 2",
            error.get("error-message").getAsString());
        assertEquals(404, test.get(SHIP + "/roster", JSON).statusCode(), "a refused request changes nothing");
    }

    @Test
    void writingOneCaseOfAChoiceDeletesTheOtherCases() throws Exception {
        // RFC 7950 7.9.2. yangtools refused these with a 400 whose message printed its data nodes
        // (found by schemathesis on ietf-key-chain and ietf-diffserv-action)
        assertEquals(201, controller.write("PUT", KEY, JSON, """
            {"ietf-key-chain:key":[{"key-id":1,"lifetime":{"accept-lifetime":{"always":[null]}}}]}""").statusCode());
        assertEquals(201, controller.write("PUT", KEY + "/lifetime/send-accept-lifetime", JSON,
            "{\"ietf-key-chain:send-accept-lifetime\":{\"always\":[null]}}").statusCode());
        assertEquals("{\"ietf-key-chain:lifetime\":{\"send-accept-lifetime\":{\"always\":[null]}}}",
            controller.get(KEY + "/lifetime", JSON).body());
        // a merge whose body chooses the other case
        assertEquals(204, controller.write("PATCH", KEY, JSON, """
            {"ietf-key-chain:key":[{"key-id":1,"lifetime":{"send-lifetime":{"always":[null]}}}]}""").statusCode());
        assertEquals("{\"ietf-key-chain:lifetime\":{\"send-lifetime\":{\"always\":[null]}}}",
            controller.get(KEY + "/lifetime", JSON).body());
        // a case nested in a case: the inner choice of send-lifetime
        assertEquals(204, controller.write("PATCH", KEY + "/lifetime/send-lifetime", JSON, """
            {"ietf-key-chain:send-lifetime":{"start-date-time":"2030-01-01T00:00:00Z","no-end-time":[null]}}""")
            .statusCode());
        assertEquals("{\"ietf-key-chain:send-lifetime\":{\"start-date-time\":\"2030-01-01T00:00:00Z\","
            + "\"no-end-time\":[null]}}", controller.get(KEY + "/lifetime/send-lifetime", JSON).body());
        // POST of a node of the other case
        assertEquals(201, controller.write("POST", KEY + "/lifetime", JSON,
            "{\"ietf-key-chain:send-accept-lifetime\":{\"always\":[null]}}").statusCode());
        assertEquals("{\"ietf-key-chain:lifetime\":{\"send-accept-lifetime\":{\"always\":[null]}}}",
            controller.get(KEY + "/lifetime", JSON).body());
    }

    @Test
    void theLocationOfANodeInsideAChoiceHasNoStepForTheChoice() throws Exception {
        assertEquals(201, controller.write("PUT", KEY, JSON, "{\"ietf-key-chain:key\":[{\"key-id\":1}]}").statusCode());
        final HttpResponse<String> created = controller.write("POST", KEY + "/lifetime", JSON,
            "{\"ietf-key-chain:send-accept-lifetime\":{\"always\":[null]}}");
        assertEquals(201, created.statusCode(), created.body());
        assertEquals(KEY + "/lifetime/send-accept-lifetime", created.headers().firstValue("Location").orElseThrow());
        final JsonObject error = error(controller.write("POST", KEY + "/lifetime", JSON,
            "{\"ietf-key-chain:send-accept-lifetime\":{\"always\":[null]}}"), 409, "data-exists", null);
        assertEquals("/ietf-key-chain:key-chains[name='kc']/key[key-id='1']/lifetime/send-accept-lifetime",
            error.get("error-path").getAsString());
    }

    @Test
    void twoCasesInOneBodyAreABadRequestInTheUsersTerms() throws Exception {
        final JsonObject error = error(test.write("PUT", SHIP + "/course", JSON, """
            {"sextant-test-constraints:course":{"degrees":90,"waypoint":{"latitude":"N1"}}}"""), 400, "invalid-value",
            null);
        assertEquals("/sextant-test-constraints:ship/course", error.get("error-path").getAsString());
        final String message = error.get("error-message").getAsString();
        assertTrue(message.contains("sextant-test-constraints:waypoint") && message.contains("sextant-test-constraints"
            + ":heading"), message);
        assertEquals(404, test.get(SHIP + "/course", JSON).statusCode(), "a refused request changes nothing");
    }

    @Test
    void anRpcWithoutItsMandatoryInputIsAMissingElementAndDoesNotRun() throws Exception {
        // found by schemathesis: sextant-users:set-password without its name answered 500 (a NullPointerException)
        final AtomicInteger calls = new AtomicInteger();
        controller.rpcs.register(QName.create("urn:sextant:users", "2026-11-23", "set-password"), (input, context) -> {
            calls.incrementAndGet();
            return CompletableFuture.completedFuture(Optional.empty());
        });
        final String rpc = "/rests/operations/sextant-users:set-password";
        for (String body : List.of("{\"sextant-users:input\":{\"password\":\"long-enough\"}}", "")) {
            final JsonObject error = error(controller.write("POST", rpc, JSON, body), 400, "missing-element", null);
            assertTrue(error.get("error-message").getAsString().contains("sextant-users:name"), error.toString());
            assertTrue(error.get("error-message").getAsString().contains(rpc), error.toString());
        }
        assertEquals(0, calls.get(), "the RPC did not run");
        assertEquals(204, controller.write("POST", rpc, JSON,
            "{\"sextant-users:input\":{\"name\":\"olga\",\"password\":\"long-enough\"}}").statusCode());
        assertEquals(1, calls.get());
    }

    private static String networkInstance(final String interfaces) {
        return "{\"openconfig-network-instance:network-instance\":[{\"name\":\"ni1\",\"config\":{\"name\":\"ni1\"},"
            + "\"interfaces\":{\"interface\":[" + interfaces + "]}}]}";
    }

    /** The only error of the response, after checking status, tags and that it reads without Java renderings. */
    private static JsonObject error(final HttpResponse<String> response, final int status, final String tag,
            final String appTag) {
        assertEquals(status, response.statusCode(), response.body());
        final var errors = JsonParser.parseString(response.body()).getAsJsonObject()
            .getAsJsonObject("ietf-restconf:errors").getAsJsonArray("error");
        assertEquals(1, errors.size(), response.body());
        final JsonObject error = errors.get(0).getAsJsonObject();
        assertEquals(tag, error.get("error-tag").getAsString(), response.body());
        if (appTag != null) {
            assertEquals(appTag, error.get("error-app-tag").getAsString(), response.body());
        } else {
            assertFalse(error.has("error-app-tag"), response.body());
        }
        assertEquals(List.of(), JavaIsms.in(response.body()), response.body());
        return error;
    }
}
