package io.sextant.testing;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelSubsystem;
import org.apache.sshd.client.session.ClientSession;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * An independent NETCONF client for tests: checks what is really on a device, and makes
 * out-of-band changes behind the controller's back. It shares no code with the product or with
 * OpenDaylight's NETCONF stack: plain Apache sshd (or a plain socket for the test tool's
 * {@code --ssh false}), its own RFC 6242 framing, and XML as strings.
 *
 * <p>Operations return the raw {@code <rpc-reply>}; those that expect {@code <ok/>} throw
 * {@link RpcErrorException} on an {@code <rpc-error>}.
 */
public final class NetconfVerifier implements AutoCloseable {
    public static final String BASE_NS = "urn:ietf:params:xml:ns:netconf:base:1.0";
    private static final String BASE_1_0 = "urn:ietf:params:netconf:base:1.0";
    private static final String BASE_1_1 = "urn:ietf:params:netconf:base:1.1";
    private static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
    /** How long a request waits for its reply before {@link #nudge}. */
    private static final Duration NUDGE_AFTER = Duration.ofSeconds(2);

    private final NetconfFramer framer;
    private final OutputStream out;
    private final AutoCloseable transport;
    private final Set<String> capabilities;
    private final String sessionId;
    private final AtomicLong messageId = new AtomicLong();
    private Duration timeout = DEFAULT_TIMEOUT;

    private NetconfVerifier(final NetconfFramer framer, final OutputStream out, final AutoCloseable transport,
            final boolean offerBase11) throws IOException {
        this.framer = framer;
        this.out = out;
        this.transport = transport;
        final String hello = framer.next(DEFAULT_TIMEOUT.toMillis());
        if (hello == null) {
            throw new IOException("No hello from the server within " + DEFAULT_TIMEOUT);
        }
        final Document doc = parse(hello);
        this.capabilities = new LinkedHashSet<>(textsByLocalName(doc.getDocumentElement(), "capability"));
        final List<String> ids = textsByLocalName(doc.getDocumentElement(), "session-id");
        this.sessionId = ids.isEmpty() ? "" : ids.get(0);
        final boolean chunked = offerBase11 && capabilities.contains(BASE_1_1);
        send("<?xml version=\"1.0\" encoding=\"UTF-8\"?><hello xmlns=\"" + BASE_NS + "\"><capabilities>"
            + "<capability>" + BASE_1_0 + "</capability>"
            + (offerBase11 ? "<capability>" + BASE_1_1 + "</capability>" : "")
            + "</capabilities></hello>");
        if (chunked) {
            framer.switchToChunked();
        }
    }

    /** A NETCONF-over-SSH session (subsystem {@code netconf}), negotiating base:1.1 when offered. */
    public static NetconfVerifier ssh(final String host, final int port, final String username,
            final String password) throws IOException {
        return ssh(host, port, username, password, true);
    }

    /**
     * A NETCONF-over-SSH session.
     *
     * @param offerBase11 {@code false} to stay with base:1.0 end-of-message framing
     */
    public static NetconfVerifier ssh(final String host, final int port, final String username,
            final String password, final boolean offerBase11) throws IOException {
        final SshClient client = SshClient.setUpDefaultClient();
        client.setServerKeyVerifier((clientSession, address, key) -> true);
        client.start();
        try {
            final ClientSession session = client.connect(username, host, port)
                .verify(DEFAULT_TIMEOUT).getSession();
            session.addPasswordIdentity(password);
            session.auth().verify(DEFAULT_TIMEOUT);
            final ChannelSubsystem channel = session.createSubsystemChannel("netconf");
            final NetconfFramer framer = new NetconfFramer();
            channel.setOut(framer);
            channel.setErr(OutputStream.nullOutputStream());
            channel.open().verify(DEFAULT_TIMEOUT);
            channel.addCloseFutureListener(f -> framer.markClosed());
            final OutputStream toServer = channel.getInvertedIn();
            return new NetconfVerifier(framer, toServer, () -> {
                channel.close(false);
                session.close(false);
                client.stop();
            }, offerBase11);
        } catch (IOException | RuntimeException e) {
            client.stop();
            throw e;
        }
    }

