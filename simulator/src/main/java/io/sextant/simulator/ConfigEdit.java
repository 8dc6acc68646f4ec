package io.sextant.simulator;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.xml.stream.XMLStreamException;
import javax.xml.transform.dom.DOMSource;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.ChoiceNode;
import org.opendaylight.yangtools.yang.data.api.schema.DistinctNodeContainer;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.codec.xml.XmlParserStream;
import org.opendaylight.yangtools.yang.data.impl.schema.ImmutableNormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.impl.schema.NormalizationResultHolder;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeModification;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext;
import org.opendaylight.yangtools.yang.model.api.ContainerSchemaNode;
import org.opendaylight.yangtools.yang.model.api.LeafListSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ListSchemaNode;
import org.opendaylight.yangtools.yang.model.api.SchemaContext;
import org.opendaylight.yangtools.yang.model.util.SchemaInferenceStack;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Applies the content of one edit-config {@code <config>} to a modification of a device's data tree
 * (RFC 6241 section 7.2): each element's {@code operation} attribute or the inherited one (the
 * default-operation at the top), merge/replace/create/delete/remove, parents created by merge the
 * way OpenDaylight's server does. Data is parsed with yangtools' XML codec in the schema of the
 * element's parent, so types, ranges, patterns and unknown elements are checked where they occur;
 * a failure names the offending node in its error-path.
 */
final class ConfigEdit {
    /** An edit-config operation, or {@code none}, which only descends. */
    enum Operation {
        MERGE, REPLACE, CREATE, DELETE, REMOVE, NONE;

        static Operation parse(final String text) throws RpcError {
            try {
                return Operation.valueOf(text.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw RpcError.of(ErrorType.PROTOCOL, ErrorTag.BAD_ATTRIBUTE, "Invalid operation '" + text + "'")
                    .withInfo("bad-attribute", "operation");
            }
        }

        /** A default-operation: merge, replace or none. */
        static Operation parseDefault(final String text) throws RpcError {
            return switch (text.trim()) {
                case "merge" -> MERGE;
                case "replace" -> REPLACE;
                case "none" -> NONE;
                default -> throw RpcError.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                    "Invalid default-operation '" + text + "'").withInfo("bad-element", "default-operation");
            };
        }
    }

    private final DeviceSchema schema;
    private final DataTreeModification modification;

    private ConfigEdit(final DeviceSchema schema, final DataTreeModification modification) {
        this.schema = schema;
        this.modification = modification;
    }

    /**
     * Applies {@code config} (the {@code <config>} element) to {@code modification}.
     *
     * @throws RpcError when any part of it is invalid; the modification is then to be dropped
     */
    static void apply(final DeviceSchema schema, final DataTreeModification modification, final Element config,
            final Operation defaultOperation) throws RpcError {
        final ConfigEdit edit = new ConfigEdit(schema, modification);
        if (defaultOperation == Operation.REPLACE) {
            // the whole datastore is the <config>: what it leaves out goes away
            modification.write(YangInstanceIdentifier.of(), ImmutableNodes.newContainerBuilder()
                .withNodeIdentifier(NodeIdentifier.create(SchemaContext.NAME)).build());
        }
        for (Element child : children(config)) {
            edit.visit(child, schema.tree().getRoot(), SchemaInferenceStack.of(schema.context()),
                YangInstanceIdentifier.of(), ErrorPath.root(), defaultOperation);
        }
    }

