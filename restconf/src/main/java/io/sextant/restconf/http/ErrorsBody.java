package io.sextant.restconf.http;

import com.google.gson.stream.JsonWriter;
import io.sextant.spi.OperationError;
import io.sextant.datastore.codec.InstanceIdentifiers;
import io.sextant.datastore.codec.UserTerms;
import io.sextant.restconf.api.Format;
import io.sextant.restconf.api.FormattableBody;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * The RFC 8040 {@code ietf-restconf:errors} body (section 7.1), optionally inside an RFC 8072
 * {@code yang-patch-status}. Every message passes {@link UserTerms} on its way out, the last
 * guard against a Java rendering (a QName's toString, a statement, a class name) reaching a
 * client, whichever component wrote it.
 *
 * @param errors the errors
 * @param schema the schema error paths are rendered in; null for errors without paths
 * @param patchId set for a YANG-Patch response; null otherwise
 */
record ErrorsBody(List<OperationError> errors, @Nullable EffectiveModelContext schema, @Nullable String patchId)
        implements FormattableBody {
    private static final String RESTCONF_NS = "urn:ietf:params:xml:ns:yang:ietf-restconf";
    private static final String PATCH_NS = "urn:ietf:params:xml:ns:yang:ietf-yang-patch";
    private static final XMLOutputFactory XML_OUTPUT = XMLOutputFactory.newFactory();

    ErrorsBody(final List<OperationError> errors, final @Nullable EffectiveModelContext schema) {
        this(errors, schema, null);
    }

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
        final String patch = patchId;
        if (patch != null) {
            json.name("ietf-yang-patch:yang-patch-status").beginObject();
            json.name("patch-id").value(patch);
            json.name("errors").beginObject();
        } else {
            json.name("ietf-restconf:errors").beginObject();
        }
        json.name("error").beginArray();
        for (OperationError error : errors) {
            json.beginObject();
            json.name("error-type").value(error.type().elementBody());
            json.name("error-tag").value(error.tag().elementBody());
            final String appTag = error.appTag();
            if (appTag != null) {
                json.name("error-app-tag").value(appTag);
            }
            final Optional<String> path = path(error);
            if (path.isPresent()) {
                json.name("error-path").value(path.orElseThrow());
            }
            json.name("error-message").value(UserTerms.of(error.message(), schema));
            final String info = error.info();
            if (info != null) {
                json.name("error-info").value(UserTerms.of(info, schema));
            }
            json.endObject();
        }
        json.endArray();
        json.endObject();
        if (patch != null) {
            json.endObject();
        }
        json.endObject();
        json.flush();
    }

    private Optional<String> path(final OperationError error) {
        final YangInstanceIdentifier errorPath = error.path();
        if (errorPath == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(InstanceIdentifiers.toInstanceIdentifier(errorPath, schema));
        } catch (RuntimeException e) {
            // a path that does not render is left out rather than failing the whole answer
            return Optional.empty();
        }
    }

    private void writeXml(final OutputStream out) throws IOException {
        try {
            final XMLStreamWriter xml = XML_OUTPUT.createXMLStreamWriter(out, "UTF-8");
            xml.writeStartDocument("UTF-8", "1.0");
            final String patch = patchId;
            if (patch != null) {
                xml.writeStartElement("", "yang-patch-status", PATCH_NS);
                xml.writeDefaultNamespace(PATCH_NS);
                element(xml, "patch-id", patch);
                xml.writeStartElement("errors");
            } else {
                xml.writeStartElement("", "errors", RESTCONF_NS);
                xml.writeDefaultNamespace(RESTCONF_NS);
            }
            for (OperationError error : errors) {
                xml.writeStartElement("error");
                element(xml, "error-type", error.type().elementBody());
                element(xml, "error-tag", error.tag().elementBody());
                final String appTag = error.appTag();
                if (appTag != null) {
                    element(xml, "error-app-tag", appTag);
                }
                final Optional<String> path = path(error);
                if (path.isPresent()) {
                    element(xml, "error-path", path.orElseThrow());
                }
                element(xml, "error-message", UserTerms.of(error.message(), schema));
                final String info = error.info();
                if (info != null) {
                    element(xml, "error-info", UserTerms.of(info, schema));
                }
                xml.writeEndElement();
            }
            xml.writeEndElement();
            if (patch != null) {
                xml.writeEndElement();
            }
            xml.writeEndDocument();
            xml.flush();
        } catch (XMLStreamException e) {
            throw new IOException("Cannot write XML", e);
        }
    }

    private static void element(final XMLStreamWriter xml, final String name, final String value)
            throws XMLStreamException {
        xml.writeStartElement(name);
        xml.writeCharacters(value);
        xml.writeEndElement();
    }
}
