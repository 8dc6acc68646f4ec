package io.sextant.southbound.netconf.xml;

import io.sextant.spi.OperationErrorsException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.xml.stream.XMLOutputFactory;
import org.opendaylight.netconf.api.xml.XmlUtil;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/** Names and small DOM helpers for NETCONF XML. */
public final class NetconfXml {
    /** The NETCONF base namespace (RFC 6241). */
    public static final String BASE_NS = "urn:ietf:params:xml:ns:netconf:base:1.0";
    /** RFC 5277 notifications: the {@code <notification>} message and {@code <create-subscription>}. */
    public static final String NOTIFICATION_NS = "urn:ietf:params:xml:ns:netconf:notification:1.0";
    /** The capability of a device that sends notifications (RFC 5277). */
    public static final String NOTIFICATION_CAPABILITY = "urn:ietf:params:netconf:capability:notification:1.0";
    /** The capability of a device that takes operations on a session subscribed to notifications. */
    public static final String INTERLEAVE_CAPABILITY = "urn:ietf:params:netconf:capability:interleave:1.0";
    /** RFC 6022 monitoring namespace ({@code get-schema}). */
    public static final String MONITORING_NS = "urn:ietf:params:xml:ns:yang:ietf-netconf-monitoring";

    static final XMLOutputFactory OUTPUT = XMLOutputFactory.newFactory();

    private NetconfXml() {
    }

    /** Escape text for element content or a double-quoted attribute. */
    public static String escape(final String text) {
        final StringBuilder sb = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            final char c = text.charAt(i);
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    /** Parse XML text into a namespace-aware DOM document. */
    public static Document parse(final String xml) throws OperationErrorsException {
        try {
            return XmlUtil.readXmlToDocument(xml);
        } catch (SAXException | IOException e) {
            throw OperationErrorsException.of(ErrorType.RPC, ErrorTag.MALFORMED_MESSAGE,
                "Malformed XML: " + e.getMessage());
        }
    }

    /** The child elements of {@code parent}. */
    public static List<Element> children(final Element parent) {
        final List<Element> result = new ArrayList<>();
        for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element element) {
                result.add(element);
            }
        }
        return result;
    }

    /** The first child element with this namespace and local name. */
    public static Optional<Element> child(final Element parent, final String namespace, final String localName) {
        for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element element && localName.equals(element.getLocalName())
                    && namespace.equals(element.getNamespaceURI())) {
                return Optional.of(element);
            }
        }
        return Optional.empty();
    }

    /** The text of the first child element with this local name in the base namespace. */
    public static Optional<String> childText(final Element parent, final String localName) {
        return child(parent, BASE_NS, localName).map(e -> e.getTextContent().strip());
    }
}
