package io.sextant.southbound.netconf.xml;

import com.google.common.collect.ImmutableMap;
import io.sextant.datastore.OperationError;
import io.sextant.datastore.OperationFailedException;
import io.sextant.datastore.service.Edit;
import io.sextant.southbound.netconf.Datastore;
import io.sextant.southbound.netconf.EditOptions;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import javax.xml.transform.dom.DOMSource;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.XMLNamespace;
import org.opendaylight.yangtools.yang.common.YangConstants;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeWithValue;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.data.api.schema.stream.NormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.api.schema.stream.NormalizedNodeWriter;
import org.opendaylight.yangtools.yang.data.codec.xml.XMLStreamNormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.codec.xml.XmlCodecFactory;
import org.opendaylight.yangtools.yang.data.codec.xml.XmlParserStream;
import org.opendaylight.yangtools.yang.data.impl.schema.ImmutableNormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.impl.schema.NormalizationResultHolder;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContextTree;
import org.opendaylight.yangtools.yang.model.api.AnydataSchemaNode;
import org.opendaylight.yangtools.yang.model.api.AnyxmlSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ChoiceSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ContainerLike;
import org.opendaylight.yangtools.yang.model.api.DataSchemaNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.LeafListSchemaNode;
import org.opendaylight.yangtools.yang.model.api.LeafSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ListSchemaNode;
import org.opendaylight.yangtools.yang.model.api.SchemaContext;
import org.opendaylight.yangtools.yang.model.api.stmt.SchemaNodeIdentifier.Absolute;
import org.opendaylight.yangtools.yang.model.util.SchemaInferenceStack;
import org.w3c.dom.Element;

/**
 * Converts between NormalizedNode data of one device schema and NETCONF XML with the yangtools
 * XML codecs: subtree filters from paths, edit-config content from edits, and data and RPC
 * output from replies. One instance per schema context; thread-safe.
 */
public final class DataCodec {
    /** The {@code nc:operation} attribute, written as an unbound annotation. */
    static final QName OPERATION = QName.create(XMLNamespace.of(NetconfXml.BASE_NS), "operation");

    private final EffectiveModelContext schema;
    private final DataSchemaContextTree tree;
    private final XmlCodecFactory codecs;

    public DataCodec(final EffectiveModelContext schema) {
        this.schema = schema;
        this.tree = DataSchemaContextTree.from(schema);
        this.codecs = XmlCodecFactory.create(schema);
    }

    public EffectiveModelContext schema() {
        return schema;
    }

    XmlCodecFactory codecs() {
        return codecs;
    }

    /**
     * The subtree filter selecting {@code path}: its parents with list keys as content-match
     * nodes, the last step as an empty selection node. A path ending at a whole list or a choice
     * selects its parent, which the caller narrows with {@link #extract}.
     */
    public String subtreeFilter(final YangInstanceIdentifier path) throws OperationFailedException {
        final YangInstanceIdentifier selected = filterPath(path);
        final StringWriter out = new StringWriter();
        try {
            final XMLStreamWriter xml = NetconfXml.OUTPUT.createXMLStreamWriter(out);
            final NormalizedNodeStreamWriter writer = XMLStreamNormalizedNodeStreamWriter.create(xml, schema);
            DataSchemaContext context = tree.getRoot();
            int open = 0;
            for (PathArgument arg : selected.getPathArguments()) {
                context = child(context, arg, selected);
                startStep(writer, context, arg, true);
                open++;
            }
            for (int i = 0; i < open; i++) {
                writer.endNode();
            }
            writer.flush();
            xml.flush();
        } catch (XMLStreamException | IOException | IllegalArgumentException | IllegalStateException e) {
            throw invalidPath(path, e);
        }
        return out.toString();
    }

