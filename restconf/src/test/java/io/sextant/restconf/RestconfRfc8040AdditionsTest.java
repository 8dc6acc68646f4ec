package io.sextant.restconf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.spi.Registration;
import io.sextant.spi.HttpLimits;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.stmt.SchemaNodeIdentifier.Absolute;

/**
 * The parts of RFC 8040 and RFC 8072 beyond plain reads and writes, over real HTTP on the
 * test-only module {@code sextant-test-rfc8040}: insert and point, YANG-Patch insert and move,
 * with-defaults=report-all-tagged, actions, entity tags and last-modified with conditional
 * requests, OPTIONS and HEAD.
 */
class RestconfRfc8040AdditionsTest {
    private static final String JSON = RestconfDataTest.JSON;
    private static final String XML = RestconfDataTest.XML;
    private static final String PLAYLIST = TestModule.PLAYLIST;
    private static final String SONGS = PLAYLIST + "/song";

    private static RestconfFixture f;
    private static final AtomicReference<YangInstanceIdentifier> PLAYED_AT = new AtomicReference<>();
    private static Registration play;

    @BeforeAll
    static void start() throws Exception {
        f = new RestconfFixture(TestModule.schema(), HttpLimits.DEFAULTS);
        play = f.rpcs.registerAction(Absolute.of(TestModule.qname("playlist"), TestModule.qname("song"),
            TestModule.qname("play")), (path, input, context) -> {
                PLAYED_AT.set(path);
                final var timesLeaf = input.childByArg(new NodeIdentifier(TestModule.qname("times")));
                // an absent input leaf takes its default, as the implementation's business
                final Object times = timesLeaf == null ? 1 : timesLeaf.body();
                final Object index = ((NodeIdentifierWithPredicates) path.getLastPathArgument()).values().iterator()
                    .next();
                return CompletableFuture.completedFuture(Optional.of(ImmutableNodes.newContainerBuilder()
                    .withNodeIdentifier(new NodeIdentifier(TestModule.qname("output")))
                    .withChild(ImmutableNodes.leafNode(TestModule.qname("played"), "song " + index + " x" + times))
                    .build()));
            });
    }

    @AfterAll
    static void stop() {
        play.close();
        f.close();
    }

    @BeforeEach
    void clean() throws Exception {
        f.send(f.request(PLAYLIST).DELETE().build());
    }

    private static HttpResponse<String> post(final String path, final String body) throws Exception {
        return f.write("POST", path, JSON, body);
    }

    private static String song(final int index) {
        return "{\"sextant-test-rfc8040:song\":[{\"index\":" + index + ",\"title\":\"t" + index + "\"}]}";
    }

    private static String point(final String path) {
        return URLEncoder.encode(path, StandardCharsets.UTF_8);
    }

    /** The song indexes in their stored order. */
    private static List<Integer> order() throws Exception {
        final List<Integer> order = new ArrayList<>();
        final var response = f.get(PLAYLIST + "?content=config", JSON);
        final JsonObject playlist = JsonParser.parseString(response.body()).getAsJsonObject()
            .getAsJsonObject("sextant-test-rfc8040:playlist");
        if (playlist.has("song")) {
            playlist.getAsJsonArray("song").forEach(s -> order.add(s.getAsJsonObject().get("index").getAsInt()));
        }
        return order;
    }

