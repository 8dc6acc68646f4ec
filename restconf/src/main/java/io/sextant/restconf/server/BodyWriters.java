package io.sextant.restconf.server;

import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/** Writing a small response body as one JSON object or one XML document. */
final class BodyWriters {
    static final String RESTCONF_NS = "urn:ietf:params:xml:ns:yang:ietf-restconf";
    private static final XMLOutputFactory XML_OUTPUT = XMLOutputFactory.newFactory();

    private BodyWriters() {
    }

    /** The members of the top-level JSON object. */
    @FunctionalInterface
    interface JsonContent {
        void write(JsonWriter json) throws IOException;
    }

    /** The root element of the XML document. */
    @FunctionalInterface
    interface XmlContent {
        void write(XMLStreamWriter xml) throws XMLStreamException;
    }

    static void writeJson(final OutputStream out, final boolean pretty, final JsonContent content)
            throws IOException {
        final JsonWriter json = new JsonWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
        if (pretty) {
            json.setIndent("  ");
        }
        json.beginObject();
        content.write(json);
        json.endObject();
        json.flush();
    }

    static void writeXml(final OutputStream out, final XmlContent content) throws IOException {
        try {
            final XMLStreamWriter xml = XML_OUTPUT.createXMLStreamWriter(out, "UTF-8");
            xml.writeStartDocument("UTF-8", "1.0");
            content.write(xml);
            xml.writeEndDocument();
            xml.flush();
        } catch (XMLStreamException e) {
            throw new IOException("Cannot write XML", e);
        }
    }
}
