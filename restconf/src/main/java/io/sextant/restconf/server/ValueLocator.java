package io.sextant.restconf.server;

import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import io.sextant.restconf.api.Format;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Predicate;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.XMLNamespace;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * Finds which leaves of a request body hold a value, so that a codec's complaint about the
 * value ("'eighty' is not a valid integer", which names no node) can name its leaf. Reads the
 * body once more, as plain JSON or XML (no DTD, no entities); gives up quietly on anything it
 * cannot read.
 */
final class ValueLocator {
    private static final XMLInputFactory XML = XMLInputFactory.newFactory();

    static {
        XML.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        XML.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        XML.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, false);
    }

    private ValueLocator() {
    }

    /** The leaves ({@code module:name}) whose value matches, in body order; empty if none or unreadable. */
    static Set<String> leavesWith(final Format format, final InputStream body, final Predicate<String> value,
            final EffectiveModelContext schema) {
        final Set<String> found = new LinkedHashSet<>();
        try {
            if (format == Format.JSON) {
                json(body, value, found);
            } else {
                xml(body, value, schema, found);
            }
        } catch (IOException | XMLStreamException | RuntimeException e) {
            // a body the codec could not read is not read here either; the message stays unspecific
        }
        return found;
    }

    /** An open object or array: the member it is the value of, and the module in force inside it. */
    private record Frame(boolean array, @Nullable String member, String module) {
    }

    private static void json(final InputStream body, final Predicate<String> value, final Set<String> found)
            throws IOException {
        final JsonReader reader = new JsonReader(new InputStreamReader(body, StandardCharsets.UTF_8));
        final Deque<Frame> frames = new ArrayDeque<>();
        String member = null;
        while (true) {
            final JsonToken token = reader.peek();
            final Frame top = frames.peek();
            final String name = top != null && top.array() ? top.member() : member;
            switch (token) {
                case BEGIN_OBJECT -> {
                    reader.beginObject();
                    frames.push(new Frame(false, name, module(name, top)));
                }
                case BEGIN_ARRAY -> {
                    reader.beginArray();
                    frames.push(new Frame(true, name, module(name, top)));
                }
                case END_OBJECT -> {
                    reader.endObject();
                    frames.pop();
                }
                case END_ARRAY -> {
                    reader.endArray();
                    frames.pop();
                }
                case NAME -> {
                    member = reader.nextName();
                    continue;
                }
                case STRING, NUMBER, BOOLEAN, NULL -> {
                    final String text = token == JsonToken.NULL ? nullValue(reader) : reader.nextString();
                    if (name != null && value.test(text)) {
                        found.add(qualified(name, top));
                    }
                }
                case END_DOCUMENT -> {
                    return;
                }
                default -> throw new IOException("unexpected " + token);
            }
            member = null;
        }
    }

    private static String nullValue(final JsonReader reader) throws IOException {
        reader.nextNull();
        return "null";
    }

    private static String module(final @Nullable String name, final @Nullable Frame parent) {
        final int colon = name == null ? -1 : name.indexOf(':');
        if (name != null && colon > 0) {
            return name.substring(0, colon);
        }
        return parent == null ? "" : parent.module();
    }

    private static String qualified(final String name, final Frame parent) {
        final String module = module(name, parent);
        return name.indexOf(':') > 0 || module.isEmpty() ? name : module + ":" + name;
    }

    private static void xml(final InputStream body, final Predicate<String> value, final EffectiveModelContext schema,
            final Set<String> found) throws XMLStreamException {
        final XMLStreamReader reader = XML.createXMLStreamReader(body);
        final StringBuilder text = new StringBuilder();
        String namespace = null;
        String local = null;
        while (reader.hasNext()) {
            switch (reader.next()) {
                case XMLStreamConstants.START_ELEMENT -> {
                    namespace = reader.getNamespaceURI();
                    local = reader.getLocalName();
                    text.setLength(0);
                }
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA -> text.append(reader.getText());
                case XMLStreamConstants.END_ELEMENT -> {
                    if (local != null && value.test(text.toString().strip())) {
                        found.add(module(namespace, schema) + local);
                    }
                    local = null;
                    text.setLength(0);
                }
                default -> {
                    // comments, processing instructions
                }
            }
        }
    }

    private static String module(final @Nullable String namespace, final EffectiveModelContext schema) {
        if (namespace == null || namespace.isEmpty() || schema == null) {
            return "";
        }
        try {
            return schema.findModuleStatements(XMLNamespace.of(namespace)).stream().findFirst()
                .map(m -> m.argument().getLocalName() + ":").orElse("");
        } catch (IllegalArgumentException e) {
            return "";
        }
    }
}
