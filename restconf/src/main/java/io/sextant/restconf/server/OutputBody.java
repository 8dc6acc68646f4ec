package io.sextant.restconf.server;

import io.sextant.restconf.api.Format;
import io.sextant.restconf.api.FormattableBody;
import java.io.IOException;
import java.io.OutputStream;
import javax.xml.stream.XMLStreamException;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.stream.NormalizedNodeWriter;
import org.opendaylight.yangtools.yang.data.codec.gson.JSONNormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.codec.xml.XMLStreamNormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.util.SchemaInferenceStack;

/**
 * RPC or action output, as {@code module:output}.
 *
 * @param codecs the operation's schema and codecs
 * @param operation the inference stack at the operation
 * @param outputName the name of the operation's output
 * @param output the output
 */
record OutputBody(SchemaCodecs codecs, SchemaInferenceStack operation, QName outputName,
        ContainerNode output) implements FormattableBody {

    @Override
    public void writeTo(final Format format, final boolean pretty, final OutputStream out) throws IOException {
        final ContainerNode named = output.name().getNodeType().equals(outputName) ? output
            : ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(outputName))
                .withValue(output.body()).build();
        final SchemaInferenceStack stack = operation.copy();
        if (format == Format.XML) {
            BodyWriters.writeXml(out, xml -> {
                try {
                    NormalizedNodeWriter.forStreamWriter(XMLStreamNormalizedNodeStreamWriter.create(xml,
                        stack.toInference())).write(named).flush();
                } catch (IOException e) {
                    throw new XMLStreamException(e);
                }
            });
            return;
        }
        BodyWriters.writeJson(out, pretty, json -> NormalizedNodeWriter.forStreamWriter(
            JSONNormalizedNodeStreamWriter.createNestedWriter(codecs.json(), stack.toInference(), null, json))
            .write(named).flush());
    }
}
