package io.sextant.restconf.http;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerAdapter;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectDecoder;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerExpectContinueHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.util.concurrent.DefaultEventExecutorGroup;
import io.netty.util.concurrent.EventExecutorGroup;
import io.sextant.spi.HttpLimits;
import io.sextant.spi.Readiness;
import io.sextant.restconf.api.RestconfServer;
import io.sextant.security.audit.AuditLog;
import io.sextant.security.auth.Authenticator;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jdt.annotation.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP/1.1 transport of the RESTCONF server, on Netty. I/O runs on the event loops;
 * parsing, datastore work and serialization run on a separate worker group so that a large
 * body never stalls other connections. One handler per concern: {@link ConnectionLimit},
 * TLS (Netty's {@code SslHandler}, unless plain HTTP was asked for), {@link RequestClock} (read and
 * idle timeouts), Netty's codec with the line and header limits,
 * {@link BoundedAggregator} (body limit, expectations), {@link RestconfHttpHandler}.
 */
public final class RestconfHttpServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RestconfHttpServer.class);

    /**
     * Transport settings.
     *
     * @param bind address and port to listen on (port 0: any free port)
     * @param workerThreads threads that process requests
     * @param limits timeouts, sizes and the connection limit
     * @param tls the TLS context connections start with; null for plain HTTP
     * @param peers how requests for nodes another controller instance holds are sent on to it
     */
    public record Settings(InetSocketAddress bind, int workerThreads, HttpLimits limits, @Nullable SslContext tls,
            PeerForwarding peers) {
        /** Plain HTTP (tests of the HTTP layer itself). */
        public static Settings of(final String host, final int port) {
            return of(host, port, HttpLimits.DEFAULTS);
        }

        /** Plain HTTP (tests of the HTTP layer itself). */
        public static Settings of(final String host, final int port, final HttpLimits limits) {
            return new Settings(new InetSocketAddress(host, port),
                Math.max(16, 4 * Runtime.getRuntime().availableProcessors()), limits, null, PeerForwarding.NONE);
        }

        /** The same settings over TLS. */
        public Settings withTls(final SslContext context) {
            return new Settings(bind, workerThreads, limits, context, peers);
        }

        /** The same settings, sending requests for nodes held elsewhere on through {@code forwarding}. */
        public Settings withPeers(final PeerForwarding forwarding) {
            return new Settings(bind, workerThreads, limits, tls, forwarding);
        }
    }

    private final EventLoopGroup boss = new NioEventLoopGroup(1);
    private final EventLoopGroup io = new NioEventLoopGroup(Math.max(1, Runtime.getRuntime().availableProcessors()));
    private final EventExecutorGroup workers;
    private final ConnectionLimit connections;
    /** The open connections, each with what completes once the workers are done with it. */
    private final Map<Channel, CompletableFuture<Void>> open = new ConcurrentHashMap<>();
    private final Channel channel;

    /** Requests not audited (tests of the HTTP layer). */
    public RestconfHttpServer(final RestconfServer server, final Authenticator authenticator, final Settings settings)
            throws InterruptedException {
        this(server, authenticator, AuditLog.NONE, settings);
    }

    /** No metrics: {@code /metrics} answers 404. */
    public RestconfHttpServer(final RestconfServer server, final Authenticator authenticator, final AuditLog audit,
            final Settings settings) throws InterruptedException {
        this(server, authenticator, audit, MetricsEndpoint.NONE, Readiness.ALWAYS, settings);
    }

    /** Not ready-checked: {@code /ready} answers 200. */
    public RestconfHttpServer(final RestconfServer server, final Authenticator authenticator, final AuditLog audit,
            final MetricsEndpoint metrics, final Settings settings) throws InterruptedException {
        this(server, authenticator, audit, metrics, Readiness.ALWAYS, settings);
    }

    /** No metrics: {@code /metrics} answers 404. */
    public RestconfHttpServer(final RestconfServer server, final Authenticator authenticator, final AuditLog audit,
            final Readiness readiness, final Settings settings) throws InterruptedException {
        this(server, authenticator, audit, MetricsEndpoint.NONE, readiness, settings);
    }

    /** No event streams: {@code /rests/streams} answers 404. */
    public RestconfHttpServer(final RestconfServer server, final Authenticator authenticator, final AuditLog audit,
            final MetricsEndpoint metrics, final Readiness readiness, final Settings settings)
            throws InterruptedException {
        this(server, authenticator, audit, metrics, readiness, EventStreamEndpoint.NONE, settings);
    }

    /**
     * @param audit where answered writes, operations and refused requests are recorded
     * @param metrics where every request is timed, and {@code GET /metrics}
     * @param readiness what {@code GET /ready} answers
     * @param streams the event streams at {@code /rests/streams}
     */
    public RestconfHttpServer(final RestconfServer server, final Authenticator authenticator, final AuditLog audit,
            final MetricsEndpoint metrics, final Readiness readiness, final EventStreamEndpoint streams,
            final Settings settings) throws InterruptedException {
        final RequestAudit requests = new RequestAudit(audit, metrics.metrics());
        this.workers = new DefaultEventExecutorGroup(settings.workerThreads());
        final HttpLimits limits = settings.limits();
        this.connections = new ConnectionLimit(limits.maxConnections());
        final ServerBootstrap bootstrap = new ServerBootstrap()
            .group(boss, io)
            .channel(NioServerSocketChannel.class)
            .option(ChannelOption.SO_BACKLOG, 1024)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childHandler(new ChannelInitializer<SocketChannel>() {
                @Override
                protected void initChannel(final SocketChannel ch) {
                    final RequestClock clock = new RequestClock(limits);
                    ch.pipeline().addLast(connections);
                    if (settings.tls() != null) {
                        ch.pipeline().addLast(settings.tls().newHandler(ch.alloc()));
                    }
                    ch.pipeline()
                        .addLast(clock.bytesIn())
                        .addLast(new HttpServerCodec(limits.maxInitialLineBytes(), limits.maxHeaderBytes(),
                            HttpObjectDecoder.DEFAULT_MAX_CHUNK_SIZE))
                        .addLast(new HttpServerExpectContinueHandler())
                        .addLast(new BoundedAggregator(limits.maxBodyBytes()))
                        .addLast(clock.exchange())
                        .addLast(workers, new RestconfHttpHandler(new RestconfRouter(server, settings.peers()),
                            authenticator, requests, metrics, readiness, streams))
                        .addLast(workers, new LastOnTheWorkers(ch, open));
                }
            });
        try {
            this.channel = bootstrap.bind(settings.bind()).sync().channel();
        } catch (RuntimeException | InterruptedException e) {
            shutdown();
            throw e;
        }
        LOG.info("RESTCONF listening on {}://{}:{}/rests", settings.tls() != null ? "https" : "http",
            settings.bind().getHostString(), port());
    }

    /** Connections open now (those refused over the limit are not counted). */
    public int openConnections() {
        return connections.open();
    }

    /** The port actually bound (useful with port 0). */
    public int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        // The open connections before the event loops, and until the workers are done with them: a closed
        // connection's last events go from the I/O loop to the workers (an event stream's end) and back. Closed
        // by the loops' own shutdown instead, with the workers stopped first, they were refused.
        final List<CompletableFuture<Void>> done = new ArrayList<>(open.values());
        open.keySet().forEach(Channel::close);
        try {
            CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.debug("Not every RESTCONF connection closed within 2 s", e);
        }
        shutdown();
    }

    /**
     * Last in a connection's pipeline, on the workers: it is removed once the connection is closed
     * and every event before (on the workers, in order) is handled.
     */
    private static final class LastOnTheWorkers extends ChannelHandlerAdapter {
        private final Map<Channel, CompletableFuture<Void>> open;
        private final CompletableFuture<Void> done = new CompletableFuture<>();

        /** Counts {@code connection} as open at once, not when the workers add this handler. */
        LastOnTheWorkers(final Channel connection, final Map<Channel, CompletableFuture<Void>> open) {
            this.open = open;
            open.put(connection, done);
        }

        @Override
        public void handlerRemoved(final ChannelHandlerContext ctx) {
            open.remove(ctx.channel(), done);
            done.complete(null);
        }
    }

    private void shutdown() {
        // Closing connections hops between the I/O loops and the workers: both keep accepting
        // tasks during a short quiet period, then both stop.
        final var stopBoss = boss.shutdownGracefully(0, 2, TimeUnit.SECONDS);
        final var stopIo = io.shutdownGracefully(100, 2000, TimeUnit.MILLISECONDS);
        final var stopWorkers = workers.shutdownGracefully(100, 2000, TimeUnit.MILLISECONDS);
        stopBoss.syncUninterruptibly();
        stopIo.syncUninterruptibly();
        stopWorkers.syncUninterruptibly();
    }
}
