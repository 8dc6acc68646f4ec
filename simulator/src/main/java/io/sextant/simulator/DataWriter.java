package io.sextant.simulator;

import java.io.IOException;
import java.util.Set;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import javax.xml.transform.dom.DOMResult;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.stream.NormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.api.schema.stream.NormalizedNodeWriter;
import org.opendaylight.yangtools.yang.data.codec.xml.XMLStreamNormalizedNodeStreamWriter;
import org.w3c.dom.Element;

/** Writes a datastore's top-level nodes as XML children of a reply's {@code <data>} element. */
final class DataWriter {
    private static final XMLOutputFactory OUTPUT = XMLOutputFactory.newFactory();

    static {
        OUTPUT.setProperty(XMLOutputFactory.IS_REPAIRING_NAMESPACES, Boolean.TRUE);
    }

    private DataWriter() {
    }

    /**
     * Writes the children of {@code root} into {@code data}; with a non-empty {@code only}, just the
     * top-level nodes it names (the server's subtree filter then trims them further).
     */
    static void write(final DeviceSchema schema, final ContainerNode root, final Set<QName> only,
            final Element data) throws RpcError {
        try {
            final XMLStreamWriter xml = OUTPUT.createXMLStreamWriter(new DOMResult(data));
            final NormalizedNodeStreamWriter stream = XMLStreamNormalizedNodeStreamWriter.create(xml,
                schema.context());
            final NormalizedNodeWriter writer = NormalizedNodeWriter.forStreamWriter(stream);
            for (DataContainerChild child : root.body()) {
                if (only.isEmpty() || only.contains(child.name().getNodeType())) {
                    writer.write(child);
                }
            }
            writer.flush();
            xml.flush();
        } catch (XMLStreamException | IOException e) {
            throw RpcError.of(ErrorType.APPLICATION, ErrorTag.OPERATION_FAILED, "Cannot write the data: " + e.getMessage());
        }
    }

}
