package io.sextant.restconf.http;

import io.sextant.datastore.events.Event;
import java.io.IOException;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.namespace.NamespaceContext;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import javax.xml.transform.dom.DOMResult;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathExpression;
import javax.xml.xpath.XPathExpressionException;
import javax.xml.xpath.XPathFactory;
import javax.xml.xpath.XPathFactoryConfigurationException;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.schema.stream.NormalizedNodeWriter;
import org.opendaylight.yangtools.yang.data.codec.xml.XMLStreamNormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.stmt.SchemaNodeIdentifier.Absolute;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.w3c.dom.Document;

/**
 * The RFC 8040 4.8.4 {@code filter} of a stream subscription: an XPath 1.0 expression (the JDK's evaluator, core
 * function library and YANG's functions ({@link YangXPathFunctions}), no variables) whose boolean value decides
 * whether an event is sent. It is evaluated
 * with the root node of a document whose one element is the event's notification, as its XML encoding has it
 * (RFC 5277 3.6: {@code /sextant-events:commit-finished[sextant-events:outcome='fail']}); every name carries a
 * prefix, and the prefixes are YANG module names (RFC 8040 4.8.4), resolved in the notification's own schema.
 * Used by one connection at a time: not thread-safe.
 */
final class XPathEventFilter {
    private static final Logger LOG = LoggerFactory.getLogger(XPathEventFilter.class);
    private static final String NO_MODULE = "urn:sextant:filter:no-module:";
    private static final int SCHEMAS_CACHED = 16;
    /** The JDK's feature that lets secure processing call extension functions. */
    private static final String ENABLE_EXTENSION_FUNCTIONS =
        "http://www.oracle.com/xml/jaxp/properties/enableExtensionFunctions";
    private static final XMLOutputFactory XML_OUTPUT = xmlOutput();

