package io.sextant.restconf.server;

import static java.util.Objects.requireNonNull;

import com.google.common.collect.ImmutableMap;
import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.common.XMLNamespace;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.ChoiceNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.stream.NormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.api.schema.stream.NormalizedNodeStreamWriter.MetadataExtension;
import org.opendaylight.yangtools.yang.data.api.schema.stream.NormalizedNodeWriter;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * {@code with-defaults=report-all-tagged} (RFC 8040 section 4.8.9, RFC 6243 section 3.4):
 * writes data like {@link NormalizedNodeWriter} and marks the leaves that hold their default
 * value with the {@code ietf-netconf-with-defaults:default} annotation: in XML the attribute
 * {@code wd:default="true"}, in JSON the RFC 7952 member {@code "@leaf":
 * {"ietf-netconf-with-defaults:default":true}} beside the leaf (yangtools' JSON writer has no
 * metadata support, so the member is written here).
 */
final class DefaultsTagger extends NormalizedNodeWriter {
    static final QName DEFAULT = QName.create(XMLNamespace.of("urn:ietf:params:xml:ns:netconf:default:1.0"),
        "default");
    private static final String JSON_ANNOTATION = "ietf-netconf-with-defaults:default";

    private final Set<List<PathArgument>> tagged;
    private final List<PathArgument> at = new ArrayList<>();
    private final @Nullable JsonWriter json;
    private final @Nullable EffectiveModelContext schema;
    private final Deque<QNameModule> parents = new ArrayDeque<>();

    /** For JSON: {@code json} is the writer below {@code stream}. */
    DefaultsTagger(final NormalizedNodeStreamWriter stream, final Set<List<PathArgument>> tagged,
            final @Nullable JsonWriter json, final @Nullable EffectiveModelContext schema) {
        super(stream);
        this.tagged = tagged;
        this.json = json;
        this.schema = schema;
    }

    /** For XML. */
    DefaultsTagger(final NormalizedNodeStreamWriter stream, final Set<List<PathArgument>> tagged) {
        this(stream, tagged, null, null);
    }

    @Override
    protected boolean wasProcessAsSimpleNode(final NormalizedNode node) throws IOException {
        if (!(node instanceof LeafNode<?> leaf) || !isTagged(leaf)) {
            return super.wasProcessAsSimpleNode(node);
        }
        final NormalizedNodeStreamWriter writer = getWriter();
        if (json == null) {
            writer.startLeafNode(leaf.name());
            final MetadataExtension metadata = writer.extension(MetadataExtension.class);
            if (metadata != null) {
                metadata.metadata(ImmutableMap.of(DEFAULT, "true"));
            }
            writer.scalarValue(leaf.body());
            writer.endNode();
            return true;
        }
        super.wasProcessAsSimpleNode(node);
        final QNameModule module = leaf.name().getNodeType().getModule();
        final String member = module.equals(parents.peek()) ? leaf.name().getNodeType().getLocalName()
            : requireNonNull(schema, "JSON comes with its schema").findModule(module).orElseThrow().getName() + ":"
                + leaf.name().getNodeType().getLocalName();
        json.name("@" + member).beginObject().name(JSON_ANNOTATION).value(true).endObject();
        return true;
    }

    private boolean isTagged(final LeafNode<?> leaf) {
        final List<PathArgument> path = new ArrayList<>(at);
        path.add(leaf.name());
        return tagged.contains(path);
    }

    @Override
    protected boolean wasProcessedAsCompositeNode(final NormalizedNode node) throws IOException {
        // a choice is invisible in JSON: its children's parent is the choice's parent
        parents.push(node instanceof ChoiceNode && !parents.isEmpty() ? parents.peek()
            : node.name().getNodeType().getModule());
        at.add(node.name());
        try {
            return super.wasProcessedAsCompositeNode(node);
        } finally {
            at.remove(at.size() - 1);
            parents.pop();
        }
    }
}
