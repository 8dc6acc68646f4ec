package io.sextant.security.tls;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.ssl.SslContext;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

/** A Netty TLS echo server on a free loopback port, and a JDK client for it. */
final class TlsServerFixture implements AutoCloseable {
    private final EventLoopGroup group = new NioEventLoopGroup(1);
    private final Channel channel;

    TlsServerFixture(final SslContext ssl) throws InterruptedException {
        channel = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
            .childHandler(new ChannelInitializer<SocketChannel>() {
                @Override
                protected void initChannel(final SocketChannel ch) {
                    ch.pipeline().addLast(ssl.newHandler(ch.alloc()), new SimpleChannelInboundHandler<ByteBuf>() {
                        @Override
                        protected void channelRead0(final ChannelHandlerContext ctx, final ByteBuf msg) {
                            ctx.writeAndFlush(msg.retain());
                        }
                    });
                }
            })
            .bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
    }

    int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    /**
     * Connects to 127.0.0.1 with the JDK's TLS client trusting {@code trusted}, checking the
     * address against the certificate as HTTPS clients do, sends a line and returns the
     * protocol used.
     */
    String exchange(final X509Certificate trusted, final String... protocols)
            throws Exception {
        final KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("server", trusted);
        final TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        final SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, tmf.getTrustManagers(), null);
        try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket("127.0.0.1", port())) {
            socket.setSoTimeout(10_000);
            final SSLParameters params = socket.getSSLParameters();
            params.setEndpointIdentificationAlgorithm("HTTPS");
            if (protocols.length > 0) {
                params.setProtocols(protocols);
            }
            socket.setSSLParameters(params);
            socket.startHandshake();
            final OutputStream out = socket.getOutputStream();
            out.write("ping\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            final InputStream in = socket.getInputStream();
            final byte[] echo = in.readNBytes(5);
            if (!"ping\n".equals(new String(echo, StandardCharsets.US_ASCII))) {
                throw new IllegalStateException("No echo over TLS");
            }
            return socket.getSession().getProtocol();
        }
    }

    @Override
    public void close() throws InterruptedException {
        channel.close().sync();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
    }
}