    private void visit(final Element element, final DataSchemaContext.Composite parent,
            final SchemaInferenceStack parentStack, final YangInstanceIdentifier parentPath,
            final ErrorPath parentError, final Operation inherited) throws RpcError {
        final QName name = qname(element, parentError);
        final ErrorPath error = parentError.child(schema, name);
        final Operation operation = operation(element).orElse(inherited);
        DataSchemaContext context = parent.childByQName(name);
        YangInstanceIdentifier path = parentPath;
        while (context instanceof DataSchemaContext.PathMixin mixin) {
            // a choice, a list or a leaf-list: one step in the data, none in the XML
            path = path.node(mixin.pathStep());
            context = mixin.childByQName(name);
        }
        if (context == null) {
            // error-path: the parent, which has no such child (as netconfd answers); bad-element: the name
            throw RpcError.at(ErrorType.PROTOCOL, ErrorTag.UNKNOWN_ELEMENT,
                "Unknown element " + element.getLocalName(), parentError)
                .withInfo("bad-element", element.getLocalName());
        }
        final SchemaInferenceStack stack = parentStack.copy();
        stack.enterDataTree(name);

        // list entries are known by their keys, parsed first so that every error names the entry
        NormalizedNode keys = null;
        NormalizedNode value = null;
        final PathArgument arg;
        final ErrorPath here;
        if (context.dataSchemaNode() instanceof ListSchemaNode list) {
            keys = parse(keysOnly(element, list, error), parentStack, error, name);
            arg = keys.name();
            here = parentError.child(schema, arg);
        } else if (context.dataSchemaNode() instanceof LeafListSchemaNode) {
            value = parse(element, parentStack, error, name);
            arg = value.name();
            here = parentError.child(schema, arg);
        } else {
            arg = context.pathStep();
            here = error;
        }
        path = path.node(arg);

        switch (operation) {
            case DELETE -> {
                if (modification.readNode(path).isEmpty()) {
                    throw RpcError.at(ErrorType.APPLICATION, ErrorTag.DATA_MISSING,
                        "Data to delete does not exist", here);
                }
                modification.delete(path);
            }
            case REMOVE -> {
                if (modification.readNode(path).isPresent()) {
                    modification.delete(path);
                }
            }
            case CREATE -> {
                if (modification.readNode(path).isPresent()) {
                    throw RpcError.at(ErrorType.APPLICATION, ErrorTag.DATA_EXISTS, "Data already exists", here);
                }
                write(path, value != null ? value : parse(element, parentStack, here, name), here);
            }
            case REPLACE -> write(path, value != null ? value : parse(element, parentStack, here, name), here);
            case MERGE, NONE -> {
                final boolean structural = context instanceof DataSchemaContext.Composite;
                if (!structural || !hasNestedOperation(element)) {
                    if (operation == Operation.MERGE) {
                        merge(path, value != null ? value : parse(element, parentStack, here, name), here);
                    }
                    return;
                }
                // an operation further down: create this level (with its keys) and descend
                merge(path, skeleton(context, keys, arg), here);
                for (Element child : children(element)) {
                    visit(child, (DataSchemaContext.Composite) context, stack, path, here, operation);
                }
            }
            default -> throw new IllegalStateException("Unhandled operation " + operation);
        }
    }

    private void write(final YangInstanceIdentifier path, final NormalizedNode data, final ErrorPath error)
            throws RpcError {
        try {
            modification.write(path, data);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw RpcError.at(ErrorType.APPLICATION, ErrorTag.INVALID_VALUE, e.getMessage(), error);
        }
    }

    private void merge(final YangInstanceIdentifier path, final NormalizedNode data, final ErrorPath error)
            throws RpcError {
        try {
            modification.merge(path, data);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw RpcError.at(ErrorType.APPLICATION, ErrorTag.INVALID_VALUE, e.getMessage(), error);
        }
    }

    /** The node at this level without its children: a container, or a list entry with its keys only. */
    private static NormalizedNode skeleton(final DataSchemaContext context, final NormalizedNode keys,
            final PathArgument arg) {
        if (keys instanceof MapEntryNode) {
            return keys;
        }
        if (context.dataSchemaNode() instanceof ContainerSchemaNode) {
            return ImmutableNodes.newContainerBuilder().withNodeIdentifier((NodeIdentifier) arg).build();
        }
        throw new IllegalStateException("No skeleton for " + context.dataSchemaNode());
    }

