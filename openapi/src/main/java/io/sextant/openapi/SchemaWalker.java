package io.sextant.openapi;

import static io.sextant.openapi.SchemaDocument.JSON;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.Range;
import com.google.common.collect.RangeSet;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
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
import org.opendaylight.yangtools.yang.model.api.IdentitySchemaNode;
import org.opendaylight.yangtools.yang.model.api.LeafListSchemaNode;
import org.opendaylight.yangtools.yang.model.api.LeafSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ListSchemaNode;
import org.opendaylight.yangtools.yang.model.api.Module;
import org.opendaylight.yangtools.yang.model.api.OperationDefinition;
import org.opendaylight.yangtools.yang.model.api.RpcDefinition;
import org.opendaylight.yangtools.yang.model.api.TypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.BinaryTypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.BitsTypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.BooleanTypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.DecimalTypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.EmptyTypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.EnumTypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.IdentityrefTypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.Int64TypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.LeafrefTypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.LengthRestrictedTypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.ModifierKind;
import org.opendaylight.yangtools.yang.model.api.type.PatternConstraint;
import org.opendaylight.yangtools.yang.model.api.type.RangeRestrictedTypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.StringTypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.Uint64TypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.UnionTypeDefinition;
import org.opendaylight.yangtools.yang.model.util.SchemaInferenceStack;

/**
 * Walks one schema context into a {@link SchemaDocument}: a path item for every container and
 * list entry (list keys as path parameters), for every RPC and action; a component schema for
 * every container and list entry in two variants, as read ({@code name}: every node, nothing
 * required, since {@code depth} and {@code fields} may leave anything out) and as written
 * ({@code name.write}: configuration only, keys and mandatory leaves required, nothing else
 * allowed). Leaf types follow RFC 7951: 64-bit integers and decimal64 are strings,
 * enumerations and identityrefs enumerate their values ({@code module:identity}), unions are
 * {@code anyOf} their members, leafrefs take their target's type, empty is {@code [null]};
 * choices are flattened into their parent.
 */
final class SchemaWalker {
    private static final String JSON_TYPE = "application/yang-data+json";
    private static final String PATCH_TYPE = "application/yang-patch+json";
    private static final String REF = "#/components/";

    private final EffectiveModelContext schema;
    private final SchemaInferenceStack stack;
    private final ObjectNode components = JSON.objectNode();
    private final ObjectNode schemas;
    private final Map<String, ObjectNode> data = new TreeMap<>();
    private final Map<String, ObjectNode> operations = new TreeMap<>();
    private final Set<String> identities = new HashSet<>();

