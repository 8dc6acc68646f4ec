package io.sextant.restconf.server;

import static java.util.Objects.requireNonNull;

import com.google.gson.JsonParseException;
import com.google.gson.stream.MalformedJsonException;
import io.sextant.spi.OperationError;
import io.sextant.spi.OperationErrorsException;
import io.sextant.restconf.api.RequestBody;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.stream.XMLStreamException;
import javax.xml.transform.dom.DOMSource;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.UnresolvedQName.Unqualified;
import org.opendaylight.yangtools.yang.common.XMLNamespace;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodeContainer;
import org.opendaylight.yangtools.yang.data.api.schema.stream.InputStreamNormalizer.PrefixAndResult;
import org.opendaylight.yangtools.yang.data.api.schema.stream.NormalizationException;
import org.opendaylight.yangtools.yang.data.codec.xml.XmlParserStream;
import org.opendaylight.yangtools.yang.data.impl.schema.ImmutableNormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.impl.schema.NormalizationResultHolder;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext.Composite;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext.PathMixin;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.OperationDefinition;
import org.opendaylight.yangtools.yang.model.util.SchemaInferenceStack;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * Turns request bodies into normalized data with yangtools' JSON and XML codecs. Every
 * failure is an {@link OperationErrorsException} with error-tag malformed-message (the body
 * does not parse) or invalid-value (it parses but does not fit the schema).
 */
final class BodyParser {
    private static final NodeIdentifier ROOT = NodeIdentifier.create(EffectiveModelContext.NAME);

    private BodyParser() {
    }

    /** The body of a PUT or plain PATCH: exactly the target resource. */
    static NormalizedNode parseResource(final Target target, final RequestBody body) throws OperationErrorsException {
        if (target.isRoot()) {
            return parseRoot(target, body);
        }
        final NormalizedNode data = switch (body.format()) {
            case JSON -> {
                try {
                    yield target.codecs().json().parseData(target.stack().toInference(), body.stream()).data();
                } catch (NormalizationException e) {
                    throw invalid(e);
                }
            }
            case XML -> parseXmlResource(target, document(body.stream()).getDocumentElement());
        };
        return unwrapSingle(data);
    }

    /** Parse one XML element as the data node the target stands for. */
    static NormalizedNode parseXmlResource(final Target target, final Element element)
            throws OperationErrorsException {
        checkElementName(element, target.context().dataSchemaNode().getQName());
        return unwrapSingle(parseXml(target.codecs(), target.stack(), element));
    }

