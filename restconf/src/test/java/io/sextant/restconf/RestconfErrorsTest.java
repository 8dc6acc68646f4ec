package io.sextant.restconf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input is answered with a 4xx and an RFC 8040 errors body naming the problem, and the
 * datastore is read back unchanged afterwards.
 */
class RestconfErrorsTest {
    private static final String JSON = RestconfDataTest.JSON;
    private static final String XML = RestconfDataTest.XML;
    private static final String NODE = RestconfDataTest.NODE;
    private static final String ORIGINAL =
        "{\"network-topology:node\":[{\"node-id\":\"r1\",\"netconf-node-topology:port\":830}]}";

    private static RestconfFixture f;

    @BeforeAll
    static void start() throws Exception {
        f = new RestconfFixture();
    }

    @AfterAll
    static void stop() {
        f.close();
    }

    @BeforeEach
    void seed() throws Exception {
        f.send(f.request("/rests/data/network-topology:network-topology").DELETE().build());
        assertEquals(201, f.write("PUT", NODE, JSON, ORIGINAL).statusCode());
    }

    private static JsonObject firstError(final HttpResponse<String> response) {
        return JsonParser.parseString(response.body()).getAsJsonObject().getAsJsonObject("ietf-restconf:errors")
            .getAsJsonArray("error").get(0).getAsJsonObject();
    }

    private static void assertError(final HttpResponse<String> response, final int status, final String tag,
            final String messagePart) throws Exception {
        assertEquals(status, response.statusCode(), response.body());
        final JsonObject error = firstError(response);
        assertEquals(tag, error.get("error-tag").getAsString(), response.body());
        assertTrue(error.get("error-message").getAsString().contains(messagePart), response.body());
        assertUnchanged();
    }

    private static void assertUnchanged() throws Exception {
        var now = f.get("/rests/data/network-topology:network-topology?content=config", JSON);
        assertEquals(200, now.statusCode());
        assertEquals("{\"network-topology:network-topology\":{\"topology\":[{\"topology-id\":\"topology-netconf\","
            + "\"node\":[{\"node-id\":\"r1\",\"netconf-node-topology:port\":830}]}]}}", now.body(),
            "the datastore must be unchanged after a rejected request");
    }

    @Test
    void malformedJsonIsMalformedMessage() throws Exception {
        assertError(f.write("PUT", NODE, JSON, "{\"network-topology:node\":[{\"node-id\":\"r1\","),
            400, "malformed-message", "Malformed JSON");
    }

    @Test
    void anExternalEntityNamingALocalFileIsNeverResolved(@TempDir final Path dir) throws Exception {
        final Path canary = dir.resolve("canary.txt");
        final String secret = "CANARY-" + System.nanoTime();
        Files.writeString(canary, secret);
        final String uri = canary.toUri().toString();
        for (String doctype : List.of("<!DOCTYPE node [<!ENTITY x SYSTEM \"" + uri + "\">]>",
                "<!DOCTYPE node [<!ENTITY % p SYSTEM \"" + uri + "\"> %p;]>", "<!DOCTYPE node SYSTEM \"" + uri + "\">")) {
            final var response = f.write("PUT", NODE, XML, doctype + "<node xmlns=\"urn:TBD:params:xml:ns:yang:"
                + "network-topology\"><node-id>r1</node-id><host xmlns=\"urn:opendaylight:netconf-node-topology\">"
                + (doctype.contains("ENTITY x") ? "&x;" : "h") + "</host></node>");
            assertEquals(400, response.statusCode(), response.body());
            assertTrue(response.body().contains("<error-tag>malformed-message</error-tag>"), response.body());
            assertFalse(response.body().contains(secret), "the file's content never reaches an answer");
            assertUnchanged();
            assertFalse(f.get("/rests/data?content=config", JSON).body().contains(secret));
        }
    }

