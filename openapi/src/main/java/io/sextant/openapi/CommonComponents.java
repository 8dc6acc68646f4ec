package io.sextant.openapi;

import static io.sextant.openapi.OpenApiNodes.JSON_TYPE;
import static io.sextant.openapi.OpenApiNodes.ref;
import static io.sextant.openapi.SchemaDocument.JSON;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The components every document has, whatever its schema: the RFC 8040 errors body, the
 * YANG-Patch request and status bodies (RFC 8072), the query parameters, the error response
 * and the basic authentication scheme.
 */
final class CommonComponents {
    private CommonComponents() {
    }

    /** A new {@code components} object, its {@code schemas} first (the schema's own are added there). */
    static ObjectNode create() {
        final ObjectNode components = JSON.objectNode();
        final ObjectNode schemas = components.putObject("schemas");
        errors(schemas);
        patch(schemas);
        patchStatus(schemas);

        final ObjectNode params = components.putObject("parameters");
        query(params, "content", "Which data to return (RFC 8040 4.8.1)", JSON.objectNode().put("type", "string")
            .set("enum", JSON.arrayNode().add("config").add("nonconfig").add("all")));
        final ObjectNode depth = JSON.objectNode();
        final ArrayNode depthOf = depth.putArray("anyOf");
        depthOf.addObject().put("type", "integer").put("minimum", 1).put("maximum", 65535);
        depthOf.addObject().put("type", "string").putArray("enum").add("unbounded");
        query(params, "depth", "How many levels to return (RFC 8040 4.8.2)", depth);
        query(params, "fields", "Which nodes to return (RFC 8040 4.8.3)", JSON.objectNode().put("type", "string"));
        query(params, "with-defaults", "How to report default values (RFC 8040 4.8.9)", JSON.objectNode()
            .put("type", "string").set("enum", JSON.arrayNode().add("report-all").add("report-all-tagged")
                .add("trim").add("explicit")));
        query(params, "insert", "Where to put a new entry of an ordered-by user list (RFC 8040 4.8.5)",
            JSON.objectNode().put("type", "string").set("enum", JSON.arrayNode().add("first").add("last")
                .add("before").add("after")));
        query(params, "point", "The api-path of the entry insert=before/after refers to (RFC 8040 4.8.6)",
            JSON.objectNode().put("type", "string"));

        final ObjectNode errorResponse = components.putObject("responses").putObject("error");
        errorResponse.put("description", "An RFC 8040 errors body; the status follows its error-tag");
        errorResponse.putObject("content").putObject(JSON_TYPE).set("schema", ref("ietf-restconf.errors"));

        components.putObject("securitySchemes").putObject("basic").put("type", "http").put("scheme", "basic");
        return components;
    }

    private static void errors(final ObjectNode schemas) {
        final ObjectNode errors = schemas.putObject("ietf-restconf.errors");
        errors.put("type", "object");
        final ObjectNode error = errors.putObject("properties").putObject("ietf-restconf:errors").put("type", "object")
            .putObject("properties").putObject("error").put("type", "array").putObject("items").put("type", "object");
        final ObjectNode errorProps = error.putObject("properties");
        errorProps.putObject("error-type").put("type", "string").putArray("enum").add("transport").add("rpc")
            .add("protocol").add("application");
        errorProps.putObject("error-tag").put("type", "string");
        errorProps.putObject("error-app-tag").put("type", "string");
        errorProps.putObject("error-path").put("type", "string");
        errorProps.putObject("error-message").put("type", "string");
        errorProps.putObject("error-info").put("type", "object");
        error.putArray("required").add("error-type").add("error-tag");
    }

    private static void patch(final ObjectNode schemas) {
        final ObjectNode patch = schemas.putObject("ietf-yang-patch.yang-patch");
        patch.put("type", "object");
        patch.putArray("required").add("ietf-yang-patch:yang-patch");
        final ObjectNode patchBody = patch.putObject("properties").putObject("ietf-yang-patch:yang-patch")
            .put("type", "object");
        patchBody.putArray("required").add("patch-id").add("edit");
        final ObjectNode patchProps = patchBody.putObject("properties");
        patchProps.putObject("patch-id").put("type", "string");
        patchProps.putObject("comment").put("type", "string");
        final ObjectNode edit = patchProps.putObject("edit").put("type", "array").putObject("items")
            .put("type", "object");
        edit.putArray("required").add("edit-id").add("operation").add("target");
        final ObjectNode editProps = edit.putObject("properties");
        editProps.putObject("edit-id").put("type", "string");
        editProps.putObject("operation").put("type", "string").putArray("enum").add("create").add("delete")
            .add("insert").add("merge").add("move").add("replace").add("remove");
        editProps.putObject("target").put("type", "string").put("description", "api-path relative to the target");
        editProps.putObject("point").put("type", "string");
        editProps.putObject("where").put("type", "string").putArray("enum").add("before").add("after")
            .add("first").add("last");
        editProps.putObject("value").put("type", "object");
    }

    private static void patchStatus(final ObjectNode schemas) {
        final ObjectNode status = schemas.putObject("ietf-yang-patch.yang-patch-status");
        status.put("type", "object");
        final ObjectNode statusBody = status.putObject("properties").putObject("ietf-yang-patch:yang-patch-status")
            .put("type", "object");
        final ObjectNode statusProps = statusBody.putObject("properties");
        statusProps.putObject("patch-id").put("type", "string");
        final ObjectNode ok = statusProps.putObject("ok").put("type", "array").put("minItems", 1).put("maxItems", 1);
        ok.putObject("items").put("nullable", true).putArray("enum").addNull();
        statusProps.putObject("errors").put("type", "object");
        statusProps.putObject("edit-status").put("type", "object");
    }

    private static void query(final ObjectNode params, final String name, final String description,
            final ObjectNode schemaNode) {
        final ObjectNode param = params.putObject(name);
        param.put("name", name).put("in", "query").put("required", false).put("description", description);
        param.set("schema", schemaNode);
    }
}