    /**
     * The element parsed as data in its parent's schema; list and leaf-list entries come back as the
     * entry, children of a choice as the child.
     */
    private NormalizedNode parse(final Element element, final SchemaInferenceStack parentStack,
            final ErrorPath error, final QName name) throws RpcError {
        final NormalizationResultHolder holder = new NormalizationResultHolder();
        try {
            XmlParserStream.create(ImmutableNormalizedNodeStreamWriter.from(holder), schema.xmlCodecs(),
                parentStack.toInference(), true).traverse(new DOMSource(wrapped(element, parentStack)));
        } catch (XMLStreamException | IOException | IllegalArgumentException | IllegalStateException
                | UnsupportedOperationException e) {
            throw locate(element, parentStack, error, e);
        }
        return unwrap(holder.getResult().data(), name);
    }

    /** The node named {@code name} in what the parser built around it (the wrapper, a list, a choice). */
    private static NormalizedNode unwrap(final NormalizedNode node, final QName name) {
        final Deque<NormalizedNode> queue = new ArrayDeque<>(List.of(node));
        while (!queue.isEmpty()) {
            final NormalizedNode next = queue.poll();
            if (next.name().getNodeType().equals(name) && !(next instanceof MapNode)
                    && !(next instanceof LeafSetNode<?>) && !(next instanceof ChoiceNode)) {
                return next;
            }
            if (next instanceof DistinctNodeContainer<?, ?> container) {
                queue.addAll(container.body());
            }
        }
        return node;
    }

    /**
     * The element alone inside a copy of its parent: yangtools' parser reads the children of the
     * element it is given, in the schema of the inference's node.
     */
    private static Element wrapped(final Element element, final SchemaInferenceStack parentStack) {
        final Node parent = element.getParentNode();
        final Element wrapper = parent instanceof Element parentElement
            ? element.getOwnerDocument().createElementNS(parentElement.getNamespaceURI(), parentElement.getLocalName())
            : element.getOwnerDocument().createElementNS(RpcError.BASE_NS, "config");
        if (parent instanceof Element parentElement && !parentStack.isEmpty()
                && parentStack.currentStatement() instanceof ListSchemaNode list) {
            // a list entry parses only with its keys
            for (QName key : list.getKeyDefinition()) {
                for (Element sibling : children(parentElement)) {
                    if (sibling != element && key.getLocalName().equals(sibling.getLocalName())) {
                        wrapper.appendChild(sibling.cloneNode(true));
                    }
                }
            }
        }
        wrapper.appendChild(element.cloneNode(true));
        return wrapper;
    }

    /**
     * The error of a subtree that did not parse, at its deepest offending element: each child is
     * parsed alone, and the first that fails is searched in turn. Runs only on failure.
     */
    private RpcError locate(final Element element, final SchemaInferenceStack parentStack, final ErrorPath error,
            final Exception failure) {
        final String message = failure.getMessage() == null ? failure.toString() : failure.getMessage();
        if (message.contains("does not exist") || message.contains("not found")) {
            // strict parsing of an element the schema does not have
            final Optional<Element> unknown = children(element).stream()
                .filter(child -> !knownChild(element, parentStack, child)).findFirst();
            if (unknown.isPresent()) {
                final Element child = unknown.get();
                return RpcError.at(ErrorType.PROTOCOL, ErrorTag.UNKNOWN_ELEMENT,
                    "Unknown element " + child.getLocalName(), error).withInfo("bad-element", child.getLocalName());
            }
        }
        final SchemaInferenceStack stack = parentStack.copy();
        try {
            stack.enterDataTree(qname(element, error));
        } catch (IllegalArgumentException | RpcError e) {
            return RpcError.at(ErrorType.APPLICATION, ErrorTag.INVALID_VALUE, message, error);
        }
        for (Element child : children(element)) {
            try {
                final QName childName = qname(child, error);
                parse(child, stack, childError(error, child, childName, stack), childName);
            } catch (RpcError childError) {
                return childError;
            } catch (IllegalArgumentException e) {
                break;
            }
        }
        // a leaf whose value does not parse: a restriction it breaks (range, length, pattern) is an
        // invalid value, a value of the wrong type a bad element, both protocol errors (as netconfd tells them)
        final boolean restriction = message.startsWith("Invalid range") || message.startsWith("Invalid length")
            || message.contains("does not match");
        return RpcError.at(ErrorType.PROTOCOL, restriction || !children(element).isEmpty()
            ? ErrorTag.INVALID_VALUE : ErrorTag.BAD_ELEMENT, message, error)
            .withInfo("bad-element", element.getLocalName());
    }

