package io.sextant.perf.fuzz;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import io.sextant.testing.JavaIsms;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * Checks that a response body is an RFC 8040 {@code errors} body (JSON or XML, alone or inside an
 * RFC 8072 {@code yang-patch-status}), every error with error-type, error-tag and error-message,
 * and that no message shows a Java rendering ({@link JavaIsms}).
 */
final class ErrorsBodyCheck {
    private static final String RESTCONF_NS = "urn:ietf:params:xml:ns:yang:ietf-restconf";
    private static final String PATCH_NS = "urn:ietf:params:xml:ns:yang:ietf-yang-patch";

    private ErrorsBodyCheck() {
    }

    /** What is wrong with the body; empty when it is a proper errors body in plain language. */
    static Optional<String> problem(final String contentType, final byte[] body) {
        if (body.length == 0) {
            return Optional.of("no body");
        }
        final String type = contentType == null ? "" : contentType;
        try {
            return type.contains("xml") ? xml(body) : json(new String(body, StandardCharsets.UTF_8));
        } catch (JsonParseException | IllegalStateException | IOException | SAXException
                | ParserConfigurationException e) {
            return Optional.of("not an errors body (" + type + "): " + e.getMessage());
        }
    }

    private static Optional<String> json(final String text) {
        final JsonObject root = JsonParser.parseString(text).getAsJsonObject();
        final JsonObject errors;
        if (root.has("ietf-restconf:errors")) {
            errors = root.getAsJsonObject("ietf-restconf:errors");
        } else if (root.has("ietf-yang-patch:yang-patch-status")) {
            errors = root.getAsJsonObject("ietf-yang-patch:yang-patch-status").getAsJsonObject("errors");
        } else {
            return Optional.of("no ietf-restconf:errors member: " + abbreviate(text));
        }
        final JsonArray list = errors == null ? null : errors.getAsJsonArray("error");
        if (list == null || list.isEmpty()) {
            return Optional.of("an errors body without error entries: " + abbreviate(text));
        }
        final List<String> problems = new ArrayList<>();
        for (JsonElement element : list) {
            final JsonObject error = element.getAsJsonObject();
            for (String member : List.of("error-type", "error-tag", "error-message")) {
                if (!error.has(member)) {
                    problems.add("error without " + member);
                }
            }
            final List<String> isms = JavaIsms.in(error.toString());
            if (!isms.isEmpty()) {
                problems.add("Java rendering " + isms + " in " + abbreviate(error.toString()));
            }
        }
        return problems.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", problems));
    }

    private static Optional<String> xml(final byte[] body) throws ParserConfigurationException, IOException,
            SAXException {
        final DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        final Element root = factory.newDocumentBuilder().parse(new ByteArrayInputStream(body)).getDocumentElement();
        Element errors = root;
        if (PATCH_NS.equals(root.getNamespaceURI()) && "yang-patch-status".equals(root.getLocalName())) {
            errors = child(root, "errors");
        } else if (!RESTCONF_NS.equals(root.getNamespaceURI()) || !"errors".equals(root.getLocalName())) {
            return Optional.of("XML root is not ietf-restconf errors: " + root.getLocalName());
        }
        if (errors == null || child(errors, "error") == null) {
            return Optional.of("an XML errors body without error entries");
        }
        final List<String> isms = JavaIsms.in(errors.getTextContent());
        return isms.isEmpty() ? Optional.empty() : Optional.of("Java rendering " + isms + " in the XML errors");
    }

    private static Element child(final Element parent, final String localName) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && localName.equals(e.getLocalName())) {
                return e;
            }
        }
        return null;
    }

    static String abbreviate(final String text) {
        return text.length() <= 300 ? text : text.substring(0, 300) + "...";
    }
}
