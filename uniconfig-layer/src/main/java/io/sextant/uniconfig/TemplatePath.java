package io.sextant.uniconfig;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeWithValue;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.codec.gson.JSONCodecFactorySupplier;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext.Composite;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext.PathMixin;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContextTree;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.LeafListSchemaNode;
import org.opendaylight.yangtools.yang.model.api.LeafSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ListSchemaNode;
import org.opendaylight.yangtools.yang.model.api.TypedDataSchemaNode;
import org.opendaylight.yangtools.yang.model.util.SchemaInferenceStack;

/**
 * An RFC 8040 api-path below a node's configuration root
 * ({@code openconfig-interfaces:interfaces/interface=eth1}), resolved in the node's schema.
 */
final class TemplatePath {
    private TemplatePath() {
    }

    static YangInstanceIdentifier parse(final String text, final EffectiveModelContext schema)
            throws TemplateFailure {
        return parse(text, schema, "Operation path", false);
    }

    /**
     * {@code text} as a pattern of paths: a list step without keys followed by more steps stands
     * for every entry of the list (an entry step without key values, which {@link #covers}
     * matches with any entry); at the end of the path it is the whole list, as in {@link #parse}
     * with keys left out.
     *
     * @param what what the path is, for the failure's message ("Policy path")
     */
    static YangInstanceIdentifier pattern(final String text, final EffectiveModelContext schema, final String what)
            throws TemplateFailure {
        return parse(text, schema, what, true);
    }

    /** Whether {@code path} is {@code pattern} or below it, an entry step of the pattern without keys matching any entry. */
    static boolean covers(final YangInstanceIdentifier pattern, final YangInstanceIdentifier path) {
        final List<PathArgument> steps = pattern.getPathArguments();
        final List<PathArgument> args = path.getPathArguments();
        if (steps.size() > args.size()) {
            return false;
        }
        for (int i = 0; i < steps.size(); i++) {
            final PathArgument step = steps.get(i);
            final PathArgument arg = args.get(i);
            final boolean anyEntry = step instanceof NodeIdentifierWithPredicates entry && entry.size() == 0
                && arg instanceof NodeIdentifierWithPredicates && arg.getNodeType().equals(step.getNodeType());
            if (!anyEntry && !step.equals(arg)) {
                return false;
            }
        }
        return true;
    }

    private static YangInstanceIdentifier parse(final String text, final EffectiveModelContext schema,
            final String what, final boolean wildcards) throws TemplateFailure {
        final String path = text.startsWith("/") ? text.substring(1) : text;
        if (path.isEmpty()) {
            return YangInstanceIdentifier.of();
        }
        final SchemaInferenceStack stack = SchemaInferenceStack.of(schema);
        final List<PathArgument> args = new ArrayList<>();
        DataSchemaContext context = DataSchemaContextTree.from(schema).getRoot();
        QNameModule module = null;
        final String[] steps = path.split("/", -1);
        for (int index = 0; index < steps.length; index++) {
            final String step = steps[index];
            final boolean last = index == steps.length - 1;
            final int eq = step.indexOf('=');
            final String identifier = eq < 0 ? step : step.substring(0, eq);
            final int colon = identifier.indexOf(':');
            if (colon > 0) {
                final var found = schema.findModules(identifier.substring(0, colon)).stream().findFirst();
                if (found.isEmpty()) {
                    throw failure(what, text, "no module " + identifier.substring(0, colon) + " in the node's schema");
                }
                module = found.orElseThrow().getQNameModule();
            }
            if (module == null) {
                throw failure(what, text, "'" + identifier + "' must be qualified with its module name");
            }
            final QName name = qname(module, colon > 0 ? identifier.substring(colon + 1) : identifier, what, text);
            if (!(context instanceof Composite composite)) {
                throw failure(what, text, "'" + identifier + "' is below a node that has no children");
            }
            DataSchemaContext next = composite.enterChild(stack, name);
            if (next == null) {
                throw failure(what, text, "the node's schema has no '" + identifier + "' there");
            }
            while (next instanceof PathMixin mixin) {
                args.add(mixin.mixinPathStep());
                if (mixin.dataSchemaNode() instanceof ListSchemaNode list) {
                    next = mixin.enterChild(stack, name);
                    if (wildcards && eq < 0) {
                        // every entry: the list itself at the end of the path, any entry before more steps
                        if (!last) {
                            args.add(NodeIdentifierWithPredicates.of(list.getQName()));
                        }
                        break;
                    }
                    args.add(entry(list, keys(step, eq), stack, what, text));
                    break;
                }
                if (mixin.dataSchemaNode() instanceof LeafListSchemaNode leafList) {
                    next = mixin.enterChild(stack, name);
                    if (wildcards && eq < 0) {
                        // every value
                        break;
                    }
                    final List<String> values = keys(step, eq);
                    if (values.size() != 1) {
                        throw failure(what, text, "leaf-list '" + identifier + "' takes exactly one value");
                    }
                    args.add(new NodeWithValue<>(name, value(leafList, values.get(0), stack, what, text)));
                    break;
                }
                next = mixin.enterChild(stack, name);
            }
            if (next == null) {
                throw failure(what, text, "the node's schema has no '" + identifier + "' there");
            }
            if (!(next.dataSchemaNode() instanceof ListSchemaNode) && !(next.dataSchemaNode()
                    instanceof LeafListSchemaNode)) {
                if (eq >= 0) {
                    throw failure(what, text, "'" + identifier + "' is not a list: it takes no keys");
                }
                args.add(next.getPathStep());
            }
            context = next;
        }
        return YangInstanceIdentifier.of(args);
    }

