package io.sextant.openapi;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.WeakHashMap;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * OpenAPI 3.0 documents of the RESTCONF API (RFC 8040, bodies in RFC 7951 JSON), generated
 * from a schema context and cached per context: the controller's own, and one per distinct
 * device schema context, whatever number of mount points share it. A document for a mount
 * point puts the context's paths below the mount point's own path.
 */
public final class OpenApiDocuments {
    /** The media type documents are served as. */
    public static final String MEDIA_TYPE = "application/json";
    public static final ObjectMapper MAPPER = new ObjectMapper();

    private final Map<EffectiveModelContext, SchemaDocument> cache = new WeakHashMap<>();

    /** The schema-dependent part of the documents of {@code schema}, generated on first use. */
    public SchemaDocument of(final EffectiveModelContext schema) {
        synchronized (cache) {
            final SchemaDocument known = cache.get(schema);
            if (known != null) {
                return known;
            }
        }
        // generated outside the lock: two threads may both generate a new context, one result is kept
        final SchemaDocument generated = new SchemaWalker(schema).document();
        synchronized (cache) {
            return cache.computeIfAbsent(schema, ctx -> generated);
        }
    }

    /**
     * The document for data at {@code mountPath} (empty for the controller's own datastore; an
     * api-path without leading slash for a mount point, such as
     * {@code network-topology:network-topology/topology=topology-netconf/node=R1/yang-ext:mount}).
     *
     * @param title the document's title
     * @param server the RESTCONF root the paths are relative to ({@code /rests})
     */
    public ObjectNode document(final EffectiveModelContext schema, final String mountPath, final String title,
            final String server) {
        final SchemaDocument parts = of(schema);
        final ObjectNode doc = SchemaDocument.JSON.objectNode();
        doc.put("openapi", "3.0.3");
        final ObjectNode info = doc.putObject("info");
        info.put("title", title);
        info.put("version", Integer.toHexString(parts.modules().hashCode()));
        info.put("description", "RESTCONF (RFC 8040) with RFC 7951 JSON bodies, generated from the YANG modules: "
            + String.join(", ", parts.modules()));
        doc.putArray("servers").addObject().put("url", server);
        final ArrayNode security = doc.putArray("security");
        security.addObject().putArray("basic");
        final ObjectNode paths = doc.putObject("paths");
        final String data = mountPath.isEmpty() ? "/data" : "/data/" + mountPath;
        final String operations = mountPath.isEmpty() ? "/operations" : "/operations/" + mountPath;
        paths.set(data, parts.dataRoot());
        parts.data().forEach((path, item) -> paths.set(data + path, item));
        if (mountPath.isEmpty()) {
            paths.set("/operations", PathItems.operationsList());
        }
        parts.operations().forEach((path, item) -> paths.set(operations + path, item));
        doc.set("components", parts.components());
        return doc;
    }
}
