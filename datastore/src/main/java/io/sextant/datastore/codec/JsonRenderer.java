package io.sextant.datastore.codec;

import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.stream.NormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.api.schema.stream.NormalizedNodeWriter;
import org.opendaylight.yangtools.yang.data.codec.gson.JSONCodecFactorySupplier;
import org.opendaylight.yangtools.yang.data.codec.gson.JSONNormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContextTree;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.util.SchemaInferenceStack;

/**
 * Writes data as RFC 7951 JSON, the way RESTCONF returns it: a node as a member of the
 * enclosing object (a list entry inside its list's array), or a datastore root's children.
 */
public final class JsonRenderer {
    private JsonRenderer() {
    }

    /** The node at {@code path} as a one-member JSON object; a root path gives an object of the root's children. */
    public static String render(final EffectiveModelContext schema, final YangInstanceIdentifier path,
            final NormalizedNode node) {
        final StringWriter out = new StringWriter();
        try {
            final JsonWriter json = new JsonWriter(out);
            json.beginObject();
            if (path.isEmpty() && node instanceof ContainerNode root) {
                writeRootChildren(json, schema, root);
            } else {
                writeNode(json, schema, parentOf(schema, path), node);
            }
            json.endObject();
            json.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** Inference of the data-tree parent of the node at {@code path}. */
    public static SchemaInferenceStack parentOf(final EffectiveModelContext schema,
            final YangInstanceIdentifier path) {
        final SchemaInferenceStack stack = DataSchemaContextTree.from(schema).enterPath(path).orElseThrow().stack();
        if (!stack.isEmpty()) {
            stack.exitToDataTree();
        }
        return stack;
    }

    /** Write {@code node} as member(s) of the JSON object currently open in {@code json}. */
    public static void writeNode(final JsonWriter json, final EffectiveModelContext schema,
            final SchemaInferenceStack parent, final NormalizedNode node) throws IOException {
        final var codecs = JSONCodecFactorySupplier.RFC7951.getShared(schema);
        final NormalizedNodeStreamWriter stream = parent.isEmpty()
            ? JSONNormalizedNodeStreamWriter.createNestedWriter(codecs, json)
            : JSONNormalizedNodeStreamWriter.createNestedWriter(codecs, parent.toInference(), null, json);
        NormalizedNodeWriter.forStreamWriter(stream).write(wrapInstance(node)).flush();
    }

    /** Write the children of a datastore root as members of the JSON object currently open in {@code json}. */
    public static void writeRootChildren(final JsonWriter json, final EffectiveModelContext schema,
            final ContainerNode root) throws IOException {
        final NormalizedNodeWriter writer = NormalizedNodeWriter.forStreamWriter(
            JSONNormalizedNodeStreamWriter.createNestedWriter(JSONCodecFactorySupplier.RFC7951.getShared(schema),
                json));
        for (NormalizedNode child : root.body()) {
            writer.write(child);
        }
        writer.flush();
    }

    /** A list entry or leaf-list entry is written inside its list, as RFC 8040 requires. */
    public static NormalizedNode wrapInstance(final NormalizedNode node) {
        final NodeIdentifier list = NodeIdentifier.create(node.name().getNodeType());
        if (node instanceof MapEntryNode entry) {
            // system or user ordering makes no difference to the encoding of a single entry
            return ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(list).withChild(entry).build();
        }
        if (node instanceof LeafSetEntryNode<?> entry) {
            @SuppressWarnings("unchecked")
            final LeafSetEntryNode<Object> value = (LeafSetEntryNode<Object>) entry;
            return ImmutableNodes.newSystemLeafSetBuilder().withNodeIdentifier(list).withChild(value).build();
        }
        return node;
    }
}