    private final String expression;
    private final EffectiveModelContext controller;
    private final XPathExpression forController;
    private final DocumentBuilder documents;
    private final Map<EffectiveModelContext, XPathExpression> bySchema = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(final Map.Entry<EffectiveModelContext, XPathExpression> eldest) {
            return size() > SCHEMAS_CACHED;
        }
    };

    private XPathEventFilter(final String expression, final EffectiveModelContext controller,
            final XPathExpression forController, final DocumentBuilder documents) {
        this.expression = expression;
        this.controller = controller;
        this.forController = forController;
        this.documents = documents;
    }

    /**
     * Compile {@code expression} for the notifications defined in {@code controller}; when {@code anySchema}, also
     * for those of other schemas (device notifications), where prefixes that are no module of the controller may
     * name a device's module.
     *
     * @throws IllegalArgumentException saying what is wrong or not supported, for a 400 {@code invalid-value}
     */
    static XPathEventFilter compile(final String expression, final EffectiveModelContext controller,
            final boolean anySchema) {
        final ModuleNamespaces namespaces = new ModuleNamespaces(controller);
        final XPathExpression compiled = compile(expression, namespaces);
        if (!anySchema && !namespaces.unknown.isEmpty()) {
            throw new IllegalArgumentException("filter: no module of the controller is named "
                + String.join(", ", namespaces.unknown) + " (the prefixes of a filter are YANG module names)");
        }
        final DocumentBuilder documents = documentBuilder();
        try {
            // with no variables bound and the core functions only, what cannot be evaluated fails here
            compiled.evaluate(documents.newDocument(), XPathConstants.BOOLEAN);
        } catch (XPathExpressionException e) {
            throw new IllegalArgumentException("filter '" + expression + "' cannot be evaluated: " + message(e)
                + " (supported: XPath 1.0 with its core functions and YANG's, no variables)", e);
        }
        return new XPathEventFilter(expression, controller, compiled, documents);
    }

    /** Whether {@code event} is to be sent: the expression's boolean value on it; false when it cannot be evaluated. */
    boolean matches(final Event event) {
        try {
            return (Boolean) expressionFor(event.schema()).evaluate(document(event), XPathConstants.BOOLEAN);
        } catch (XPathExpressionException | XMLStreamException | RuntimeException e) {
            LOG.debug("Filter {} cannot be evaluated on an event of stream {}; it is not sent", expression,
                event.stream(), e);
            return false;
        }
    }

    private XPathExpression expressionFor(final EffectiveModelContext schema) {
        if (schema == controller) {
            return forController;
        }
        return bySchema.computeIfAbsent(schema, s -> compile(expression, new ModuleNamespaces(s)));
    }

    /** The notification in a document of its own, as its XML encoding has it. */
    private Document document(final Event event) throws XMLStreamException {
        final Document document = documents.newDocument();
        final XMLStreamWriter xml = XML_OUTPUT.createXMLStreamWriter(new DOMResult(document));
        try {
            final var writer = NormalizedNodeWriter.forStreamWriter(XMLStreamNormalizedNodeStreamWriter.create(xml,
                event.schema(), Absolute.of(event.name())));
            writer.write(event.body());
            writer.flush();
        } catch (IOException e) {
            throw new XMLStreamException("Cannot write the notification", e);
        }
        xml.flush();
        return document;
    }

    private static XPathExpression compile(final String expression, final ModuleNamespaces namespaces) {
        final XPath xpath = xpathFactory().newXPath();
        xpath.setNamespaceContext(namespaces);
        xpath.setXPathFunctionResolver(new YangXPathFunctions(namespaces.schema));
        try {
            return xpath.compile(YangXPathFunctions.qualify(expression));
        } catch (XPathExpressionException e) {
            throw new IllegalArgumentException("filter '" + expression + "' is not a supported XPath 1.0 expression: "
                + message(e) + " (supported: XPath 1.0 with its core functions and YANG's current(), re-match(), "
                + "derived-from(), derived-from-or-self() and bit-is-set(), names prefixed with their module's "
                + "name)", e);
        }
    }

    private static String message(final Throwable error) {
        Throwable cause = error;
        while (cause.getMessage() == null && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return String.valueOf(cause.getMessage());
    }

    private static XPathFactory xpathFactory() {
        final XPathFactory factory = XPathFactory.newDefaultInstance();
        try {
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            // the only extension functions a filter can reach are YANG's (YangXPathFunctions resolves no other)
            factory.setFeature(ENABLE_EXTENSION_FUNCTIONS, true);
        } catch (XPathFactoryConfigurationException e) {
            throw new IllegalStateException("The JDK's XPath cannot process securely", e);
        }
        return factory;
    }

    private static DocumentBuilder documentBuilder() {
        final DocumentBuilderFactory factory = DocumentBuilderFactory.newDefaultInstance();
        factory.setNamespaceAware(true);
        try {
            return factory.newDocumentBuilder();
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("The JDK cannot build DOM documents", e);
        }
    }

    private static XMLOutputFactory xmlOutput() {
        final XMLOutputFactory factory = XMLOutputFactory.newDefaultFactory();
        factory.setProperty(XMLOutputFactory.IS_REPAIRING_NAMESPACES, Boolean.TRUE);
        return factory;
    }

    /** Module names as prefixes, resolved in one schema; a name no module has is noted and matches nothing. */
    private static final class ModuleNamespaces implements NamespaceContext {
        private final EffectiveModelContext schema;
        private final Set<String> unknown = new HashSet<>();

        ModuleNamespaces(final EffectiveModelContext schema) {
            this.schema = schema;
        }

        @Override
        public String getNamespaceURI(final String prefix) {
            if (prefix.isEmpty()) {
                return XMLConstants.NULL_NS_URI;
            }
            if (prefix.equals(XMLConstants.XML_NS_PREFIX)) {
                return XMLConstants.XML_NS_URI;
            }
            if (prefix.equals(YangXPathFunctions.PREFIX)) {
                return YangXPathFunctions.NAMESPACE;
            }
            final var modules = schema.findModules(prefix);
            if (modules.isEmpty()) {
                unknown.add(prefix);
                return NO_MODULE + prefix;
            }
            return modules.iterator().next().getNamespace().toString();
        }

        @Override
        public @Nullable String getPrefix(final String namespaceUri) {
            return null;
        }

        @Override
        public Iterator<String> getPrefixes(final String namespaceUri) {
            return Collections.emptyIterator();
        }
    }
}
