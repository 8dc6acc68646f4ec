package io.sextant.restconf.http;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.concurrent.DefaultEventExecutorGroup;
import io.netty.util.concurrent.EventExecutorGroup;
import io.sextant.spi.HttpLimits;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link RequestClock} in the pipeline the server uses, with the answering handler on a worker
 * executor as {@code RestconfHttpServer} has it: the read deadline of a request that follows an
 * answered one on the same connection runs from that request's first byte, whatever the worker
 * that answered the first one does next.
 */
class RequestClockTest {
    private static final Duration READ_TIMEOUT = Duration.ofMillis(500);
    private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(20);
    /** How long the worker stays busy after answering (longer than the read timeout). */
    private static final long WORKER_BUSY_MILLIS = 3_000;

    private final EventLoopGroup io = new NioEventLoopGroup(1);
    private final EventExecutorGroup workers = new DefaultEventExecutorGroup(1);

    @AfterEach
    void stop() {
        io.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        workers.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** Answers 200 to each request, then keeps its worker busy for a while (other work). */
    private static final class BusyAfterAnswering extends SimpleChannelInboundHandler<FullHttpRequest> {
        @Override
        protected void channelRead0(final ChannelHandlerContext ctx, final FullHttpRequest request)
                throws InterruptedException {
            final FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                Unpooled.copiedBuffer("ok", StandardCharsets.US_ASCII));
            response.headers().set(HttpHeaderNames.CONTENT_LENGTH, 2);
            ctx.writeAndFlush(response);
            Thread.sleep(WORKER_BUSY_MILLIS);
        }
    }

    private Channel server() throws InterruptedException {
        final HttpLimits limits = HttpLimits.DEFAULTS.withTimeouts(READ_TIMEOUT, IDLE_TIMEOUT);
        return new ServerBootstrap().group(io).channel(NioServerSocketChannel.class)
            .childHandler(new ChannelInitializer<SocketChannel>() {
                @Override
                protected void initChannel(final SocketChannel ch) {
                    final RequestClock clock = new RequestClock(limits);
                    ch.pipeline().addLast(clock.bytesIn()).addLast(new HttpServerCodec())
                        .addLast(new HttpObjectAggregator(1 << 16)).addLast(clock.exchange())
                        .addLast(workers, new BusyAfterAnswering());
                }
            }).bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
    }

    /** Reads one response's head (up to its blank line) and its 2-byte or errors body, as text. */
    private static String readResponse(final InputStream in) throws Exception {
        final ByteArrayOutputStream head = new ByteArrayOutputStream();
        int last = 0;
        while (true) {
            final int b = in.read();
            if (b < 0) {
                return head.toString(StandardCharsets.ISO_8859_1) + "<closed>";
            }
            head.write(b);
            last = (last << 8 | b) & 0xFFFFFFFF;
            if (last == 0x0D0A0D0A) {
                break;
            }
        }
        final String text = head.toString(StandardCharsets.ISO_8859_1);
        final int at = text.toLowerCase().indexOf("content-length:");
        final int length = Integer.parseInt(text.substring(at + 15, text.indexOf('\r', at)).trim());
        return text + new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }

    @Test
    void aHalfSentRequestAfterAnAnsweredOneIsAnswered408WhileTheWorkerIsBusy() throws Exception {
        final Channel server = server();
        try (Socket socket = new Socket()) {
            socket.connect(server.localAddress(), 5_000);
            // a read deadline that never started fails the test here instead of hanging it
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write("GET /first HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            final String first = readResponse(socket.getInputStream());
            assertTrue(first.startsWith("HTTP/1.1 200"), first);

            // the worker that answered is busy now; the next request stops after its header
            socket.getOutputStream().write(("PUT /second HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n{")
                .getBytes(StandardCharsets.US_ASCII));
            // before, the clock heard of the first answer only once the worker was free: the second
            // request's first bytes found it still serving, and no read deadline ever started
            final String second = readResponse(socket.getInputStream());
            assertTrue(second.startsWith("HTTP/1.1 408"), second);
        } finally {
            server.close().sync();
        }
    }
}
