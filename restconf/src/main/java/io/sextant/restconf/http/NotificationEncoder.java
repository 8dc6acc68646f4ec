package io.sextant.restconf.http;

import com.google.gson.stream.JsonWriter;
import io.sextant.datastore.events.Event;
import io.sextant.datastore.events.EventStreams;
import io.sextant.restconf.api.Format;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.time.format.DateTimeFormatter;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.schema.stream.NormalizedNodeWriter;
import org.opendaylight.yangtools.yang.data.codec.gson.JSONCodecFactorySupplier;
import org.opendaylight.yangtools.yang.data.codec.gson.JSONNormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.codec.xml.XMLStreamNormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.model.api.stmt.SchemaNodeIdentifier.Absolute;

/**
 * One event as RFC 8040 section 6.4 encodes a notification, with yangtools' codecs in the notification's own
 * schema: JSON {@code {"ietf-restconf:notification":{"eventTime":...,"module:name":{...}}}}, or XML
 * {@code <notification xmlns="urn:ietf:params:xml:ns:netconf:notification:1.0"><eventTime>..</eventTime>
 * <name xmlns="...">..</name></notification>}. An event about a node also carries its id, as
 * {@code "sextant-events:node-id"} (JSON) or {@code <node-id xmlns="urn:sextant:events">} (XML) after the time.
 */
final class NotificationEncoder {
    static final String NOTIFICATION_NS = "urn:ietf:params:xml:ns:netconf:notification:1.0";
    private static final String EVENTS_NS = "urn:sextant:events";
    private static final XMLOutputFactory XML_OUTPUT = XMLOutputFactory.newFactory();

    private NotificationEncoder() {
    }

    static String encode(final Event event, final Format format) throws IOException {
        final ByteArrayOutputStream out = new ByteArrayOutputStream(512);
        switch (format) {
            case JSON -> json(event, out);
            case XML -> xml(event, out);
            default -> throw new IllegalStateException(format.name());
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** The node of a device notification, written into the envelope; null for the controller's events. */
    private static @Nullable String deviceNode(final Event event) {
        return event.stream().equals(EventStreams.DEVICE_NOTIFICATIONS) && event.nodes().size() == 1
            ? event.nodes().get(0) : null;
    }

    private static String time(final Event event) {
        return DateTimeFormatter.ISO_INSTANT.format(event.time());
    }

    private static void json(final Event event, final ByteArrayOutputStream out) throws IOException {
        final JsonWriter json = new JsonWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
        json.beginObject().name("ietf-restconf:notification").beginObject().name("eventTime").value(time(event));
        final String nodeId = deviceNode(event);
        if (nodeId != null) {
            json.name("sextant-events:node-id").value(nodeId);
        }
        final var writer = NormalizedNodeWriter.forStreamWriter(JSONNormalizedNodeStreamWriter.createNestedWriter(
            JSONCodecFactorySupplier.RFC7951.getShared(event.schema()), Absolute.of(event.name()), null, json));
        writer.write(event.body());
        writer.flush();
        json.endObject().endObject();
        json.flush();
    }

    private static void xml(final Event event, final ByteArrayOutputStream out) throws IOException {
        try {
            final XMLStreamWriter xml = XML_OUTPUT.createXMLStreamWriter(out, "UTF-8");
            xml.writeStartElement("", "notification", NOTIFICATION_NS);
            xml.writeDefaultNamespace(NOTIFICATION_NS);
            xml.writeStartElement(NOTIFICATION_NS, "eventTime");
            xml.writeCharacters(time(event));
            xml.writeEndElement();
            final String nodeId = deviceNode(event);
            if (nodeId != null) {
                xml.writeStartElement("", "node-id", EVENTS_NS);
                xml.writeDefaultNamespace(EVENTS_NS);
                xml.writeCharacters(nodeId);
                xml.writeEndElement();
            }
            final var writer = NormalizedNodeWriter.forStreamWriter(XMLStreamNormalizedNodeStreamWriter.create(xml,
                event.schema(), Absolute.of(event.name())));
            writer.write(event.body());
            writer.flush();
            xml.writeEndElement();
            xml.flush();
        } catch (XMLStreamException e) {
            throw new IOException("Cannot write the notification as XML", e);
        }
    }
}
