package io.sextant.openapi;

import static io.sextant.openapi.OpenApiNodes.JSON_TYPE;
import static io.sextant.openapi.OpenApiNodes.PATCH_TYPE;
import static io.sextant.openapi.OpenApiNodes.REF;
import static io.sextant.openapi.OpenApiNodes.array;
import static io.sextant.openapi.OpenApiNodes.body;
import static io.sextant.openapi.OpenApiNodes.conditional;
import static io.sextant.openapi.OpenApiNodes.errors;
import static io.sextant.openapi.OpenApiNodes.op;
import static io.sextant.openapi.OpenApiNodes.positionParams;
import static io.sextant.openapi.OpenApiNodes.readParams;
import static io.sextant.openapi.OpenApiNodes.ref;
import static io.sextant.openapi.OpenApiNodes.response;
import static io.sextant.openapi.OpenApiNodes.single;
import static io.sextant.openapi.OpenApiNodes.wrapper;
import static io.sextant.openapi.SchemaDocument.JSON;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.model.api.DataSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ListSchemaNode;

/**
 * The path items of a document: the methods RESTCONF offers on the datastore root, on a
 * container or list entry (GET; PUT, PATCH, DELETE and POST of children where it is
 * configuration), on an RPC or action (POST), and on {@code /operations}. The schemas they
 * refer to are named, not built, here.
 */
final class PathItems {
    private final ModuleNames names;

    PathItems(final ModuleNames names) {
        this.names = names;
    }

    /** GET /operations: the list of RPCs. */
    static ObjectNode operationsList() {
        final ObjectNode item = JSON.objectNode();
        final ObjectNode get = item.putObject("get");
        get.put("summary", "The RPCs this server offers");
        final ObjectNode responses = get.putObject("responses");
        final ObjectNode ok = responses.putObject("200");
        ok.put("description", "ietf-restconf:operations");
        final ObjectNode body = ok.putObject("content").putObject(JSON_TYPE).putObject("schema");
        body.put("type", "object");
        body.putObject("properties").putObject("ietf-restconf:operations").put("type", "object");
        responses.putObject("default").put("$ref", REF + "responses/error");
        return item;
    }

    /**
     * The path item of a container or list entry.
     *
     * @param component its component name (its write schema is {@code component.write})
     * @param params its path parameters (list keys on the way)
     * @param config whether it is configuration (writable)
     * @param writeProps the members of its write schema
     */
    ObjectNode data(final DataSchemaNode node, final String component, final List<ObjectNode> params,
            final boolean config, final ObjectNode writeProps) {
        final ObjectNode item = JSON.objectNode();
        parameters(item, params);
        final String member = names.qualified(node.getQName());
        final boolean entry = node instanceof ListSchemaNode;
        final String tag = names.of(node.getQName().getModule());

        final ObjectNode get = op(item, "get", tag, "Read " + member);
        readParams(get);
        final ObjectNode ok = response(get, "200", "The resource, with its module-qualified name");
        ok.putObject("content").putObject(JSON_TYPE).set("schema", wrapper(member, entry ? array(ref(component))
            : ref(component), false));
        conditional(get);
        errors(get);
        if (!config) {
            return item;
        }
        final boolean ordered = node instanceof ListSchemaNode list && list.isUserOrdered();
        final ObjectNode put = op(item, "put", tag, "Create or replace " + member);
        if (ordered) {
            positionParams(put);
        }
        body(put, wrapper(member, entry ? single(ref(component + ".write")) : ref(component + ".write"), true));
        response(put, "201", "Created");
        response(put, "204", "Replaced");
        errors(put);

        patch(item, tag, "Merge into " + member + ", or apply a YANG-Patch", wrapper(member, entry
            ? single(ref(component + ".write")) : ref(component + ".write"), true));

        final ObjectNode delete = op(item, "delete", tag, "Delete " + member);
        response(delete, "204", "Deleted");
        errors(delete);

        final ObjectNode creatable = childResources(writeProps, node.getQName().getModule());
        if (creatable.size() > 0) {
            final ObjectNode post = op(item, "post", tag, "Create a child resource of " + member);
            positionParams(post);
            body(post, childBody(creatable));
            response(post, "201", "Created; Location names the new resource");
            errors(post);
        }
        return item;
    }

