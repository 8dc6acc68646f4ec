package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.datastore.events.Event;
import io.sextant.datastore.events.EventNames;
import io.sextant.datastore.events.EventStreams;
import io.sextant.spi.ControllerSettings;
import io.sextant.spi.HttpLimits;
import io.sextant.model.ControllerSchema;
import io.sextant.restconf.http.EventStreamEndpoint;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.Netconfd;
import io.sextant.testing.TrustedTls;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/**
 * RFC 8040 event streams over real HTTPS against a controller with a real netconfd device: the streams are
 * listed with their locations, a commit and the node status changes it causes reach a server-sent events
 * reader, in JSON and XML, filtered by node; wrong requests get RFC 8040 errors; NACM decides who may
 * receive; a reader that does not read is cut off with a clear last event; a closed reader unsubscribes; a
 * subscription with a start-time gets the kept events since then first, one with a stop-time ends after it, and
 * an XPath filter sends only the events it is true for.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class RestconfEventStreamsTest {
    private static final String PASSWORD = "event-streams-test";
    private static final String USER_PASSWORD = "event-user-1";
    private static final String STREAMS = "/rests/data/ietf-restconf-monitoring:restconf-state/streams";
    private static final String SSE = "text/event-stream";
    private static final String NODE = "ncd";

    @TempDir
    static Path dataDir;
    private static Netconfd device;
    private static Sextant sextant;
    private static RestconfClient rest;

    @BeforeAll
    static void start() throws Exception {
        device = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
        sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD));
        rest = new RestconfClient(sextant, PASSWORD);
        assertEquals(201, rest.send("PUT", RestconfClient.NETCONF_NODE + NODE, RestconfClient.netconfMount(NODE,
            device.host(), device.port(), device.username(), device.password())).statusCode());
        rest.await(RestconfClient.UNICONFIG_NODE + NODE + RestconfClient.CONFIGURATION + "?content=config",
            r -> r.statusCode() == 200, Duration.ofSeconds(90));
        assertEquals(204, rest.send("POST", "/rests/operations/sextant-users:set-password",
            "{\"input\":{\"name\":\"olga\",\"password\":\"" + USER_PASSWORD + "\"}}").statusCode());
        assertEquals(204, rest.send("PATCH", "/rests/data/ietf-netconf-acm:nacm", """
            {"ietf-netconf-acm:nacm":{"groups":{"group":[{"name":"status-watchers","user-name":["olga"]}]},
             "rule-list":[{"name":"status-watchers","group":["status-watchers"],"rule":[{"name":"node-status",
              "module-name":"sextant-events","notification-name":"node-status-changed",
              "access-operations":"read","action":"permit"}]}]}}""").statusCode());
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable closeable : new AutoCloseable[] {sextant, device}) {
            if (closeable != null) {
                try {
                    closeable.close();
                } catch (Exception e) {
                    // keep closing the others
                }
            }
        }
    }

    @AfterEach
    void resetIntent() throws Exception {
        rest.rpc("uniconfig-manager:replace-config-with-operational", List.of());
    }

    private static SseClient open(final String location) throws Exception {
        final SseClient client = SseClient.open(sextant, "admin", PASSWORD, location, SSE);
        assertEquals(200, client.status(), client.body());
        assertTrue(client.contentType().startsWith(SSE), client.contentType());
        return client;
    }

    private static void changeAndCommit(final String description) throws Exception {
        final HttpResponse<String> put = rest.send("PUT", RestconfClient.intentInterface(NODE, "eth7"),
            "{\"openconfig-interfaces:interface\":[{\"name\":\"eth7\",\"config\":{\"name\":\"eth7\","
                + "\"type\":\"iana-if-type:ethernetCsmacd\",\"description\":\"" + description + "\"}}]}");
        assertTrue(put.statusCode() == 201 || put.statusCode() == 204, put.body());
        final JsonObject output = rest.rpc("uniconfig-manager:commit", List.of(NODE));
        assertEquals("complete", output.get("overall-status").getAsString(), output.toString());
    }

    private static JsonObject notification(final SseClient.Message message) {
        final JsonObject envelope = JsonParser.parseString(message.data()).getAsJsonObject()
            .getAsJsonObject("ietf-restconf:notification");
        assertTrue(envelope.has("eventTime"), message.data());
        return envelope;
    }

    @Test
    void everyStreamIsListedWithAJsonAndAnXmlLocation() throws Exception {
        final HttpResponse<String> response = rest.send("GET", STREAMS);
        assertEquals(200, response.statusCode(), response.body());
        final Map<String, Map<String, String>> locations = new HashMap<>();
        for (JsonElement stream : JsonParser.parseString(response.body()).getAsJsonObject()
                .getAsJsonObject("ietf-restconf-monitoring:streams").getAsJsonArray("stream")) {
            final Map<String, String> byEncoding = new HashMap<>();
            for (JsonElement access : stream.getAsJsonObject().getAsJsonArray("access")) {
                byEncoding.put(access.getAsJsonObject().get("encoding").getAsString(),
                    access.getAsJsonObject().get("location").getAsString());
            }
            locations.put(stream.getAsJsonObject().get("name").getAsString(), byEncoding);
        }
        assertEquals(Map.of(
            "sextant-commits", Map.of("json", "/rests/streams/json/sextant-commits",
                "xml", "/rests/streams/xml/sextant-commits"),
            "sextant-node-status", Map.of("json", "/rests/streams/json/sextant-node-status",
                "xml", "/rests/streams/xml/sextant-node-status"),
            "device-notifications", Map.of("json", "/rests/streams/json/device-notifications",
                "xml", "/rests/streams/xml/device-notifications")), locations);
    }

    @Test
    void aCommitReachesAReaderOfTheCommitStreamWithItsUserNodesAndOutcome() throws Exception {
        try (SseClient commits = open("/rests/streams/json/sextant-commits?node=" + NODE)) {
            changeAndCommit("seen by a stream");
            final JsonObject event = notification(commits.next()).getAsJsonObject("sextant-events:commit-finished");
            assertEquals("admin", event.get("user").getAsString(), event.toString());
            assertEquals("commit", event.get("operation").getAsString(), event.toString());
            assertEquals("complete", event.get("outcome").getAsString(), event.toString());
            assertTrue(event.get("commit-id").getAsString().length() > 0, event.toString());
            final JsonArray nodes = event.getAsJsonArray("node");
            assertEquals(1, nodes.size(), event.toString());
            assertEquals(NODE, nodes.get(0).getAsJsonObject().get("node-id").getAsString());
            assertEquals("complete", nodes.get(0).getAsJsonObject().get("status").getAsString());
        }
    }

    @Test
    void theXmlLocationDeliversTheNetconfNotificationElement() throws Exception {
        try (SseClient commits = open("/rests/streams/xml/sextant-commits")) {
            changeAndCommit("seen as xml");
            final String xml = commits.next().data();
            assertTrue(xml.startsWith("<notification xmlns=\"urn:ietf:params:xml:ns:netconf:notification:1.0\">"
                + "<eventTime>"), xml);
            assertTrue(xml.contains("<commit-finished xmlns=\"urn:sextant:events\">"), xml);
            assertTrue(xml.contains("<node-id>" + NODE + "</node-id>"), xml);
        }
    }

    @Test
    void theNodeStatusStreamTellsAnIntentChangeAndItsCommit() throws Exception {
        try (SseClient status = open("/rests/streams/json/sextant-node-status?node=" + NODE)) {
            changeAndCommit("status changes");
            final JsonObject changed = notification(status.next())
                .getAsJsonObject("sextant-events:node-status-changed");
            assertEquals(NODE, changed.get("node-id").getAsString(), changed.toString());
            assertEquals("uniconfig", changed.get("topology-id").getAsString(), changed.toString());
            assertEquals("changed", changed.get("status").getAsString(), changed.toString());
            assertEquals("synced", changed.get("previous-status").getAsString(), changed.toString());
            final JsonObject synced = notification(status.next())
                .getAsJsonObject("sextant-events:node-status-changed");
            assertEquals("synced", synced.get("status").getAsString(), synced.toString());
        }
    }

    @Test
    void aReaderOfOtherNodesGetsNothingOfThisNode() throws Exception {
        try (SseClient others = open("/rests/streams/json/sextant-commits?node=other");
             SseClient mine = open("/rests/streams/json/sextant-commits?node=" + NODE)) {
            changeAndCommit("not for others");
            mine.next();
            // published after the commit: had the commit reached the other reader, it would come first
            sextant.datastores().events().publish(new Event(EventStreams.COMMITS, Instant.now(), List.of("other"),
                ControllerSchema.get(), ImmutableNodes.newContainerBuilder()
                    .withNodeIdentifier(new NodeIdentifier(EventNames.COMMIT_FINISHED))
                    .withChild(ImmutableNodes.leafNode(EventNames.COMMIT_ID, "commit-of-other"))
                    .build()));
            final JsonObject first = notification(others.next()).getAsJsonObject("sextant-events:commit-finished");
            assertEquals("commit-of-other", first.get("commit-id").getAsString(), first.toString());
        }
    }

    @Test
    void aChangeMadeOnTheDeviceByAnotherSessionReachesTheDeviceNotificationStreamAndMarksTheNodeOutOfSync() throws Exception {
        final String iface = "<interfaces xmlns=\"http://openconfig.net/yang/interfaces\"><interface>"
            + "<name>eth-notify</name><config><name>eth-notify</name>"
            + "<type xmlns:ianaift=\"urn:ietf:params:xml:ns:yang:iana-if-type\">ianaift:ethernetCsmacd</type>"
            + "</config></interface></interfaces>";
        final String remove = iface.replace("<interface>",
            "<interface xmlns:nc=\"urn:ietf:params:xml:ns:netconf:base:1.0\" nc:operation=\"remove\">");
        try (SseClient notifications = open("/rests/streams/json/device-notifications?node=" + NODE);
             SseClient status = open("/rests/streams/json/sextant-node-status?node=" + NODE);
             NetconfVerifier other = NetconfVerifier.connect(device)) {
            other.editAndCommit(iface);
            // netconfd tells every subscriber of every change, the controller's own commits included
            final SseClient.Message message = notifications.next(m -> m.data().contains("netconf-config-change")
                && m.data().replace(" ", "").contains("\"session-id\":" + other.sessionId()));
            final JsonObject envelope = notification(message);
            assertEquals(NODE, envelope.get("sextant-events:node-id").getAsString(), message.data());
            final JsonObject change = envelope.getAsJsonObject("ietf-netconf-notifications:netconf-config-change");
            assertTrue(change.toString().contains("openconfig-interfaces:interfaces"), message.data());
            // drift: the node is out of sync until the device is back as the controller last read it
            assertEquals("out-of-sync", notification(status.next()).getAsJsonObject(
                "sextant-events:node-status-changed").get("status").getAsString());
            other.editAndCommit(remove);
            final JsonObject back = notification(status.next()).getAsJsonObject("sextant-events:node-status-changed");
            assertEquals("synced", back.get("status").getAsString(), back.toString());
            assertEquals("out-of-sync", back.get("previous-status").getAsString(), back.toString());
        } finally {
            try (NetconfVerifier cleanup = NetconfVerifier.connect(device)) {
                cleanup.editAndCommit(remove);
            }
        }
    }

    @Test
    void wrongRequestsGetRestconfErrors() throws Exception {
        assertError(406, "invalid-value", "/rests/streams/json/sextant-commits", "application/yang-data+json");
        assertError(404, "invalid-value", "/rests/streams/json/no-such-stream", SSE);
        assertError(404, "invalid-value", "/rests/streams/yaml/sextant-commits", SSE);
        final Instant now = Instant.now();
        assertError(400, "invalid-value", "/rests/streams/json/sextant-commits?start-time=" + now.plusSeconds(3600),
            SSE);
        assertError(400, "invalid-value", "/rests/streams/json/sextant-commits?stop-time=" + now, SSE);
        assertError(400, "invalid-value", "/rests/streams/json/sextant-commits?start-time=" + now.minusSeconds(60)
            + "&stop-time=" + now.minusSeconds(120), SSE);
        assertError(400, "invalid-value", "/rests/streams/json/sextant-commits?start-time=yesterday", SSE);
        assertError(400, "invalid-value", "/rests/streams/json/sextant-commits?filter="
            + URLEncoder.encode("/sextant-events:commit-finished[", StandardCharsets.UTF_8), SSE);
        assertError(400, "invalid-value", "/rests/streams/json/sextant-commits?filter="
            + URLEncoder.encode("/no-such-module:commit-finished", StandardCharsets.UTF_8), SSE);
        assertError(400, "invalid-value", "/rests/streams/json/sextant-commits?depth=2", SSE);
        final HttpResponse<String> post = rest.send("POST", "/rests/streams/json/sextant-commits", "{}");
        assertEquals(405, post.statusCode(), post.body());
    }

    private static Event commitEvent(final String node, final String commitId, final Instant time) {
        return new Event(EventStreams.COMMITS, time, List.of(node), ControllerSchema.get(),
            ImmutableNodes.newContainerBuilder()
                .withNodeIdentifier(new NodeIdentifier(EventNames.COMMIT_FINISHED))
                .withChild(ImmutableNodes.leafNode(EventNames.COMMIT_ID, commitId))
                .build());
    }

    private static String commitId(final SseClient.Message message) {
        return notification(message).getAsJsonObject("sextant-events:commit-finished").get("commit-id")
            .getAsString();
    }

    @Test
    void aReaderResumingWithLastEventIdGetsWhatItMissedOnceThenTheLiveEvents() throws Exception {
        final String node = "resuming";
        final String path = "/rests/streams/json/sextant-commits?node=" + node;
        final String last;
        try (SseClient first = SseClient.open(sextant, "admin", PASSWORD, path, SSE)) {
            assertEquals(200, first.status(), first.body());
            sextant.datastores().events().publish(commitEvent(node, "resume-1", Instant.now()));
            final SseClient.Message one = first.next();
            assertEquals("resume-1", commitId(one));
            last = one.id();
            assertFalse(last.isEmpty(), "every event carries an id");
        }
        sextant.datastores().events().publish(commitEvent(node, "resume-2", Instant.now()));
        sextant.datastores().events().publish(commitEvent(node, "resume-3", Instant.now()));
        try (SseClient resumed = SseClient.open(sextant, "admin", PASSWORD, path, SSE, "Last-Event-ID", last)) {
            assertEquals(200, resumed.status(), resumed.body());
            final SseClient.Message two = resumed.next();
            assertEquals("resume-2", commitId(two));
            assertEquals("resume-3", commitId(resumed.next()));
            sextant.datastores().events().publish(commitEvent(node, "resume-4", Instant.now()));
            assertEquals("resume-4", commitId(resumed.next()), "then live");
            assertTrue(!two.id().equals(last));
        }
        // an id of another run of the controller: every kept event again, from the first
        try (SseClient other = SseClient.open(sextant, "admin", PASSWORD, path, SSE, "Last-Event-ID", "0-0")) {
            assertEquals("resume-1", commitId(other.next()));
        }
    }

    @Test
    void everyStreamSaysItReplaysAndSinceWhen() throws Exception {
        final HttpResponse<String> response = rest.send("GET", STREAMS);
        assertEquals(200, response.statusCode(), response.body());
        final JsonArray streams = JsonParser.parseString(response.body()).getAsJsonObject()
            .getAsJsonObject("ietf-restconf-monitoring:streams").getAsJsonArray("stream");
        assertEquals(3, streams.size(), response.body());
        for (JsonElement stream : streams) {
            final JsonObject entry = stream.getAsJsonObject();
            assertTrue(entry.get("replay-support").getAsBoolean(), entry.toString());
            final Instant created = Instant.parse(entry.get("replay-log-creation-time").getAsString());
            assertTrue(!created.isAfter(Instant.now()), entry.toString());
        }
    }

    @Test
    void aCommitMadeBeforeSubscribingIsReplayedFromTheStartTime() throws Exception {
        final Instant before = Instant.now();
        changeAndCommit("replayed later");
        // subscribed once the commit ended: only the replay can bring its event
        try (SseClient commits = open("/rests/streams/json/sextant-commits?node=" + NODE + "&start-time=" + before)) {
            final JsonObject envelope = notification(commits.next());
            assertTrue(!Instant.parse(envelope.get("eventTime").getAsString()).isBefore(before), envelope.toString());
            final JsonObject event = envelope.getAsJsonObject("sextant-events:commit-finished");
            assertEquals("complete", event.get("outcome").getAsString(), event.toString());
            assertEquals(NODE, event.getAsJsonArray("node").get(0).getAsJsonObject().get("node-id").getAsString());
        }
    }

    @Test
    void aReplayStartsAtItsStartTimeAndLiveEventsFollowIt() throws Exception {
        final EventStreams bus = sextant.datastores().events();
        final Instant now = Instant.now();
        bus.publish(commitEvent("replay-1", "too-old", now.minusSeconds(300)));
        bus.publish(commitEvent("replay-1", "first", now.minusSeconds(200)));
        bus.publish(commitEvent("replay-1", "second", now.minusSeconds(100)));
        try (SseClient reader = open("/rests/streams/xml/sextant-commits?node=replay-1&start-time="
                + now.minusSeconds(250))) {
            final String first = reader.next().data();
            assertTrue(first.contains("<commit-id>first</commit-id>"), first);
            assertTrue(reader.next().data().contains("<commit-id>second</commit-id>"));
            bus.publish(commitEvent("replay-1", "live", Instant.now()));
            assertTrue(reader.next().data().contains("<commit-id>live</commit-id>"));
        }
    }

    @Test
    void aStopTimeEndsTheStreamWithNoEventAfterIt() throws Exception {
        final EventStreams bus = sextant.datastores().events();
        final Instant now = Instant.now();
        bus.publish(commitEvent("stop-1", "before-start", now.minusSeconds(300)));
        bus.publish(commitEvent("stop-1", "in-window", now.minusSeconds(200)));
        bus.publish(commitEvent("stop-1", "after-stop", now.minusSeconds(100)));
        try (SseClient past = open("/rests/streams/json/sextant-commits?node=stop-1&start-time="
                + now.minusSeconds(250) + "&stop-time=" + now.minusSeconds(150))) {
            final List<SseClient.Message> events = past.awaitEnd();
            assertEquals(List.of("in-window"), events.stream().map(RestconfEventStreamsTest::commitId).toList());
        }
        final Instant stop = Instant.now().plusSeconds(2);
        try (SseClient reader = open("/rests/streams/json/sextant-commits?node=stop-1&start-time="
                + now.minusSeconds(150) + "&stop-time=" + stop)) {
            assertEquals("after-stop", commitId(reader.next()));
            bus.publish(commitEvent("stop-1", "live-before-stop", Instant.now()));
            assertEquals(List.of("live-before-stop"), reader.awaitEnd().stream()
                .map(RestconfEventStreamsTest::commitId).toList(), "the stream ends once its stop-time passed");
            assertTrue(!Instant.now().isBefore(stop), "ended at " + Instant.now() + ", before " + stop);
        }
    }

    @Test
    void aFilterSendsOnlyTheEventsItIsTrueFor() throws Exception {
        final EventStreams bus = sextant.datastores().events();
        final String filter = URLEncoder.encode("/sextant-events:commit-finished[starts-with(sextant-events:commit-id,"
            + " 'wanted')]", StandardCharsets.UTF_8);
        try (SseClient reader = open("/rests/streams/json/sextant-commits?node=filter-1&filter=" + filter)) {
            bus.publish(commitEvent("filter-1", "unwanted-1", Instant.now()));
            bus.publish(commitEvent("filter-1", "wanted-1", Instant.now()));
            assertEquals("wanted-1", commitId(reader.next()), "the first event was not filtered out");
        }
    }

    private static void assertError(final int status, final String tag, final String path, final String accept)
            throws Exception {
        try (SseClient client = SseClient.open(sextant, "admin", PASSWORD, path, accept)) {
            assertEquals(status, client.status(), path + ": " + client.body());
            assertTrue(client.body().contains("\"error-tag\":\"" + tag + "\""), client.body());
        }
    }

    @Test
    void aUserNacmDoesNotLetReceiveTheNotificationIsRefusedAndOneItLetsIsServed() throws Exception {
        try (SseClient denied = SseClient.open(sextant, "olga", USER_PASSWORD, "/rests/streams/json/sextant-commits",
                SSE)) {
            assertEquals(403, denied.status(), denied.body());
            assertTrue(denied.body().contains("access-denied"), denied.body());
        }
        try (SseClient allowed = SseClient.open(sextant, "olga", USER_PASSWORD,
                "/rests/streams/json/sextant-node-status?node=" + NODE, SSE)) {
            assertEquals(200, allowed.status(), allowed.body());
            changeAndCommit("olga sees the status");
            assertEquals("changed", notification(allowed.next())
                .getAsJsonObject("sextant-events:node-status-changed").get("status").getAsString());
        }
    }

    @Test
    void aClosedReaderIsUnsubscribed() throws Exception {
        final EventStreams bus = sextant.datastores().events();
        // the controller's own readers (drift watches device notifications)
        final int own = bus.subscribers();
        final SseClient reader = open("/rests/streams/json/sextant-commits?node=closing");
        assertEquals(own + 1, bus.subscribers());
        reader.close();
        Waits.until("the closed reader is unsubscribed", Duration.ofMinutes(1), () -> bus.subscribers() == own,
            () -> bus.subscribers() + " readers");
    }

    @Test
    void aReaderThatDoesNotReadIsCutOffWithAClearLastEventAndTheBusNeverWaits() throws Exception {
        final EventStreams bus = sextant.datastores().events();
        // the controller's own readers (drift watches device notifications)
        final int own = bus.subscribers();
        final String bulk = "x".repeat(8192);
        try (SSLSocket socket = (SSLSocket) TrustedTls.trusting(dataDir.resolve(TrustedTls.GENERATED_CERT))
                .getSocketFactory().createSocket()) {
            socket.setReceiveBufferSize(4096);
            socket.connect(new InetSocketAddress("127.0.0.1", sextant.restconfPort()));
            final OutputStream out = socket.getOutputStream();
            out.write(("GET /rests/streams/json/sextant-node-status?node=slow HTTP/1.1\r\nHost: localhost\r\n"
                + "Accept: text/event-stream\r\nAuthorization: Basic " + Base64.getEncoder()
                    .encodeToString(("admin:" + PASSWORD).getBytes(StandardCharsets.UTF_8)) + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            Waits.until("the reader subscribed", Duration.ofMinutes(1), () -> bus.subscribers() == own + 1,
                () -> bus.subscribers() + " readers");
            // the reader reads nothing from now on: publishing goes on, never blocked, until it is cut off
            int published = 0;
            while (bus.subscribers() > own && published < 1_000_000) {
                bus.publish(new Event(EventStreams.NODE_STATUS, Instant.now(), List.of("slow"), ControllerSchema.get(),
                    ImmutableNodes.newContainerBuilder()
                        .withNodeIdentifier(new NodeIdentifier(EventNames.NODE_STATUS_CHANGED))
                        .withChild(ImmutableNodes.leafNode(EventNames.NODE_ID, "slow"))
                        .withChild(ImmutableNodes.leafNode(EventNames.STATUS, "connected"))
                        .withChild(ImmutableNodes.leafNode(EventNames.PREVIOUS_STATUS, bulk))
                        .build()));
                published++;
            }
            assertEquals(own, bus.subscribers(), "cut off after " + published + " events");
            final String received = readToEnd(socket.getInputStream());
            assertTrue(received.startsWith("HTTP/1.1 200 OK"), received.substring(0, Math.min(200, received.length())));
            final int cutOff = received.indexOf("event: cut-off\ndata: This stream was closed because the client "
                + "read too slowly");
            assertTrue(cutOff > 0, "no cut-off event in " + received.length() + " bytes; ends with "
                + received.substring(Math.max(0, received.length() - 300)));
        }
    }

    @Test
    void anOpenStreamOutlivesTheHttpTimeoutsWithKeepAliveComments(@TempDir final Path ownDir) throws Exception {
        System.setProperty(EventStreamEndpoint.KEEP_ALIVE_PROPERTY, "1");
        try (Sextant quick = Sextant.start(ControllerSettings.forTests(ownDir, PASSWORD)
                .withHttp(HttpLimits.DEFAULTS.withTimeouts(Duration.ofSeconds(1), Duration.ofSeconds(1))));
             SseClient reader = SseClient.open(quick, "admin", PASSWORD,
                 "/rests/streams/json/sextant-commits?node=" + NODE, SSE)) {
            assertEquals(200, reader.status(), reader.body());
            Waits.until("three keep-alives after the opening comment", Duration.ofMinutes(1),
                () -> reader.comments() >= 4, () -> reader.comments() + " comments");
            quick.datastores().events().publish(new Event(EventStreams.COMMITS, Instant.now(), List.of(NODE),
                ControllerSchema.get(), ImmutableNodes.newContainerBuilder()
                    .withNodeIdentifier(new NodeIdentifier(EventNames.COMMIT_FINISHED))
                    .withChild(ImmutableNodes.leafNode(EventNames.COMMIT_ID, "after-the-timeouts"))
                    .build()));
            assertEquals("after-the-timeouts", notification(reader.next())
                .getAsJsonObject("sextant-events:commit-finished").get("commit-id").getAsString());
        } finally {
            System.clearProperty(EventStreamEndpoint.KEEP_ALIVE_PROPERTY);
        }
    }

    private static String readToEnd(final InputStream in) throws Exception {
        final ByteArrayOutputStream all = new ByteArrayOutputStream();
        final byte[] buffer = new byte[65536];
        int read;
        while ((read = in.read(buffer)) >= 0) {
            all.write(buffer, 0, read);
        }
        return all.toString(StandardCharsets.UTF_8);
    }
}
