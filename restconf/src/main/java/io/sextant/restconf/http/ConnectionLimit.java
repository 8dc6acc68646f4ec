package io.sextant.restconf.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;
import io.sextant.spi.OperationError;
import io.sextant.spi.HttpLimits;
import io.sextant.restconf.api.Format;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * At most {@code max} open connections. A connection beyond the limit is answered
 * {@code 503 Service Unavailable} (RFC 8040 errors body, {@code Retry-After}) before it is read,
 * and closed; whatever it sends meanwhile is discarded. First in the pipeline, before the HTTP
 * codec, so the answer is written as raw bytes. One instance serves every connection.
 */
@Sharable
final class ConnectionLimit extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionLimit.class);
    private static final AttributeKey<Boolean> REFUSED = AttributeKey.valueOf(ConnectionLimit.class, "refused");
    /** Time a refused client gets to read the answer before the connection is closed regardless. */
    private static final long LINGER_MILLIS = 1000;

    private final AtomicInteger open = new AtomicInteger();
    private final int max;
    private final byte[] refusal;

    ConnectionLimit(final int max) {
        this.max = max;
        this.refusal = refusal(max);
    }

    /** Connections counted against the limit now. */
    int open() {
        return open.get();
    }

    @Override
    public void channelActive(final ChannelHandlerContext ctx) throws Exception {
        if (open.incrementAndGet() > max) {
            open.decrementAndGet();
            ctx.channel().attr(REFUSED).set(Boolean.TRUE);
            LOG.debug("Refusing {}: {} connections open", ctx.channel().remoteAddress(), max);
            ctx.writeAndFlush(Unpooled.wrappedBuffer(refusal)).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
            ctx.executor().schedule(() -> ctx.close(), LINGER_MILLIS, TimeUnit.MILLISECONDS);
            return;
        }
        super.channelActive(ctx);
    }

    @Override
    public void channelRead(final ChannelHandlerContext ctx, final Object msg) throws Exception {
        if (isRefused(ctx)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        super.channelRead(ctx, msg);
    }

    @Override
    public void channelInactive(final ChannelHandlerContext ctx) throws Exception {
        if (isRefused(ctx)) {
            return;
        }
        open.decrementAndGet();
        super.channelInactive(ctx);
    }

    private static boolean isRefused(final ChannelHandlerContext ctx) {
        return Boolean.TRUE.equals(ctx.channel().attr(REFUSED).get());
    }

    private static byte[] refusal(final int max) {
        final ByteBuf body = Unpooled.buffer();
        try (ByteBufOutputStream out = new ByteBufOutputStream(body)) {
            new ErrorsBody(List.of(OperationError.of(ErrorType.TRANSPORT, ErrorTag.RESOURCE_DENIED,
                "Too many connections: the server accepts " + max + " at once (" + HttpLimits.MAX_CONNECTIONS_PROPERTY
                    + "); try again later")), null).writeTo(Format.JSON, false, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        final byte[] content = new byte[body.readableBytes()];
        body.readBytes(content);
        final byte[] head = ("HTTP/1.1 503 Service Unavailable\r\nContent-Type: " + Format.JSON.mediaType()
            + "\r\nContent-Length: " + content.length + "\r\nRetry-After: 1\r\nConnection: close\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII);
        final byte[] all = new byte[head.length + content.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(content, 0, all, head.length, content.length);
        return all;
    }
}
