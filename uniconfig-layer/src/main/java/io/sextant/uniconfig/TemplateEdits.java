package io.sextant.uniconfig;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import io.sextant.spi.Edit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * A template made into the edits of one node's intent: its configuration, with the node's
 * variable values, merged at the root; then each per-subtree operation, shallowest first
 * (replace and create write the template's subtree as it is, delete and remove take it away).
 */
final class TemplateEdits {
    private TemplateEdits() {
    }

    /**
     * @param intent the node's intent the edits apply to (the transaction's view of it)
     * @throws TemplateFailure naming the variable, value or path that keeps the template from the node
     */
    static List<Edit> of(final Template template, final Map<String, String> values,
            final EffectiveModelContext schema, final NormalizedNode intent) throws TemplateFailure {
        final TemplateJson json = TemplateJson.of(schema, values);
        final ContainerNode data = TemplateData.parse(json.substitute(configuration(template)), schema,
            json.substituted());
        final List<Edit> edits = new ArrayList<>();
        for (DataContainerChild top : data.body()) {
            edits.add(Edit.merge(YangInstanceIdentifier.of(top.name()), top));
        }
        for (Template.Operation operation : template.operations()) {
            final String text = Variables.substitute(operation.path(), values, "operation path " + operation.path());
            final YangInstanceIdentifier path = TemplatePath.parse(text, schema);
            final @Nullable NormalizedNode subtree = NormalizedNodes.findNode(data, path).orElse(null);
            final boolean exists = NormalizedNodes.findNode(intent, path).isPresent();
            switch (operation.kind()) {
                case MERGE -> edits.add(Edit.merge(path, required(subtree, operation, text)));
                case REPLACE -> edits.add(Edit.replace(path, required(subtree, operation, text)));
                case CREATE -> {
                    if (exists) {
                        throw new TemplateFailure("Operation create: " + text + " already exists in the node's "
                            + "intended configuration");
                    }
                    edits.add(Edit.replace(path, required(subtree, operation, text)));
                }
                case DELETE -> {
                    if (!exists) {
                        throw new TemplateFailure("Operation delete: " + text + " does not exist in the node's "
                            + "intended configuration");
                    }
                    edits.add(Edit.remove(path));
                }
                case REMOVE -> edits.add(Edit.remove(path));
                default -> throw new IllegalStateException(operation.kind().name());
            }
        }
        return edits;
    }

    private static JsonObject configuration(final Template template) throws TemplateFailure {
        final JsonElement parsed;
        try {
            parsed = JsonParser.parseString(template.configuration());
        } catch (JsonParseException e) {
            throw new TemplateFailure("Template " + template.name() + ": its configuration is not valid JSON: "
                + e.getMessage());
        }
        if (!(parsed instanceof JsonObject object)) {
            throw new TemplateFailure("Template " + template.name() + ": its configuration must be a JSON object of "
                + "top-level nodes ({\"module:name\": ...})");
        }
        return object;
    }

    private static NormalizedNode required(final @Nullable NormalizedNode subtree,
            final Template.Operation operation, final String path) throws TemplateFailure {
        if (subtree == null) {
            throw new TemplateFailure("Operation " + operation.kind().name().toLowerCase(Locale.ROOT)
                + ": the template's configuration has no data at " + path);
        }
        return subtree;
    }
}