    @Test
    void invalidUtf8InAJsonBodyIsRefusedNotStoredAsReplacementCharacters() throws Exception {
        final byte[] head = "{\"network-topology:node\":[{\"node-id\":\"r1\",\"netconf-node-topology:host\":\"h"
            .getBytes(StandardCharsets.UTF_8);
        final byte[] tail = "\"}]}".getBytes(StandardCharsets.UTF_8);
        final byte[] body = new byte[head.length + 2 + tail.length];
        System.arraycopy(head, 0, body, 0, head.length);
        body[head.length] = (byte) 0xC3;
        body[head.length + 1] = (byte) 0x28;
        System.arraycopy(tail, 0, body, head.length + 2, tail.length);
        assertError(f.send(f.request(NODE).header("Content-Type", JSON).PUT(HttpRequest.BodyPublishers.ofByteArray(
            body)).build()), 400, "malformed-message", "not valid UTF-8");
    }

    @Test
    void readQueryParametersOnAWriteAreRefusedNotIgnored() throws Exception {
        assertError(f.write("PUT", NODE + "?fields=node-id", JSON,
            "{\"network-topology:node\":[{\"node-id\":\"r1\",\"netconf-node-topology:port\":1}]}"), 400,
            "invalid-value", "only allowed with GET");
        assertError(f.send(f.request(NODE + "?depth=1").DELETE().build()), 400, "invalid-value",
            "only allowed with GET");
    }

    @Test
    void insertAndPointOnAnythingButPostAndPutAreRefusedAndDeleteNothing() throws Exception {
        assertError(f.send(f.request(NODE + "?insert=first").DELETE().build()), 400, "invalid-value",
            "only allowed with POST and PUT");
        assertError(f.write("PATCH", NODE + "?insert=last", JSON,
            "{\"network-topology:node\":[{\"node-id\":\"r1\",\"netconf-node-topology:port\":1}]}"), 400,
            "invalid-value", "only allowed with POST and PUT");
    }

    @Test
    void invalidUtf8InAPathKeyIsRefused() throws Exception {
        assertError(f.send(f.request(RestconfDataTest.TOPOLOGY + "/node=r%C3%28").DELETE().build()), 400,
            "invalid-value", "not valid UTF-8");
    }

    @Test
    void malformedXmlIsMalformedMessage() throws Exception {
        var response = f.write("PUT", NODE, XML, "<node xmlns=\"urn:TBD:params:xml:ns:yang:network-topology\">"
            + "<node-id>r1</node-id>");
        assertEquals(400, response.statusCode());
        assertTrue(response.body().contains("<error-tag>malformed-message</error-tag>"), response.body());
        assertUnchanged();
    }

    @Test
    void unknownPathIsNamed() throws Exception {
        assertError(f.write("PUT", "/rests/data/network-topology:network-topology/bogus", JSON, "{}"),
            404, "data-missing", "'bogus' does not exist");
        assertError(f.get("/rests/data/no-such-module:thing", JSON), 400, "unknown-namespace", "no-such-module");
        assertError(f.get("/rests/nothing-here", JSON), 404, "invalid-value", "/rests/nothing-here");
    }

    @Test
    void wrongTypeIsInvalidValue() throws Exception {
        assertError(f.write("PUT", NODE, JSON,
            "{\"network-topology:node\":[{\"node-id\":\"r1\",\"netconf-node-topology:port\":\"not-a-port\"}]}"),
            400, "invalid-value", "not-a-port");
    }

    @Test
    void outOfRangeIsInvalidValue() throws Exception {
        assertError(f.write("PUT", NODE, JSON,
            "{\"network-topology:node\":[{\"node-id\":\"r1\",\"netconf-node-topology:port\":99999}]}"),
            400, "invalid-value", "99999");
    }

    @Test
    void missingKeyIsRefused() throws Exception {
        var response = f.write("PUT", NODE, JSON,
            "{\"network-topology:node\":[{\"netconf-node-topology:port\":831}]}");
        assertEquals(400, response.statusCode(), response.body());
        assertUnchanged();
        assertError(f.get(RestconfDataTest.TOPOLOGY.replace("topology=topology-netconf", "topology=a,b"), JSON),
            400, "missing-attribute", "key");
    }

