package io.sextant.simulator;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * One {@code <rpc-error>} as a device sends it (RFC 6241 section 4.3): error-type, error-tag,
 * severity error, the error-path of the offending node (an XPath with the modules' prefixes bound on
 * the element), the message and error-info children. The operations throw it; the simulated device
 * answers it as the reply, and nothing of the request was applied.
 */
public final class RpcError extends Exception {
    static final String BASE_NS = "urn:ietf:params:xml:ns:netconf:base:1.0";
    private static final long serialVersionUID = 1L;

    private final ErrorType type;
    private final ErrorTag tag;
    private final transient Optional<ErrorPath> path;
    private final Map<String, String> info;

    private RpcError(final ErrorType type, final ErrorTag tag, final String message, final Optional<ErrorPath> path,
            final Map<String, String> info) {
        super(message);
        this.type = type;
        this.tag = tag;
        this.path = path;
        this.info = info;
    }

    public static RpcError of(final ErrorType type, final ErrorTag tag, final String message) {
        return new RpcError(type, tag, message, Optional.empty(), Map.of());
    }

    static RpcError at(final ErrorType type, final ErrorTag tag, final String message, final ErrorPath path) {
        return new RpcError(type, tag, message, Optional.of(path), Map.of());
    }

    /** The same error with one more error-info child (bad-element, session-id, ...). */
    RpcError withInfo(final String name, final String value) {
        final Map<String, String> more = new LinkedHashMap<>(info);
        more.put(name, value);
        final RpcError copy = new RpcError(type, tag, getMessage(), path, more);
        copy.initCause(getCause());
        return copy;
    }

    /** The same error at a path, unless it already has one. */
    RpcError atPath(final ErrorPath newPath) {
        if (path.isPresent()) {
            return this;
        }
        return new RpcError(type, tag, getMessage(), Optional.of(newPath), info);
    }

    public ErrorTag tag() {
        return tag;
    }

    public ErrorType type() {
        return type;
    }

    public Optional<String> path() {
        return path.map(ErrorPath::toString);
    }

    /** The {@code <rpc-error>} element, in {@code document}. */
    Element toElement(final Document document) {
        final Element error = document.createElementNS(BASE_NS, "rpc-error");
        append(document, error, "error-type", type.elementBody());
        append(document, error, "error-tag", tag.elementBody());
        append(document, error, "error-severity", "error");
        if (path.isPresent()) {
            final Element pathElement = append(document, error, "error-path", path.get().toString());
            path.get().namespaces().forEach((prefix, namespace) ->
                pathElement.setAttributeNS("http://www.w3.org/2000/xmlns/", "xmlns:" + prefix, namespace));
        }
        final Element message = append(document, error, "error-message", getMessage());
        message.setAttributeNS("http://www.w3.org/XML/1998/namespace", "xml:lang", "en");
        if (!info.isEmpty()) {
            final Element errorInfo = document.createElementNS(BASE_NS, "error-info");
            info.forEach((name, value) -> append(document, errorInfo, name, value));
            error.appendChild(errorInfo);
        }
        return error;
    }

    private static Element append(final Document document, final Element parent, final String name,
            final String text) {
        final Element child = document.createElementNS(BASE_NS, name);
        child.setTextContent(text);
        parent.appendChild(child);
        return child;
    }
}
