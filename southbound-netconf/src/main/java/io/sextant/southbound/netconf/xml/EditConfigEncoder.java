package io.sextant.southbound.netconf.xml;

import com.google.common.collect.ImmutableMap;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Edit;
import io.sextant.southbound.netconf.NetconfDatastore;
import io.sextant.southbound.netconf.EditOptions;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.XMLNamespace;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.stream.NormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.api.schema.stream.NormalizedNodeWriter;
import org.opendaylight.yangtools.yang.data.codec.xml.XMLStreamNormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContextTree;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * Encodes edits as NETCONF {@code <edit-config>} elements of one device schema: the edits of a
 * batch become one {@code <config>} tree, each edit marked with its {@code nc:operation} where
 * the default operation does not already say it. Thread-safe.
 */
final class EditConfigEncoder {
    /** The {@code nc:operation} attribute, written as an unbound annotation. */
    static final QName OPERATION = QName.create(XMLNamespace.of(NetconfXml.BASE_NS), "operation");

    private final EffectiveModelContext schema;
    private final DataSchemaContextTree tree;

    EditConfigEncoder(final EffectiveModelContext schema, final DataSchemaContextTree tree) {
        this.schema = schema;
        this.tree = tree;
    }

    /**
     * The {@code <edit-config>} elements for {@code edits}, one per batch of edits whose paths do
     * not nest (usually one).
     */
    List<String> editConfigs(final NetconfDatastore target, final List<Edit> edits, final EditOptions options)
            throws OperationErrorsException {
        if (edits.isEmpty()) {
            return List.of();
        }
        final List<String> result = new ArrayList<>();
        for (EditTree batch : EditTree.batches(edits)) {
            result.add(editConfig(target, batch, options));
        }
        return result;
    }

    private String editConfig(final NetconfDatastore target, final EditTree batch, final EditOptions options)
            throws OperationErrorsException {
        final StringWriter out = new StringWriter();
        try {
            final XMLStreamWriter xml = NetconfXml.OUTPUT.createXMLStreamWriter(out);
            xml.writeStartElement("", "edit-config", NetconfXml.BASE_NS);
            xml.writeDefaultNamespace(NetconfXml.BASE_NS);
            xml.writeStartElement(NetconfXml.BASE_NS, "target");
            xml.writeEmptyElement(NetconfXml.BASE_NS, target.elementName());
            xml.writeEndElement();
            final Optional<Edit> rootEdit = batch.rootEdit();
            final String defaultOperation = rootEdit.isPresent() ? rootDefaultOperation(rootEdit.get())
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
            final boolean markMerge = defaultOperation != null && !"merge".equals(defaultOperation);
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
            throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.INVALID_VALUE,
                "Cannot encode the edit for the device schema: " + e.getMessage());
        }
        return out.toString();
    }

    private static String rootDefaultOperation(final Edit edit) {
        return switch (edit.operation()) {
            case MERGE, CREATE -> "merge";
            // Replacing the root with nothing empties the datastore.
            case REPLACE, DELETE, REMOVE -> "replace";
        };
    }

    private static void writeRootContent(final NormalizedNodeStreamWriter writer, final Edit edit)
            throws IOException {
        final NormalizedNode data = edit.data();
        if (data instanceof ContainerNode root) {
            final NormalizedNodeWriter nodeWriter = NormalizedNodeWriter.forStreamWriter(writer);
            for (DataContainerChild child : root.body()) {
                nodeWriter.write(child);
            }
        } else if (data != null) {
            throw new IllegalArgumentException("Data for the root must be the root container");
        }
    }

    private static void writeOption(final XMLStreamWriter xml, final String name, final @Nullable String value)
            throws XMLStreamException {
        if (value != null) {
            xml.writeStartElement(NetconfXml.BASE_NS, name);
            xml.writeCharacters(value);
            xml.writeEndElement();
        }
    }

    private void writeChildren(final NormalizedNodeStreamWriter writer, final EditTree.Node node,
            final DataSchemaContext context, final boolean markMerge) throws IOException, OperationErrorsException {
        for (Map.Entry<PathArgument, EditTree.Node> child : node.children().entrySet()) {
            final PathArgument arg = child.getKey();
            final EditTree.Node childNode = child.getValue();
            final DataSchemaContext childContext = PathSteps.child(context, arg, childNode.path());
            if (childNode.edit().isPresent()) {
                writeEdit(writer, childNode, arg, childContext, markMerge);
            } else {
                PathSteps.start(writer, childContext, arg, false);
                writeChildren(writer, childNode, childContext, markMerge);
                writer.endNode();
            }
        }
    }

    private static void writeEdit(final NormalizedNodeStreamWriter writer, final EditTree.Node node,
            final PathArgument arg, final DataSchemaContext context, final boolean markMerge)
            throws IOException, OperationErrorsException {
        final Edit edit = node.edit().orElseThrow();
        final NormalizedNodeStreamWriter annotated = edit.operation() == Edit.Operation.MERGE && !markMerge ? writer
            : new OperationAttributeWriter(writer, ImmutableMap.of(OPERATION, operationName(edit.operation())));
        final NormalizedNode data = edit.data();
        if (data != null) {
            if (edit.operation() == Edit.Operation.REPLACE && (data instanceof MapNode || data instanceof LeafSetNode)) {
                throw unsupported(edit, "replace a whole list: replace its entries, or delete and create it");
            }
            NormalizedNodeWriter.forStreamWriter(annotated).write(data);
            return;
        }
        // delete or remove: the bare target element with its keys
        if (context instanceof DataSchemaContext.PathMixin) {
            throw unsupported(edit, "delete a whole list, leaf-list or choice: delete its entries");
        }
        PathSteps.start(annotated, context, arg, true);
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

    private static OperationErrorsException unsupported(final Edit edit, final String what) {
        return OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.OPERATION_NOT_SUPPORTED,
            "NETCONF edit-config cannot " + what, edit.path());
    }
}
