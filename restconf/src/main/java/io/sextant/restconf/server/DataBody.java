package io.sextant.restconf.server;

import com.google.gson.stream.JsonWriter;
import io.sextant.datastore.codec.JsonRenderer;
import io.sextant.restconf.api.Format;
import io.sextant.restconf.api.FormattableBody;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.stream.NormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.api.schema.stream.NormalizedNodeWriter;
import org.opendaylight.yangtools.yang.data.codec.gson.JSONNormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.codec.xml.XMLStreamNormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.model.util.SchemaInferenceStack;

/**
 * Data read from a resource, written as RFC 7951 JSON or XML by yangtools' stream writers.
 *
 * @param codecs schema and codecs of the data
 * @param parent inference of the data's parent (empty stack: the data is top-level)
 * @param wrapper for a root, the element around the root's children; null otherwise
 * @param data the data; for a root, a container whose children are the top-level nodes
 * @param defaults leaves to mark as holding their default value (with-defaults=report-all-tagged), by path
 *     from the node written first
 */
record DataBody(SchemaCodecs codecs, SchemaInferenceStack parent, Target.@Nullable Wrapper wrapper,
        NormalizedNode data, Set<List<PathArgument>> defaults) implements FormattableBody {

    DataBody(final SchemaCodecs codecs, final SchemaInferenceStack parent, final Target.@Nullable Wrapper wrapper,
            final NormalizedNode data) {
        this(codecs, parent, wrapper, data, Set.of());
    }
    private static final XMLOutputFactory XML_OUTPUT = XMLOutputFactory.newFactory();
    /** Declares the prefixes yangtools' writer gives attributes (the with-defaults mark) where it does not. */
    private static final XMLOutputFactory XML_REPAIRING = repairing();

    private static XMLOutputFactory repairing() {
        final XMLOutputFactory factory = XMLOutputFactory.newFactory();
        factory.setProperty(XMLOutputFactory.IS_REPAIRING_NAMESPACES, Boolean.TRUE);
        return factory;
    }

    @Override
    public void writeTo(final Format format, final boolean pretty, final OutputStream out) throws IOException {
        switch (format) {
            case JSON -> writeJson(pretty, out);
            case XML -> writeXml(out);
            default -> throw new IllegalStateException(format.name());
        }
    }

    private void writeJson(final boolean pretty, final OutputStream out) throws IOException {
        final JsonWriter json = new JsonWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
        if (pretty) {
            json.setIndent("  ");
        }
        json.beginObject();
        if (!defaults.isEmpty()) {
            writeTaggedJson(json);
        } else if (wrapper != null) {
            json.name(wrapper.module() + ":" + wrapper.name().getLocalName());
            json.beginObject();
            if (data instanceof ContainerNode root) {
                JsonRenderer.writeRootChildren(json, codecs.schema(), root);
            }
            json.endObject();
        } else {
            JsonRenderer.writeNode(json, codecs.schema(), parent, data);
        }
        json.endObject();
        json.flush();
    }

    private void writeTaggedJson(final JsonWriter json) throws IOException {
        if (wrapper != null) {
            json.name(wrapper.module() + ":" + wrapper.name().getLocalName());
            json.beginObject();
            final NormalizedNodeWriter writer = new DefaultsTagger(JSONNormalizedNodeStreamWriter.createNestedWriter(
                codecs.json(), json), defaults, json, codecs.schema());
            if (data instanceof ContainerNode root) {
                for (NormalizedNode child : root.body()) {
                    writer.write(child);
                }
            }
            writer.flush();
            json.endObject();
            return;
        }
        final NormalizedNodeStreamWriter stream = parent.isEmpty()
            ? JSONNormalizedNodeStreamWriter.createNestedWriter(codecs.json(), json)
            : JSONNormalizedNodeStreamWriter.createNestedWriter(codecs.json(), parent.toInference(), null, json);
        new DefaultsTagger(stream, defaults, json, codecs.schema()).write(JsonRenderer.wrapInstance(data)).flush();
    }

    private void writeXml(final OutputStream out) throws IOException {
        try {
            final XMLStreamWriter xml = (defaults.isEmpty() ? XML_OUTPUT : XML_REPAIRING).createXMLStreamWriter(out,
                "UTF-8");
            xml.writeStartDocument("UTF-8", "1.0");
            final boolean keyless = data instanceof MapNode || data instanceof LeafSetNode<?>;
            if (wrapper != null || keyless) {
                final var name = wrapper != null ? wrapper.name() : PathResolver.RESTCONF_DATA;
                xml.writeStartElement("", name.getLocalName(), name.getNamespace().toString());
                xml.writeDefaultNamespace(name.getNamespace().toString());
            }
            if (wrapper != null) {
                writeChildren(XMLStreamNormalizedNodeStreamWriter.create(xml, codecs.schema()));
            } else {
                final NormalizedNodeStreamWriter stream = parent.isEmpty()
                    ? XMLStreamNormalizedNodeStreamWriter.create(xml, codecs.schema())
                    : XMLStreamNormalizedNodeStreamWriter.create(xml, parent.toInference());
                writer(stream).write(JsonRenderer.wrapInstance(data)).flush();
            }
            if (wrapper != null || keyless) {
                xml.writeEndElement();
            }
            xml.writeEndDocument();
            xml.flush();
        } catch (XMLStreamException e) {
            throw new IOException("Cannot write XML", e);
        }
    }

    private NormalizedNodeWriter writer(final NormalizedNodeStreamWriter stream) {
        return defaults.isEmpty() ? NormalizedNodeWriter.forStreamWriter(stream) : new DefaultsTagger(stream, defaults);
    }

    private void writeChildren(final NormalizedNodeStreamWriter stream) throws IOException {
        final NormalizedNodeWriter writer = writer(stream);
        if (data instanceof ContainerNode root) {
            for (NormalizedNode child : root.body()) {
                writer.write(child);
            }
        }
        writer.flush();
    }
}