    @Test
    void insertAndPointPlaceEntriesOfAnOrderedByUserList() throws Exception {
        assertEquals(201, post(PLAYLIST, song(1)).statusCode());
        assertEquals(201, post(PLAYLIST, song(2)).statusCode());
        assertEquals(201, post(PLAYLIST + "?insert=first", song(3)).statusCode());
        assertEquals(List.of(3, 1, 2), order());

        final var after = post(PLAYLIST + "?insert=after&point=" + point("/sextant-test-rfc8040:playlist/song=3"),
            song(4));
        assertEquals(201, after.statusCode(), after.body());
        assertTrue(after.headers().firstValue("Location").orElseThrow().endsWith("/song=4"));
        assertEquals(List.of(3, 4, 1, 2), order());

        // PUT with insert moves an existing entry (204) and replaces its data
        final var put = f.write("PUT", SONGS + "=2?insert=before&point=" + point("/sextant-test-rfc8040:playlist/song=3"),
            JSON, "{\"sextant-test-rfc8040:song\":[{\"index\":2,\"title\":\"moved\"}]}");
        assertEquals(204, put.statusCode(), put.body());
        assertEquals(List.of(2, 3, 4, 1), order());
        assertTrue(f.get(SONGS + "=2", JSON).body().contains("moved"));

        // PUT with insert=last of a new entry creates it at the end (201)
        assertEquals(201, f.write("PUT", SONGS + "=9?insert=last", JSON, song(9)).statusCode());
        assertEquals(List.of(2, 3, 4, 1, 9), order());

        // ordered-by user leaf-list
        assertEquals(201, post(PLAYLIST, "{\"sextant-test-rfc8040:tag\":[\"b\"]}").statusCode());
        assertEquals(201, post(PLAYLIST + "?insert=first", "{\"sextant-test-rfc8040:tag\":[\"a\"]}").statusCode());
        assertEquals("[\"a\",\"b\"]", JsonParser.parseString(f.get(PLAYLIST + "/tag", JSON).body())
            .getAsJsonObject().getAsJsonArray("sextant-test-rfc8040:tag").toString());
    }

    @Test
    void wrongInsertOrPointIsRefusedAndChangesNothing() throws Exception {
        post(PLAYLIST, song(1));
        post(PLAYLIST, song(2));
        // a point that is not an entry of the list
        var r = post(PLAYLIST + "?insert=before&point=" + point("/sextant-test-rfc8040:playlist/song=7"), song(3));
        assertEquals(400, r.statusCode(), r.body());
        assertTrue(r.body().contains("point"), r.body());
        // before/after need a point, first/last take none
        assertEquals(400, post(PLAYLIST + "?insert=before", song(3)).statusCode());
        assertEquals(400, post(PLAYLIST + "?insert=first&point=" + point("/sextant-test-rfc8040:playlist/song=1"),
            song(3)).statusCode());
        assertEquals(400, post(PLAYLIST + "?insert=middle", song(3)).statusCode());
        // insert on a system-ordered list
        r = post(PLAYLIST + "?insert=first", "{\"sextant-test-rfc8040:unordered\":[{\"id\":\"x\"}]}");
        assertEquals(400, r.statusCode(), r.body());
        assertTrue(r.body().contains("ordered-by user"), r.body());
        // an entry that exists cannot be POSTed again, with or without insert
        assertEquals(409, post(PLAYLIST + "?insert=first", song(2)).statusCode());
        assertEquals(List.of(1, 2), order());
    }

    @Test
    void yangPatchInsertsAndMovesEntries() throws Exception {
        post(PLAYLIST, song(1));
        post(PLAYLIST, song(2));
        post(PLAYLIST, song(3));
        final var patch = f.write("PATCH", PLAYLIST, "application/yang-patch+json", """
            {"ietf-yang-patch:yang-patch":{"patch-id":"order","edit":[
              {"edit-id":"e1","operation":"insert","target":"/song=4","where":"before","point":"/song=2",
               "value":{"sextant-test-rfc8040:song":[{"index":4,"title":"t4"}]}},
              {"edit-id":"e2","operation":"move","target":"/song=3","where":"first"},
              {"edit-id":"e3","operation":"move","target":"/song=1","where":"after","point":"/song=2"},
              {"edit-id":"e4","operation":"merge","target":"/name","value":{"sextant-test-rfc8040:name":"mix"}}
            ]}}""");
        assertEquals(200, patch.statusCode(), patch.body());
        assertEquals(List.of(3, 4, 2, 1), order());
        assertTrue(f.get(PLAYLIST + "/name", JSON).body().contains("mix"));

        // XML YANG-Patch: move last
        final var xml = f.write("PATCH", PLAYLIST, "application/yang-patch+xml", """
            <yang-patch xmlns="urn:ietf:params:xml:ns:yang:ietf-yang-patch"><patch-id>x</patch-id>
              <edit><edit-id>m</edit-id><operation>move</operation><target>/song=3</target><where>last</where></edit>
            </yang-patch>""");
        assertEquals(200, xml.statusCode(), xml.body());
        assertEquals(List.of(4, 2, 1, 3), order());
    }

