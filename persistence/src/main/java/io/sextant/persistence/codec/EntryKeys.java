package io.sextant.persistence.codec;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.XMLNamespace;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;

/**
 * A stable, readable text key for a path, such as
 * {@code (urn:TBD:params:xml:ns:yang:network-topology)network-topology/topology[topology-id=topology-netconf]/node[node-id=R1]}
 * (a list's entry is written as the list's step with its keys):
 * a node's namespace is written where it differs from its parent's (as in RFC 7951 JSON, but
 * with the namespace rather than the module name, so no schema is needed), key values follow
 * their names. Characters with a meaning here ({@code /[]=,()%}), spaces, controls and
 * non-ASCII bytes are percent-encoded, so the key
 * of every path below {@code P} starts with {@code P + "/"} (or {@code P + "["} for the entries of
 * a list {@code P}). The text does not depend on the yangtools version; revisions are left out,
 * so a model update keeps the keys.
 */
public final class EntryKeys {
    private EntryKeys() {
    }

    public static String of(final YangInstanceIdentifier path) {
        final StringBuilder key = new StringBuilder();
        XMLNamespace parent = null;
        PathArgument previous = null;
        for (PathArgument arg : path.getPathArguments()) {
            // a list entry follows its list's own step: "interface[name=eth0]", not "interface/interface[...]"
            final boolean entryOfPrevious = arg instanceof NodeIdentifierWithPredicates && previous != null
                && !(previous instanceof NodeIdentifierWithPredicates)
                && previous.getNodeType().equals(arg.getNodeType());
            if (!entryOfPrevious) {
                if (!key.isEmpty()) {
                    key.append('/');
                }
                parent = name(key, arg.getNodeType(), parent);
            }
            if (arg instanceof NodeIdentifierWithPredicates keyed) {
                key.append('[');
                boolean first = true;
                for (Map.Entry<QName, Object> entry : keyed.entrySet()) {
                    if (!first) {
                        key.append(',');
                    }
                    first = false;
                    escape(key, entry.getKey().getLocalName());
                    key.append('=');
                    escape(key, value(entry.getValue()));
                }
                key.append(']');
            }
            previous = arg;
        }
        return key.toString();
    }

    private static XMLNamespace name(final StringBuilder key, final QName name,
            final @Nullable XMLNamespace parent) {
        final XMLNamespace namespace = name.getNamespace();
        if (!namespace.equals(parent)) {
            key.append('(');
            escape(key, namespace.toString());
            key.append(')');
        }
        escape(key, name.getLocalName());
        return namespace;
    }

    private static String value(final Object value) {
        if (value instanceof byte[] bytes) {
            return Base64.getEncoder().encodeToString(bytes);
        }
        if (value instanceof QName qname) {
            return "(" + qname.getNamespace() + ")" + qname.getLocalName();
        }
        return String.valueOf(value);
    }

    private static void escape(final StringBuilder key, final String text) {
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            final int c = b & 0xff;
            if (c <= 0x20 || c >= 0x7f || "/[]=,()%".indexOf(c) >= 0) {
                key.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                    .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            } else {
                key.append((char) c);
            }
        }
    }
}