    @Test
    void keyInBodyDifferentFromUriIsRefused() throws Exception {
        var response = f.write("PUT", NODE, JSON,
            "{\"network-topology:node\":[{\"node-id\":\"r2\",\"netconf-node-topology:port\":831}]}");
        assertError(response, 400, "invalid-value", "list keys in the body must equal those in the URI");
        assertTrue(firstError(response).get("error-path").getAsString().endsWith("node[node-id='r1']"));
    }

    @Test
    void stateDataInAConfigWriteIsRefused() throws Exception {
        var response = f.write("PUT", NODE, JSON, "{\"network-topology:node\":[{\"node-id\":\"r1\","
            + "\"netconf-node-topology:connection-status\":\"connected\"}]}");
        assertEquals(400, response.statusCode(), response.body());
        assertUnchanged();
    }

    @Test
    void failingYangPatchEditChangesNothing() throws Exception {
        var response = f.write("PATCH", RestconfDataTest.TOPOLOGY, "application/yang-patch+json", """
            {"ietf-yang-patch:yang-patch":{"patch-id":"bad","edit":[
              {"edit-id":"1","operation":"merge","target":"/node=r1",
               "value":{"network-topology:node":[{"node-id":"r1","netconf-node-topology:port":999}]}},
              {"edit-id":"2","operation":"delete","target":"/node=missing"}]}}""");
        assertEquals(404, response.statusCode(), response.body());
        var status = JsonParser.parseString(response.body()).getAsJsonObject()
            .getAsJsonObject("ietf-yang-patch:yang-patch-status");
        assertEquals("bad", status.get("patch-id").getAsString());
        assertEquals("data-missing", status.getAsJsonObject("errors").getAsJsonArray("error").get(0)
            .getAsJsonObject().get("error-tag").getAsString());
        assertUnchanged();
    }

    @Test
    void missingOrWrongPasswordIsRefused() throws Exception {
        var anonymous = f.send(HttpRequest.newBuilder(f.uri(NODE)).PUT(HttpRequest.BodyPublishers.ofString(
            "{\"network-topology:node\":[{\"node-id\":\"r1\",\"netconf-node-topology:port\":1}]}"))
            .header("Content-Type", JSON).build());
        assertEquals(401, anonymous.statusCode());
        assertEquals("access-denied", firstError(anonymous).get("error-tag").getAsString());
        assertTrue(anonymous.headers().firstValue("WWW-Authenticate").orElseThrow().startsWith("Basic"));
        var wrong = f.send(HttpRequest.newBuilder(f.uri(NODE)).header("Authorization", "Basic "
            + Base64.getEncoder().encodeToString("admin:wrong".getBytes(StandardCharsets.UTF_8))).GET().build());
        assertEquals(401, wrong.statusCode());
        assertUnchanged();
    }

    @Test
    void unsupportedMediaTypeAndQueryParameters() throws Exception {
        assertError(f.write("PUT", NODE, "text/plain", "hello"), 415, "invalid-value", "text/plain");
        assertError(f.get(NODE + "?depth=0", JSON), 400, "invalid-value", "depth");
        assertError(f.get(NODE + "?bogus=1", JSON), 400, "invalid-value", "bogus");
        assertError(f.get(NODE + "?content=everything", JSON), 400, "invalid-value", "content");
    }

    @Test
    void errorsAreRenderedInXmlWhenAsked() throws Exception {
        var response = f.write("PUT", NODE, XML, "<node xmlns=\"urn:TBD:params:xml:ns:yang:network-topology\">"
            + "<node-id>r1</node-id><port xmlns=\"urn:opendaylight:netconf-node-topology\">-1</port></node>");
        assertEquals(400, response.statusCode());
        assertTrue(response.body().contains("<errors xmlns=\"urn:ietf:params:xml:ns:yang:ietf-restconf\">"),
            response.body());
        assertTrue(response.body().contains("<error-tag>invalid-value</error-tag>"), response.body());
        assertUnchanged();
    }
}
