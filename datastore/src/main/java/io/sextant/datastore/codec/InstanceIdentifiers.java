package io.sextant.datastore.codec;

import java.util.Base64;
import java.util.Map;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeWithValue;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/** Renders instance identifiers as RFC 7951 strings and as RFC 8040 api-paths. */
public final class InstanceIdentifiers {
    private InstanceIdentifiers() {
    }

    /** RFC 7951 section 6.11 form: {@code /module:node/list[key='value']/leaf}. */
    public static String toInstanceIdentifier(final YangInstanceIdentifier path, final EffectiveModelContext schema) {
        final StringBuilder sb = new StringBuilder();
        QNameModule current = null;
        for (PathArgument arg : path.getPathArguments()) {
            if (isMixin(path, arg)) {
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
    public static String toApiPath(final YangInstanceIdentifier path, final EffectiveModelContext schema) {
        return toApiPath(path, schema, null);
    }

    /**
     * As {@link #toApiPath(YangInstanceIdentifier, EffectiveModelContext)}, for a path that continues
     * one whose last step is in {@code initial} (no module prefix is written while it does not change).
     */
    public static String toApiPath(final YangInstanceIdentifier path, final EffectiveModelContext schema,
            final QNameModule initial) {
        final StringBuilder sb = new StringBuilder();
        QNameModule current = initial;
        for (PathArgument arg : path.getPathArguments()) {
            if (isMixin(path, arg)) {
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

    private static void appendKeys(final StringBuilder sb, final PathArgument arg, final EffectiveModelContext schema) {
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

    /** Choice nodes and the list/leaf-list nodes above their entries are not steps of their own. */
    private static boolean isMixin(final YangInstanceIdentifier path, final PathArgument arg) {
        final var args = path.getPathArguments();
        final int index = args.indexOf(arg);
        if (index + 1 < args.size()) {
            final PathArgument next = args.get(index + 1);
            if ((next instanceof NodeIdentifierWithPredicates || next instanceof NodeWithValue<?>)
                    && next.getNodeType().equals(arg.getNodeType())) {
                return true;
            }
        }
        return false;
    }

    static String value(final Object value, final EffectiveModelContext schema) {
        if (value instanceof QName qname) {
            return moduleName(schema, qname.getModule()) + ":" + qname.getLocalName();
        }
        if (value instanceof byte[] bytes) {
            return Base64.getEncoder().encodeToString(bytes);
        }
        return String.valueOf(value);
    }

    private static String moduleName(final EffectiveModelContext schema, final QNameModule module) {
        if (schema == null) {
            return module.namespace().toString();
        }
        return schema.findModule(module).map(m -> m.getName()).orElse(module.namespace().toString());
    }

    private static String encode(final String value) {
        final StringBuilder sb = new StringBuilder();
        for (byte b : value.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
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
