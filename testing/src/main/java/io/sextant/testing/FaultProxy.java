package io.sextant.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.StandardSocketOptions;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.jdt.annotation.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A TCP proxy between a client (the controller) and one device that injects faults: it cuts
 * connections, stalls them (stops forwarding in both directions, as a stopped process whose
 * kernel still buffers; on {@link #resume()} everything held goes on in order), refuses new
 * connections (stops listening), and, for plaintext protocols (NETCONF over TCP, Telnet), watches the client's
 * bytes for a token such as {@code <edit-config} or {@code configure terminal} and acts at a
 * chosen moment around that request ({@link Trigger}).
 *
 * <p>A token split over several reads is found, but the reads before the one that completes it
 * have gone on already: {@link Moment#BEFORE} keeps the request from completing, not every byte
 * of it from the device.
 *
 * <p>Listens on 127.0.0.1 and a free port; the target can change while running
 * ({@link #retarget}), for a device restarted on another port. Two threads per connection;
 * meant for a handful of devices.
 */
public final class FaultProxy implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(FaultProxy.class);

    /** When a trigger acts, relative to the request whose bytes carry its token. */
    public enum Moment {
        /** The request is not forwarded (the device never sees it) when the effect cuts. */
        BEFORE,
        /** The request reaches the device; its reply (up to the reply end) is held back, then the effect. */
        REPLY_LOST,
        /** The request and its reply pass; then the effect. */
        AFTER_REPLY
    }

    /** What a trigger does to the connection that hit it. */
    public enum Effect {
        /** Close both sides (the client and the device see the connection end). */
        CUT,
        /** Stop forwarding in both directions until {@link FaultProxy#resume()}. */
        STALL,
        /** Only run the trigger's callback. */
        NONE
    }

    /**
     * Act when the client has sent {@code token} for the {@code occurrence}-th time since arming.
     *
     * @param token text in the client's byte stream (ISO-8859-1), for example {@code <commit};
     *     {@link #ANY} counts every chunk the client sends
     * @param occurrence 1 for the first occurrence after arming
     * @param moment when to act
     * @param replyEnd text that ends the device's reply (for {@link Moment#REPLY_LOST} and
     *     {@link Moment#AFTER_REPLY}), for example {@code </rpc-reply>} or a prompt's {@code #}
     * @param effect what happens to the connection
     * @param callback runs when the trigger fires, before the effect (for example to stop another device)
     */
    public record Trigger(String token, int occurrence, Moment moment, String replyEnd, Effect effect,
            Runnable callback) {
        /** The token that matches every chunk. */
        public static final String ANY = "";

        public Trigger {
            Objects.requireNonNull(token);
            Objects.requireNonNull(moment);
            Objects.requireNonNull(replyEnd);
            Objects.requireNonNull(effect);
            Objects.requireNonNull(callback);
            if (occurrence < 1) {
                throw new IllegalArgumentException("The occurrence counts from 1: " + occurrence);
            }
        }

        /**
         * Act on the {@code occurrence}-th chunk the client sends after arming, whatever it holds:
         * for encrypted sessions (SSH), where each request is one or more chunks of its own.
         */
        public static Trigger anyChunk(final int occurrence, final Moment moment, final Effect effect) {
            return new Trigger(ANY, occurrence, moment, "", effect, () -> { });
        }

        public static Trigger of(final String token, final Moment moment, final String replyEnd, final Effect effect) {
            return new Trigger(token, 1, moment, replyEnd, effect, () -> { });
        }

        public Trigger occurrence(final int n) {
            return new Trigger(token, n, moment, replyEnd, effect, callback);
        }

        public Trigger withCallback(final Runnable newCallback) {
            return new Trigger(token, occurrence, moment, replyEnd, effect, newCallback);
        }

        @Override
        public String toString() {
            return moment + " " + (token.equals(ANY) ? "chunk" : "'" + token.strip() + "'") + " #" + occurrence + " "
                + effect;
        }
    }

    /** An armed trigger: completes with the time it fired. */
    public static final class Armed {
        private final Trigger trigger;
        private final AtomicInteger seen = new AtomicInteger();
        private final CompletableFuture<Instant> fired = new CompletableFuture<>();

        private Armed(final Trigger trigger) {
            this.trigger = trigger;
        }

        public Trigger trigger() {
            return trigger;
        }

        public CompletableFuture<Instant> fired() {
            return fired;
        }

        public boolean hasFired() {
            return fired.isDone();
        }

        /**
         * How many times the client sent the token since arming: a trigger whose occurrence is
         * never reached ({@link Effect#NONE}, {@link Integer#MAX_VALUE}) counts the requests
         * carrying it, a device-side counter of them.
         */
        public int seen() {
            return seen.get();
        }
    }

    private final int port;
    private ServerSocket server;
    /** Holds the port while refusing. */
    private @Nullable Socket held;
    /** The thread accepting on {@link #server}. */
    private volatile @Nullable Thread acceptor;
    private final List<Connection> connections = new CopyOnWriteArrayList<>();
    private final AtomicReference<InetSocketAddress> target;
    private final AtomicReference<Armed> armed = new AtomicReference<>();
    private final AtomicInteger accepted = new AtomicInteger();
    private final Object stallLock = new Object();
    private volatile boolean stalled;
    private volatile boolean refusing;
    private volatile boolean closed;

    private FaultProxy(final ServerSocket server, final InetSocketAddress target) {
        this.server = server;
        this.port = server.getLocalPort();
        this.target = new AtomicReference<>(target);
    }

    /** A proxy on 127.0.0.1 and a free port, forwarding to {@code host:port}. */
    public static FaultProxy start(final String host, final int port) throws IOException {
        final FaultProxy proxy = new FaultProxy(listen(0), new InetSocketAddress(host, port));
        proxy.accepting(proxy.server);
        return proxy;
    }

    private static ServerSocket listen(final int port) throws IOException {
        final ServerSocket socket = new ServerSocket();
        socket.setReuseAddress(true);
        // so that the port can be held by a bound socket while it does not listen (see refuse)
        socket.setOption(StandardSocketOptions.SO_REUSEPORT, true);
        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 50);
        return socket;
    }

    /** A socket bound to {@code port} that does not listen: connecting to the port is refused, and no one else gets it. */
    private static Socket hold(final int port) throws IOException {
        final Socket socket = new Socket();
        socket.setReuseAddress(true);
        socket.setOption(StandardSocketOptions.SO_REUSEPORT, true);
        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        return socket;
    }

    private void accepting(final ServerSocket socket) {
        final Thread thread = new Thread(() -> acceptLoop(socket), "fault-proxy-" + port);
        thread.setDaemon(true);
        acceptor = thread;
        thread.start();
    }

    public String host() {
        return "127.0.0.1";
    }

    public int port() {
        return port;
    }

    /** Where new connections go from now on (existing ones keep their device). */
    public void retarget(final String host, final int port) {
        target.set(new InetSocketAddress(host, port));
    }

    /** Connections accepted so far. */
    public int accepted() {
        return accepted.get();
    }

    /** Connections currently open. */
    public int openConnections() {
        return connections.size();
    }

    /**
     * While true the proxy does not listen: connecting is refused, as to a device whose server is
     * down. Then it listens on its port again. Meanwhile the port stays bound (by a socket that
     * does not listen), so that no other program on the machine takes it, and a client's own
     * connection can never get it as its local port and connect to itself.
     */
    public synchronized void refuse(final boolean refuse) throws IOException {
        if (refuse == refusing || closed) {
            return;
        }
        if (refuse) {
            held = hold(port);
            server.close();
            // the JDK closes a socket another thread is blocked accepting on only once that thread
            // has left accept(): until then the kernel still completes connections to the port
            try {
                final Thread accepting = acceptor;
                if (accepting != null) {
                    accepting.join(5_000);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("Interrupted while closing the listening socket", e);
            }
        } else {
            server = listen(port);
            closeQuietly(held);
            held = null;
            accepting(server);
        }
        refusing = refuse;
    }

    /** Close every open connection now; returns how many. */
    public int cut() {
        int count = 0;
        for (Connection connection : connections) {
            connection.close();
            count++;
        }
        return count;
    }

    /** Stop forwarding on every connection (new ones included) until {@link #resume()}. */
    public void stall() {
        stalled = true;
    }

    /** Forward again whatever was held, in order. */
    public void resume() {
        synchronized (stallLock) {
            stalled = false;
            stallLock.notifyAll();
        }
    }

    public boolean isStalled() {
        return stalled;
    }

    /** Arm a trigger, replacing any armed one. */
    public Armed arm(final Trigger trigger) {
        final Armed handle = new Armed(trigger);
        armed.set(handle);
        return handle;
    }

    /** Disarm; returns the trigger that was armed, if any. */
    public Armed disarm() {
        return armed.getAndSet(null);
    }

    @Override
    public void close() {
        closed = true;
        resume();
        try {
            currentServer().close();
        } catch (IOException e) {
            // closing anyway
        }
        synchronized (this) {
            if (held != null) {
                closeQuietly(held);
                held = null;
            }
        }
        cut();
    }

    private synchronized ServerSocket currentServer() {
        return server;
    }

    @Override
    public String toString() {
        return "FaultProxy[127.0.0.1:" + port + " -> " + target.get() + "]";
    }

    private void acceptLoop(final ServerSocket socket) {
        while (!closed) {
            final Socket client;
            try {
                client = socket.accept();
            } catch (IOException e) {
                if (!closed && !socket.isClosed()) {
                    LOG.warn("{}: accept failed", this, e);
                }
                return;
            }
            accepted.incrementAndGet();
            final Socket device = new Socket();
            try {
                client.setTcpNoDelay(true);
                device.setTcpNoDelay(true);
                device.connect(target.get(), 5_000);
            } catch (IOException e) {
                reset(client);
                closeQuietly(device);
                continue;
            }
            final Connection connection = new Connection(client, device);
            connections.add(connection);
            connection.start();
        }
    }

    private static void reset(final Socket socket) {
        try {
            socket.setSoLinger(true, 0);
        } catch (SocketException e) {
            // closed anyway
        }
        closeQuietly(socket);
    }

    private static void closeQuietly(final @Nullable Socket socket) {
        if (socket == null) {
            return;
        }
        try {
            socket.close();
        } catch (IOException e) {
            // nothing left to do
        }
    }

    /** Blocks while the proxy is stalled. */
    private void awaitNotStalled() throws InterruptedException {
        synchronized (stallLock) {
            while (stalled && !closed) {
                stallLock.wait();
            }
        }
    }

    /** One client connection and its device connection. */
    private final class Connection {
        private final Socket client;
        private final Socket device;
        private final StringBuilder window = new StringBuilder();
        private final AtomicReference<Armed> replyWatch = new AtomicReference<>();
        private final StringBuilder replyText = new StringBuilder();
        private volatile boolean done;

        Connection(final Socket client, final Socket device) {
            this.client = client;
            this.device = device;
        }

        void start() {
            final String name = "fault-proxy-" + port() + "-" + client.getPort();
            final Thread up = new Thread(this::pumpUp, name + "-up");
            final Thread down = new Thread(this::pumpDown, name + "-down");
            up.setDaemon(true);
            down.setDaemon(true);
            up.start();
            down.start();
        }

        /** Client to device: watches for the armed token. */
        private void pumpUp() {
            final byte[] buffer = new byte[16384];
            try (InputStream in = client.getInputStream(); OutputStream out = device.getOutputStream()) {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    awaitNotStalled();
                    final Armed hit = match(buffer, n);
                    if (hit == null) {
                        out.write(buffer, 0, n);
                        out.flush();
                        continue;
                    }
                    final Trigger trigger = hit.trigger;
                    switch (trigger.moment()) {
                        case BEFORE -> {
                            fire(hit);
                            if (trigger.effect() == Effect.CUT) {
                                return;
                            }
                            awaitNotStalled();
                            out.write(buffer, 0, n);
                            out.flush();
                        }
                        case REPLY_LOST, AFTER_REPLY -> {
                            replyText.setLength(0);
                            replyWatch.set(hit);
                            out.write(buffer, 0, n);
                            out.flush();
                        }
                        default -> throw new IllegalStateException();
                    }
                }
                device.shutdownOutput();
            } catch (IOException e) {
                close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                close();
            } finally {
                finishedOne();
            }
        }

        /** Device to client: holds back or follows the reply of a watched request. */
        private void pumpDown() {
            final byte[] buffer = new byte[16384];
            final ByteArrayOutputStream held = new ByteArrayOutputStream();
            try (InputStream in = device.getInputStream(); OutputStream out = client.getOutputStream()) {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    awaitNotStalled();
                    final Armed watch = replyWatch.get();
                    if (watch == null) {
                        out.write(buffer, 0, n);
                        out.flush();
                        continue;
                    }
                    replyText.append(new String(buffer, 0, n, StandardCharsets.ISO_8859_1));
                    final boolean complete = replyText.indexOf(watch.trigger.replyEnd()) >= 0;
                    if (watch.trigger.moment() == Moment.REPLY_LOST) {
                        held.write(buffer, 0, n);
                        if (!complete) {
                            continue;
                        }
                        replyWatch.set(null);
                        fire(watch);
                        if (watch.trigger.effect() == Effect.CUT) {
                            return;
                        }
                        awaitNotStalled();
                        held.writeTo(out);
                        out.flush();
                        held.reset();
                    } else {
                        out.write(buffer, 0, n);
                        out.flush();
                        if (complete) {
                            replyWatch.set(null);
                            fire(watch);
                            if (watch.trigger.effect() == Effect.CUT) {
                                return;
                            }
                        }
                    }
                }
                client.shutdownOutput();
            } catch (IOException e) {
                close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                close();
            } finally {
                finishedOne();
            }
        }

        /** The armed trigger whose token this chunk completes for the wanted time, if any. */
        private @Nullable Armed match(final byte[] buffer, final int n) {
            final Armed current = armed.get();
            final String chunk = new String(buffer, 0, n, StandardCharsets.ISO_8859_1);
            if (current == null || current.hasFired()) {
                window.setLength(0);
                return null;
            }
            final String token = current.trigger.token();
            if (token.equals(Trigger.ANY)) {
                return current.seen.incrementAndGet() == current.trigger.occurrence()
                    && armed.compareAndSet(current, null) ? current : null;
            }
            final int carried = window.length();
            window.append(chunk);
            Armed hit = null;
            for (int at = window.indexOf(token); at >= 0; at = window.indexOf(token, at + 1)) {
                // count an occurrence once: only those ending in the new chunk
                if (at + token.length() > carried && current.seen.incrementAndGet() == current.trigger.occurrence()
                        && armed.compareAndSet(current, null)) {
                    hit = current;
                    break;
                }
            }
            final int keep = Math.min(window.length(), token.length() - 1);
            window.delete(0, window.length() - keep);
            return hit;
        }

        private void fire(final Armed hit) {
            LOG.info("{}: {} fired", FaultProxy.this, hit.trigger);
            try {
                hit.trigger.callback().run();
            } finally {
                hit.fired.complete(Instant.now());
                switch (hit.trigger.effect()) {
                    case CUT -> close();
                    case STALL -> stall();
                    case NONE -> {
                        // the callback was the fault
                    }
                    default -> throw new IllegalStateException();
                }
            }
        }

        private void finishedOne() {
            if (client.isClosed() || device.isClosed() || (client.isOutputShutdown() && device.isOutputShutdown())) {
                close();
            }
        }

        void close() {
            if (done) {
                return;
            }
            done = true;
            connections.remove(this);
            closeQuietly(client);
            closeQuietly(device);
        }
    }
}
