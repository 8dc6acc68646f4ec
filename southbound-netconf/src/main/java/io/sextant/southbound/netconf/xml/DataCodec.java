package io.sextant.southbound.netconf.xml;

import io.sextant.spi.OperationError;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Edit;
import io.sextant.southbound.netconf.NetconfDatastore;
import io.sextant.southbound.netconf.EditOptions;
import java.io.IOException;
import java.io.StringWriter;
import java.util.List;
import java.util.Optional;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import javax.xml.transform.dom.DOMSource;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.YangConstants;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
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
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
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
    private final EffectiveModelContext schema;
    private final DataSchemaContextTree tree;
    private final XmlCodecFactory codecs;
    private final EditConfigEncoder editConfig;

    public DataCodec(final EffectiveModelContext schema) {
        this.schema = schema;
        this.tree = DataSchemaContextTree.from(schema);
        this.codecs = XmlCodecFactory.create(schema);
        this.editConfig = new EditConfigEncoder(schema, tree);
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
    public String subtreeFilter(final YangInstanceIdentifier path) throws OperationErrorsException {
        final YangInstanceIdentifier selected = filterPath(path);
        final StringWriter out = new StringWriter();
        try {
            final XMLStreamWriter xml = NetconfXml.OUTPUT.createXMLStreamWriter(out);
            final NormalizedNodeStreamWriter writer = XMLStreamNormalizedNodeStreamWriter.create(xml, schema);
            DataSchemaContext context = tree.getRoot();
            int open = 0;
            for (PathArgument arg : selected.getPathArguments()) {
                context = PathSteps.child(context, arg, selected);
                PathSteps.start(writer, context, arg, true);
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
    public YangInstanceIdentifier filterPath(final YangInstanceIdentifier path) throws OperationErrorsException {
        YangInstanceIdentifier result = path;
        while (!result.isEmpty()) {
            final DataSchemaContext context = tree.childByPath(result);
            if (context == null) {
                throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
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
    public List<String> editConfigs(final NetconfDatastore target, final List<Edit> edits, final EditOptions options)
            throws OperationErrorsException {
        return editConfig.editConfigs(target, edits, options);
    }

    /** Parse the {@code <data>} element of a get or get-config reply into the root container. */
    public ContainerNode parseData(final Element data) throws OperationErrorsException {
        final NormalizationResultHolder holder = new NormalizationResultHolder();
        try (NormalizedNodeStreamWriter writer = ImmutableNormalizedNodeStreamWriter.from(holder)) {
            // Not strict: data of modules the schema lacks (unresolvable ones) is skipped.
            XmlParserStream.create(writer, codecs, SchemaInferenceStack.of(schema).toInference(), false)
                .traverse(new DOMSource(data));
        } catch (XMLStreamException | IOException | IllegalArgumentException | IllegalStateException e) {
            throw OperationErrorsException.of(ErrorType.RPC, ErrorTag.MALFORMED_MESSAGE,
                "The device's data does not match its schema: " + e.getMessage());
        }
        final NormalizedNode result = holder.getResult().data();
        if (result instanceof ContainerNode container) {
            return container;
        }
        throw OperationErrorsException.of(ErrorType.RPC, ErrorTag.MALFORMED_MESSAGE,
            "Unexpected reply data " + result.name());
    }

    /**
     * Parse the notification element of a {@code <notification>} message (the element after
     * {@code <eventTime>}) into the notification's container, in this schema.
     */
    public ContainerNode parseNotification(final Element notification) throws OperationErrorsException {
        final QName name;
        try {
            name = QName.create(notification.getNamespaceURI(), notification.getLocalName());
        } catch (IllegalArgumentException e) {
            throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.UNKNOWN_ELEMENT,
                "The device sent a notification without a namespace: " + notification.getLocalName());
        }
        final QName known = schema.getNotifications().stream().map(n -> n.getQName())
            .filter(q -> q.getNamespace().equals(name.getNamespace()) && q.getLocalName().equals(name.getLocalName()))
            .findFirst().orElseThrow(() -> OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.UNKNOWN_ELEMENT,
                "The device's schema has no top-level notification " + name));
        final NormalizationResultHolder holder = new NormalizationResultHolder();
        try (NormalizedNodeStreamWriter writer = ImmutableNormalizedNodeStreamWriter.from(holder)) {
            XmlParserStream.create(writer, codecs, SchemaInferenceStack.of(schema, Absolute.of(known)).toInference(),
                false).traverse(new DOMSource(notification));
        } catch (XMLStreamException | IOException | IllegalArgumentException | IllegalStateException e) {
            throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.MALFORMED_MESSAGE,
                "The device's notification " + known.getLocalName() + " does not match its schema: " + e.getMessage());
        }
        if (holder.getResult().data() instanceof ContainerNode container) {
            return container;
        }
        throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.MALFORMED_MESSAGE,
            "Unexpected notification content " + holder.getResult().data().name());
    }

    /** An empty root container, for replies without data. */
    public static ContainerNode emptyRoot() {
        return ImmutableNodes.newContainerBuilder()
            .withNodeIdentifier(new NodeIdentifier(SchemaContext.NAME)).build();
    }

    /** The RPC element ({@code <rpc-name xmlns=...>input leaves</rpc-name>}) for {@code rpc}. */
    public String rpcRequest(final QName rpc, final ContainerNode input) throws OperationErrorsException {
        if (!hasRpc(rpc)) {
            throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.OPERATION_NOT_SUPPORTED,
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
            throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                "Cannot encode the input of " + rpc.getLocalName() + ": " + e.getMessage());
        }
        return out.toString();
    }

    /** The output of {@code rpc} from its {@code <rpc-reply>}; empty for {@code <ok/>} or no output. */
    public Optional<ContainerNode> rpcOutput(final QName rpc, final Element reply) throws OperationErrorsException {
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
            throw OperationErrorsException.of(ErrorType.RPC, ErrorTag.MALFORMED_MESSAGE,
                "The output of " + rpc.getLocalName() + " does not match the schema: " + e.getMessage());
        }
        return holder.getResult().data() instanceof ContainerNode container ? Optional.of(container)
            : Optional.empty();
    }

    /** Whether the schema defines {@code rpc}. */
    public boolean hasRpc(final QName rpc) {
        // the RPCs of its module only: getOperations() gathers every module's RPCs at each call
        return schema.findModule(rpc.getModule())
            .map(module -> module.getRpcs().stream().anyMatch(op -> op.getQName().equals(rpc))).orElse(false);
    }

    private static OperationErrorsException invalidPath(final YangInstanceIdentifier path, final Exception cause) {
        return new OperationErrorsException(List.of(OperationError.of(ErrorType.PROTOCOL,
            ErrorTag.INVALID_VALUE, "Cannot select " + path + " on the device: " + cause.getMessage(), path)), cause);
    }

}
