package io.sextant.uniconfig;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import io.sextant.datastore.CommitValidator;
import io.sextant.spi.OperationErrorsException;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;

/**
 * Refuses a template whose configuration is not a JSON object, or whose operation path does
 * not begin with a module name, when it is stored: what depends on a node's schema (names,
 * values, paths) is checked when it is applied.
 */
final class TemplateValidator implements CommitValidator {
    @Override
    public void validate(final DataTreeCandidate candidate) throws OperationErrorsException {
        final NormalizedNode root = candidate.getRootNode().dataAfter();
        if (root == null || !(NormalizedNodes.findNode(root, TemplateStore.ALL).orElse(null) instanceof MapNode all)) {
            return;
        }
        for (MapEntryNode entry : all.body()) {
            final Template template = TemplateStore.template(String.valueOf(entry.name().getValue(TemplateStore.NAME)),
                entry);
            check(template);
        }
    }

    private static void check(final Template template) throws OperationErrorsException {
        final JsonElement configuration;
        try {
            configuration = JsonParser.parseString(template.configuration());
        } catch (JsonParseException e) {
            throw refused(template, "its configuration is not valid JSON: " + e.getMessage());
        }
        if (!(configuration instanceof JsonObject)) {
            throw refused(template, "its configuration must be a JSON object of top-level nodes "
                + "({\"module:name\": ...})");
        }
        for (Template.Operation operation : template.operations()) {
            final String path = operation.path().startsWith("/") ? operation.path().substring(1) : operation.path();
            final String first = path.split("/", -1)[0];
            final String identifier = first.contains("=") ? first.substring(0, first.indexOf('=')) : first;
            if (identifier.indexOf(':') <= 0) {
                throw refused(template, "operation path '" + operation.path() + "' must begin with module:name");
            }
        }
    }

    private static OperationErrorsException refused(final Template template, final String why) {
        return OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.INVALID_VALUE, "Template " + template.name()
            + ": " + why);
    }
}
