package io.sextant.southbound.netconf.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.DelimiterBasedFrameDecoder;
import io.netty.handler.codec.MessageToMessageDecoder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opendaylight.netconf.nettyutil.AbstractChannelInitializer;

/**
 * The guard on its own, around a stand-in for OpenDaylight's decoders (end-of-message framing):
 * the size limit applies to each message, decoder failures end the session, and a close by the
 * device is told from one of ours.
 */
class InboundGuardTest {
    private static final int LIMIT = 1000;

    private final List<String> violations = new ArrayList<>();
    private final List<String> peerCloses = new ArrayList<>();
    private final List<String> decoded = new ArrayList<>();

    private EmbeddedChannel channel(final boolean failDecoding) {
        final InboundGuard guard = new InboundGuard("r1", LIMIT, new InboundGuard.Verdicts() {
            @Override
            public void violated(final String reason) {
                violations.add(reason);
            }

            @Override
            public void peerClosed(final String reason) {
                peerCloses.add(reason);
            }
        });
        final EmbeddedChannel channel = new EmbeddedChannel();
        guard.installCounter(channel);
        channel.pipeline().addLast("framing", new DelimiterBasedFrameDecoder(1 << 20,
            Unpooled.copiedBuffer("]]>]]>", StandardCharsets.US_ASCII)));
        channel.pipeline().addLast(AbstractChannelInitializer.NETCONF_MESSAGE_DECODER,
            new MessageToMessageDecoder<ByteBuf>() {
                @Override
                protected void decode(final ChannelHandlerContext ctx, final ByteBuf msg, final List<Object> out) {
                    if (failDecoding) {
                        throw new IllegalStateException("Malformed chunk header encountered (byte 97)");
                    }
                    decoded.add(msg.toString(StandardCharsets.US_ASCII));
                    out.add(decoded.get(decoded.size() - 1));
                }
            });
        guard.installMessageEnd(channel);
        return channel;
    }

    private static ByteBuf bytes(final String text) {
        return Unpooled.copiedBuffer(text, StandardCharsets.US_ASCII);
    }

    @Test
    void theLimitAppliesToEachMessageNotToTheSession() {
        final EmbeddedChannel channel = channel(false);
        for (int i = 0; i < 5; i++) {
            channel.writeInbound(bytes("x".repeat(600) + "]]>]]>"));
        }
        assertEquals(5, decoded.size());
        assertTrue(violations.isEmpty(), violations.toString());
        assertTrue(channel.isOpen());
    }

    @Test
    void aMessageOverTheLimitClosesTheChannelWithTheReason() {
        final EmbeddedChannel channel = channel(false);
        channel.writeInbound(bytes("x".repeat(600)));
        assertTrue(channel.isOpen());
        final ByteBuf more = bytes("x".repeat(600));
        channel.writeInbound(more);
        assertFalse(channel.isOpen());
        assertEquals(0, more.refCnt(), "the bytes over the limit are released, not passed on");
        assertEquals(List.of("Node r1 sent a message larger than 1000 bytes, the limit "
            + "(sextant.netconf.max-reply-bytes)"), violations);
        assertTrue(peerCloses.isEmpty(), "our own close is not the device's: " + peerCloses);
        assertTrue(decoded.isEmpty());
    }

    @Test
    void aDecoderFailureEndsTheSessionAsBrokenFraming() {
        final EmbeddedChannel channel = channel(true);
        channel.writeInbound(bytes("<rpc-reply/>]]>]]>"));
        assertFalse(channel.isOpen());
        assertEquals(1, violations.size());
        assertTrue(violations.get(0).contains("broke the NETCONF message framing (Malformed chunk header"),
            violations.get(0));
    }

    @Test
    void otherExceptionsPassOnUntouched() {
        final EmbeddedChannel channel = channel(false);
        final List<Throwable> passed = new ArrayList<>();
        channel.pipeline().addLast(new ChannelInboundHandlerAdapter() {
            @Override
            public void exceptionCaught(final ChannelHandlerContext ctx, final Throwable cause) {
                passed.add(cause);
            }
        });
        channel.pipeline().fireExceptionCaught(new IOException("Connection reset by peer"));
        assertEquals(1, passed.size());
        assertTrue(channel.isOpen());
        assertTrue(violations.isEmpty());
        assertFalse(passed.get(0) instanceof DecoderException);
    }

    @Test
    void theDeviceClosingMidMessageIsReportedWithWhatArrived() {
        final EmbeddedChannel channel = channel(false);
        channel.writeInbound(bytes("<rpc-reply/>]]>]]>"));
        channel.writeInbound(bytes("<rpc-reply><da"));
        // The device's close reaches the pipeline without passing our outbound close().
        channel.pipeline().fireChannelInactive();
        assertEquals(List.of("Node r1 closed the session in the middle of a message (14 bytes of it received)"),
            peerCloses);
    }

    @Test
    void theDeviceClosingBetweenMessagesIsReportedAsAClose() {
        final EmbeddedChannel channel = channel(false);
        channel.writeInbound(bytes("<rpc-reply/>]]>]]>"));
        channel.pipeline().fireChannelInactive();
        assertEquals(List.of("Node r1 closed the session"), peerCloses);
    }

    @Test
    void ourOwnCloseIsNotTheDevices() {
        final EmbeddedChannel channel = channel(false);
        channel.writeInbound(bytes("<rpc-reply><da"));
        channel.close();
        assertTrue(peerCloses.isEmpty(), peerCloses.toString());
    }
}