    /** The error-path of a child element: a list entry with its keys when they parse. */
    private ErrorPath childError(final ErrorPath error, final Element child, final QName childName,
            final SchemaInferenceStack stack) {
        try {
            final SchemaInferenceStack childStack = stack.copy();
            if (childStack.enterDataTree(childName) instanceof ListSchemaNode list) {
                return error.child(schema, parse(keysOnly(child, list, error), stack, error, childName).name());
            }
        } catch (IllegalArgumentException | RpcError e) {
            // the plain name will do
        }
        return error.child(schema, childName);
    }

    private boolean knownChild(final Element parent, final SchemaInferenceStack parentStack, final Element child) {
        try {
            final SchemaInferenceStack stack = parentStack.copy();
            stack.enterDataTree(qname(parent, ErrorPath.root()));
            stack.enterDataTree(qname(child, ErrorPath.root()));
            return true;
        } catch (IllegalArgumentException | RpcError e) {
            return false;
        }
    }

    /** A copy of a list entry element with only its key leaves, for delete, remove and descent. */
    private static Element keysOnly(final Element element, final ListSchemaNode list, final ErrorPath error)
            throws RpcError {
        final Element copy = (Element) element.cloneNode(false);
        for (QName key : list.getKeyDefinition()) {
            final Optional<Element> keyElement = children(element).stream()
                .filter(child -> key.getLocalName().equals(child.getLocalName())).findFirst();
            if (keyElement.isEmpty()) {
                throw RpcError.at(ErrorType.PROTOCOL, ErrorTag.MISSING_ELEMENT,
                    "Missing key " + key.getLocalName() + " of " + list.getQName().getLocalName(), error)
                    .withInfo("bad-element", key.getLocalName());
            }
            copy.appendChild(keyElement.get().cloneNode(true));
        }
        return copy;
    }

    private QName qname(final Element element, final ErrorPath parent) throws RpcError {
        final String namespace = element.getNamespaceURI();
        final Optional<QNameModule> module = namespace == null ? Optional.empty() : schema.module(namespace);
        if (module.isEmpty()) {
            throw RpcError.at(ErrorType.APPLICATION, ErrorTag.UNKNOWN_NAMESPACE,
                "Unknown namespace " + namespace + " of element " + element.getLocalName(), parent)
                .withInfo("bad-element", element.getLocalName())
                .withInfo("bad-namespace", String.valueOf(namespace));
        }
        return QName.create(module.get(), element.getLocalName());
    }

    private static Optional<Operation> operation(final Element element) throws RpcError {
        final String value = element.getAttributeNS(RpcError.BASE_NS, "operation");
        return value == null || value.isEmpty() ? Optional.empty() : Optional.of(Operation.parse(value));
    }

    /** Whether an element below this one carries an operation attribute. */
    private static boolean hasNestedOperation(final Element element) {
        for (Node child = element.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element childElement && (childElement.hasAttributeNS(RpcError.BASE_NS, "operation")
                    || hasNestedOperation(childElement))) {
                return true;
            }
        }
        return false;
    }

    static List<Element> children(final Element element) {
        final List<Element> result = new ArrayList<>();
        for (Node child = element.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element childElement) {
                result.add(childElement);
            }
        }
        return result;
    }
}
