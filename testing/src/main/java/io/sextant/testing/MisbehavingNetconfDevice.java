package io.sextant.testing;

import io.sextant.model.YangSource;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.keyprovider.SimpleGeneratorHostKeyProvider;
import org.eclipse.jdt.annotation.Nullable;

/**
 * A NETCONF device whose every reply the test chooses: it answers correctly (a small fixed
 * configuration for {@code get-config}/{@code get}, {@code <ok/>} for edits, locks and commits)
 * unless the test has queued a misbehaviour ({@link Reply}) for the next request of some
 * operation: truncated XML, a wrong message-id, a reply over a size limit or one that never ends,
 * no reply at all, the session closed in the middle of a reply, broken chunked framing.
 *
 * <p>It speaks real NETCONF over plain TCP or SSH (the {@code netconf} subsystem, Apache sshd),
 * exchanges hellos advertising base:1.0 (and base:1.1 unless told not to) and the bundled
 * modules it is given, and frames by hand (RFC 6242), so that it can frame wrongly. One thread
 * per session; sessions are counted so that tests can check the controller closed the sessions
 * it gave up.
 */
public final class MisbehavingNetconfDevice implements AutoCloseable {
    public static final String BASE_1_0 = "urn:ietf:params:netconf:base:1.0";
    public static final String BASE_1_1 = "urn:ietf:params:netconf:base:1.1";
    public static final String CANDIDATE = "urn:ietf:params:netconf:capability:candidate:1.0";
    static final String BASE_NS = "urn:ietf:params:xml:ns:netconf:base:1.0";
    private static final String OC_IF_NS = "http://openconfig.net/yang/interfaces";
    private static final Pattern MESSAGE_ID = Pattern.compile("message-id\\s*=\\s*[\"']([^\"']*)[\"']");
    private static final Pattern OPERATION = Pattern.compile("<rpc\\b[^>]*>\\s*<(?:[\\w.-]+:)?([\\w.-]+)");
    private static final Pattern NAMESPACE = Pattern.compile("^\\s*namespace\\s+\"?([^\";\\s]+)\"?\\s*;",
        Pattern.MULTILINE);
    private static final Duration HELLO_TIMEOUT = Duration.ofSeconds(30);

    /** What the device does with one request. */
    public enum Reply {
        /** The correct reply. */
        CORRECT,
        /** The first half of the reply's XML as a whole message (correctly framed), then the session is closed. */
        TRUNCATED_THEN_CLOSE,
        /** The first half of the reply's XML as a whole message, and the session goes on. */
        TRUNCATED_THEN_CONTINUE,
        /** A well-formed reply carrying a message-id that no request had. */
        WRONG_MESSAGE_ID,
        /** A well-formed reply of {@link Builder#oversizedReplyBytes(long)} bytes. */
        OVERSIZED,
        /** A reply that never ends: data is streamed until the peer closes the session. */
        ENDLESS,
        /** No reply at all; the session stays open. */
        NO_REPLY,
        /** Half of the reply's bytes, inside its frame (no end-of-message, or a cut chunk), then the session is closed. */
        CLOSE_MID_REPLY,
        /** base:1.1 only: a chunk header that is not a number ({@code \n#abc\n}). */
        BAD_CHUNK_HEADER,
        /** base:1.1 only: a chunk header announcing fewer bytes than follow it. */
        BAD_CHUNK_SIZE
    }

    private record Rule(@Nullable String operation, Reply reply) {
        boolean matches(final String requested) {
            return operation == null ? !"close-session".equals(requested) : operation.equals(requested);
        }
    }

    private final Builder options;
    private final String hello;
    private final @Nullable ServerSocket tcp;
    private final @Nullable SshServer ssh;
    private final @Nullable Path keyDir;
    private final int port;
    private final LinkedList<Rule> script = new LinkedList<>();
    private final Set<Session> sessions = ConcurrentHashMap.newKeySet();
    private final AtomicLong sessionIds = new AtomicLong();
    private final AtomicInteger sessionsOpened = new AtomicInteger();
    private final AtomicInteger faultsApplied = new AtomicInteger();
    private final Map<String, AtomicInteger> requests = new ConcurrentHashMap<>();
    private volatile boolean closed;