    @Test
    void yangPatchWithAFailingPositionalEditChangesNothing() throws Exception {
        post(PLAYLIST, song(1));
        post(PLAYLIST, song(2));
        // moving an entry that does not exist
        var patch = f.write("PATCH", PLAYLIST, "application/yang-patch+json", """
            {"ietf-yang-patch:yang-patch":{"patch-id":"p","edit":[
              {"edit-id":"ok","operation":"move","target":"/song=2","where":"first"},
              {"edit-id":"bad","operation":"move","target":"/song=8","where":"first"}]}}""");
        assertEquals(404, patch.statusCode(), patch.body());
        assertTrue(patch.body().contains("bad"), patch.body());
        assertTrue(patch.body().contains("yang-patch-status"), patch.body());
        // a merge into an entry of a list the same patch reorders
        patch = f.write("PATCH", PLAYLIST, "application/yang-patch+json", """
            {"ietf-yang-patch:yang-patch":{"patch-id":"p","edit":[
              {"edit-id":"m","operation":"move","target":"/song=2","where":"first"},
              {"edit-id":"x","operation":"merge","target":"/song=1/title",
               "value":{"sextant-test-rfc8040:title":"new"}}]}}""");
        assertEquals(400, patch.statusCode(), patch.body());
        // where without point
        patch = f.write("PATCH", PLAYLIST, "application/yang-patch+json", """
            {"ietf-yang-patch:yang-patch":{"patch-id":"p","edit":[
              {"edit-id":"m","operation":"move","target":"/song=2","where":"after"}]}}""");
        assertEquals(400, patch.statusCode(), patch.body());
        assertEquals(List.of(1, 2), order());
        assertFalse(f.get(SONGS + "=1", JSON).body().contains("new"));
    }

    @Test
    void reportAllTaggedMarksDefaultLeavesInJsonAndXml() throws Exception {
        assertEquals(201, f.write("PUT", PLAYLIST, JSON,
            "{\"sextant-test-rfc8040:playlist\":{\"name\":\"p\",\"volume\":7}}").statusCode());
        final JsonObject playlist = JsonParser.parseString(f.get(PLAYLIST + "?with-defaults=report-all-tagged", JSON)
            .body()).getAsJsonObject().getAsJsonObject("sextant-test-rfc8040:playlist");
        // volume is set to its default, shuffle is absent and reported with its default: both tagged
        assertEquals(7, playlist.get("volume").getAsInt());
        assertTrue(playlist.getAsJsonObject("@volume").get("ietf-netconf-with-defaults:default").getAsBoolean());
        assertFalse(playlist.get("shuffle").getAsBoolean());
        assertTrue(playlist.getAsJsonObject("@shuffle").get("ietf-netconf-with-defaults:default").getAsBoolean());
        assertFalse(playlist.has("@name"));

        final String xml = f.get(PLAYLIST + "?with-defaults=report-all-tagged", XML).body();
        assertTrue(xml.matches("(?s).*<volume [^>]*default=\"true\"[^>]*>7</volume>.*"), xml);
        assertTrue(xml.contains("urn:ietf:params:xml:ns:netconf:default:1.0"), xml);
        assertTrue(xml.matches("(?s).*<name>p</name>.*"), xml);

        // plain report-all adds the defaults without marks
        final String plain = f.get(PLAYLIST + "?with-defaults=report-all", JSON).body();
        assertTrue(plain.contains("\"shuffle\":false"), plain);
        assertFalse(plain.contains("@"), plain);
    }

