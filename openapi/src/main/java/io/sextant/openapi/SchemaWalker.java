package io.sextant.openapi;

import static io.sextant.openapi.OpenApiNodes.array;
import static io.sextant.openapi.OpenApiNodes.ref;
import static io.sextant.openapi.SchemaDocument.JSON;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.model.api.ActionDefinition;
import org.opendaylight.yangtools.yang.model.api.ActionNodeContainer;
import org.opendaylight.yangtools.yang.model.api.AnydataSchemaNode;
import org.opendaylight.yangtools.yang.model.api.AnyxmlSchemaNode;
import org.opendaylight.yangtools.yang.model.api.CaseSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ChoiceSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ContainerSchemaNode;
import org.opendaylight.yangtools.yang.model.api.DataNodeContainer;
import org.opendaylight.yangtools.yang.model.api.DataSchemaNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.LeafListSchemaNode;
import org.opendaylight.yangtools.yang.model.api.LeafSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ListSchemaNode;
import org.opendaylight.yangtools.yang.model.api.Module;
import org.opendaylight.yangtools.yang.model.api.OperationDefinition;
import org.opendaylight.yangtools.yang.model.api.RpcDefinition;
import org.opendaylight.yangtools.yang.model.api.TypeDefinition;
import org.opendaylight.yangtools.yang.model.util.SchemaInferenceStack;

/**
 * Walks one schema context into a {@link SchemaDocument}: a path item for every container and
 * list entry (list keys as path parameters), for every RPC and action; a component schema for
 * every container and list entry in two variants, as read ({@code name}: every node, nothing
 * required, since {@code depth} and {@code fields} may leave anything out) and as written
 * ({@code name.write}: configuration only, keys and mandatory leaves required, nothing else
 * allowed); choices are flattened into their parent. Leaf types are {@link TypeSchemas}', the
 * path items {@link PathItems}', the components every document has {@link CommonComponents}'.
 */
final class SchemaWalker {
    private final EffectiveModelContext schema;
    private final SchemaInferenceStack stack;
    private final ObjectNode components = CommonComponents.create();
    private final ObjectNode schemas = (ObjectNode) components.get("schemas");
    private final ModuleNames names;
    private final TypeSchemas types;
    private final PathItems items;
    private final Map<String, ObjectNode> data = new TreeMap<>();
    private final Map<String, ObjectNode> operations = new TreeMap<>();

    SchemaWalker(final EffectiveModelContext schema) {
        this.schema = schema;
        this.stack = SchemaInferenceStack.of(schema);
        names = new ModuleNames(schema);
        types = new TypeSchemas(schema, names, schemas);
        items = new PathItems(names);
    }

    SchemaDocument document() {
        final ObjectNode rootRead = JSON.objectNode();
        final ObjectNode rootWrite = JSON.objectNode();
        final List<String> modules = new ArrayList<>();
        final List<Module> sorted = new ArrayList<>(schema.getModules());
        sorted.sort(Comparator.comparing(Module::getName));
        for (Module module : sorted) {
            modules.add(module.getName() + module.getRevision().map(r -> "@" + r).orElse(""));
            for (DataSchemaNode child : module.getChildNodes()) {
                member(child, null, "", List.of(), true, "", rootRead, rootWrite, new ArrayList<>());
            }
            for (RpcDefinition rpc : module.getRpcs()) {
                stack.enterSchemaTree(rpc.getQName());
                operations.put("/" + module.getName() + ":" + rpc.getQName().getLocalName(),
                    operation(rpc, module.getName(), List.of(), module.getName() + "." + rpc.getQName()
                        .getLocalName()));
                stack.exit();
            }
        }
        return new SchemaDocument(items.root(rootRead, rootWrite), data, operations, components,
            List.copyOf(modules));
    }

    // ---- data nodes ------------------------------------------------------------------------

