package io.sextant.restconf.http;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.SocketChannel;
import io.netty.util.ReferenceCountUtil;
import java.util.concurrent.TimeUnit;

/**
 * Closes a connection after its last response the way a client can read that response: the
 * output is shut down (FIN after the response), whatever the client still sends is read and
 * discarded, and the connection is closed when the client closes it or after a short linger.
 * Closing at once while a client is still sending (a body over the limit, say) makes the kernel
 * answer with a reset, which may destroy the response before the client reads it.
 */
final class LingeringClose {
    /** Longest time a closing connection keeps reading. */
    static final long LINGER_MILLIS = 2000;

    /** Use as the listener of the last response's write. */
    static final ChannelFutureListener AFTER_RESPONSE = future -> {
        final Channel channel = future.channel();
        if (!future.isSuccess() || !(channel instanceof SocketChannel socket) || !channel.isActive()) {
            channel.close();
            return;
        }
        channel.pipeline().addFirst(Discard.INSTANCE);
        channel.config().setAutoRead(true);
        socket.shutdownOutput().addListener(done -> channel.eventLoop().schedule(() -> channel.close(),
            LINGER_MILLIS, TimeUnit.MILLISECONDS));
    };

    private LingeringClose() {
    }

    /** Drops everything read. */
    @Sharable
    private static final class Discard extends ChannelInboundHandlerAdapter {
        static final Discard INSTANCE = new Discard();

        @Override
        public void channelRead(final ChannelHandlerContext ctx, final Object msg) {
            ReferenceCountUtil.release(msg);
        }

        @Override
        public void exceptionCaught(final ChannelHandlerContext ctx, final Throwable cause) {
            ctx.close();
        }
    }
}
