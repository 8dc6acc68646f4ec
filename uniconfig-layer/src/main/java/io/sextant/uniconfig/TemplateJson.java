package io.sextant.uniconfig;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext.Composite;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext.PathMixin;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContextTree;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.LeafListSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ListSchemaNode;

/**
 * A template's JSON with one node's variable values put in: every string value is replaced by
 * {@link Variables#substitute}. Walking the JSON along the node's schema, it names each value by
 * its api-path ({@code openconfig-interfaces:interfaces/interface=eth1/config/mtu}), so an
 * error can say where a variable without value, or a value the schema refuses, is.
 */
final class TemplateJson {
    /** A string value that held variables: where it is, and what it became. */
    record Substituted(String path, String template, String value) {
    }

    private final EffectiveModelContext schema;
    private final Map<String, String> values;
    private final List<Substituted> substituted = new ArrayList<>();

    private TemplateJson(final EffectiveModelContext schema, final Map<String, String> values) {
        this.schema = schema;
        this.values = values;
    }

    /** The values of {@code template} that held variables, after {@link #substitute}. */
    List<Substituted> substituted() {
        return substituted;
    }

    static TemplateJson of(final EffectiveModelContext schema, final Map<String, String> values) {
        return new TemplateJson(schema, values);
    }

    /** A copy of {@code root} (a JSON object of top-level nodes) with the values put in. */
    JsonObject substitute(final JsonObject root) throws TemplateFailure {
        return object(root, DataSchemaContextTree.from(schema).getRoot(), null, "");
    }

    private JsonObject object(final JsonObject in, final @Nullable DataSchemaContext context,
            final @Nullable String module, final String path) throws TemplateFailure {
        final JsonObject out = new JsonObject();
        for (Map.Entry<String, JsonElement> member : in.entrySet()) {
            final String name = member.getKey();
            final int colon = name.indexOf(':');
            final String childModule = colon > 0 ? name.substring(0, colon) : module;
            final String step = path.isEmpty() ? name : path + "/" + name;
            final DataSchemaContext child = child(context, childModule, colon > 0 ? name.substring(colon + 1) : name);
            out.add(name, element(member.getValue(), child, childModule, step));
        }
        return out;
    }

    private JsonElement element(final JsonElement in, final @Nullable DataSchemaContext context,
            final @Nullable String module, final String path) throws TemplateFailure {
        if (in instanceof JsonObject object) {
            return object(object, context, module, path);
        }
        if (in instanceof JsonArray array) {
            final JsonArray out = new JsonArray(array.size());
            final DataSchemaContext entry = entryOf(context);
            for (JsonElement item : array) {
                if (item instanceof JsonObject object) {
                    out.add(object(object, entry, module, path + keyPart(object, context, path)));
                } else {
                    out.add(element(item, entry, module, path));
                }
            }
            return out;
        }
        if (in instanceof JsonPrimitive primitive && primitive.isString() && Variables.hasAny(primitive.getAsString())) {
            final String value = Variables.substitute(primitive.getAsString(), values, path);
            substituted.add(new Substituted(path, primitive.getAsString(), value));
            return new JsonPrimitive(value);
        }
        return in;
    }

    private @Nullable DataSchemaContext child(final @Nullable DataSchemaContext parent, final @Nullable String module,
            final String localName) {
        if (!(parent instanceof Composite composite) || module == null) {
            return null;
        }
        final var found = schema.findModules(module).stream().findFirst();
        if (found.isEmpty()) {
            return null;
        }
        final QName name;
        try {
            name = QName.create(found.orElseThrow().getQNameModule(), localName);
        } catch (IllegalArgumentException e) {
            return null;
        }
        DataSchemaContext next = composite.childByQName(name);
        // through choices and cases, which JSON does not show, to the list, leaf-list or node itself
        while (next instanceof PathMixin mixin && !(mixin.dataSchemaNode() instanceof ListSchemaNode)
                && !(mixin.dataSchemaNode() instanceof LeafListSchemaNode)) {
            next = mixin.childByQName(name);
        }
        return next;
    }

    private static @Nullable DataSchemaContext entryOf(final @Nullable DataSchemaContext list) {
        return list instanceof PathMixin mixin ? mixin.childByQName(mixin.dataSchemaNode().getQName()) : null;
    }

    /** {@code =k1,k2} of a list entry, as in an api-path (empty when the keys are not known). */
    private String keyPart(final JsonObject entry, final @Nullable DataSchemaContext list, final String path)
            throws TemplateFailure {
        if (list == null || !(list.dataSchemaNode() instanceof ListSchemaNode schemaNode)
                || schemaNode.getKeyDefinition().isEmpty()) {
            return "";
        }
        final List<String> parts = new ArrayList<>();
        for (QName key : schemaNode.getKeyDefinition()) {
            final JsonElement value = entry.get(key.getLocalName());
            if (value == null || !value.isJsonPrimitive()) {
                return "";
            }
            parts.add(Variables.substitute(value.getAsString(), values, path));
        }
        return "=" + String.join(",", parts);
    }
}
