package io.sextant.southbound.netconf.xml;

import io.sextant.spi.OperationError;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.namespace.NamespaceContext;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.w3c.dom.Element;

/**
 * Reads the {@code <rpc-error>}s of a reply into {@link OperationError}s: error-path translated
 * into the device schema when it names a data node there, the node id and the device's
 * error-info kept in the error's info.
 */
public final class RpcErrors {
    private static final TransformerFactory TRANSFORMERS = TransformerFactory.newInstance();

    private RpcErrors() {
    }

    /**
     * The errors of severity {@code error} in {@code reply}; empty when there are none (warnings
     * alone do not fail an operation).
     *
     * @param codec the device schema's codec for error-path translation; {@code null} before the
     *     schema is known
     */
    public static List<OperationError> read(final Element reply, final String nodeId,
            final @Nullable DataCodec codec) {
        final List<OperationError> result = new ArrayList<>();
        for (Element error : NetconfXml.children(reply)) {
            if (!"rpc-error".equals(error.getLocalName())) {
                continue;
            }
            final String severity = text(error, "error-severity").orElse("error");
            if (!"error".equals(severity)) {
                continue;
            }
            final ErrorType type = text(error, "error-type").map(ErrorType::forElementBody)
                .orElse(ErrorType.APPLICATION);
            final ErrorTag tag = text(error, "error-tag").map(ErrorTag::new).orElse(ErrorTag.OPERATION_FAILED);
            final String message = text(error, "error-message").map(RpcErrors::plainMessage)
                .orElse(tag.elementBody());
            final Optional<String> appTag = text(error, "error-app-tag");
            final Optional<Element> pathElement = childByLocalName(error, "error-path");
            final Optional<YangInstanceIdentifier> path = pathElement.flatMap(p -> translate(p, codec));

            final StringBuilder info = new StringBuilder("<node-id>").append(NetconfXml.escape(nodeId))
                .append("</node-id>");
            if (pathElement.isPresent() && path.isEmpty()) {
                info.append("<error-path>").append(NetconfXml.escape(pathElement.get().getTextContent().strip()))
                    .append("</error-path>");
            }
            childByLocalName(error, "error-info").ifPresent(e -> NetconfXml.children(e)
                .forEach(child -> info.append(serialize(child))));
            result.add(new OperationError(type == null ? ErrorType.APPLICATION : type, tag, message,
                path.orElse(null), appTag.orElse(null), info.toString()));
        }
        return result;
    }

    /**
     * A device's error-message without the Java renderings some devices put in it. A device built
     * on OpenDaylight (the netconf test tool among them) answers a failed commit with the
     * {@code toString()} of its exception, {@code Transaction commit failed on
     * TransactionCommitFailedException{message=..., errorList=[RpcError [message=m, severity=...,
     * cause=c]]}}; that becomes {@code Transaction commit failed: m: c}. Other messages are kept.
     */
    static String plainMessage(final String message) {
        final Matcher exception = JAVA_EXCEPTION.matcher(message);
        if (!exception.find()) {
            return message;
        }
        final List<String> details = new ArrayList<>();
        final Matcher error = RPC_ERROR.matcher(message);
        while (error.find()) {
            final String cause = error.group(2);
            details.add(cause == null || "null".equals(cause) || cause.equals(error.group(1)) ? error.group(1)
                : error.group(1) + ": " + cause);
        }
        if (details.isEmpty()) {
            final Matcher inner = EXCEPTION_MESSAGE.matcher(message);
            details.add(inner.find() ? inner.group(1) : "the device reported an internal failure");
        }
        final String before = message.substring(0, exception.start()).strip().replaceAll("(?: on|:)$", "").strip();
        final String joined = String.join("; ", details);
        return before.isEmpty() ? joined : before + ": " + joined;
    }

    private static final Pattern JAVA_EXCEPTION = Pattern.compile("\\b(?:[a-z]\\w*\\.)*[A-Z]\\w*Exception\\{");
    private static final Pattern RPC_ERROR = Pattern.compile(
        "RpcError \\[message=(.*?), severity=.*?(?:, cause=(.*?))?\\]\\]?(?=,\\s*RpcError \\[|\\]\\}|$)");
    private static final Pattern EXCEPTION_MESSAGE = Pattern.compile("Exception\\{message=(.*?)(?:, \\w+=|\\})");

    /** The error-path as a path in the device schema, without the NETCONF envelope steps. */
    static Optional<YangInstanceIdentifier> translate(final Element pathElement, final @Nullable DataCodec codec) {
        if (codec == null) {
            return Optional.empty();
        }
        final String text = pathElement.getTextContent().strip();
        final NamespaceContext namespaces = new ElementNamespaces(pathElement);
        final List<String> steps = steps(text);
        int first = 0;
        while (first < steps.size() && isEnvelope(steps.get(first), namespaces)) {
            first++;
        }
        if (first == steps.size()) {
            return Optional.empty();
        }
        final String dataPath = "/" + String.join("/", steps.subList(first, steps.size()));
        try {
            return Optional.of(codec.codecs().instanceIdentifierCodec()
                .parseValue(namespaces, dataPath));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private static boolean isEnvelope(final String step, final NamespaceContext namespaces) {
        final int colon = step.indexOf(':');
        final int bracket = step.indexOf('[');
        if (colon < 0 || bracket >= 0 && bracket < colon) {
            return false;
        }
        return NetconfXml.BASE_NS.equals(namespaces.getNamespaceURI(step.substring(0, colon)));
    }

    /** Split an absolute location path into steps, keeping predicates (and quoted slashes) intact. */
    static List<String> steps(final String path) {
        final List<String> result = new ArrayList<>();
        final StringBuilder current = new StringBuilder();
        char quote = 0;
        int brackets = 0;
        for (int i = 0; i < path.length(); i++) {
            final char c = path.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '[') {
                brackets++;
            } else if (c == ']') {
                brackets--;
            } else if (c == '/' && brackets == 0) {
                if (!current.isEmpty()) {
                    result.add(current.toString().strip());
                    current.setLength(0);
                }
                continue;
            }
            current.append(c);
        }
        if (!current.isEmpty()) {
            result.add(current.toString().strip());
        }
        return result;
    }

    private static Optional<String> text(final Element parent, final String localName) {
        return childByLocalName(parent, localName).map(e -> e.getTextContent().strip());
    }

    private static Optional<Element> childByLocalName(final Element parent, final String localName) {
        return NetconfXml.children(parent).stream().filter(e -> localName.equals(e.getLocalName())).findFirst();
    }

    private static String serialize(final Element element) {
        try {
            final Transformer transformer = TRANSFORMERS.newTransformer();
            transformer.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
            final StringWriter out = new StringWriter();
            transformer.transform(new DOMSource(element), new StreamResult(out));
            return out.toString();
        } catch (TransformerException e) {
            return NetconfXml.escape(element.getTextContent());
        }
    }

    /** Namespace prefixes in scope at a DOM element. */
    private record ElementNamespaces(Element element) implements NamespaceContext {
        @Override
        public String getNamespaceURI(final String prefix) {
            final String uri = element.lookupNamespaceURI(prefix == null || prefix.isEmpty() ? null : prefix);
            return uri == null ? XMLConstants.NULL_NS_URI : uri;
        }

        @Override
        public String getPrefix(final String namespaceURI) {
            return element.lookupPrefix(namespaceURI);
        }

        @Override
        public Iterator<String> getPrefixes(final String namespaceURI) {
            final String prefix = getPrefix(namespaceURI);
            return prefix == null ? List.<String>of().iterator() : List.of(prefix).iterator();
        }
    }
}
