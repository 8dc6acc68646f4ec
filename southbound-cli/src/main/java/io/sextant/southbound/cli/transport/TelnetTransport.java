package io.sextant.southbound.cli.transport;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.sextant.spi.OperationError;
import io.sextant.spi.OperationErrorsException;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;

/** A CLI over Telnet (RFC 854) on a Netty socket channel; negotiation by {@link TelnetProtocol}. */
public final class TelnetTransport implements CliTransport {
    private final Channel channel;
    private final TransportListener listener;
    private final AtomicBoolean closing = new AtomicBoolean();

    private TelnetTransport(final Channel channel, final TransportListener listener) {
        this.channel = channel;
        this.listener = listener;
    }

    /** Connect; the stage fails with an {@link OperationErrorsException}. */
    public static CompletionStage<CliTransport> open(final EventLoopGroup group, final String host, final int port,
            final Duration connectTimeout, final TransportListener listener) {
        final CompletableFuture<CliTransport> result = new CompletableFuture<>();
        final TelnetHandler handler = new TelnetHandler(listener);
        final ChannelFuture connect = new Bootstrap()
            .group(group)
            .channel(NioSocketChannel.class)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, connectTimeout.toMillis()))
            .option(ChannelOption.TCP_NODELAY, true)
            .option(ChannelOption.SO_KEEPALIVE, true)
            .handler(new ChannelInitializer<SocketChannel>() {
                @Override
                protected void initChannel(final SocketChannel ch) {
                    ch.pipeline().addLast(handler);
                }
            })
            .connect(host, port);
        connect.addListener(done -> {
            if (!done.isSuccess()) {
                final Throwable cause = done.cause();
                result.completeExceptionally(new OperationErrorsException(List.of(OperationError.of(
                    ErrorType.TRANSPORT, ErrorTag.OPERATION_FAILED, "Cannot connect to " + host + ":" + port
                        + (cause == null ? "" : ": " + cause.getMessage()))), cause));
                return;
            }
            final TelnetTransport transport = new TelnetTransport(connect.channel(), listener);
            handler.transport = transport;
            connect.channel().closeFuture().addListener(closed -> transport.reportClosed());
            if (!result.complete(transport)) {
                connect.channel().close();
            }
        });
        result.whenComplete((transport, error) -> {
            if (error != null) {
                connect.channel().close();
            }
        });
        return result;
    }

    @Override
    public void write(final String text) {
        channel.writeAndFlush(Unpooled.wrappedBuffer(TelnetProtocol.encode(text)));
    }

    @Override
    public void close() {
        if (closing.compareAndSet(false, true)) {
            channel.close();
            listener.closed(null);
        }
    }

    private void reportClosed() {
        if (closing.compareAndSet(false, true)) {
            listener.closed(new IOException("The device closed the Telnet connection"));
        }
    }

    /** Strips and answers negotiation, passes text on. */
    private static final class TelnetHandler extends ChannelInboundHandlerAdapter {
        private final TelnetProtocol protocol = new TelnetProtocol();
        private final TextDecoder decoder = new TextDecoder();
        private final TransportListener listener;
        private volatile @Nullable TelnetTransport transport;

        TelnetHandler(final TransportListener listener) {
            this.listener = listener;
        }

        @Override
        public void channelRead(final ChannelHandlerContext ctx, final Object msg) {
            final ByteBuf buf = (ByteBuf) msg;
            try {
                final byte[] bytes = ByteBufUtil.getBytes(buf);
                final TelnetProtocol.Decoded decoded = protocol.decode(bytes, 0, bytes.length);
                if (decoded.replies().length > 0) {
                    ctx.writeAndFlush(Unpooled.wrappedBuffer(decoded.replies()));
                }
                final String text = decoder.decode(decoded.data(), 0, decoded.data().length);
                if (!text.isEmpty()) {
                    listener.received(text);
                }
            } finally {
                buf.release();
            }
        }

        @Override
        public void exceptionCaught(final ChannelHandlerContext ctx, final Throwable cause) {
            final TelnetTransport current = transport;
            if (current != null && current.closing.compareAndSet(false, true)) {
                listener.closed(cause);
            }
            ctx.close();
        }
    }
}
