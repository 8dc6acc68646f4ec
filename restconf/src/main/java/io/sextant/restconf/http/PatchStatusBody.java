package io.sextant.restconf.http;

import com.google.gson.stream.JsonWriter;
import io.sextant.restconf.api.Format;
import io.sextant.restconf.api.FormattableBody;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * A successful YANG-Patch: {@code yang-patch-status} with {@code ok} (RFC 8072 section 2.3); a
 * refused one is an {@link ErrorsBody} with its patch-id.
 *
 * @param patchId the patch's {@code patch-id}
 */
record PatchStatusBody(String patchId) implements FormattableBody {
    private static final String PATCH_NS = "urn:ietf:params:xml:ns:yang:ietf-yang-patch";
    private static final XMLOutputFactory XML_OUTPUT = XMLOutputFactory.newFactory();

    @Override
    public void writeTo(final Format format, final boolean pretty, final OutputStream out) throws IOException {
        if (format == Format.XML) {
            writeXml(out);
            return;
        }
        final JsonWriter json = new JsonWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
        if (pretty) {
            json.setIndent("  ");
        }
        json.beginObject();
        json.name("ietf-yang-patch:yang-patch-status").beginObject();
        json.name("patch-id").value(patchId);
        json.name("ok").beginArray().nullValue().endArray();
        json.endObject();
        json.endObject();
        json.flush();
    }

    private void writeXml(final OutputStream out) throws IOException {
        try {
            final XMLStreamWriter xml = XML_OUTPUT.createXMLStreamWriter(out, "UTF-8");
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeStartElement("", "yang-patch-status", PATCH_NS);
            xml.writeDefaultNamespace(PATCH_NS);
            xml.writeStartElement("patch-id");
            xml.writeCharacters(patchId);
            xml.writeEndElement();
            xml.writeEmptyElement("ok");
            xml.writeEndElement();
            xml.writeEndDocument();
            xml.flush();
        } catch (XMLStreamException e) {
            throw new IOException("Cannot write XML", e);
        }
    }
}
