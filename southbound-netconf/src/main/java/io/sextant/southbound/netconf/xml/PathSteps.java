package io.sextant.southbound.netconf.xml;

import io.sextant.spi.OperationErrorsException;
import java.io.IOException;
import java.util.Map;
import javax.xml.transform.dom.DOMSource;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeWithValue;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.stream.NormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext;
import org.opendaylight.yangtools.yang.model.api.AnydataSchemaNode;
import org.opendaylight.yangtools.yang.model.api.AnyxmlSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ChoiceSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ContainerLike;
import org.opendaylight.yangtools.yang.model.api.DataSchemaNode;
import org.opendaylight.yangtools.yang.model.api.LeafListSchemaNode;
import org.opendaylight.yangtools.yang.model.api.LeafSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ListSchemaNode;

/** One step of a path as XML: the element a subtree filter or an edit opens for it. */
final class PathSteps {
    private PathSteps() {
    }

    /**
     * Start the element (or mixin) for one path step. Map entries get their key leaves; with
     * {@code values}, leaf-list entries get their value.
     */
    static void start(final NormalizedNodeStreamWriter writer, final DataSchemaContext context,
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

    static DataSchemaContext child(final DataSchemaContext parent, final PathArgument arg,
            final YangInstanceIdentifier path) throws OperationErrorsException {
        final DataSchemaContext child = parent instanceof DataSchemaContext.Composite composite
            ? composite.childByArg(arg) : null;
        if (child == null) {
            throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                "The device schema has no node " + arg + " in " + path, path);
        }
        return child;
    }
}