    /** The root of the datastore (or mount point): every top-level node, as read and as written. */
    ObjectNode root(final ObjectNode read, final ObjectNode write) {
        final ObjectNode item = JSON.objectNode();
        final ObjectNode get = op(item, "get", "datastore", "Read the whole datastore");
        readParams(get);
        final ObjectNode readSchema = JSON.objectNode().put("type", "object");
        readSchema.set("properties", read);
        response(get, "200", "ietf-restconf:data").putObject("content").putObject(JSON_TYPE).set("schema",
            wrapper("ietf-restconf:data", readSchema, false));
        conditional(get);
        errors(get);
        final ObjectNode writeSchema = JSON.objectNode().put("type", "object");
        writeSchema.set("properties", write);
        writeSchema.put("additionalProperties", false);
        final ObjectNode put = op(item, "put", "datastore", "Replace the whole datastore");
        body(put, wrapper("ietf-restconf:data", writeSchema, true));
        response(put, "204", "Replaced");
        errors(put);
        patch(item, "datastore", "Merge into the datastore, or apply a YANG-Patch",
            wrapper("ietf-restconf:data", writeSchema, true));
        final ObjectNode creatable = childResources(write, null);
        if (creatable.size() > 0) {
            final ObjectNode post = op(item, "post", "datastore", "Create a top-level resource");
            body(post, childBody(creatable));
            response(post, "201", "Created; Location names the new resource");
            errors(post);
        }
        return item;
    }

    /**
     * The path item of an RPC or action: POST with input, answering output or 204.
     *
     * @param kind {@code RPC} or {@code action}
     * @param input the component of its input, null without input
     * @param output the component of its output, null without output
     */
    static ObjectNode operation(final String kind, final String module, final String localName,
            final List<ObjectNode> params, final @Nullable String input, final @Nullable String output) {
        final ObjectNode item = JSON.objectNode();
        parameters(item, params);
        final ObjectNode post = op(item, "post", module, "Invoke the " + kind + " " + module + ":" + localName);
        if (input != null) {
            post.putObject("requestBody").put("required", false).putObject("content").putObject(JSON_TYPE)
                .set("schema", wrapper(module + ":input", ref(input), true));
        }
        if (output != null) {
            response(post, "200", "The output").putObject("content").putObject(JSON_TYPE).set("schema",
                wrapper(module + ":output", ref(output), false));
        }
        response(post, "204", "Done, without output");
        errors(post);
        return item;
    }

    private static void parameters(final ObjectNode item, final List<ObjectNode> params) {
        if (!params.isEmpty()) {
            final ArrayNode parameters = item.putArray("parameters");
            params.forEach(parameters::add);
        }
    }

    /** PATCH: a plain merge of {@code mergeBody}, or a YANG-Patch. */
    private static void patch(final ObjectNode item, final String tag, final String summary,
            final ObjectNode mergeBody) {
        final ObjectNode patch = op(item, "patch", tag, summary);
        final ObjectNode content = patch.putObject("requestBody").put("required", true).putObject("content");
        content.putObject(JSON_TYPE).set("schema", mergeBody);
        content.putObject(PATCH_TYPE).set("schema", ref("ietf-yang-patch.yang-patch"));
        response(patch, "204", "Merged");
        response(patch, "200", "YANG-Patch applied").putObject("content").putObject(PATCH_TYPE)
            .set("schema", ref("ietf-yang-patch.yang-patch-status"));
        errors(patch);
    }

    /** The members of a write schema that POST can create (containers, lists, leaf-lists), module-qualified. */
    private ObjectNode childResources(final ObjectNode writeProps, final @Nullable QNameModule module) {
        final ObjectNode result = JSON.objectNode();
        writeProps.fields().forEachRemaining(field -> {
            final var value = field.getValue();
            final boolean resource = value.has("$ref") || "array".equals(value.path("type").asText());
            if (resource) {
                final String name = field.getKey().contains(":") || module == null ? field.getKey()
                    : names.of(module) + ":" + field.getKey();
                result.set(name, value.has("items") && value.get("items").has("$ref")
                    ? single((ObjectNode) value.get("items")) : value);
            }
        });
        return result;
    }

    private static ObjectNode childBody(final ObjectNode creatable) {
        final ObjectNode body = JSON.objectNode().put("type", "object");
        body.set("properties", creatable);
        body.put("minProperties", 1).put("maxProperties", 1).put("additionalProperties", false);
        return body;
    }
}
