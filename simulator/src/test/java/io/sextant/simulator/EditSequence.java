package io.sextant.simulator;

import io.sextant.testing.NetconfVerifier;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * One fixed sequence of NETCONF operations on openconfig-interfaces, run against any device with
 * :candidate and :confirmed-commit:1.1 through two independent sessions, recording per step what a
 * client can observe: "ok"; per rpc-error its error-type, error-tag and error-path (netconfd's paths
 * start at the request's {@code /nc:rpc/nc:edit-config/nc:config}, a data path the device's root:
 * that prefix is dropped, and a path to the config element itself counts as none); or the data read
 * back in a canonical form (one sorted line per leaf, identity prefixes dropped). Two devices that
 * implement NETCONF the same way give the same record.
 */
final class EditSequence {
    static final String OC = "http://openconfig.net/yang/interfaces";
    private static final String FILTER = "<interfaces xmlns=\"" + OC + "\"/>";

    private final List<String> record = new ArrayList<>();

    static String iface(final String name, final String config) {
        return "<interfaces xmlns=\"" + OC + "\"><interface><name>" + name + "</name><config><name>" + name
            + "</name><type xmlns:ianaift=\"urn:ietf:params:xml:ns:yang:iana-if-type\">ianaift:ethernetCsmacd</type>"
            + config + "</config></interface></interfaces>";
    }

    static String edit(final String config) {
        return "<edit-config><target><candidate/></target><config>" + config + "</config></edit-config>";
    }

    /** Runs the sequence; {@code b} is a second session to the same device. */
    List<String> run(final NetconfVerifier a, final NetconfVerifier b) throws IOException, InterruptedException {
        step("lock candidate", a, "<lock><target><candidate/></target></lock>");
        step("second session cannot lock", b, "<lock><target><candidate/></target></lock>");
        step("second session cannot edit the locked candidate", b, edit(iface("eth9", "")));
        step("merge eth0 and eth1", a, edit(iface("eth0", "<mtu>1500</mtu><description>uplink</description>")
            .replace("</interfaces>", "") + iface("eth1", "<mtu>9000</mtu><description>lan</description>")
            .replaceFirst("<interfaces xmlns=\"" + OC + "\">", "")));
        read("candidate after merge", a, "candidate");
        step("replace eth1's config", a, edit(iface("eth1", "<description>lan replaced</description>")
            .replace("<config>", "<config xmlns:nc=\"urn:ietf:params:xml:ns:netconf:base:1.0\" nc:operation=\"replace\">")));
        step("delete eth0's description", a, edit("<interfaces xmlns=\"" + OC + "\"><interface><name>eth0</name>"
            + "<config><description xmlns:nc=\"urn:ietf:params:xml:ns:netconf:base:1.0\" nc:operation=\"delete\"/>"
            + "</config></interface></interfaces>"));
        step("delete a missing interface", a, edit("<interfaces xmlns=\"" + OC + "\"><interface"
            + " xmlns:nc=\"urn:ietf:params:xml:ns:netconf:base:1.0\" nc:operation=\"delete\"><name>eth7</name>"
            + "</interface></interfaces>"));
        step("create an existing interface", a, edit(iface("eth1", "").replace("<interface>",
            "<interface xmlns:nc=\"urn:ietf:params:xml:ns:netconf:base:1.0\" nc:operation=\"create\">")));
        step("an mtu out of range", a, edit(iface("eth2", "<mtu>70000</mtu>")));
        step("an mtu that is no number", a, edit(iface("eth2", "<mtu>jumbo</mtu>")));
        step("an element the model does not have", a, edit(iface("eth2", "<colour>red</colour>")));
        read("candidate after the rejected edits", a, "candidate");
        read("running before commit", a, "running");
        step("commit", a, "<commit/>");
        read("running after commit", a, "running");

        step("merge eth2", a, edit(iface("eth2", "<description>trial</description>")));
        step("confirmed commit", a, "<commit><confirmed/><confirm-timeout>120</confirm-timeout></commit>");
        read("running during the confirmed commit", a, "running");
        step("cancel-commit", a, "<cancel-commit/>");
        read("running after cancel-commit", a, "running");
        read("candidate after cancel-commit", a, "candidate");

        step("merge eth3", a, edit(iface("eth3", "<description>timed</description>")));
        step("confirmed commit timing out", a, "<commit><confirmed/><confirm-timeout>2</confirm-timeout></commit>");
        read("running during the short confirmed commit", a, "running");
        awaitRunning(a, text -> !text.contains("eth3"));
        read("running after the timeout", a, "running");

        step("merge eth4", a, edit(iface("eth4", "<description>discard me</description>")));
        step("discard-changes", a, "<discard-changes/>");
        read("candidate after discard-changes", a, "candidate");
        record.add("filtered running: " + canonical(a.getConfig("running", "<interfaces xmlns=\"" + OC
            + "\"><interface><name>eth1</name><config><description/></config></interface></interfaces>")));
        step("unlock", a, "<unlock><target><candidate/></target></unlock>");
        step("second session locks after unlock", b, "<lock><target><candidate/></target></lock>");
        step("second session unlocks", b, "<unlock><target><candidate/></target></unlock>");
        return record;
    }

