package io.sextant.security.nacm;

import io.sextant.model.BundledModels;
import io.sextant.model.SchemaBuilder;
import io.sextant.model.YangSource;
import com.google.gson.stream.JsonReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeWithValue;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.data.codec.gson.JSONCodecFactorySupplier;
import org.opendaylight.yangtools.yang.data.codec.gson.JsonParserStream;
import org.opendaylight.yangtools.yang.data.impl.schema.ImmutableNormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContextTree;
import org.opendaylight.yangtools.yang.model.api.ChoiceSchemaNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.LeafListSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ListSchemaNode;
import org.opendaylight.yangtools.yang.model.api.Module;
import org.opendaylight.yangtools.yang.model.api.SchemaContext;

/**
 * The schema of the NACM tests: ietf-netconf-acm, ietf-netconf, ietf-netconf-monitoring (from
 * the bundled models) and the example modules of RFC 8341 appendix A plus a few of our own;
 * JSON parsing and RESTCONF-style paths for the tests.
 */
final class NacmTestSchema {
    static final EffectiveModelContext SCHEMA = build();

    private NacmTestSchema() {
    }

    private static EffectiveModelContext build() {
        final List<YangSource> sources = new ArrayList<>(BundledModels.get().withDependencies(
            List.of("ietf-netconf-acm", "ietf-netconf", "ietf-netconf-monitoring")));
        for (String name : List.of("acme-netconf", "acme-itf", "acme-ext", "acme-system")) {
            sources.add(new YangSource(name, null,
                NacmTestSchema.class.getResource("/yang/" + name + ".yang")));
        }
        try {
            return SchemaBuilder.build(sources);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Parses an RFC 7951 document with one top-level node and returns that node. */
    static NormalizedNode json(final String json) {
        return root(json).body().iterator().next();
    }

    /** Parses an RFC 7951 document as the datastore root. */
    static ContainerNode root(final String json) {
        final var builder = ImmutableNodes.newContainerBuilder().withNodeIdentifier(
            NodeIdentifier.create(SchemaContext.NAME));
        try (var writer = ImmutableNormalizedNodeStreamWriter.from(builder);
             var parser = JsonParserStream.create(writer, JSONCodecFactorySupplier.RFC7951.getShared(SCHEMA))) {
            parser.parse(new JsonReader(new StringReader(json)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return builder.build();
    }

    /**
     * A RESTCONF-like path: {@code /module:node/list=key/leaf-list=value/...}; a step without a
     * prefix is in its parent's module.
     */
    static YangInstanceIdentifier path(final String text) {
        DataSchemaContext current = DataSchemaContextTree.from(SCHEMA).getRoot();
        final List<PathArgument> args = new ArrayList<>();
        Module module = null;
        for (String segment : text.substring(1).split("/")) {
            final int eq = segment.indexOf('=');
            final String qualified = eq < 0 ? segment : segment.substring(0, eq);
            final int colon = qualified.indexOf(':');
            if (colon > 0) {
                module = SCHEMA.findModules(qualified.substring(0, colon)).iterator().next();
            }
            final QName qname = QName.create(module.getQNameModule(), qualified.substring(colon + 1));
            DataSchemaContext child = ((DataSchemaContext.Composite) current).childByQName(qname);
            while (child.dataSchemaNode() instanceof ChoiceSchemaNode) {
                args.add(child.pathStep());
                child = ((DataSchemaContext.Composite) child).childByQName(qname);
            }
            args.add(NodeIdentifier.create(qname));
            if (eq >= 0) {
                final String value = segment.substring(eq + 1);
                final PathArgument entry;
                if (child.dataSchemaNode() instanceof ListSchemaNode list) {
                    entry = NodeIdentifierWithPredicates.of(qname, list.getKeyDefinition().get(0), value);
                } else if (child.dataSchemaNode() instanceof LeafListSchemaNode) {
                    entry = new NodeWithValue<>(qname, value);
                } else {
                    throw new IllegalArgumentException(segment + " is not a list");
                }
                args.add(entry);
                child = ((DataSchemaContext.Composite) child).childByArg(entry);
            }
            current = child;
        }
        return YangInstanceIdentifier.of(args);
    }

    static DataPath dataPath(final String text) {
        return DataPath.of(SCHEMA, text.equals("/") ? YangInstanceIdentifier.of() : path(text));
    }

    /** The node at a RESTCONF-like path inside a tree that starts at the datastore root. */
    static NormalizedNode at(final ContainerNode root, final String text) {
        return NormalizedNodes.findNode(root, path(text)).orElseThrow();
    }
}
