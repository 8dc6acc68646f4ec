package io.sextant.simulator;

import java.util.List;
import java.util.Optional;
import org.opendaylight.netconf.api.xml.XmlElement;
import org.opendaylight.netconf.server.api.operations.AbstractSingletonNetconfOperation;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.netconf.base._1._0.rev110601.SessionIdType;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * One NETCONF operation of a simulated device in one session. An {@link RpcError} becomes the
 * reply's {@code <rpc-error>} (with error-path, which the server's own error replies lack).
 */
abstract class DeviceOperation extends AbstractSingletonNetconfOperation {
    private final String name;
    final SimulatedDevice device;
    final long session;

    DeviceOperation(final String name, final SimulatedDevice device, final SessionIdType sessionId) {
        super(sessionId);
        this.name = name;
        this.device = device;
        this.session = sessionId.getValue().longValue();
    }

    @Override
    protected final String getOperationName() {
        return name;
    }

    @Override
    protected final Element handleWithNoSubsequentOperations(final Document document,
            final XmlElement operationElement) {
        try {
            return execute(document, operationElement.getDomElement());
        } catch (RpcError e) {
            return e.toElement(document);
        }
    }

    /** The content of the reply: {@code <ok/>}, {@code <data>}, or an rpc-error thrown. */
    abstract Element execute(Document document, Element operation) throws RpcError;

    static Element ok(final Document document) {
        return document.createElementNS(RpcError.BASE_NS, "ok");
    }

    static Optional<Element> child(final Element parent, final String localName) {
        return ConfigEdit.children(parent).stream().filter(e -> localName.equals(e.getLocalName())).findFirst();
    }

    static Element required(final Element parent, final String localName) throws RpcError {
        final Optional<Element> found = child(parent, localName);
        if (found.isEmpty()) {
            throw RpcError.of(ErrorType.PROTOCOL, ErrorTag.MISSING_ELEMENT, "Missing element " + localName
                + " in " + parent.getLocalName()).withInfo("bad-element", localName);
        }
        return found.get();
    }

    static Optional<String> text(final Element parent, final String localName) {
        return child(parent, localName).map(e -> e.getTextContent().trim());
    }

    /** The datastore named by the only child of {@code <source>} or {@code <target>}. */
    static Datastore datastore(final Element operation, final String wrapper) throws RpcError {
        final List<Element> names = ConfigEdit.children(required(operation, wrapper));
        if (names.size() != 1) {
            throw RpcError.of(ErrorType.PROTOCOL, ErrorTag.MISSING_ELEMENT, wrapper + " must name one datastore")
                .withInfo("bad-element", wrapper);
        }
        return Datastore.named(names.get(0).getLocalName());
    }
}
