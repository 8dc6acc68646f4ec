package io.sextant.datastore.codec;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeWithValue;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContextTree;
import org.opendaylight.yangtools.yang.model.api.ChoiceSchemaNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/** Renders instance identifiers as RFC 7951 strings and as RFC 8040 api-paths. */
public final class InstanceIdentifiers {
    private InstanceIdentifiers() {
    }

    /** RFC 7951 section 6.11 form: {@code /module:node/list[key='value']/leaf}. */
    public static String toInstanceIdentifier(final YangInstanceIdentifier path, final @Nullable EffectiveModelContext schema) {
        final StringBuilder sb = new StringBuilder();
        QNameModule current = null;
        final List<PathArgument> args = path.getPathArguments();
        final boolean[] choices = choices(path, schema);
        for (int i = 0; i < args.size(); i++) {
            final PathArgument arg = args.get(i);
            if (isMixin(args, i) || choices[i]) {
                continue;
            }
            final QName name = arg.getNodeType();
            sb.append('/');
            if (!name.getModule().equals(current)) {
                sb.append(moduleName(schema, name.getModule())).append(':');
                current = name.getModule();
            }
            sb.append(name.getLocalName());
            if (arg instanceof NodeIdentifierWithPredicates keyed) {
                for (Map.Entry<QName, Object> key : keyed.entrySet()) {
                    sb.append('[');
                    if (!key.getKey().getModule().equals(current)) {
                        sb.append(moduleName(schema, key.getKey().getModule())).append(':');
                    }
                    sb.append(key.getKey().getLocalName()).append("='")
                        .append(value(key.getValue(), schema).replace("'", "\\'")).append("']");
                }
            } else if (arg instanceof NodeWithValue<?> withValue) {
                sb.append("[.='").append(value(withValue.getValue(), schema).replace("'", "\\'")).append("']");
            }
        }
        return sb.length() == 0 ? "/" : sb.toString();
    }

    /** RFC 8040 api-path form, percent-encoded: {@code module:node/list=value}. */
    public static String toApiPath(final YangInstanceIdentifier path, final @Nullable EffectiveModelContext schema) {
        return toApiPath(path, 0, schema);
    }

    /**
     * As {@link #toApiPath(YangInstanceIdentifier, EffectiveModelContext)}, of the steps of {@code path}
     * from index {@code from} on: the rest of a path below one the client named (no module prefix is
     * written while it does not change from the step before).
     */
    public static String toApiPath(final YangInstanceIdentifier path, final int from,
            final @Nullable EffectiveModelContext schema) {
        final StringBuilder sb = new StringBuilder();
        final List<PathArgument> args = path.getPathArguments();
        QNameModule current = from > 0 ? args.get(from - 1).getNodeType().getModule() : null;
        final boolean[] choices = choices(path, schema);
        for (int i = from; i < args.size(); i++) {
            final PathArgument arg = args.get(i);
            if (isMixin(args, i) || choices[i]) {
                continue;
            }
            final QName name = arg.getNodeType();
            if (sb.length() > 0) {
                sb.append('/');
            }
            if (!name.getModule().equals(current)) {
                sb.append(moduleName(schema, name.getModule())).append(':');
                current = name.getModule();
            }
            sb.append(name.getLocalName());
            appendKeys(sb, arg, schema);
        }
        return sb.toString();
    }

    private static void appendKeys(final StringBuilder sb, final PathArgument arg, final @Nullable EffectiveModelContext schema) {
        if (arg instanceof NodeIdentifierWithPredicates keyed) {
            sb.append('=');
            boolean first = true;
            for (Object value : keyed.values()) {
                if (!first) {
                    sb.append(',');
                }
                sb.append(encode(value(value, schema)));
                first = false;
            }
        } else if (arg instanceof NodeWithValue<?> withValue) {
            sb.append('=').append(encode(value(withValue.getValue(), schema)));
        }
    }

    /** The list/leaf-list nodes above their entries are not steps of their own. */
    private static boolean isMixin(final List<PathArgument> args, final int index) {
        if (index + 1 < args.size()) {
            final PathArgument next = args.get(index + 1);
            return (next instanceof NodeIdentifierWithPredicates || next instanceof NodeWithValue<?>)
                && next.getNodeType().equals(args.get(index).getNodeType());
        }
        return false;
    }

    /** Which steps of {@code path} are choices: they are not nodes of the data, so no step of a path. */
    private static boolean[] choices(final YangInstanceIdentifier path, final @Nullable EffectiveModelContext schema) {
        final List<PathArgument> args = path.getPathArguments();
        final boolean[] choices = new boolean[args.size()];
        if (schema == null) {
            return choices;
        }
        DataSchemaContext context = DataSchemaContextTree.from(schema).getRoot();
        for (int i = 0; i < args.size(); i++) {
            if (!(context instanceof DataSchemaContext.Composite composite)) {
                break;
            }
            context = composite.childByArg(args.get(i));
            if (context == null) {
                break;
            }
            choices[i] = context.dataSchemaNode() instanceof ChoiceSchemaNode;
        }
        return choices;
    }

    static String value(final Object value, final @Nullable EffectiveModelContext schema) {
        if (value instanceof QName qname) {
            return moduleName(schema, qname.getModule()) + ":" + qname.getLocalName();
        }
        if (value instanceof byte[] bytes) {
            return Base64.getEncoder().encodeToString(bytes);
        }
        return String.valueOf(value);
    }

    private static String moduleName(final @Nullable EffectiveModelContext schema, final QNameModule module) {
        if (schema == null) {
            return module.namespace().toString();
        }
        return schema.findModule(module).map(m -> m.getName()).orElse(module.namespace().toString());
    }

    private static String encode(final String value) {
        final StringBuilder sb = new StringBuilder();
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            final char ch = (char) (b & 0xFF);
            if (ch < 0x80 && (Character.isLetterOrDigit(ch) || "-._~".indexOf(ch) >= 0)) {
                sb.append(ch);
            } else {
                sb.append('%').append(String.format("%02X", b & 0xFF));
            }
        }
        return sb.toString();
    }
}