    private static QName qname(final QNameModule module, final String localName, final String what,
            final String text) throws TemplateFailure {
        try {
            return QName.create(module, localName);
        } catch (IllegalArgumentException e) {
            throw failure(what, text, "'" + localName + "' is not a valid identifier");
        }
    }

    private static List<String> keys(final String step, final int eq) {
        if (eq < 0) {
            return List.of();
        }
        final List<String> keys = new ArrayList<>();
        for (String key : step.substring(eq + 1).split(",", -1)) {
            keys.add(URLDecoder.decode(key.replace("+", "%2B"), StandardCharsets.UTF_8));
        }
        return keys;
    }

    private static NodeIdentifierWithPredicates entry(final ListSchemaNode list, final List<String> keys,
            final SchemaInferenceStack stack, final String what, final String text) throws TemplateFailure {
        final List<QName> definition = list.getKeyDefinition();
        if (definition.size() != keys.size()) {
            throw failure(what, text, "list '" + list.getQName().getLocalName() + "' has " + definition.size()
                + " key(s) " + definition.stream().map(QName::getLocalName).toList() + ", the path gives "
                + keys.size());
        }
        final Map<QName, Object> values = new HashMap<>();
        for (int i = 0; i < definition.size(); i++) {
            final LeafSchemaNode leaf = (LeafSchemaNode) list.findDataChildByName(definition.get(i)).orElseThrow();
            final SchemaInferenceStack keyStack = stack.copy();
            keyStack.enterSchemaTree(leaf.getQName());
            values.put(definition.get(i), value(leaf, keys.get(i), keyStack, what, text));
        }
        return NodeIdentifierWithPredicates.of(list.getQName(), values);
    }

    private static Object value(final TypedDataSchemaNode leaf, final String value, final SchemaInferenceStack stack,
            final String what, final String text) throws TemplateFailure {
        try {
            return JSONCodecFactorySupplier.RFC7951.getShared(stack.modelContext()).codecFor(leaf, stack)
                .parseValue(value);
        } catch (IllegalArgumentException e) {
            throw failure(what, text, "'" + value + "' is not a valid value of " + leaf.getQName().getLocalName());
        }
    }

    private static TemplateFailure failure(final String what, final String path, final @Nullable String why) {
        return new TemplateFailure(what + " " + path + ": " + why);
    }
}
