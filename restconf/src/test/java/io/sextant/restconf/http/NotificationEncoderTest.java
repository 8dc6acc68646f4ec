package io.sextant.restconf.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.datastore.events.Event;
import io.sextant.datastore.events.EventNames;
import io.sextant.datastore.events.EventStreams;
import io.sextant.model.ControllerSchema;
import io.sextant.restconf.api.Format;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/** Events are written as RFC 8040 section 6.4 notifications, by yangtools' codecs, and framed as SSE data. */
class NotificationEncoderTest {
    private static final Event EVENT = new Event(EventStreams.NODE_STATUS, Instant.parse("2026-11-25T01:02:03Z"),
        List.of("R1"), ControllerSchema.get(), ImmutableNodes.newContainerBuilder()
            .withNodeIdentifier(new NodeIdentifier(EventNames.NODE_STATUS_CHANGED))
            .withChild(ImmutableNodes.leafNode(EventNames.NODE_ID, "R1"))
            .withChild(ImmutableNodes.leafNode(EventNames.TOPOLOGY_ID, "topology-netconf"))
            .withChild(ImmutableNodes.leafNode(EventNames.STATUS, "connected"))
            .build());

    @Test
    void jsonIsTheRestconfNotificationWithEventTimeAndTheModuleQualifiedBody() throws Exception {
        final JsonObject json = JsonParser.parseString(NotificationEncoder.encode(EVENT, Format.JSON))
            .getAsJsonObject().getAsJsonObject("ietf-restconf:notification");
        assertEquals("2026-11-25T01:02:03Z", json.get("eventTime").getAsString());
        final JsonObject body = json.getAsJsonObject("sextant-events:node-status-changed");
        assertEquals("R1", body.get("node-id").getAsString());
        assertEquals("connected", body.get("status").getAsString());
    }

    @Test
    void xmlIsTheNetconfNotificationElement() throws Exception {
        final String xml = NotificationEncoder.encode(EVENT, Format.XML);
        assertTrue(xml.startsWith("<notification xmlns=\"urn:ietf:params:xml:ns:netconf:notification:1.0\">"
            + "<eventTime>2026-11-25T01:02:03Z</eventTime><node-status-changed xmlns=\"urn:sextant:events\">"), xml);
        assertTrue(xml.contains("<status>connected</status>"), xml);
    }

    @Test
    void eachLineOfAnEventIsADataLineAndABlankLineEndsIt() {
        assertEquals("id: x-7\ndata: {\ndata:   \"a\": 1\ndata: }\n\n", EventStreamSession.frame("x-7",
            "{\n  \"a\": 1\n}"));
    }
}