    /** A NETCONF session over plain TCP (the test tool with {@code --ssh false}). */
    public static NetconfVerifier tcp(final String host, final int port) throws IOException {
        final Socket socket = new Socket();
        socket.connect(new InetSocketAddress(host, port), (int) DEFAULT_TIMEOUT.toMillis());
        final NetconfFramer framer = new NetconfFramer();
        final InputStream in = socket.getInputStream();
        final Thread reader = new Thread(() -> {
            final byte[] buffer = new byte[65536];
            try {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    framer.write(buffer, 0, n);
                }
            } catch (IOException e) {
                // The socket was closed.
            } finally {
                framer.markClosed();
            }
        }, "netconf-verifier-" + port);
        reader.setDaemon(true);
        reader.start();
        try {
            return new NetconfVerifier(framer, socket.getOutputStream(), socket, true);
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    /** A session to device {@code index} of a test tool, over its transport. */
    public static NetconfVerifier connect(final NetconfTestTool tool, final int index) throws IOException {
        return tool.ssh() ? ssh(tool.host(), tool.port(index), NetconfTestTool.USERNAME, NetconfTestTool.PASSWORD)
            : tcp(tool.host(), tool.port(index));
    }

    /** A session to a netconfd device. */
    public static NetconfVerifier connect(final Netconfd device) throws IOException {
        return ssh(device.host(), device.port(), device.username(), device.password());
    }

    public NetconfVerifier withTimeout(final Duration newTimeout) {
        this.timeout = newTimeout;
        return this;
    }

    /** The capabilities of the server's hello. */
    public Set<String> capabilities() {
        return capabilities;
    }

    public String sessionId() {
        return sessionId;
    }

    /** Whether base:1.1 chunked framing is in use. */
    public boolean chunked() {
        return framer.chunked();
    }

    /**
     * Send one operation (the content of {@code <rpc>}, with its own namespace declarations where
     * it leaves the base namespace) and return the raw {@code <rpc-reply>}.
     */
    public synchronized String rpc(final String operation) throws IOException {
        final String id = Long.toString(messageId.incrementAndGet());
        send("<?xml version=\"1.0\" encoding=\"UTF-8\"?><rpc message-id=\"" + id + "\" xmlns=\"" + BASE_NS + "\">"
            + operation + "</rpc>");
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            final long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                throw new IOException("No reply to message " + id + " within " + timeout);
            }
            final String reply = framer.next(Math.min(left, NUDGE_AFTER.toMillis()));
            if (reply == null) {
                if (left > NUDGE_AFTER.toMillis()) {
                    // the wait ended for the nudge, not for the timeout
                    nudge();
                }
                continue;
            }
            final Element root = parse(reply).getDocumentElement();
            if ("rpc-reply".equals(root.getLocalName()) && id.equals(root.getAttribute("message-id"))) {
                return reply;
            }
            // A notification or a late reply: not ours.
        }
    }

    /**
     * netconfd (yuma123) at times leaves a request that arrived in the same read as the client's
     * hello unprocessed until more bytes arrive (its log shows such a first request handled only
     * when the next one came). A request without an answer for {@link #NUDGE_AFTER} is followed by
     * a read that selects nothing, which lets it through; its reply is skipped like any other
     * that is not ours.
     */
    private void nudge() throws IOException {
        send("<?xml version=\"1.0\" encoding=\"UTF-8\"?><rpc message-id=\"nudge\" xmlns=\"" + BASE_NS + "\">"
            + "<get-config><source><running/></source><filter type=\"subtree\"><nudge xmlns=\"urn:sextant:test:nudge\"/>"
            + "</filter></get-config></rpc>");
    }

    /** The whole configuration of {@code datastore} ("running", "candidate", "startup"). */
    public String getConfig(final String datastore) throws IOException {
        return checked(rpc("<get-config><source><" + datastore + "/></source></get-config>"));
    }

    /** A subtree-filtered get-config; {@code filter} is the content of {@code <filter type="subtree">}. */
    public String getConfig(final String datastore, final String filter) throws IOException {
        return checked(rpc("<get-config><source><" + datastore + "/></source><filter type=\"subtree\">" + filter
            + "</filter></get-config>"));
    }

    /** A subtree-filtered get (configuration and state). */
    public String get(final String filter) throws IOException {
        return checked(rpc("<get><filter type=\"subtree\">" + filter + "</filter></get>"));
    }

    /** edit-config with {@code config} as the content of {@code <config>}. */
    public void editConfig(final String target, final String config) throws IOException {
        ok(rpc("<edit-config><target><" + target + "/></target><config>" + config + "</config></edit-config>"));
    }

    public void commit() throws IOException {
        ok(rpc("<commit/>"));
    }

    public void discardChanges() throws IOException {
        ok(rpc("<discard-changes/>"));
    }

    public void lock(final String target) throws IOException {
        ok(rpc("<lock><target><" + target + "/></target></lock>"));
    }

    public void unlock(final String target) throws IOException {
        ok(rpc("<unlock><target><" + target + "/></target></unlock>"));
    }

    /** edit-config to the candidate followed by commit, the usual out-of-band change. */
    public void editAndCommit(final String config) throws IOException {
        editConfig("candidate", config);
        commit();
    }

    private void send(final String message) throws IOException {
        synchronized (out) {
            out.write(NetconfFramer.frame(message, framer.chunked()));
            out.flush();
        }
    }

    @Override
    public void close() {
        try {
            rpcQuietly("<close-session/>");
        } finally {
            try {
                transport.close();
            } catch (Exception e) {
                // Nothing left to do for a test utility.
            }
        }
    }

    private void rpcQuietly(final String operation) {
        final Duration saved = timeout;
        timeout = Duration.ofSeconds(2);
        try {
            rpc(operation);
        } catch (IOException | RuntimeException e) {
            // The session may be gone already.
        } finally {
            timeout = saved;
        }
    }

    /** Whether a reply carries {@code <rpc-error>} elements of severity error. */
    public static boolean hasError(final String reply) {
        return !elementsByLocalName(parse(reply).getDocumentElement(), "rpc-error").isEmpty();
    }

    /**
     * The texts of the elements reached by {@code path} of local names below the root of
     * {@code xml}, in document order; for example {@code values(reply, "data", "interfaces",
     * "interface", "config", "mtu")}.
     */
    public static List<String> values(final String xml, final String... path) {
        List<Element> current = List.of(parse(xml).getDocumentElement());
        for (String name : path) {
            final List<Element> next = new ArrayList<>();
            for (Element element : current) {
                for (Node child = element.getFirstChild(); child != null; child = child.getNextSibling()) {
                    if (child instanceof Element e && name.equals(e.getLocalName())) {
                        next.add(e);
                    }
                }
            }
            current = next;
        }
        return current.stream().map(e -> e.getTextContent().strip()).toList();
    }

    private static String checked(final String reply) throws RpcErrorException {
        if (hasError(reply)) {
            throw new RpcErrorException(reply);
        }
        return reply;
    }

    private static void ok(final String reply) throws RpcErrorException {
        checked(reply);
    }

    static Document parse(final String xml) {
        try {
            final DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        } catch (ParserConfigurationException | SAXException | IOException e) {
            throw new IllegalArgumentException("Not XML: " + xml, e);
        }
    }

    private static List<String> textsByLocalName(final Element root, final String localName) {
        return elementsByLocalName(root, localName).stream().map(e -> e.getTextContent().strip()).toList();
    }

    private static List<Element> elementsByLocalName(final Element root, final String localName) {
        final List<Element> result = new ArrayList<>();
        final var nodes = root.getElementsByTagNameNS("*", localName);
        for (int i = 0; i < nodes.getLength(); i++) {
            result.add((Element) nodes.item(i));
        }
        return result;
    }

    /** The server answered with {@code <rpc-error>}. */
    public static final class RpcErrorException extends IOException {
        private static final long serialVersionUID = 1L;

        private final String reply;

        RpcErrorException(final String reply) {
            super("rpc-error: " + reply);
            this.reply = reply;
        }

        public String reply() {
            return reply;
        }

        /** The error-tag values of the reply. */
        public List<String> errorTags() {
            return textsByLocalName(parse(reply).getDocumentElement(), "error-tag");
        }
    }
}