    /** The path a subtree filter for {@code path} selects: without trailing list, leaf-list or choice steps. */
    public YangInstanceIdentifier filterPath(final YangInstanceIdentifier path) throws OperationFailedException {
        YangInstanceIdentifier result = path;
        while (!result.isEmpty()) {
            final DataSchemaContext context = tree.childByPath(result);
            if (context == null) {
                throw OperationFailedException.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                    "The device schema has no node " + path, path);
            }
            if (context instanceof DataSchemaContext.PathMixin) {
                result = result.getParent();
            } else {
                break;
            }
        }
        return result;
    }

    /** The node at {@code path} within the root container {@code root}. */
    public static Optional<NormalizedNode> extract(final ContainerNode root, final YangInstanceIdentifier path) {
        return NormalizedNodes.findNode(root, path);
    }

    /**
     * The {@code <edit-config>} elements for {@code edits}, one per batch of edits whose paths do
     * not nest (usually one).
     */
    public List<String> editConfigs(final Datastore target, final List<Edit> edits, final EditOptions options)
            throws OperationFailedException {
        if (edits.isEmpty()) {
            return List.of();
        }
        final List<String> result = new ArrayList<>();
        for (EditTree batch : EditTree.batches(edits)) {
            result.add(editConfig(target, batch, options));
        }
        return result;
    }

    private String editConfig(final Datastore target, final EditTree batch, final EditOptions options)
            throws OperationFailedException {
        final StringWriter out = new StringWriter();
        try {
            final XMLStreamWriter xml = NetconfXml.OUTPUT.createXMLStreamWriter(out);
            xml.writeStartElement("", "edit-config", NetconfXml.BASE_NS);
            xml.writeDefaultNamespace(NetconfXml.BASE_NS);
            xml.writeStartElement(NetconfXml.BASE_NS, "target");
            xml.writeEmptyElement(NetconfXml.BASE_NS, target.elementName());
            xml.writeEndElement();
            final Optional<Edit> rootEdit = batch.rootEdit();
            final Optional<String> defaultOperation = rootEdit.isPresent() ? rootDefaultOperation(rootEdit.get())
                : options.defaultOperation();
            writeOption(xml, "default-operation", defaultOperation);
            writeOption(xml, "test-option", options.testOption());
            writeOption(xml, "error-option", options.errorOption());
            // A prefixed config element keeps the base namespace bound to a prefix, which the
            // nc:operation attributes below need.
            xml.writeStartElement("nc", "config", NetconfXml.BASE_NS);
            xml.writeNamespace("nc", NetconfXml.BASE_NS);
            final NormalizedNodeStreamWriter writer = XMLStreamNormalizedNodeStreamWriter.create(xml, schema);
            // merge is the default operation: merge edits need no attribute unless the default is changed
            final boolean markMerge = defaultOperation.isPresent() && !"merge".equals(defaultOperation.get());
            if (rootEdit.isPresent()) {
                writeRootContent(writer, rootEdit.get());
            } else {
                writeChildren(writer, batch.root(), tree.getRoot(), markMerge);
            }
            writer.flush();
            xml.writeEndElement();
            xml.writeEndElement();
            xml.flush();
        } catch (XMLStreamException | IOException | IllegalArgumentException | IllegalStateException e) {
            throw OperationFailedException.of(ErrorType.APPLICATION, ErrorTag.INVALID_VALUE,
                "Cannot encode the edit for the device schema: " + e.getMessage());
        }
        return out.toString();
    }

    private static Optional<String> rootDefaultOperation(final Edit edit) {
        return switch (edit.operation()) {
            case MERGE, CREATE -> Optional.of("merge");
            // Replacing the root with nothing empties the datastore.
            case REPLACE, DELETE, REMOVE -> Optional.of("replace");
        };
    }

    private static void writeRootContent(final NormalizedNodeStreamWriter writer, final Edit edit)
            throws IOException {
        if (edit.data().isPresent() && edit.data().get() instanceof ContainerNode root) {
            final NormalizedNodeWriter nodeWriter = NormalizedNodeWriter.forStreamWriter(writer);
            for (DataContainerChild child : root.body()) {
                nodeWriter.write(child);
            }
        } else if (edit.data().isPresent()) {
            throw new IllegalArgumentException("Data for the root must be the root container");
        }
    }

    private static void writeOption(final XMLStreamWriter xml, final String name, final Optional<String> value)
            throws XMLStreamException {
        if (value.isPresent()) {
            xml.writeStartElement(NetconfXml.BASE_NS, name);
            xml.writeCharacters(value.get());
            xml.writeEndElement();
        }
    }

    private void writeChildren(final NormalizedNodeStreamWriter writer, final EditTree.Node node,
            final DataSchemaContext context, final boolean markMerge) throws IOException, OperationFailedException {
        for (EditTree.Node childNode : node.children()) {
            final DataSchemaContext childContext = child(context, childNode.arg(), childNode.path());
            if (childNode.edit().isPresent()) {
                writeEdit(writer, childNode, childContext, markMerge);
            } else {
                startStep(writer, childContext, childNode.arg(), false);
                writeChildren(writer, childNode, childContext, markMerge);
                writer.endNode();
            }
        }
    }

    private static void writeEdit(final NormalizedNodeStreamWriter writer, final EditTree.Node node,
            final DataSchemaContext context, final boolean markMerge) throws IOException, OperationFailedException {
        final Edit edit = node.edit().orElseThrow();
        final NormalizedNodeStreamWriter annotated = edit.operation() == Edit.Operation.MERGE && !markMerge ? writer
            : new OperationAttributeWriter(writer, ImmutableMap.of(OPERATION, operationName(edit.operation())));
        if (edit.data().isPresent()) {
            final NormalizedNode data = edit.data().get();
            if (edit.operation() == Edit.Operation.REPLACE && (data instanceof MapNode || data instanceof LeafSetNode)) {
                throw unsupported(edit, "replace a whole list: replace its entries, or delete and create it");
            }
            NormalizedNodeWriter.forStreamWriter(annotated).write(data);
            return;
        }
        // delete or remove: the bare target element with its keys
        final PathArgument arg = node.arg();
        if (context instanceof DataSchemaContext.PathMixin) {
            throw unsupported(edit, "delete a whole list, leaf-list or choice: delete its entries");
        }
        startStep(annotated, context, arg, true);
        annotated.endNode();
    }

    private static String operationName(final Edit.Operation operation) {
        return switch (operation) {
            case CREATE -> "create";
            case DELETE -> "delete";
            case MERGE -> "merge";
            case REPLACE -> "replace";
            case REMOVE -> "remove";
        };
    }

    /**
     * Start the element (or mixin) for one path step. Map entries get their key leaves; with
     * {@code values}, leaf-list entries get their value.
     */
    private static void startStep(final NormalizedNodeStreamWriter writer, final DataSchemaContext context,
            final PathArgument arg, final boolean values) throws IOException {
        final DataSchemaNode schemaNode = context.dataSchemaNode();
        if (arg instanceof NodeIdentifierWithPredicates entry) {
            writer.startMapEntryNode(entry, entry.size());
            for (Map.Entry<QName, Object> key : entry.entrySet()) {
                writer.startLeafNode(new NodeIdentifier(key.getKey()));
                writer.scalarValue(key.getValue());
                writer.endNode();
            }
        } else if (arg instanceof NodeWithValue<?> leafEntry) {
            writer.startLeafSetEntryNode(leafEntry);
            if (values) {
                writer.scalarValue(leafEntry.getValue());
            }
        } else if (arg instanceof NodeIdentifier id) {
            if (schemaNode instanceof ListSchemaNode list) {
                if (list.getKeyDefinition().isEmpty()) {
                    writer.startUnkeyedList(id, 1);
                } else if (list.isUserOrdered()) {
                    writer.startOrderedMapNode(id, 1);
                } else {
                    writer.startMapNode(id, 1);
                }
            } else if (schemaNode instanceof LeafListSchemaNode leafList) {
                if (leafList.isUserOrdered()) {
                    writer.startOrderedLeafSet(id, 1);
                } else {
                    writer.startLeafSet(id, 1);
                }
            } else if (schemaNode instanceof ChoiceSchemaNode) {
                writer.startChoiceNode(id, 1);
            } else if (schemaNode instanceof ContainerLike) {
                writer.startContainerNode(id, 1);
            } else if (schemaNode instanceof LeafSchemaNode) {
                writer.startLeafNode(id);
            } else if (schemaNode instanceof AnyxmlSchemaNode) {
                writer.startAnyxmlNode(id, DOMSource.class);
            } else if (schemaNode instanceof AnydataSchemaNode) {
                writer.startAnydataNode(id, DOMSource.class);
            } else {
                throw new IllegalArgumentException("Unhandled schema node " + schemaNode);
            }
        } else {
            throw new IllegalArgumentException("Unhandled path argument " + arg);
        }
    }

    private static DataSchemaContext child(final DataSchemaContext parent, final PathArgument arg,
            final YangInstanceIdentifier path) throws OperationFailedException {
        final DataSchemaContext child = parent instanceof DataSchemaContext.Composite composite
            ? composite.childByArg(arg) : null;
        if (child == null) {
            throw OperationFailedException.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                "The device schema has no node " + arg + " in " + path, path);
        }
        return child;
    }

    /** Parse the {@code <data>} element of a get or get-config reply into the root container. */
    public ContainerNode parseData(final Element data) throws OperationFailedException {
        final NormalizationResultHolder holder = new NormalizationResultHolder();
        try (NormalizedNodeStreamWriter writer = ImmutableNormalizedNodeStreamWriter.from(holder)) {
            // Not strict: data of modules the schema lacks (unresolvable ones) is skipped.
            XmlParserStream.create(writer, codecs, SchemaInferenceStack.of(schema).toInference(), false)
                .traverse(new DOMSource(data));
        } catch (XMLStreamException | IOException | IllegalArgumentException | IllegalStateException e) {
            throw OperationFailedException.of(ErrorType.RPC, ErrorTag.MALFORMED_MESSAGE,
                "The device's data does not match its schema: " + e.getMessage());
        }
        final NormalizedNode result = holder.getResult().data();
        if (result instanceof ContainerNode container) {
            return container;
        }
        throw OperationFailedException.of(ErrorType.RPC, ErrorTag.MALFORMED_MESSAGE,
            "Unexpected reply data " + result.name());
    }

    /** An empty root container, for replies without data. */
    public static ContainerNode emptyRoot() {
        return ImmutableNodes.newContainerBuilder()
            .withNodeIdentifier(new NodeIdentifier(SchemaContext.NAME)).build();
    }

    /** The RPC element ({@code <rpc-name xmlns=...>input leaves</rpc-name>}) for {@code rpc}. */
    public String rpcRequest(final QName rpc, final ContainerNode input) throws OperationFailedException {
        if (!hasRpc(rpc)) {
            throw OperationFailedException.of(ErrorType.PROTOCOL, ErrorTag.OPERATION_NOT_SUPPORTED,
                "The device schema has no RPC " + rpc);
        }
        final StringWriter out = new StringWriter();
        try {
            final XMLStreamWriter xml = NetconfXml.OUTPUT.createXMLStreamWriter(out);
            final String namespace = rpc.getNamespace().toString();
            xml.writeStartElement("", rpc.getLocalName(), namespace);
            xml.writeDefaultNamespace(namespace);
            final NormalizedNodeStreamWriter writer = XMLStreamNormalizedNodeStreamWriter.forInputOf(xml, schema,
                Absolute.of(rpc));
            final NormalizedNodeWriter nodeWriter = NormalizedNodeWriter.forStreamWriter(writer);
            for (DataContainerChild child : input.body()) {
                nodeWriter.write(child);
            }
            nodeWriter.flush();
            xml.writeEndElement();
            xml.flush();
        } catch (XMLStreamException | IOException | IllegalArgumentException | IllegalStateException e) {
            throw OperationFailedException.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                "Cannot encode the input of " + rpc.getLocalName() + ": " + e.getMessage());
        }
        return out.toString();
    }

    /** The output of {@code rpc} from its {@code <rpc-reply>}; empty for {@code <ok/>} or no output. */
    public Optional<ContainerNode> rpcOutput(final QName rpc, final Element reply) throws OperationFailedException {
        if (!hasRpc(rpc) || NetconfXml.child(reply, NetconfXml.BASE_NS, "ok").isPresent()
                || NetconfXml.children(reply).isEmpty()) {
            return Optional.empty();
        }
        final QName output = YangConstants.operationOutputQName(rpc.getModule());
        final NormalizationResultHolder holder = new NormalizationResultHolder();
        try (NormalizedNodeStreamWriter writer = ImmutableNormalizedNodeStreamWriter.from(holder)) {
            XmlParserStream.create(writer, codecs, SchemaInferenceStack.of(schema, Absolute.of(rpc, output))
                .toInference(), false).traverse(new DOMSource(reply));
        } catch (XMLStreamException | IOException | IllegalArgumentException | IllegalStateException e) {
            throw OperationFailedException.of(ErrorType.RPC, ErrorTag.MALFORMED_MESSAGE,
                "The output of " + rpc.getLocalName() + " does not match the schema: " + e.getMessage());
        }
        return holder.getResult().data() instanceof ContainerNode container ? Optional.of(container)
            : Optional.empty();
    }

    /** Whether the schema defines {@code rpc}. */
    public boolean hasRpc(final QName rpc) {
        return schema.getOperations().stream().anyMatch(op -> op.getQName().equals(rpc));
    }

    private static OperationFailedException invalidPath(final YangInstanceIdentifier path, final Exception cause) {
        return new OperationFailedException(List.of(OperationError.of(ErrorType.PROTOCOL,
            ErrorTag.INVALID_VALUE, "Cannot select " + path + " on the device: " + cause.getMessage(), path)), cause);
    }

    private static OperationFailedException unsupported(final Edit edit, final String what) {
        return OperationFailedException.of(ErrorType.PROTOCOL, ErrorTag.OPERATION_NOT_SUPPORTED,
            "NETCONF edit-config cannot " + what, edit.path());
    }
}