    private void step(final String name, final NetconfVerifier session, final String operation) throws IOException {
        final String reply = session.rpc(operation);
        record.add(name + ": " + (NetconfVerifier.hasError(reply) ? "error " + String.join(", ", errors(reply))
            : "ok"));
    }

    private void read(final String name, final NetconfVerifier session, final String datastore) throws IOException {
        record.add(name + ": " + canonical(session.getConfig(datastore, FILTER)));
    }

    /**
     * Waits (bounded) for the confirmed commit's timeout to restore running. Polls only every 1.5 s:
     * netconfd checks its timers when its main loop has been idle for a second.
     */
    private static void awaitRunning(final NetconfVerifier session, final Predicate<String> condition)
            throws IOException, InterruptedException {
        final long deadline = System.nanoTime() + 30_000_000_000L;
        while (!condition.test(session.getConfig("running", FILTER)) && System.nanoTime() < deadline) {
            Thread.sleep(1_500);
        }
    }

    /** Each rpc-error as "type tag" and, when it names a data node, " at path". */
    private static List<String> errors(final String reply) {
        final List<String> errors = new ArrayList<>();
        final var nodes = parse(reply).getElementsByTagNameNS("*", "rpc-error");
        for (int i = 0; i < nodes.getLength(); i++) {
            final Element error = (Element) nodes.item(i);
            final String path = text(error, "error-path").replaceFirst("^/nc:rpc/nc:edit-config/nc:config", "");
            errors.add(text(error, "error-type") + " " + text(error, "error-tag") + (path.isEmpty() ? "" : " at " + path));
        }
        return errors;
    }

    private static String text(final Element parent, final String localName) {
        final var nodes = parent.getElementsByTagNameNS("*", localName);
        return nodes.getLength() == 0 ? "" : nodes.item(0).getTextContent().strip();
    }

    /** The leaves of a reply's data, one "path=value" line each, sorted; list entries named by their name. */
    static String canonical(final String reply) {
        final List<String> lines = new ArrayList<>();
        final Element root = parse(reply);
        for (Node child = root.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element data && "data".equals(data.getLocalName())) {
                flatten(data, "", lines);
            }
        }
        lines.sort(null);
        return lines.toString();
    }

    private static void flatten(final Element element, final String path, final List<String> lines) {
        boolean leaf = true;
        for (Node child = element.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element childElement) {
                leaf = false;
                String step = path + "/" + childElement.getLocalName();
                for (Node key = childElement.getFirstChild(); key != null; key = key.getNextSibling()) {
                    if (key instanceof Element keyElement && "name".equals(keyElement.getLocalName())
                            && hasElementChildren(childElement) && !hasElementChildren(keyElement)) {
                        step += "[" + keyElement.getTextContent().strip() + "]";
                        break;
                    }
                }
                flatten(childElement, step, lines);
            }
        }
        if (leaf && !path.isEmpty()) {
            final String value = element.getTextContent().strip();
            lines.add(path + "=" + value.replaceFirst("^[A-Za-z_][\\w.-]*:", ""));
        }
    }

    private static boolean hasElementChildren(final Element element) {
        for (Node child = element.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element) {
                return true;
            }
        }
        return false;
    }

    private static Element parse(final String xml) {
        try {
            final DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)))
                .getDocumentElement();
        } catch (Exception e) {
            throw new IllegalArgumentException("Not XML: " + xml, e);
        }
    }
}
