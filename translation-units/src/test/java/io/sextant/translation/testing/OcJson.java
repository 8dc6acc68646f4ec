package io.sextant.translation.testing;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.stream.NormalizedNodeWriter;
import org.opendaylight.yangtools.yang.data.codec.gson.JSONCodecFactorySupplier;
import org.opendaylight.yangtools.yang.data.codec.gson.JSONNormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.codec.gson.JsonParserStream;
import org.opendaylight.yangtools.yang.data.impl.schema.ImmutableNormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.impl.schema.NormalizationResultHolder;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.SchemaContext;

/** RFC 7951 JSON for OpenConfig trees in tests: readable fixtures and readable failures. */
public final class OcJson {
    private OcJson() {
    }

    /** A root container from a JSON object of top-level containers, e.g. {@code {"openconfig-interfaces:interfaces":{...}}}. */
    public static ContainerNode parse(final EffectiveModelContext schema, final String json) {
        final var root = ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(SchemaContext.NAME));
        final JsonObject object = JsonParser.parseString(json).getAsJsonObject();
        for (var member : object.entrySet()) {
            final JsonObject single = new JsonObject();
            single.add(member.getKey(), member.getValue());
            final NormalizationResultHolder holder = new NormalizationResultHolder();
            try (var writer = ImmutableNormalizedNodeStreamWriter.from(holder);
                 var parser = JsonParserStream.create(writer, JSONCodecFactorySupplier.RFC7951.getShared(schema))) {
                parser.parse(new JsonReader(new StringReader(single.toString())));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            root.withChild((DataContainerChild) holder.getResult().data());
        }
        return root.build();
    }

    public static String toJson(final EffectiveModelContext schema, final ContainerNode root) {
        final StringWriter out = new StringWriter();
        try (JsonWriter json = new JsonWriter(out)) {
            json.setIndent("  ");
            json.beginObject();
            for (DataContainerChild child : root.body()) {
                final var stream = JSONNormalizedNodeStreamWriter.createNestedWriter(
                    JSONCodecFactorySupplier.RFC7951.getShared(schema), json);
                NormalizedNodeWriter.forStreamWriter(stream).write(child);
                stream.flush();
            }
            json.endObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }
}
