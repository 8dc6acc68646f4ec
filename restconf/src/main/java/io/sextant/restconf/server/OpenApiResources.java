package io.sextant.restconf.server;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.DataService;
import io.sextant.spi.ReadScope;
import io.sextant.spi.RequestContext;
import io.sextant.openapi.OpenApiDocuments;
import io.sextant.restconf.api.ApiPath;
import io.sextant.restconf.api.Format;
import io.sextant.restconf.api.FormattableBody;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.Module;

/**
 * The OpenAPI documents (built with Jackson by {@link OpenApiDocuments}, cached per schema
 * context): the controller's own, and one per distinct device schema context, served for each
 * mount point at {@code /openapi/data/<its api-path>}. The list finds mount points among the
 * nodes of every topology: a node's {@code yang-ext:mount}, and its
 * {@code uniconfig-topology:configuration} where that module is loaded; mount points that do
 * not answer now (a device not connected) are left out.
 */
final class OpenApiResources {
    private static final String NETWORK_TOPOLOGY = "network-topology";
    private static final String SERVER = "/rests";
    private static final String UNICONFIG_CONFIGURATION = "uniconfig-topology:configuration";

    private final PathResolver resolver;
    private final EffectiveModelContext schema;
    private final DataService data;
    private final OpenApiDocuments documents = new OpenApiDocuments();

    OpenApiResources(final PathResolver resolver, final EffectiveModelContext schema, final DataService data) {
        this.resolver = resolver;
        this.schema = schema;
        this.data = data;
    }

    FormattableBody controller() {
        return new Document(documents.document(schema, "", "Sextant RESTCONF: the controller's own modules", SERVER));
    }

    FormattableBody mount(final ApiPath path) throws OperationErrorsException {
        final Target target = resolver.resolveData(path);
        if (path.isEmpty() || !target.isRoot()) {
            throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE, "/rests/data" + path
                + " is not a mount point: GET /openapi lists the mount points that have a document");
        }
        final String mountPath = path.encoded().substring(1);
        return new Document(documents.document(target.codecs().schema(), mountPath,
            "Sextant RESTCONF: /rests/data/" + mountPath, SERVER));
    }

    CompletionStage<FormattableBody> list(final RequestContext context) {
        final QName topology = qname("network-topology");
        if (topology == null) {
            return CompletableFuture.completedFuture(new Document(listing(Map.of())));
        }
        return data.read(ReadScope.ALL, YangInstanceIdentifier.of(NodeIdentifier.create(topology)), context)
            .thenApply(topologies -> new Document(listing(mountPoints(topologies.orElse(null)))));
    }

    /** Mount points by schema context (identity: devices with the same module set share one). */
    private Map<EffectiveModelContext, List<String>> mountPoints(final @Nullable NormalizedNode topologies) {
        final Map<EffectiveModelContext, List<String>> result = new IdentityHashMap<>();
        final boolean uniconfig = !schema.findModules("uniconfig-topology").isEmpty();
        for (MapEntryNode topology : entries(topologies, "topology")) {
            final String topologyId = leaf(topology, "topology-id");
            for (MapEntryNode node : entries(topology, "node")) {
                final String base = NETWORK_TOPOLOGY + ":network-topology/topology=" + ApiPath.encodeKey(topologyId)
                    + "/node=" + ApiPath.encodeKey(leaf(node, "node-id"));
                add(result, base + "/yang-ext:mount");
                if (uniconfig) {
                    add(result, base + "/" + UNICONFIG_CONFIGURATION);
                }
            }
        }
        return result;
    }

    private void add(final Map<EffectiveModelContext, List<String>> result, final String mountPath) {
        try {
            final Target target = resolver.resolveData(ApiPath.parse(mountPath));
            if (!target.isRoot()) {
                // a container of the controller's own schema where no mount point is registered
                return;
            }
            result.computeIfAbsent(target.codecs().schema(), ctx -> new ArrayList<>()).add(mountPath);
        } catch (OperationErrorsException | IllegalArgumentException e) {
            // not a mount point, or not one that answers now
        }
    }

    private ObjectNode listing(final Map<EffectiveModelContext, List<String>> mounts) {
        final ObjectNode root = JsonNodeFactory.instance.objectNode();
        final ArrayNode docs = root.putArray("documents");
        final ObjectNode controller = docs.addObject();
        controller.put("name", "controller");
        controller.put("description", "The controller's own modules");
        controller.put("url", "/openapi/controller");
        controller.put("module-count", schema.getModules().size());
        final Map<String, ObjectNode> byId = new LinkedHashMap<>();
        mounts.forEach((context, paths) -> {
            final List<String> modules = modules(context);
            final ObjectNode doc = JsonNodeFactory.instance.objectNode();
            doc.put("name", "schema-context-" + Integer.toHexString(modules.hashCode()));
            doc.put("description", "A device schema context, shared by the mount points below");
            final ArrayNode moduleArray = doc.putArray("modules");
            modules.forEach(moduleArray::add);
            final ArrayNode points = doc.putArray("mount-points");
            paths.stream().sorted().forEach(path -> points.addObject().put("path", "/rests/data/" + path)
                .put("url", "/openapi/data/" + path));
            byId.put(doc.get("name").asText() + paths.get(0), doc);
        });
        byId.keySet().stream().sorted().forEach(key -> docs.add(byId.get(key)));
        return root;
    }

    private static List<String> modules(final EffectiveModelContext context) {
        return context.getModules().stream()
            .map(m -> m.getName() + m.getRevision().map(r -> "@" + r).orElse(""))
            .sorted().toList();
    }

    private @Nullable QName qname(final String local) {
        return schema.findModules(NETWORK_TOPOLOGY).stream().findFirst()
            .map(Module::getQNameModule).map(m -> QName.create(m, local)).orElse(null);
    }

    private Collection<MapEntryNode> entries(final @Nullable NormalizedNode parent, final String list) {
        final QName name = qname(list);
        if (name == null || !(parent instanceof DataContainerNode container)) {
            return List.of();
        }
        final var child = container.childByArg(NodeIdentifier.create(name));
        return child instanceof MapNode map ? map.body() : List.of();
    }

    private String leaf(final MapEntryNode entry, final String name) {
        final var child = entry.childByArg(NodeIdentifier.create(qname(name)));
        return child instanceof LeafNode<?> leaf ? String.valueOf(leaf.body()) : "";
    }

    /** A JSON document written with Jackson, whatever the request accepts. */
    private record Document(ObjectNode json) implements FormattableBody {
        @Override
        public void writeTo(final Format format, final boolean pretty, final OutputStream out) throws IOException {
            (pretty ? OpenApiDocuments.MAPPER.writerWithDefaultPrettyPrinter() : OpenApiDocuments.MAPPER.writer())
                .writeValue(out, json);
        }

        @Override
        public Optional<String> mediaType() {
            return Optional.of(OpenApiDocuments.MEDIA_TYPE);
        }
    }
}
