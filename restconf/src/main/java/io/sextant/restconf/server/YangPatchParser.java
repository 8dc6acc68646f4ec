package io.sextant.restconf.server;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import io.sextant.spi.OperationError;
import io.sextant.spi.OperationErrorsException;
import io.sextant.restconf.api.ApiPath;
import io.sextant.restconf.api.Format;
import io.sextant.restconf.api.QueryParameters.Insert;
import io.sextant.restconf.api.RequestBody;
import java.io.ByteArrayInputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.w3c.dom.Element;

/**
 * Parses RFC 8072 YANG-Patch bodies. The envelope is read with Gson or DOM; each edit's value
 * is parsed by yangtools in the schema context of that edit's target.
 */
final class YangPatchParser {
    static final String PATCH_NS = "urn:ietf:params:xml:ns:yang:ietf-yang-patch";
    private static final Gson GSON = new Gson();

    /**
     * A parsed patch: its id, its edits in order, and each edit's target as the patch wrote it
     * (relative to the request target).
     */
    record Patch(String patchId, List<DataEdit> edits, List<String> targets) {
    }

    /** Resolves an edit target (relative to the request target) to a data target. */
    @FunctionalInterface
    interface TargetResolver {
        Target resolve(ApiPath path) throws OperationErrorsException;
    }

    private YangPatchParser() {
    }

    static Patch parse(final ApiPath base, final RequestBody body, final TargetResolver resolver)
            throws OperationErrorsException {
        return body.format() == Format.JSON ? parseJson(base, body, resolver) : parseXml(base, body, resolver);
    }

    private static Patch parseJson(final ApiPath base, final RequestBody body, final TargetResolver resolver)
            throws OperationErrorsException {
        final JsonObject root;
        try {
            final JsonElement parsed = JsonParser.parseReader(new InputStreamReader(body.stream(),
                StandardCharsets.UTF_8));
            root = parsed.getAsJsonObject();
        } catch (JsonParseException | IllegalStateException e) {
            throw malformed("Malformed YANG-Patch JSON: " + BodyParser.message(e));
        }
        final JsonElement patchElement = root.get("ietf-yang-patch:yang-patch");
        if (patchElement == null || !patchElement.isJsonObject()) {
            throw malformed("The body must be an object with member 'ietf-yang-patch:yang-patch'");
        }
        final JsonObject patch = patchElement.getAsJsonObject();
        final String patchId = string(patch, "patch-id", "yang-patch");
        final JsonElement editsElement = patch.get("edit");
        if (editsElement == null || !editsElement.isJsonArray()) {
            throw malformed("yang-patch '" + patchId + "' has no 'edit' list");
        }
        final JsonArray edits = editsElement.getAsJsonArray();
        final List<DataEdit> result = new ArrayList<>();
        final List<String> targets = new ArrayList<>();
        for (JsonElement element : edits) {
            if (!element.isJsonObject()) {
                throw malformed("Each edit must be an object");
            }
            final JsonObject edit = element.getAsJsonObject();
            final String editId = string(edit, "edit-id", "edit");
            final String operation = string(edit, "operation", "edit " + editId);
            final String targetPath = string(edit, "target", "edit " + editId);
            final Target target = resolveTarget(base, targetPath, editId, resolver);
            final JsonElement value = edit.get("value");
            NormalizedNode data = null;
            if (value != null) {
                final byte[] bytes = GSON.toJson(value).getBytes(StandardCharsets.UTF_8);
                data = parseValue(target, new RequestBody(Format.JSON, new ByteArrayInputStream(bytes)), editId);
            }
            final String where = edit.has("where") ? string(edit, "where", "edit " + editId) : null;
            final Target point = edit.has("point") ? resolveTarget(base, string(edit, "point", "edit " + editId),
                editId, resolver) : null;
            result.add(toEdit(editId, operation, target, data, where, point));
            targets.add(targetPath);
        }
        return new Patch(patchId, result, targets);
    }

    private static Patch parseXml(final ApiPath base, final RequestBody body, final TargetResolver resolver)
            throws OperationErrorsException {
        final Element root = BodyParser.document(body.stream()).getDocumentElement();
        if (!"yang-patch".equals(root.getLocalName()) || !PATCH_NS.equals(root.getNamespaceURI())) {
            throw malformed("The body must be a yang-patch element in namespace " + PATCH_NS);
        }
        String patchId = null;
        final List<DataEdit> result = new ArrayList<>();
        final List<String> targets = new ArrayList<>();
        for (Element child : BodyParser.childElements(root)) {
            switch (child.getLocalName()) {
                case "patch-id" -> patchId = child.getTextContent().trim();
                case "comment" -> {
                    // informative only
                }
                case "edit" -> {
                    String editId = null;
                    String operation = null;
                    String targetPath = null;
                    String where = null;
                    String pointPath = null;
                    Element value = null;
                    for (Element field : BodyParser.childElements(child)) {
                        switch (field.getLocalName()) {
                            case "edit-id" -> editId = field.getTextContent().trim();
                            case "operation" -> operation = field.getTextContent().trim();
                            case "target" -> targetPath = field.getTextContent().trim();
                            case "where" -> where = field.getTextContent().trim();
                            case "value" -> value = field;
                            case "point" -> pointPath = field.getTextContent().trim();
                            default -> {
                                // comment and extensions are informative
                            }
                        }
                    }
                    if (editId == null || operation == null || targetPath == null) {
                        throw malformed("An edit needs edit-id, operation and target");
                    }
                    final Target target = resolveTarget(base, targetPath, editId, resolver);
                    NormalizedNode data = null;
                    if (value != null) {
                        final List<Element> values = BodyParser.childElements(value);
                        if (values.size() != 1) {
                            throw invalid(editId, "value must hold exactly one element, has " + values.size());
                        }
                        data = target.isRoot() ? failRoot(editId)
                            : BodyParser.parseXmlResource(target, values.get(0));
                    }
                    final Target point = pointPath == null ? null
                        : resolveTarget(base, pointPath, editId, resolver);
                    result.add(toEdit(editId, operation, target, data, where, point));
                    targets.add(targetPath);
                }
                default -> throw malformed("Unexpected element " + child.getLocalName() + " in yang-patch");
            }
        }
        if (patchId == null) {
            throw malformed("yang-patch has no patch-id");
        }
        return new Patch(patchId, result, targets);
    }