    /**
     * Parse {@code element} as the node {@code stack} points at (a list yields a list of the
     * entries given; an empty stack yields the datastore root holding the element's children).
     */
    private static NormalizedNode parseXml(final SchemaCodecs codecs, final SchemaInferenceStack stack,
            final Element element) throws OperationErrorsException {
        try {
            final NormalizationResultHolder holder = new NormalizationResultHolder();
            try (var writer = ImmutableNormalizedNodeStreamWriter.from(holder);
                 var parser = XmlParserStream.create(writer, codecs.xml(), stack.toInference())) {
                parser.traverse(new DOMSource(element));
            }
            return holder.getResult().data();
        } catch (IOException | XMLStreamException | IllegalArgumentException | IllegalStateException e) {
            throw new OperationErrorsException(OperationError.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                "Invalid XML body: " + message(e)), e);
        }
    }

    private static NormalizedNode single(final Collection<? extends NormalizedNode> body)
            throws OperationErrorsException {
        if (body.size() != 1) {
            throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.MALFORMED_MESSAGE,
                "Expected exactly one data node, got " + body.size());
        }
        return body.iterator().next();
    }

    /** A list or leaf-list with one instance stands for that instance. */
    private static NormalizedNode unwrapSingle(final NormalizedNode data) throws OperationErrorsException {
        if (data instanceof MapNode || data instanceof LeafSetNode) {
            final var body = ((NormalizedNodeContainer<?>) data).body();
            if (body.size() != 1) {
                throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                    "Exactly one instance of " + data.name().getNodeType().getLocalName()
                    + " is required, " + body.size() + " supplied");
            }
            return body.iterator().next();
        }
        return data;
    }

    /** The body of PUT on a datastore or mount-point root: the wrapper with every top-level node. */
    private static ContainerNode parseRoot(final Target target, final RequestBody body)
            throws OperationErrorsException {
        final Target.Wrapper rootWrapper = requireNonNull(target.rootWrapper(), "a root target has a wrapper");
        final QName wrapper = rootWrapper.name();
        return switch (body.format()) {
            case JSON -> {
                final String module = rootWrapper.module();
                try {
                    final ContainerNode parsed = target.codecs().json().parseDatastore(NodeIdentifier.create(wrapper),
                        Unqualified.of(module), body.stream()).data();
                    yield ImmutableNodes.newContainerBuilder().withNodeIdentifier(ROOT).withValue(parsed.body())
                        .build();
                } catch (NormalizationException e) {
                    throw invalid(e);
                }
            }
            case XML -> {
                final Element root = document(body.stream()).getDocumentElement();
                checkElementName(root, wrapper);
                final NormalizedNode parsed = parseXml(target.codecs(),
                    SchemaInferenceStack.of(target.codecs().schema()), root);
                if (!(parsed instanceof ContainerNode container)) {
                    throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                        "Unexpected root element " + root.getLocalName());
                }
                yield ImmutableNodes.newContainerBuilder().withNodeIdentifier(ROOT).withValue(container.body())
                    .build();
            }
        };
    }

    /** A parsed child for POST: the path steps from the target to the child, and the child. */
    record Child(List<PathArgument> prefix, NormalizedNode data) {
    }

    /** The body of POST on a data resource: exactly one child of the target. */
    static Child parseChild(final Target target, final RequestBody body) throws OperationErrorsException {
        return switch (body.format()) {
            case JSON -> {
                try {
                    final PrefixAndResult result = target.codecs().json().parseChildData(
                        target.stack().toInference(), body.stream());
                    final List<PathArgument> prefix = new ArrayList<>(result.prefix());
                    final NormalizedNode data = result.result().data();
                    prefix.add(data.name());
                    yield new Child(prefix, data);
                } catch (NormalizationException e) {
                    throw invalid(e);
                }
            }
            case XML -> parseXmlChild(target, document(body.stream()).getDocumentElement());
        };
    }

    private static Child parseXmlChild(final Target target, final Element element) throws OperationErrorsException {
        if (!(target.context() instanceof Composite composite)) {
            throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                "The target cannot have children");
        }
        final QName name = QName.create(element.getNamespaceURI() == null ? "" : element.getNamespaceURI(),
            element.getLocalName());
        final var module = target.codecs().schema().findModuleStatements(
            XMLNamespace.of(name.getNamespace().toString()))
            .stream().findFirst();
        if (module.isEmpty()) {
            throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.UNKNOWN_NAMESPACE,
                "Unknown namespace " + element.getNamespaceURI());
        }
        final QName child = QName.create(module.orElseThrow().localQNameModule(), element.getLocalName());
        final SchemaInferenceStack stack = target.stack().copy();
        final List<PathArgument> prefix = new ArrayList<>();
        DataSchemaContext next = composite.enterChild(stack, child);
        if (next == null) {
            throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.UNKNOWN_ELEMENT,
                "'" + element.getLocalName() + "' is not a child of the target");
        }
        while (next instanceof PathMixin mixin) {
            prefix.add(mixin.mixinPathStep());
            next = mixin.enterChild(stack, child);
        }
        if (!(next.dataSchemaNode().getQName().equals(child))) {
            throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.UNKNOWN_ELEMENT,
                "'" + element.getLocalName() + "' is not a child of the target");
        }
        final NormalizedNode data = unwrapSingle(parseXml(target.codecs(), stack, element));
        prefix.add(data.name());
        return new Child(prefix, data);
    }

    /** RPC or action input ({@code stack} at the operation); an empty body means an empty input. */
    static ContainerNode parseInput(final SchemaCodecs codecs, final SchemaInferenceStack stack,
            final OperationDefinition operation, final RequestBody body, final boolean empty)
            throws OperationErrorsException {
        final QName input = operation.getInput().getQName();
        if (empty) {
            return ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(input)).build();
        }
        return switch (body.format()) {
            case JSON -> {
                try {
                    yield codecs.json().parseInput(stack.toInference(), body.stream()).data();
                } catch (NormalizationException e) {
                    throw invalid(e);
                }
            }
            case XML -> {
                final Element element = document(body.stream()).getDocumentElement();
                checkElementName(element, input);
                final SchemaInferenceStack inputStack = stack.copy();
                inputStack.enterSchemaTree(input);
                final NormalizedNode parsed = parseXml(codecs, inputStack, element);
                if (!(parsed instanceof ContainerNode container)) {
                    throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.MALFORMED_MESSAGE,
                        "The input must be a container");
                }
                yield container;
            }
        };
    }

    static void checkElementName(final Element element, final QName expected) throws OperationErrorsException {
        if (!expected.getLocalName().equals(element.getLocalName())
                || !expected.getNamespace().toString().equals(element.getNamespaceURI())) {
            throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                "Expected element '" + expected.getLocalName() + "' in namespace " + expected.getNamespace()
                + ", got '" + element.getLocalName() + "' in namespace " + element.getNamespaceURI());
        }
    }

    static List<Element> childElements(final Element parent) {
        final List<Element> result = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                result.add(e);
            }
        }
        return result;
    }

    static Document document(final InputStream stream) throws OperationErrorsException {
        try {
            return newBuilder().parse(stream);
        } catch (SAXException | IOException e) {
            throw new OperationErrorsException(OperationError.of(ErrorType.PROTOCOL, ErrorTag.MALFORMED_MESSAGE,
                "Malformed XML: " + message(e)), e);
        }
    }

    private static DocumentBuilder newBuilder() {
        final DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setExpandEntityReferences(false);
        factory.setXIncludeAware(false);
        try {
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
            factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            final DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(null);
            return builder;
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("XML parser cannot be configured securely", e);
        }
    }

    static OperationErrorsException invalid(final NormalizationException e) {
        final boolean syntax = isSyntaxError(e);
        final ErrorTag tag = syntax ? ErrorTag.MALFORMED_MESSAGE : ErrorTag.INVALID_VALUE;
        return new OperationErrorsException(OperationError.of(ErrorType.PROTOCOL, tag,
            (syntax ? "Malformed JSON: " : "Invalid data: ") + message(e)), e);
    }

    /** A value that does not fit its type is invalid data; anything else the parser trips on is syntax. */
    private static boolean isSyntaxError(final Throwable e) {
        boolean syntax = false;
        for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof IllegalArgumentException) {
                return false;
            }
            if (t instanceof MalformedJsonException || t instanceof EOFException
                    || t instanceof JsonParseException || t instanceof IllegalStateException) {
                syntax = true;
            }
        }
        return syntax;
    }

    static String message(final Throwable e) {
        Throwable t = e;
        String msg = t.getMessage();
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
            if (t.getMessage() != null) {
                msg = t.getMessage();
            }
        }
        return msg == null ? e.getClass().getSimpleName() : msg;
    }
}