    /**
     * Add {@code node} (the stack at its parent) as a member of its parent's read and write
     * schemas, and for containers and lists their component schemas and path items.
     *
     * @param parentModule the parent's module (null at the top level: every member is qualified)
     * @param path the parent's api-path, relative to the root ({@code ""} at the top level)
     * @param params the parent's path parameters
     * @param config whether the parent is configuration
     * @param base the parent's component name ({@code ""} at the top level)
     * @param required the parent's write schema's required members
     */
    private void member(final DataSchemaNode node, final @Nullable QNameModule parentModule, final String path,
            final List<ObjectNode> params, final boolean config, final String base, final ObjectNode read,
            final ObjectNode write, final List<String> required) {
        if (node instanceof ChoiceSchemaNode choice) {
            stack.enterSchemaTree(choice.getQName());
            for (CaseSchemaNode caze : choice.getCases()) {
                stack.enterSchemaTree(caze.getQName());
                for (DataSchemaNode child : caze.getChildNodes()) {
                    // members of a case are never required at the parent: another case may be chosen
                    member(child, parentModule, path, params, config, base, read, write, new ArrayList<>());
                }
                stack.exit();
            }
            stack.exit();
            return;
        }
        final QName qname = node.getQName();
        final String name = names.member(qname, parentModule);
        final boolean nodeConfig = config && node.effectiveConfig().orElse(Boolean.TRUE);
        stack.enterSchemaTree(qname);
        try {
            if (node instanceof LeafSchemaNode leaf) {
                final ObjectNode type = typeSchema(leaf.getType());
                read.set(name, type);
                if (nodeConfig) {
                    write.set(name, type);
                    if (leaf.isMandatory()) {
                        required.add(name);
                    }
                }
            } else if (node instanceof LeafListSchemaNode leafList) {
                final ObjectNode array = array(typeSchema(leafList.getType()));
                read.set(name, array);
                if (nodeConfig) {
                    write.set(name, array);
                }
            } else if (node instanceof ContainerSchemaNode container) {
                final String component = names.component(base, qname, parentModule);
                final String childPath = path + "/" + name;
                objectSchemas(container, component, childPath, params, nodeConfig, List.of());
                read.set(name, ref(component));
                if (nodeConfig) {
                    write.set(name, ref(component + ".write"));
                }
            } else if (node instanceof ListSchemaNode list) {
                final String component = names.component(base, qname, parentModule);
                final List<ObjectNode> entryParams = new ArrayList<>(params);
                final List<String> placeholders = new ArrayList<>();
                for (QName key : list.getKeyDefinition()) {
                    final ObjectNode parameter = keyParameter(list, key, name, entryParams);
                    placeholders.add("{" + parameter.get("name").asText() + "}");
                    entryParams.add(parameter);
                }
                final String entryPath = path + "/" + name + (placeholders.isEmpty() ? ""
                    : "=" + String.join(",", placeholders));
                objectSchemas(list, component, entryPath, entryParams, nodeConfig, list.getKeyDefinition().stream()
                    .map(QName::getLocalName).toList());
                read.set(name, array(ref(component)));
                if (nodeConfig) {
                    write.set(name, array(ref(component + ".write")));
                }
            } else if (node instanceof AnydataSchemaNode || node instanceof AnyxmlSchemaNode) {
                final ObjectNode any = JSON.objectNode();
                any.put("description", "anydata or anyxml: any JSON value");
                read.set(name, any);
                if (nodeConfig) {
                    write.set(name, any);
                }
            }
        } finally {
            stack.exit();
        }
    }

    /** The path parameter of one key of {@code list} (the stack at the list), named uniquely among {@code params}. */
    private ObjectNode keyParameter(final ListSchemaNode list, final QName key, final String listName,
            final List<ObjectNode> params) {
        final String param = uniqueParam(key.getLocalName(), params);
        final ObjectNode parameter = JSON.objectNode();
        parameter.put("name", param).put("in", "path").put("required", true);
        parameter.put("description", "Key '" + key.getLocalName() + "' of list " + listName + " (percent-encoded)");
        stack.enterSchemaTree(key);
        parameter.set("schema", typeSchema(((LeafSchemaNode) list.getDataChildByName(key)).getType()));
        stack.exit();
        return parameter;
    }