    @Test
    void actionsAreInvokedWithPostOnTheirDataPath() throws Exception {
        post(PLAYLIST, song(5));
        var r = post(SONGS + "=5/play", "{\"sextant-test-rfc8040:input\":{\"times\":3}}");
        assertEquals(200, r.statusCode(), r.body());
        assertEquals("song 5 x3", JsonParser.parseString(r.body()).getAsJsonObject()
            .getAsJsonObject("sextant-test-rfc8040:output").get("played").getAsString());
        assertEquals(NodeIdentifierWithPredicates.of(TestModule.qname("song"), TestModule.qname("index"),
            Uint32.valueOf(5)), PLAYED_AT.get().getLastPathArgument());

        // an empty body is an empty input
        r = post(SONGS + "=5/play", "");
        assertEquals(200, r.statusCode(), r.body());
        assertTrue(r.body().contains("song 5 x1"), r.body());

        // XML input and output
        r = f.write("POST", SONGS + "=5/play", XML,
            "<input xmlns=\"urn:sextant:test:rfc8040\"><times>2</times></input>");
        assertEquals(200, r.statusCode(), r.body());
        assertTrue(r.body().contains("song 5 x2"), r.body());

        // input of the wrong type
        r = post(SONGS + "=5/play", "{\"sextant-test-rfc8040:input\":{\"times\":\"many\"}}");
        assertEquals(400, r.statusCode(), r.body());

        // an action without an implementation: operation-not-supported
        r = post(PLAYLIST + "/reset", "");
        assertEquals(405, r.statusCode(), r.body());
        assertTrue(r.body().contains("operation-not-supported"), r.body());
        assertTrue(r.body().contains("reset"), r.body());
    }

