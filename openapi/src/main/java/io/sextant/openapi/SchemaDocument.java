package io.sextant.openapi;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;

/**
 * The part of an OpenAPI document that depends only on a schema context: the path items of
 * its data resources and operations, relative to the datastore (or mount point) root, and the
 * components they refer to. Built once per schema context by {@link SchemaWalker}; never
 * changed afterwards, so documents for every mount point of that context share its nodes.
 *
 * @param dataRoot the path item of the datastore (or mount point) root itself
 * @param data path items below the root, keyed by their path relative to it ({@code /module:top/...})
 * @param operations RPC path items, keyed by {@code /module:rpc}
 * @param components the document's {@code components}
 * @param modules the schema's modules, as {@code name@revision}, sorted
 */
public record SchemaDocument(ObjectNode dataRoot, Map<String, ObjectNode> data, Map<String, ObjectNode> operations,
        ObjectNode components, List<String> modules) {

    static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    /** The number of paths a document of this schema has. */
    public int pathCount() {
        return 1 + data.size() + operations.size();
    }
}
