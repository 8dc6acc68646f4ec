package io.sextant.perf.faults;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * A NETCONF configuration as sorted lines {@code /interfaces/interface[fx0]/config/description = x}:
 * one per leaf, list entries named by their {@code name} child, namespaces and element order
 * ignored. Two reads of the same configuration give the same lines, whatever order the device
 * chose.
 */
public record FlatConfig(List<String> lines) {
    public FlatConfig {
        lines = List.copyOf(lines);
    }

    /** The {@code <data>} of a get-config reply, flattened. */
    public static FlatConfig ofReply(final String reply) throws IOException {
        final Element root = parse(reply).getDocumentElement();
        final List<String> lines = new ArrayList<>();
        for (Element data : children(root)) {
            if (data.getLocalName().equals("data")) {
                for (Element top : children(data)) {
                    flatten(top, "", lines);
                }
            }
        }
        Collections.sort(lines);
        return new FlatConfig(lines);
    }

    private static void flatten(final Element element, final String parent, final List<String> lines) {
        final List<Element> children = children(element);
        final String name = children.stream().filter(c -> c.getLocalName().equals("name") && children(c).isEmpty())
            .map(c -> c.getTextContent().strip()).findFirst().map(key -> "[" + key + "]").orElse("");
        final String path = parent + "/" + element.getLocalName() + name;
        if (children.isEmpty()) {
            lines.add(path + " = " + element.getTextContent().strip());
            return;
        }
        for (Element child : children) {
            flatten(child, path, lines);
        }
    }

    /** The value of the leaf at {@code path}, if present. */
    public Optional<String> value(final String path) {
        final String prefix = path + " = ";
        return lines.stream().filter(l -> l.startsWith(prefix)).map(l -> l.substring(prefix.length())).findFirst();
    }

    /** Whether anything lies at or below {@code path}. */
    public boolean has(final String path) {
        return lines.stream().anyMatch(l -> l.startsWith(path + "/") || l.startsWith(path + " = "));
    }

    /** The lines without those at or below any of {@code paths}, as one text. */
    public String without(final String... paths) {
        final List<String> kept = new ArrayList<>();
        outer:
        for (String line : lines) {
            for (String path : paths) {
                if (line.startsWith(path + "/") || line.startsWith(path + " = ")) {
                    continue outer;
                }
            }
            kept.add(line);
        }
        return String.join("\n", kept);
    }

    public String text() {
        return String.join("\n", lines);
    }

    private static List<Element> children(final Element element) {
        final List<Element> result = new ArrayList<>();
        for (Node child = element.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element e) {
                result.add(e);
            }
        }
        return result;
    }

    private static Document parse(final String xml) throws IOException {
        try {
            final DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("Not XML: " + xml, e);
        }
    }
}