    @Test
    void entityTagsAndLastModifiedMakeWritesConditional() throws Exception {
        f.write("PUT", PLAYLIST, JSON, "{\"sextant-test-rfc8040:playlist\":{\"name\":\"a\"}}");
        post(PLAYLIST, song(1));
        var get = f.get(SONGS + "=1", JSON);
        final String tag = get.headers().firstValue("ETag").orElseThrow();
        assertTrue(tag.matches("\"[0-9a-f]{16}\""), tag);
        final String modified = get.headers().firstValue("Last-Modified").orElseThrow();
        ZonedDateTime.parse(modified, DateTimeFormatter.RFC_1123_DATE_TIME);

        // the same resource read again: same tag; and 304 for If-None-Match with it
        assertEquals(tag, f.get(SONGS + "=1", JSON).headers().firstValue("ETag").orElseThrow());
        var notModified = f.send(f.request(SONGS + "=1").header("If-None-Match", tag).GET().build());
        assertEquals(304, notModified.statusCode());
        assertEquals("", notModified.body());
        assertEquals(tag, notModified.headers().firstValue("ETag").orElseThrow());
        assertEquals(304, f.send(f.request(SONGS + "=1").header("If-Modified-Since", modified).GET().build())
            .statusCode());

        // a change elsewhere does not change the song's tag, but does change the playlist's
        final String playlistTag = f.get(PLAYLIST, JSON).headers().firstValue("ETag").orElseThrow();
        f.write("PATCH", PLAYLIST, JSON, "{\"sextant-test-rfc8040:playlist\":{\"name\":\"b\"}}");
        assertEquals(tag, f.get(SONGS + "=1", JSON).headers().firstValue("ETag").orElseThrow());
        assertNotEquals(playlistTag, f.get(PLAYLIST, JSON).headers().firstValue("ETag").orElseThrow());

        // optimistic concurrency: a write with the current tag succeeds, the stale tag is refused
        var put = f.send(f.request(SONGS + "=1").header("Content-Type", JSON).header("If-Match", tag)
            .PUT(HttpRequest.BodyPublishers.ofString(
                "{\"sextant-test-rfc8040:song\":[{\"index\":1,\"title\":\"first\"}]}")).build());
        assertEquals(204, put.statusCode(), put.body());
        final String newTag = f.get(SONGS + "=1", JSON).headers().firstValue("ETag").orElseThrow();
        assertNotEquals(tag, newTag);
        put = f.send(f.request(SONGS + "=1").header("Content-Type", JSON).header("If-Match", tag)
            .PUT(HttpRequest.BodyPublishers.ofString(
                "{\"sextant-test-rfc8040:song\":[{\"index\":1,\"title\":\"lost update\"}]}")).build());
        assertEquals(412, put.statusCode(), put.body());
        assertTrue(put.body().contains("precondition-failed"), put.body());
        assertTrue(f.get(SONGS + "=1", JSON).body().contains("first"));
        // DELETE and PATCH honour If-Match too
        assertEquals(412, f.send(f.request(SONGS + "=1").header("If-Match", tag).DELETE().build()).statusCode());
        assertEquals(204, f.send(f.request(SONGS + "=1").header("If-Match", newTag).DELETE().build()).statusCode());

        // If-None-Match: * creates only
        final var create = f.send(f.request(SONGS + "=2").header("Content-Type", JSON).header("If-None-Match", "*")
            .PUT(HttpRequest.BodyPublishers.ofString(song(2))).build());
        assertEquals(201, create.statusCode(), create.body());
        assertEquals(412, f.send(f.request(SONGS + "=2").header("Content-Type", JSON).header("If-None-Match", "*")
            .PUT(HttpRequest.BodyPublishers.ofString(song(2))).build()).statusCode());
        // If-Unmodified-Since before the last change
        final String past = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC)
            .minusDays(1));
        assertEquals(412, f.send(f.request(SONGS + "=2").header("If-Unmodified-Since", past).DELETE().build())
            .statusCode());
        // an entity tag that is not one
        assertEquals(400, f.send(f.request(SONGS + "=2").header("If-Match", "abc").DELETE().build()).statusCode());
        // state data has no entity tag
        assertTrue(f.get(PLAYLIST + "?content=nonconfig", JSON).headers().firstValue("ETag").isEmpty());
    }

    @Test
    void optionsListsWhatEachResourceAllowsAndHeadHasNoBody() throws Exception {
        post(PLAYLIST, song(1));
        var options = f.send(f.request(PLAYLIST).method("OPTIONS", HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(200, options.statusCode());
        assertEquals("DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT", options.headers().firstValue("Allow")
            .orElseThrow());
        assertTrue(options.headers().firstValue("Accept-Patch").orElseThrow().contains("yang-patch+json"));
        options = f.send(f.request(PLAYLIST + "/state").method("OPTIONS", HttpRequest.BodyPublishers.noBody()).build());
        assertEquals("GET, HEAD, OPTIONS", options.headers().firstValue("Allow").orElseThrow());
        options = f.send(f.request(SONGS + "=1/play").method("OPTIONS", HttpRequest.BodyPublishers.noBody()).build());
        assertEquals("OPTIONS, POST", options.headers().firstValue("Allow").orElseThrow());
        options = f.send(f.request("/rests/operations").method("OPTIONS", HttpRequest.BodyPublishers.noBody())
            .build());
        assertEquals("GET, HEAD, OPTIONS", options.headers().firstValue("Allow").orElseThrow());
        options = f.send(f.request(PLAYLIST + "/nothing").method("OPTIONS", HttpRequest.BodyPublishers.noBody())
            .build());
        assertEquals(404, options.statusCode());

        // a method the resource does not allow: 405 with Allow
        final var refused = f.send(f.request("/rests/operations").DELETE().build());
        assertEquals(405, refused.statusCode());
        assertEquals("GET, HEAD, OPTIONS", refused.headers().firstValue("Allow").orElseThrow());

        final var get = f.get(PLAYLIST, JSON);
        final var head = f.send(f.request(PLAYLIST).header("Accept", JSON)
            .method("HEAD", HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(200, head.statusCode());
        assertEquals("", head.body());
        assertEquals(String.valueOf(get.body().getBytes(StandardCharsets.UTF_8).length),
            head.headers().firstValue("Content-Length").orElseThrow());
        assertEquals(get.headers().firstValue("ETag"), head.headers().firstValue("ETag"));
        assertEquals(JSON, head.headers().firstValue("Content-Type").orElseThrow());
    }
}