    private MisbehavingNetconfDevice(final Builder options) throws IOException {
        this.options = options;
        this.hello = helloCapabilities(options);
        if (options.ssh) {
            keyDir = Files.createTempDirectory("sextant-misbehaving-netconf");
            ssh = SshServer.setUpDefaultServer();
            ssh.setHost("127.0.0.1");
            ssh.setPort(0);
            final SimpleGeneratorHostKeyProvider keys = new SimpleGeneratorHostKeyProvider(keyDir.resolve("host.ser"));
            keys.setAlgorithm("EC");
            ssh.setKeyPairProvider(keys);
            ssh.setPasswordAuthenticator((user, password, session) ->
                options.username.equals(user) && options.password.equals(password));
            ssh.setSubsystemFactories(List.of(new SshNetconfSubsystem.Factory(this)));
            ssh.start();
            tcp = null;
            port = ssh.getPort();
        } else {
            keyDir = null;
            ssh = null;
            final ServerSocket listening = new ServerSocket();
            tcp = listening;
            listening.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
            port = listening.getLocalPort();
            final Thread acceptor = new Thread(() -> acceptTcp(listening), "misbehaving-netconf-accept-" + port);
            acceptor.setDaemon(true);
            acceptor.start();
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Options of a device. */
    public static final class Builder {
        private boolean ssh;
        private boolean base11 = true;
        private String username = "admin";
        private String password = "admin";
        private List<String> modules = ModelSets.OPENCONFIG_INTERFACES;
        private String configuration = defaultConfiguration();
        private long oversizedReplyBytes = 4L << 20;

        private Builder() {
        }

        /** NETCONF over SSH (default: plain TCP). */
        public Builder ssh(final boolean useSsh) {
            this.ssh = useSsh;
            return this;
        }

        /** Whether to advertise base:1.1 (chunked framing when the client advertises it too); default yes. */
        public Builder base11(final boolean advertise) {
            this.base11 = advertise;
            return this;
        }

        public Builder credentials(final String newUsername, final String newPassword) {
            this.username = newUsername;
            this.password = newPassword;
            return this;
        }

        /** Bundled modules to advertise, with everything they import (default: OpenConfig interfaces). */
        public Builder models(final List<String> moduleNames) {
            this.modules = List.copyOf(moduleNames);
            return this;
        }

        /** The content of {@code <data>} in get-config and get replies. */
        public Builder configuration(final String xml) {
            this.configuration = xml;
            return this;
        }

        /** The size of an {@link Reply#OVERSIZED} reply (default 4 MiB). */
        public Builder oversizedReplyBytes(final long bytes) {
            this.oversizedReplyBytes = bytes;
            return this;
        }

        public MisbehavingNetconfDevice start() {
            try {
                return new MisbehavingNetconfDevice(this);
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot start the misbehaving NETCONF device", e);
            }
        }
    }

    /** One OpenConfig interface, eth0, with a description. */
    public static String defaultConfiguration() {
        return "<interfaces xmlns=\"" + OC_IF_NS + "\"><interface><name>eth0</name><config><name>eth0</name>"
            + "<description>uplink</description><mtu>1500</mtu></config></interface></interfaces>";
    }

    public String host() {
        return "127.0.0.1";
    }

    public int port() {
        return port;
    }

    public boolean ssh() {
        return options.ssh;
    }

    public String username() {
        return options.username;
    }

    public String password() {
        return options.password;
    }

    /** The next request of any operation but close-session gets {@code reply}. */
    public void next(final Reply reply) {
        synchronized (script) {
            script.add(new Rule(null, reply));
        }
    }

    /** The next request of {@code operation} (its element name, for example {@code get-config}) gets {@code reply}. */
    public void next(final String operation, final Reply reply) {
        synchronized (script) {
            script.add(new Rule(operation, reply));
        }
    }

    /** Misbehaviours queued and not yet applied. */
    public int scripted() {
        synchronized (script) {
            return script.size();
        }
    }

    /** Forget every queued misbehaviour. @return how many were forgotten */
    public int clearScript() {
        synchronized (script) {
            final int forgotten = script.size();
            script.clear();
            return forgotten;
        }
    }

    /** Sessions accepted since start (those whose hello exchange completed and those that did not). */
    public int sessionsOpened() {
        return sessionsOpened.get();
    }

    /** Sessions open now. */
    public int openSessions() {
        return sessions.size();
    }

    /** Misbehaviours applied so far. */
    public int faultsApplied() {
        return faultsApplied.get();
    }

    /** Requests received of {@code operation}. */
    public int requests(final String operation) {
        final AtomicInteger count = requests.get(operation);
        return count == null ? 0 : count.get();
    }

    private Reply replyFor(final String operation) {
        synchronized (script) {
            for (Iterator<Rule> rules = script.iterator(); rules.hasNext();) {
                final Rule rule = rules.next();
                if (rule.matches(operation)) {
                    rules.remove();
                    return rule.reply();
                }
            }
        }
        return Reply.CORRECT;
    }

    private void acceptTcp(final ServerSocket tcp) {
        while (!closed) {
            final Socket socket;
            try {
                socket = tcp.accept();
            } catch (IOException e) {
                return;
            }
            try {
                socket.setTcpNoDelay(true);
                final Session session = new Session(socket.getInputStream(), socket.getOutputStream(), socket::close);
                startSession(session, "misbehaving-netconf-tcp-" + port);
            } catch (IOException e) {
                closeQuietly(socket);
            }
        }
    }

    /** Runs {@code session} on a thread of its own until it ends. */
    void startSession(final Session session, final String threadName) {
        sessionsOpened.incrementAndGet();
        sessions.add(session);
        if (closed) {
            session.close();
            return;
        }
        final Thread thread = new Thread(session::run, threadName + "-" + session.id);
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void close() {
        closed = true;
        if (tcp != null) {
            closeQuietly(tcp);
        }
        for (Session session : List.copyOf(sessions)) {
            session.close();
        }
        if (ssh != null) {
            try {
                ssh.stop(true);
            } catch (IOException e) {
                // stopping a test device: nothing left to do
            }
            try (var files = Files.list(keyDir)) {
                for (Path file : files.toList()) {
                    Files.deleteIfExists(file);
                }
                Files.deleteIfExists(keyDir);
            } catch (IOException e) {
                // a leftover temporary directory is harmless
            }
        }
    }

    private static void closeQuietly(final AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            // already closed
        }
    }

    private static String helloCapabilities(final Builder options) {
        final StringBuilder capabilities = new StringBuilder();
        capabilities.append("<capability>").append(BASE_1_0).append("</capability>");
        if (options.base11) {
            capabilities.append("<capability>").append(BASE_1_1).append("</capability>");
        }
        capabilities.append("<capability>").append(CANDIDATE).append("</capability>");
        for (YangSource source : ModelSets.closure(options.modules)) {
            moduleCapability(source).ifPresent(uri -> capabilities.append("<capability>").append(uri)
                .append("</capability>"));
        }
        return capabilities.toString();
    }

    /** {@code namespace?module=name&revision=...}; submodules are not advertised. */
    private static Optional<String> moduleCapability(final YangSource source) {
        final String text;
        try (InputStream in = source.open()) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        final Matcher namespace = NAMESPACE.matcher(text);
        if (!namespace.find()) {
            return Optional.empty();
        }
        return Optional.of(namespace.group(1) + "?module=" + source.name()
            + (source.revision() != null ? "&amp;revision=" + source.revision() : ""));
    }

    /**
     * One NETCONF session on a pair of streams: reads framed requests, writes (mis)framed replies.
     * Closing it closes the transport, which ends its thread.
     */
    final class Session {
        private final long id = sessionIds.incrementAndGet();
        private final InputStream in;
        private final OutputStream out;
        private final AutoCloseable transport;
        private final NetconfFramer framer = new NetconfFramer();
        private volatile boolean ended;

        Session(final InputStream in, final OutputStream out, final AutoCloseable transport) {
            this.in = in;
            this.out = out;
            this.transport = transport;
        }

        void run() {
            try {
                write(NetconfFramer.frame("<?xml version=\"1.0\" encoding=\"UTF-8\"?><hello xmlns=\"" + BASE_NS
                    + "\"><capabilities>" + hello + "</capabilities><session-id>" + id + "</session-id></hello>",
                    false));
                final String clientHello = readHello();
                final boolean chunked = options.base11 && clientHello.contains(BASE_1_1);
                if (chunked) {
                    framer.switchToChunked();
                }
                final byte[] buffer = new byte[65536];
                while (!ended) {
                    for (String message = framer.next(0); message != null; message = framer.next(0)) {
                        if (!handle(message, chunked)) {
                            return;
                        }
                    }
                    final int n = in.read(buffer);
                    if (n < 0) {
                        return;
                    }
                    framer.write(buffer, 0, n);
                }
            } catch (IOException | RuntimeException e) {
                // The peer went away or sent something unreadable: the session ends.
            } finally {
                close();
            }
        }

        /** Byte by byte, so that framing can switch to chunked right after the hello. */
        private String readHello() throws IOException {
            final long deadline = System.nanoTime() + HELLO_TIMEOUT.toNanos();
            while (System.nanoTime() < deadline) {
                final int b = in.read();
                if (b < 0) {
                    throw new IOException("closed before hello");
                }
                framer.write(b);
                final String message = framer.next(0);
                if (message != null) {
                    return message;
                }
            }
            throw new IOException("no hello");
        }

        /** @return whether the session goes on */
        private boolean handle(final String message, final boolean chunked) throws IOException {
            final Matcher idMatcher = MESSAGE_ID.matcher(message);
            final String messageId = idMatcher.find() ? idMatcher.group(1) : "";
            final Matcher operationMatcher = OPERATION.matcher(message);
            final String operation = operationMatcher.find() ? operationMatcher.group(1) : "";
            requests.computeIfAbsent(operation, ignored -> new AtomicInteger()).incrementAndGet();
            final Reply reply = replyFor(operation);
            if (reply != Reply.CORRECT) {
                faultsApplied.incrementAndGet();
            }
            final String correct = correctReply(messageId, operation);
            switch (reply) {
                case CORRECT -> {
                    write(NetconfFramer.frame(correct, chunked));
                    return !"close-session".equals(operation);
                }
                case TRUNCATED_THEN_CLOSE -> {
                    write(NetconfFramer.frame(half(correct), chunked));
                    return false;
                }
                case TRUNCATED_THEN_CONTINUE -> {
                    write(NetconfFramer.frame(half(correct), chunked));
                    return true;
                }
                case WRONG_MESSAGE_ID -> {
                    write(NetconfFramer.frame(correctReply(wrongId(messageId), operation), chunked));
                    return true;
                }
                case OVERSIZED -> {
                    streamLargeReply(messageId, chunked, options.oversizedReplyBytes);
                    return true;
                }
                case ENDLESS -> {
                    streamLargeReply(messageId, chunked, Long.MAX_VALUE);
                    return false;
                }
                case NO_REPLY -> {
                    return true;
                }
                case CLOSE_MID_REPLY -> {
                    final byte[] body = correct.getBytes(StandardCharsets.UTF_8);
                    final byte[] header = chunked ? ("\n#" + body.length + "\n")
                        .getBytes(StandardCharsets.US_ASCII) : new byte[0];
                    out.write(header);
                    out.write(body, 0, body.length / 2);
                    out.flush();
                    return false;
                }
                case BAD_CHUNK_HEADER -> {
                    requireChunked(chunked, reply);
                    write(("\n#abc\n" + correct + "\n##\n").getBytes(StandardCharsets.UTF_8));
                    return true;
                }
                case BAD_CHUNK_SIZE -> {
                    requireChunked(chunked, reply);
                    write(("\n#10\n" + correct + "\n##\n").getBytes(StandardCharsets.UTF_8));
                    return true;
                }
                default -> throw new IllegalStateException(reply.toString());
            }
        }

        private static void requireChunked(final boolean chunked, final Reply reply) throws IOException {
            if (!chunked) {
                throw new IOException(reply + " needs base:1.1 chunked framing, and this session uses base:1.0");
            }
        }

        /**
         * A well-formed reply of at least {@code bytes} bytes, written in 64 KiB pieces (one chunk
         * each in base:1.1), so that the device never holds it in memory.
         */
        private void streamLargeReply(final String messageId, final boolean chunked, final long bytes)
                throws IOException {
            final String head = "<rpc-reply xmlns=\"" + BASE_NS + "\" message-id=\"" + messageId + "\"><data>"
                + "<interfaces xmlns=\"" + OC_IF_NS + "\"><interface><name>eth0</name><config><name>eth0</name>"
                + "<description>";
            final String tail = "</description></config></interface></interfaces></data></rpc-reply>";
            final byte[] filler = "x".repeat(65536).getBytes(StandardCharsets.US_ASCII);
            piece(head.getBytes(StandardCharsets.UTF_8), chunked);
            for (long written = head.length(); written < bytes && !ended; written += filler.length) {
                piece(filler, chunked);
            }
            piece(tail.getBytes(StandardCharsets.UTF_8), chunked);
            out.write(chunked ? "\n##\n".getBytes(StandardCharsets.US_ASCII)
                : "]]>]]>".getBytes(StandardCharsets.US_ASCII));
            out.flush();
        }

        private void piece(final byte[] bytes, final boolean chunked) throws IOException {
            if (chunked) {
                out.write(("\n#" + bytes.length + "\n").getBytes(StandardCharsets.US_ASCII));
            }
            out.write(bytes);
        }

        private String correctReply(final String messageId, final String operation) {
            final String body = switch (operation) {
                case "get-config", "get" -> "<data>" + options.configuration + "</data>";
                case "edit-config", "lock", "unlock", "commit", "discard-changes", "validate", "close-session",
                    "cancel-commit" -> "<ok/>";
                default -> "<rpc-error><error-type>protocol</error-type><error-tag>operation-not-supported"
                    + "</error-tag><error-severity>error</error-severity><error-message>" + operation
                    + " is not supported by this device</error-message></rpc-error>";
            };
            return "<rpc-reply xmlns=\"" + BASE_NS + "\" message-id=\"" + messageId + "\">" + body + "</rpc-reply>";
        }

        private static String half(final String reply) {
            return reply.substring(0, reply.length() / 2);
        }

        /** An id the client never sent: far above the ids it counts up. */
        private static String wrongId(final String messageId) {
            try {
                return Long.toString(Long.parseLong(messageId) + 1_000_000_000L);
            } catch (NumberFormatException e) {
                return messageId + "-unknown";
            }
        }

        private void write(final byte[] bytes) throws IOException {
            out.write(bytes);
            out.flush();
        }

        void close() {
            ended = true;
            if (sessions.remove(this)) {
                closeQuietly(transport);
            }
        }
    }
}
