package io.sextant.simulator;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeWithValue;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext;

/**
 * The error-path of an rpc-error: an absolute XPath over data nodes only (no choice or list
 * wrappers), each step prefixed with its module's prefix, list entries with their keys, e.g.
 * {@code /oc-if:interfaces/oc-if:interface[oc-if:name='eth0']/oc-if:config/oc-if:mtu}.
 */
final class ErrorPath {
    private final String xpath;
    private final Map<String, String> namespaces;

    private ErrorPath(final String xpath, final Map<String, String> namespaces) {
        this.xpath = xpath;
        this.namespaces = namespaces;
    }

    static ErrorPath root() {
        return new ErrorPath("", Map.of());
    }

    /** This path and one more data node. */
    ErrorPath child(final DeviceSchema schema, final QName name) {
        final Map<String, String> more = new LinkedHashMap<>(namespaces);
        return new ErrorPath(xpath + "/" + step(schema, name, more), more);
    }

    /** This path and one more step for {@code arg}: a node, a list entry with its keys or a leaf-list entry. */
    ErrorPath child(final DeviceSchema schema, final PathArgument arg) {
        final Map<String, String> more = new LinkedHashMap<>(namespaces);
        final StringBuilder sb = new StringBuilder(xpath).append('/').append(step(schema, arg.getNodeType(), more));
        if (arg instanceof NodeIdentifierWithPredicates entry) {
            for (Map.Entry<QName, Object> key : entry.entrySet()) {
                sb.append('[').append(step(schema, key.getKey(), more)).append("='").append(key.getValue())
                    .append("']");
            }
        } else if (arg instanceof NodeWithValue<?> value) {
            sb.append("[.='").append(value.getValue()).append("']");
        }
        return new ErrorPath(sb.toString(), more);
    }

    /** The data-node path of {@code path}, skipping the list and choice wrappers. */
    static ErrorPath of(final DeviceSchema schema, final YangInstanceIdentifier path) {
        ErrorPath result = root();
        Optional<DataSchemaContext> context = Optional.of(schema.tree().getRoot());
        for (PathArgument arg : path.getPathArguments()) {
            final Optional<DataSchemaContext> parent = context;
            context = parent.flatMap(p -> p instanceof DataSchemaContext.Composite composite
                ? Optional.ofNullable(composite.childByArg(arg)) : Optional.empty());
            if (context.isPresent() && context.get() instanceof DataSchemaContext.PathMixin) {
                continue;
            }
            result = result.child(schema, arg);
        }
        return result;
    }

    private static String step(final DeviceSchema schema, final QName name, final Map<String, String> namespaces) {
        final String prefix = schema.prefix(name.getModule());
        namespaces.putIfAbsent(prefix, name.getNamespace().toString());
        return prefix + ":" + name.getLocalName();
    }

    Map<String, String> namespaces() {
        return namespaces;
    }

    @Override
    public String toString() {
        return xpath.isEmpty() ? "/" : xpath;
    }
}
