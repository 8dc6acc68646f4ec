package io.sextant.southbound.netconf.client;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.DecoderException;
import io.netty.util.ReferenceCountUtil;
import org.opendaylight.netconf.nettyutil.AbstractChannelInitializer;

/**
 * Watches what a device sends on one NETCONF channel, around OpenDaylight's framing and XML
 * decoders, and ends the session with a reason in the user's terms when the device breaks the
 * protocol below the message level:
 *
 * <ul>
 *   <li>a message larger than the limit (OpenDaylight bounds only single base:1.1 chunks and
 *       leaves end-of-message framing unbounded), counted as it arrives, so that an endless or
 *       huge reply is cut off before it fills the heap;</li>
 *   <li>broken framing or an undecodable message (a decoder exception, which OpenDaylight would
 *       only log once the session is up);</li>
 *   <li>the device closing the connection, in the middle of a message or not (a close of our own,
 *       such as OpenDaylight's hello timeout, is not reported as the device's).</li>
 * </ul>
 *
 * <p>Two handlers share the count: {@link Counter} sits before the framing decoder and counts raw
 * bytes; {@link MessageEnd} sits after the XML decoder and resets the count whenever a whole
 * message has been decoded. Bytes of the next message that arrive in the same read as the end of
 * the previous one are not counted, so the limit holds to within one read (at most 64 KiB), and a
 * close right after such a read is reported as a plain close rather than one in the middle of a
 * message. Both run on the channel's event loop.
 */
final class InboundGuard {
    /** Where the guard reports why the channel is being closed. */
    interface Verdicts {
        /** The device broke the protocol; the session must end with {@code reason}. */
        void violated(String reason);

        /** The device closed the connection; {@code reason} says how. */
        void peerClosed(String reason);
    }

    private static final String COUNTER = "sextant-inbound-counter";
    private static final String MESSAGE_END = "sextant-message-end";

    private final String nodeId;
    private final long maxBytes;
    private final Verdicts verdicts;
    private long pendingBytes;
    private boolean tripped;
    private boolean closedHere;

    InboundGuard(final String nodeId, final long maxBytes, final Verdicts verdicts) {
        this.nodeId = nodeId;
        this.maxBytes = maxBytes;
        this.verdicts = verdicts;
    }

    /** Before OpenDaylight's handlers are added: the counter goes in front of its framing decoder. */
    void installCounter(final Channel channel) {
        channel.pipeline().addLast(COUNTER, new Counter());
    }

    /** After OpenDaylight's handlers are added: the message end goes right after its XML decoder. */
    void installMessageEnd(final Channel channel) {
        channel.pipeline().addAfter(AbstractChannelInitializer.NETCONF_MESSAGE_DECODER, MESSAGE_END, new MessageEnd());
    }

    /** What to tell the user when the device closes the session now. */
    private String closedByDevice() {
        final long pending = pendingBytes;
        return pending > 0 ? "Node " + nodeId + " closed the session in the middle of a message (" + pending
            + " bytes of it received)" : "Node " + nodeId + " closed the session";
    }

    private void trip(final ChannelHandlerContext ctx, final String reason) {
        if (!tripped) {
            tripped = true;
            verdicts.violated(reason);
            ctx.channel().close();
        }
    }

    /** Counts the bytes of the message being received; tells a close by the device from one of ours. */
    final class Counter extends ChannelDuplexHandler {
        @Override
        public void channelRead(final ChannelHandlerContext ctx, final Object msg) {
            if (tripped) {
                ReferenceCountUtil.release(msg);
                return;
            }
            if (msg instanceof ByteBuf bytes) {
                pendingBytes += bytes.readableBytes();
                if (pendingBytes > maxBytes) {
                    bytes.release();
                    trip(ctx, "Node " + nodeId + " sent a message larger than " + maxBytes
                        + " bytes, the limit (sextant.netconf.max-reply-bytes)");
                    return;
                }
            }
            ctx.fireChannelRead(msg);
        }

        @Override
        public void close(final ChannelHandlerContext ctx, final ChannelPromise promise) throws Exception {
            closedHere = true;
            super.close(ctx, promise);
        }

        @Override
        public void channelInactive(final ChannelHandlerContext ctx) throws Exception {
            if (!tripped && !closedHere) {
                verdicts.peerClosed(closedByDevice());
            }
            super.channelInactive(ctx);
        }
    }

    /** Marks the end of each decoded message; turns decoder failures into the end of the session. */
    final class MessageEnd extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(final ChannelHandlerContext ctx, final Object msg) {
            pendingBytes = 0;
            ctx.fireChannelRead(msg);
        }

        @Override
        public void exceptionCaught(final ChannelHandlerContext ctx, final Throwable cause) {
            if (cause instanceof DecoderException decoder) {
                final Throwable root = decoder.getCause() != null ? decoder.getCause() : decoder;
                trip(ctx, "Node " + nodeId + " broke the NETCONF message framing ("
                    + (root.getMessage() != null ? root.getMessage() : root.getClass().getSimpleName()) + ")");
                return;
            }
            ctx.fireExceptionCaught(cause);
        }
    }
}
