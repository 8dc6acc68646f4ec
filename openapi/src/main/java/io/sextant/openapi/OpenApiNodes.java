package io.sextant.openapi;

import static io.sextant.openapi.SchemaDocument.JSON;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The small building blocks of an OpenAPI document: operations, their parameters, request
 * bodies and responses, and the schema shapes the RESTCONF bodies share ({@code $ref}s,
 * arrays, a body's one top-level member).
 */
final class OpenApiNodes {
    static final String JSON_TYPE = "application/yang-data+json";
    static final String PATCH_TYPE = "application/yang-patch+json";
    static final String REF = "#/components/";

    private OpenApiNodes() {
    }

    /** A new operation {@code method} of {@code item}. */
    static ObjectNode op(final ObjectNode item, final String method, final String tag, final String summary) {
        final ObjectNode op = item.putObject(method);
        op.putArray("tags").add(tag);
        op.put("summary", summary);
        return op;
    }

    /** The query parameters of a read: content, depth, fields, with-defaults. */
    static void readParams(final ObjectNode op) {
        final ArrayNode params = parameters(op);
        for (String name : List.of("content", "depth", "fields", "with-defaults")) {
            params.addObject().put("$ref", REF + "parameters/" + name);
        }
    }

    /** The query parameters placing an entry of an ordered-by user list: insert, point. */
    static void positionParams(final ObjectNode op) {
        final ArrayNode params = parameters(op);
        params.addObject().put("$ref", REF + "parameters/insert");
        params.addObject().put("$ref", REF + "parameters/point");
    }

    private static ArrayNode parameters(final ObjectNode op) {
        return op.has("parameters") ? (ArrayNode) op.get("parameters") : op.putArray("parameters");
    }

    static ObjectNode response(final ObjectNode op, final String status, final String description) {
        final ObjectNode responses = op.has("responses") ? (ObjectNode) op.get("responses")
            : op.putObject("responses");
        final ObjectNode response = responses.putObject(status);
        response.put("description", description);
        return response;
    }

    /** 304 for a GET whose If-None-Match or If-Modified-Since holds. */
    static void conditional(final ObjectNode op) {
        response(op, "304", "Not modified (If-None-Match, If-Modified-Since)");
    }

    static void errors(final ObjectNode op) {
        ((ObjectNode) op.get("responses")).putObject("default").put("$ref", REF + "responses/error");
    }

    static void body(final ObjectNode op, final ObjectNode schemaNode) {
        op.putObject("requestBody").put("required", true).putObject("content").putObject(JSON_TYPE)
            .set("schema", schemaNode);
    }

    /** {@code {"member": value}}: a body's one top-level member. */
    static ObjectNode wrapper(final String member, final ObjectNode value, final boolean request) {
        final ObjectNode result = JSON.objectNode().put("type", "object");
        result.putObject("properties").set(member, value);
        result.putArray("required").add(member);
        if (request) {
            result.put("additionalProperties", false);
        }
        return result;
    }

    static ObjectNode ref(final String component) {
        return JSON.objectNode().put("$ref", REF + "schemas/" + component);
    }

    static ObjectNode array(final ObjectNode items) {
        final ObjectNode result = JSON.objectNode().put("type", "array");
        result.set("items", items);
        return result;
    }

    /** A list entry in a body: an array of exactly one entry. */
    static ObjectNode single(final ObjectNode items) {
        return array(items).put("minItems", 1).put("maxItems", 1);
    }
}