    SchemaWalker(final EffectiveModelContext schema) {
        this.schema = schema;
        this.stack = SchemaInferenceStack.of(schema);
        schemas = components.putObject("schemas");
        commonComponents();
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
        return new SchemaDocument(root(rootRead, rootWrite), data, operations, components, List.copyOf(modules));
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
    private void member(final DataSchemaNode node, final QNameModule parentModule, final String path,
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
        final String name = memberName(qname, parentModule);
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
                final ObjectNode array = JSON.objectNode().put("type", "array");
                array.set("items", typeSchema(leafList.getType()));
                read.set(name, array);
                if (nodeConfig) {
                    write.set(name, array);
                }
            } else if (node instanceof ContainerSchemaNode container) {
                final String component = component(base, qname, parentModule);
                final String childPath = path + "/" + name;
                objectSchemas(container, component, childPath, params, nodeConfig, List.of());
                read.set(name, ref(component));
                if (nodeConfig) {
                    write.set(name, ref(component + ".write"));
                }
            } else if (node instanceof ListSchemaNode list) {
                final String component = component(base, qname, parentModule);
                final List<ObjectNode> entryParams = new ArrayList<>(params);
                final List<String> placeholders = new ArrayList<>();
                for (QName key : list.getKeyDefinition()) {
                    final String param = uniqueParam(key.getLocalName(), entryParams);
                    placeholders.add("{" + param + "}");
                    final ObjectNode parameter = JSON.objectNode();
                    parameter.put("name", param).put("in", "path").put("required", true);
                    parameter.put("description", "Key '" + key.getLocalName() + "' of list " + name
                        + " (percent-encoded)");
                    stack.enterSchemaTree(key);
                    parameter.set("schema", typeSchema(((LeafSchemaNode) list.getDataChildByName(key)).getType()));
                    stack.exit();
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
        data.put(path, dataItem(self, component, params, config, writeProps));
        if (node instanceof ActionNodeContainer actions) {
            for (ActionDefinition action : actions.getActions()) {
                stack.enterSchemaTree(action.getQName());
                final String actionName = memberName(action.getQName(), module);
                data.put(path + "/" + actionName, operation(action, moduleName(action.getQName().getModule()),
                    params, component + "." + action.getQName().getLocalName()));
                stack.exit();
            }
        }
    }

    /** The path item of a container or list entry. */
    private ObjectNode dataItem(final DataSchemaNode node, final String component, final List<ObjectNode> params,
            final boolean config, final ObjectNode writeProps) {
        final ObjectNode item = JSON.objectNode();
        if (!params.isEmpty()) {
            final ArrayNode parameters = item.putArray("parameters");
            params.forEach(parameters::add);
        }
        final String member = moduleName(node.getQName().getModule()) + ":" + node.getQName().getLocalName();
        final boolean entry = node instanceof ListSchemaNode;
        final String tag = moduleName(node.getQName().getModule());

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

        final ObjectNode patch = op(item, "patch", tag, "Merge into " + member + ", or apply a YANG-Patch");
        final ObjectNode content = patch.putObject("requestBody").put("required", true).putObject("content");
        content.putObject(JSON_TYPE).set("schema", wrapper(member, entry ? single(ref(component + ".write"))
            : ref(component + ".write"), true));
        content.putObject(PATCH_TYPE).set("schema", ref("ietf-yang-patch.yang-patch"));
        response(patch, "204", "Merged");
        response(patch, "200", "YANG-Patch applied").putObject("content").putObject(PATCH_TYPE)
            .set("schema", ref("ietf-yang-patch.yang-patch-status"));
        errors(patch);

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

    /** The root of the datastore (or mount point): every top-level node. */
    private ObjectNode root(final ObjectNode read, final ObjectNode write) {
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
        final ObjectNode patch = op(item, "patch", "datastore", "Merge into the datastore, or apply a YANG-Patch");
        final ObjectNode content = patch.putObject("requestBody").put("required", true).putObject("content");
        content.putObject(JSON_TYPE).set("schema", wrapper("ietf-restconf:data", writeSchema, true));
        content.putObject(PATCH_TYPE).set("schema", ref("ietf-yang-patch.yang-patch"));
        response(patch, "204", "Merged");
        response(patch, "200", "YANG-Patch applied").putObject("content").putObject(PATCH_TYPE)
            .set("schema", ref("ietf-yang-patch.yang-patch-status"));
        errors(patch);
        final ObjectNode creatable = childResources(write, null);
        if (creatable.size() > 0) {
            final ObjectNode post = op(item, "post", "datastore", "Create a top-level resource");
            body(post, childBody(creatable));
            response(post, "201", "Created; Location names the new resource");
            errors(post);
        }
        return item;
    }

    /** The members of a write schema that POST can create (containers, lists, leaf-lists), module-qualified. */
    private ObjectNode childResources(final ObjectNode writeProps, final QNameModule module) {
        final ObjectNode result = JSON.objectNode();
        writeProps.fields().forEachRemaining(field -> {
            final var value = field.getValue();
            final boolean resource = value.has("$ref") || "array".equals(value.path("type").asText());
            if (resource) {
                final String name = field.getKey().contains(":") || module == null ? field.getKey()
                    : moduleName(module) + ":" + field.getKey();
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

    // ---- operations ------------------------------------------------------------------------

    /** The path item of an RPC or action (the stack at it): POST with input, answering output or 204. */
    private ObjectNode operation(final OperationDefinition operation, final String module,
            final List<ObjectNode> params, final String component) {
        final ObjectNode item = JSON.objectNode();
        if (!params.isEmpty()) {
            final ArrayNode parameters = item.putArray("parameters");
            params.forEach(parameters::add);
        }
        final String kind = operation instanceof ActionDefinition ? "action" : "RPC";
        final ObjectNode post = op(item, "post", module, "Invoke the " + kind + " " + module + ":"
            + operation.getQName().getLocalName());
        if (!operation.getInput().getChildNodes().isEmpty()) {
            stack.enterSchemaTree(operation.getInput().getQName());
            objectSchemasOnly(operation.getInput(), component + ".input");
            stack.exit();
            post.putObject("requestBody").put("required", false).putObject("content").putObject(JSON_TYPE)
                .set("schema", wrapper(module + ":input", ref(component + ".input"), true));
        }
        if (!operation.getOutput().getChildNodes().isEmpty()) {
            stack.enterSchemaTree(operation.getOutput().getQName());
            objectSchemasOnly(operation.getOutput(), component + ".output");
            stack.exit();
            response(post, "200", "The output").putObject("content").putObject(JSON_TYPE).set("schema",
                wrapper(module + ":output", ref(component + ".output"), false));
        }
        response(post, "204", "Done, without output");
        errors(post);
        return item;
    }

    /** An input or output: its schema (read only: every node), no path items. */
    private void objectSchemasOnly(final DataNodeContainer node, final String component) {
        final QNameModule module = ((DataSchemaNode) node).getQName().getModule();
        final ObjectNode props = JSON.objectNode();
        final List<String> required = new ArrayList<>();
        for (DataSchemaNode child : node.getChildNodes()) {
            operationMember(child, module, component, props, required);
        }
        final ObjectNode schemaNode = schemas.putObject(component);
        schemaNode.put("type", "object");
        schemaNode.set("properties", props);
    }

    /** A member of an input or output (the stack at its parent): nested containers and lists as components. */
    private void operationMember(final DataSchemaNode node, final QNameModule parentModule, final String base,
            final ObjectNode props, final List<String> required) {
        if (node instanceof ChoiceSchemaNode choice) {
            stack.enterSchemaTree(choice.getQName());
            for (CaseSchemaNode caze : choice.getCases()) {
                stack.enterSchemaTree(caze.getQName());
                caze.getChildNodes().forEach(child -> operationMember(child, parentModule, base, props, required));
                stack.exit();
            }
            stack.exit();
            return;
        }
        final String name = memberName(node.getQName(), parentModule);
        stack.enterSchemaTree(node.getQName());
        try {
            if (node instanceof LeafSchemaNode leaf) {
                props.set(name, typeSchema(leaf.getType()));
            } else if (node instanceof LeafListSchemaNode leafList) {
                final ObjectNode array = JSON.objectNode().put("type", "array");
                array.set("items", typeSchema(leafList.getType()));
                props.set(name, array);
            } else if (node instanceof ContainerSchemaNode || node instanceof ListSchemaNode) {
                final String component = component(base, node.getQName(), parentModule);
                objectSchemasOnly((DataNodeContainer) node, component);
                props.set(name, node instanceof ListSchemaNode ? array(ref(component)) : ref(component));
            } else if (node instanceof AnydataSchemaNode || node instanceof AnyxmlSchemaNode) {
                props.putObject(name).put("description", "anydata or anyxml: any JSON value");
            }
        } finally {
            stack.exit();
        }
    }

    // ---- types (RFC 7951 section 6) ----------------------------------------------------------

    /** The JSON schema of a leaf's value (the stack at the leaf, for leafrefs). */
    private ObjectNode typeSchema(final TypeDefinition<?> type) {
        final ObjectNode result = JSON.objectNode();
        if (type instanceof BooleanTypeDefinition) {
            result.put("type", "boolean");
        } else if (type instanceof Int64TypeDefinition) {
            result.put("type", "string").put("pattern", "^-?[0-9]+$");
            result.put("description", "int64, as a string (RFC 7951 6.1)");
        } else if (type instanceof Uint64TypeDefinition) {
            result.put("type", "string").put("pattern", "^[0-9]+$");
            result.put("description", "uint64, as a string (RFC 7951 6.1)");
        } else if (type instanceof DecimalTypeDefinition decimal) {
            result.put("type", "string").put("pattern", "^-?[0-9]+(\\.[0-9]{1," + decimal.getFractionDigits() + "})?$");
            result.put("description", "decimal64 with " + decimal.getFractionDigits()
                + " fraction digits, as a string (RFC 7951 6.1)");
        } else if (type instanceof RangeRestrictedTypeDefinition<?, ?> ranged) {
            // the other integer types: JSON numbers
            result.put("type", "integer");
            ranged.getRangeConstraint().ifPresent(range -> {
                final RangeSet<?> allowed = range.getAllowedRanges();
                if (!allowed.isEmpty()) {
                    final Range<?> span = allowed.span();
                    if (span.hasLowerBound()) {
                        result.put("minimum", ((Number) span.lowerEndpoint()).longValue());
                    }
                    if (span.hasUpperBound()) {
                        result.put("maximum", ((Number) span.upperEndpoint()).longValue());
                    }
                }
            });
        } else if (type instanceof StringTypeDefinition string) {
            result.put("type", "string");
            length(string, result);
            patterns(string.getPatternConstraints(), result);
        } else if (type instanceof EnumTypeDefinition enumeration) {
            result.put("type", "string");
            final ArrayNode values = result.putArray("enum");
            enumeration.getValues().forEach(pair -> values.add(pair.getName()));
        } else if (type instanceof BitsTypeDefinition bits) {
            result.put("type", "string");
            result.put("description", "Space-separated bits of: " + String.join(" ", bits.getBits().stream()
                .map(BitsTypeDefinition.Bit::getName).toList()));
        } else if (type instanceof BinaryTypeDefinition) {
            result.put("type", "string").put("format", "byte");
        } else if (type instanceof EmptyTypeDefinition) {
            result.put("type", "array").put("minItems", 1).put("maxItems", 1);
            result.putObject("items").put("nullable", true).putArray("enum").addNull();
            result.put("description", "empty: [null] (RFC 7951 6.9)");
        } else if (type instanceof IdentityrefTypeDefinition identityref) {
            return identityref.getIdentities().isEmpty() ? result.put("type", "string")
                : ref(identities(identityref.getIdentities().iterator().next()));
        } else if (type instanceof LeafrefTypeDefinition leafref) {
            try {
                return typeSchema(stack.resolveLeafref(leafref));
            } catch (IllegalArgumentException | IllegalStateException e) {
                result.put("type", "string").put("description", "leafref " + leafref.getPathStatement());
            }
        } else if (type instanceof UnionTypeDefinition union) {
            // a value is valid when any member type takes it (RFC 7950 9.12): anyOf, not oneOf
            final ArrayNode members = result.putArray("anyOf");
            union.getTypes().forEach(member -> members.add(typeSchema(member)));
        } else {
            // instance-identifier and anything else: a string
            result.put("type", "string");
        }
        return result;
    }

    private static void length(final LengthRestrictedTypeDefinition<?> type, final ObjectNode result) {
        type.getLengthConstraint().ifPresent(length -> {
            final RangeSet<Integer> allowed = length.getAllowedRanges();
            if (!allowed.isEmpty()) {
                final Range<Integer> span = allowed.span();
                if (span.hasLowerBound() && span.lowerEndpoint() > 0) {
                    result.put("minLength", span.lowerEndpoint());
                }
                if (span.hasUpperBound() && span.upperEndpoint() < Integer.MAX_VALUE) {
                    result.put("maxLength", span.upperEndpoint());
                }
            }
        });
    }

    /**
     * YANG patterns (XSD regular expressions, implicitly anchored) as yangtools translates them
     * to Java; those using Unicode property classes, which ECMA-262 regular expressions without
     * the u flag do not have, and inverted ones are described instead.
     */
    private static void patterns(final List<PatternConstraint> patterns, final ObjectNode result) {
        final List<String> usable = new ArrayList<>();
        final List<String> described = new ArrayList<>();
        for (PatternConstraint pattern : patterns) {
            final String java = pattern.getJavaPatternString();
            if (pattern.getModifier().filter(ModifierKind.INVERT_MATCH::equals).isPresent() || java.contains("\\p{")
                    || java.contains("\\P{")) {
                described.add(pattern.getRegularExpressionString());
            } else {
                usable.add(java);
            }
        }
        if (usable.size() == 1) {
            result.put("pattern", usable.get(0));
        } else if (usable.size() > 1) {
            final ArrayNode all = result.putArray("allOf");
            usable.forEach(p -> all.addObject().put("pattern", p));
        }
        if (!described.isEmpty()) {
            result.put("description", "Also matches the YANG pattern(s): " + String.join(" ; ", described));
        }
    }

    /** The component enumerating the identities derived from {@code base}. */
    private String identities(final IdentitySchemaNode base) {
        final String name = "identity." + moduleName(base.getQName().getModule()) + "." + base.getQName()
            .getLocalName();
        if (identities.add(name)) {
            final Set<String> values = new TreeSet<>();
            final Deque<IdentitySchemaNode> todo = new ArrayDeque<>(schema.getDerivedIdentities(base));
            final Set<QName> seen = new HashSet<>();
            while (!todo.isEmpty()) {
                final IdentitySchemaNode identity = todo.pop();
                if (seen.add(identity.getQName())) {
                    values.add(moduleName(identity.getQName().getModule()) + ":" + identity.getQName().getLocalName());
                    todo.addAll(schema.getDerivedIdentities(identity));
                }
            }
            final ObjectNode component = schemas.putObject(name);
            component.put("type", "string");
            component.put("description", "An identity derived from " + moduleName(base.getQName().getModule())
                + ":" + base.getQName().getLocalName() + ", module-qualified (RFC 7951 6.8)");
            if (!values.isEmpty()) {
                final ArrayNode array = component.putArray("enum");
                values.forEach(array::add);
            }
        }
        return name;
    }

    // ---- shared pieces -----------------------------------------------------------------------

    private void commonComponents() {
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

        final ObjectNode status = schemas.putObject("ietf-yang-patch.yang-patch-status");
        status.put("type", "object");
        final ObjectNode statusBody = status.putObject("properties").putObject("ietf-yang-patch:yang-patch-status")
            .put("type", "object");
        final ObjectNode statusProps = statusBody.putObject("properties");
        statusProps.putObject("patch-id").put("type", "string");
        statusProps.set("ok", typeSchemaOfEmpty());
        statusProps.putObject("errors").put("type", "object");
        statusProps.putObject("edit-status").put("type", "object");

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
    }

    private static ObjectNode typeSchemaOfEmpty() {
        final ObjectNode result = JSON.objectNode().put("type", "array").put("minItems", 1).put("maxItems", 1);
        result.putObject("items").put("nullable", true).putArray("enum").addNull();
        return result;
    }

    private static void query(final ObjectNode params, final String name, final String description,
            final ObjectNode schemaNode) {
        final ObjectNode param = params.putObject(name);
        param.put("name", name).put("in", "query").put("required", false).put("description", description);
        param.set("schema", schemaNode);
    }

    private static ObjectNode op(final ObjectNode item, final String method, final String tag, final String summary) {
        final ObjectNode op = item.putObject(method);
        op.putArray("tags").add(tag);
        op.put("summary", summary);
        return op;
    }

    private static void readParams(final ObjectNode op) {
        final ArrayNode params = parameters(op);
        for (String name : List.of("content", "depth", "fields", "with-defaults")) {
            params.addObject().put("$ref", REF + "parameters/" + name);
        }
    }

    private static void positionParams(final ObjectNode op) {
        final ArrayNode params = parameters(op);
        params.addObject().put("$ref", REF + "parameters/insert");
        params.addObject().put("$ref", REF + "parameters/point");
    }

    private static ArrayNode parameters(final ObjectNode op) {
        return op.has("parameters") ? (ArrayNode) op.get("parameters") : op.putArray("parameters");
    }

    private static ObjectNode response(final ObjectNode op, final String status, final String description) {
        final ObjectNode responses = op.has("responses") ? (ObjectNode) op.get("responses")
            : op.putObject("responses");
        final ObjectNode response = responses.putObject(status);
        response.put("description", description);
        return response;
    }

    /** 304 for a GET whose If-None-Match or If-Modified-Since holds. */
    private static void conditional(final ObjectNode op) {
        response(op, "304", "Not modified (If-None-Match, If-Modified-Since)");
    }

    private static void errors(final ObjectNode op) {
        ((ObjectNode) op.get("responses")).putObject("default").put("$ref", REF + "responses/error");
    }

    private static void body(final ObjectNode op, final ObjectNode schemaNode) {
        op.putObject("requestBody").put("required", true).putObject("content").putObject(JSON_TYPE)
            .set("schema", schemaNode);
    }

    /** {@code {"member": value}}: a body's one top-level member. */
    private static ObjectNode wrapper(final String member, final ObjectNode value, final boolean request) {
        final ObjectNode result = JSON.objectNode().put("type", "object");
        result.putObject("properties").set(member, value);
        result.putArray("required").add(member);
        if (request) {
            result.put("additionalProperties", false);
        }
        return result;
    }

    private static ObjectNode ref(final String component) {
        return JSON.objectNode().put("$ref", REF + "schemas/" + component);
    }

    private static ObjectNode array(final ObjectNode items) {
        final ObjectNode result = JSON.objectNode().put("type", "array");
        result.set("items", items);
        return result;
    }

    /** A list entry in a body: an array of exactly one entry. */
    private static ObjectNode single(final ObjectNode items) {
        return array(items).put("minItems", 1).put("maxItems", 1);
    }

    private String memberName(final QName qname, final QNameModule parentModule) {
        return qname.getModule().equals(parentModule) ? qname.getLocalName()
            : moduleName(qname.getModule()) + ":" + qname.getLocalName();
    }

    private String component(final String base, final QName qname, final QNameModule parentModule) {
        final String step = qname.getModule().equals(parentModule) ? qname.getLocalName()
            : moduleName(qname.getModule()) + "_" + qname.getLocalName();
        return base.isEmpty() ? step : base + "." + step;
    }

    private final Map<QNameModule, String> moduleNames = new LinkedHashMap<>();

    private String moduleName(final QNameModule module) {
        return moduleNames.computeIfAbsent(module, m -> schema.findModule(m).map(Module::getName)
            .orElse(m.getNamespace().toString()));
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