    /**
     * The read and write schemas of a container or list entry, its path item, and its
     * children's (the stack at the node).
     */
    private void objectSchemas(final DataNodeContainer node, final String component, final String path,
            final List<ObjectNode> params, final boolean config, final List<String> keys) {
        final DataSchemaNode self = (DataSchemaNode) node;
        final QNameModule module = self.getQName().getModule();
        final ObjectNode readProps = JSON.objectNode();
        final ObjectNode writeProps = JSON.objectNode();
        final List<String> required = new ArrayList<>(keys);
        for (DataSchemaNode child : node.getChildNodes()) {
            member(child, module, path, params, config, component, readProps, writeProps, required);
        }
        final ObjectNode read = schemas.putObject(component);
        read.put("type", "object");
        read.set("properties", readProps);
        if (config) {
            final ObjectNode write = schemas.putObject(component + ".write");
            write.put("type", "object");
            write.set("properties", writeProps);
            final List<String> present = required.stream().distinct().filter(writeProps::has).toList();
            if (!present.isEmpty()) {
                final ArrayNode req = write.putArray("required");
                present.forEach(req::add);
            }
            write.put("additionalProperties", false);
        }
        data.put(path, items.data(self, component, params, config, writeProps));
        if (node instanceof ActionNodeContainer actions) {
            for (ActionDefinition action : actions.getActions()) {
                stack.enterSchemaTree(action.getQName());
                final String actionName = names.member(action.getQName(), module);
                data.put(path + "/" + actionName, operation(action, names.of(action.getQName().getModule()),
                    params, component + "." + action.getQName().getLocalName()));
                stack.exit();
            }
        }
    }

    // ---- operations ------------------------------------------------------------------------

    /** The path item of an RPC or action (the stack at it), and its input's and output's schemas. */
    private ObjectNode operation(final OperationDefinition operation, final String module,
            final List<ObjectNode> params, final String component) {
        String input = null;
        if (!operation.getInput().getChildNodes().isEmpty()) {
            input = component + ".input";
            stack.enterSchemaTree(operation.getInput().getQName());
            objectSchemasOnly(operation.getInput(), input);
            stack.exit();
        }
        String output = null;
        if (!operation.getOutput().getChildNodes().isEmpty()) {
            output = component + ".output";
            stack.enterSchemaTree(operation.getOutput().getQName());
            objectSchemasOnly(operation.getOutput(), output);
            stack.exit();
        }
        return PathItems.operation(operation instanceof ActionDefinition ? "action" : "RPC", module,
            operation.getQName().getLocalName(), params, input, output);
    }

    /** An input or output: its schema (read only: every node), no path items. */
    private void objectSchemasOnly(final DataNodeContainer node, final String component) {
        final QNameModule module = ((DataSchemaNode) node).getQName().getModule();
        final ObjectNode props = JSON.objectNode();
        for (DataSchemaNode child : node.getChildNodes()) {
            operationMember(child, module, component, props);
        }
        final ObjectNode schemaNode = schemas.putObject(component);
        schemaNode.put("type", "object");
        schemaNode.set("properties", props);
    }

    /** A member of an input or output (the stack at its parent): nested containers and lists as components. */
    private void operationMember(final DataSchemaNode node, final QNameModule parentModule, final String base,
            final ObjectNode props) {
        if (node instanceof ChoiceSchemaNode choice) {
            stack.enterSchemaTree(choice.getQName());
            for (CaseSchemaNode caze : choice.getCases()) {
                stack.enterSchemaTree(caze.getQName());
                caze.getChildNodes().forEach(child -> operationMember(child, parentModule, base, props));
                stack.exit();
            }
            stack.exit();
            return;
        }
        final String name = names.member(node.getQName(), parentModule);
        stack.enterSchemaTree(node.getQName());
        try {
            if (node instanceof LeafSchemaNode leaf) {
                props.set(name, typeSchema(leaf.getType()));
            } else if (node instanceof LeafListSchemaNode leafList) {
                props.set(name, array(typeSchema(leafList.getType())));
            } else if (node instanceof ContainerSchemaNode || node instanceof ListSchemaNode) {
                final String component = names.component(base, node.getQName(), parentModule);
                objectSchemasOnly((DataNodeContainer) node, component);
                props.set(name, node instanceof ListSchemaNode ? array(ref(component)) : ref(component));
            } else if (node instanceof AnydataSchemaNode || node instanceof AnyxmlSchemaNode) {
                props.putObject(name).put("description", "anydata or anyxml: any JSON value");
            }
        } finally {
            stack.exit();
        }
    }

    /** The JSON schema of a leaf's value (the stack at the leaf). */
    private ObjectNode typeSchema(final TypeDefinition<?> type) {
        return types.of(type, stack);
    }

    /** A path parameter name not yet used in {@code params}: the key's name, or with a number. */
    private static String uniqueParam(final String key, final List<ObjectNode> params) {
        final Set<String> used = new HashSet<>();
        params.forEach(p -> used.add(p.get("name").asText()));
        String candidate = key;
        for (int i = 1; used.contains(candidate); i++) {
            candidate = key + i;
        }
        return candidate;
    }
}