    private static NormalizedNode failRoot(final String editId) throws OperationErrorsException {
        throw invalid(editId, "the target of an edit must be a data resource, not a datastore root");
    }

    private static Target resolveTarget(final ApiPath base, final String targetPath, final String editId,
            final TargetResolver resolver) throws OperationErrorsException {
        if (!targetPath.startsWith("/")) {
            throw invalid(editId, "target '" + targetPath + "' must start with '/'");
        }
        final ApiPath relative;
        try {
            relative = ApiPath.parse(targetPath.substring(1));
        } catch (IllegalArgumentException e) {
            throw invalid(editId, e.getMessage());
        }
        final List<ApiPath.Step> steps = new ArrayList<>(base.steps());
        steps.addAll(relative.steps());
        return resolver.resolve(new ApiPath(steps));
    }

    private static NormalizedNode parseValue(final Target target, final RequestBody body, final String editId)
            throws OperationErrorsException {
        try {
            return BodyParser.parseResource(target, body);
        } catch (OperationErrorsException e) {
            throw new OperationErrorsException(e.errors().stream()
                .map(err -> err.withInfo("edit-id " + editId)).toList(), e);
        }
    }

    private static DataEdit toEdit(final String editId, final String operation, final Target target,
            final @Nullable NormalizedNode data, final @Nullable String where, final @Nullable Target point)
            throws OperationErrorsException {
        final DataEdit.Operation op = switch (operation) {
            case "create" -> DataEdit.Operation.CREATE;
            case "delete" -> DataEdit.Operation.DELETE;
            case "insert" -> DataEdit.Operation.INSERT;
            case "merge" -> DataEdit.Operation.MERGE;
            case "move" -> DataEdit.Operation.MOVE;
            case "replace" -> DataEdit.Operation.REPLACE;
            case "remove" -> DataEdit.Operation.REMOVE;
            default -> throw invalid(editId, "unknown operation '" + operation + "'");
        };
        final boolean needsValue = switch (op) {
            case CREATE, INSERT, MERGE, REPLACE -> true;
            default -> false;
        };
        if (needsValue && data == null) {
            throw invalid(editId, "operation '" + operation + "' needs a value");
        }
        if (!needsValue && data != null) {
            throw invalid(editId, "operation '" + operation + "' takes no value");
        }
        Insert position = null;
        if (op.isPositional()) {
            position = where == null ? Insert.LAST : switch (where) {
                case "first" -> Insert.FIRST;
                case "last" -> Insert.LAST;
                case "before" -> Insert.BEFORE;
                case "after" -> Insert.AFTER;
                default -> throw invalid(editId, "unknown where '" + where + "': expected before, after, first "
                    + "or last");
            };
            if (position.needsPoint() != (point != null)) {
                throw invalid(editId, point == null ? "where '" + where + "' needs a point"
                    : "point goes only with where 'before' or 'after'");
            }
        } else if (where != null || point != null) {
            throw invalid(editId, "where and point go only with operations insert and move");
        }
        if (data != null && !target.path().isEmpty()) {
            final var expected = target.path().getLastPathArgument();
            final var actual = data.name();
            if (!expected.equals(actual)) {
                throw invalid(editId, "the value (" + actual + ") does not match the target (" + expected + ")");
            }
        }
        return new DataEdit(editId, op, target, data, position, point);
    }

    private static String string(final JsonObject object, final String member, final String where)
            throws OperationErrorsException {
        final JsonElement element = object.get(member);
        if (element == null || !element.isJsonPrimitive()) {
            throw malformed(where + " has no '" + member + "'");
        }
        return element.getAsString();
    }

    private static OperationErrorsException malformed(final String message) {
        return OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.MALFORMED_MESSAGE, message);
    }

    private static OperationErrorsException invalid(final String editId, final @Nullable String message) {
        return new OperationErrorsException(OperationError.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
            "edit " + editId + ": " + message).withInfo("edit-id " + editId));
    }
}
