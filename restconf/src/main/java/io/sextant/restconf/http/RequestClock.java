package io.sextant.restconf.http;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.sextant.spi.HttpLimits;
import io.sextant.restconf.api.Format;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The deadlines of one connection. Between requests it may sit idle for {@code idleTimeout},
 * then it is closed. From the first byte of a request until the request is complete (header
 * and body) at most {@code requestReadTimeout} may pass; a request still incomplete then is
 * answered {@code 408 Request Timeout} and the connection closed. While a complete request is
 * being served no deadline runs (the server's own work has its own timeouts).
 *
 * <p>Two handlers share the clock: {@link #bytesIn()} before the HTTP codec sees the first raw
 * byte of a request, {@link #exchange()} after the aggregator sees the whole request arrive and
 * its response leave. Both run on the connection's event loop, and so does every change of the
 * clock's state (none is thread-safe).
 */
final class RequestClock {
    private static final Logger LOG = LoggerFactory.getLogger(RequestClock.class);

    private enum State { IDLE, READING, SERVING }

    private final Duration readTimeout;
    private final Duration idleTimeout;
    private State state = State.IDLE;
    private int serving;
    private @Nullable ScheduledFuture<?> timer;

    RequestClock(final HttpLimits limits) {
        this.readTimeout = limits.requestReadTimeout();
        this.idleTimeout = limits.idleTimeout();
    }

    ChannelHandler bytesIn() {
        return new ChannelInboundHandlerAdapter() {
            @Override
            public void channelActive(final ChannelHandlerContext ctx) throws Exception {
                idle(ctx);
                super.channelActive(ctx);
            }

            @Override
            public void channelRead(final ChannelHandlerContext ctx, final Object msg) throws Exception {
                if (state == State.IDLE) {
                    reading(ctx);
                }
                super.channelRead(ctx, msg);
            }

            @Override
            public void channelInactive(final ChannelHandlerContext ctx) throws Exception {
                cancel();
                super.channelInactive(ctx);
            }
        };
    }

    ChannelHandler exchange() {
        return new ChannelDuplexHandler() {
            @Override
            public void channelRead(final ChannelHandlerContext ctx, final Object msg) throws Exception {
                if (msg instanceof FullHttpRequest) {
                    serving++;
                    state = State.SERVING;
                    cancel();
                }
                super.channelRead(ctx, msg);
            }

            @Override
            public void write(final ChannelHandlerContext ctx, final Object msg, final ChannelPromise promise)
                    throws Exception {
                if (msg instanceof LastHttpContent) {
                    // The answer's own promise belongs to the handler that wrote it, which runs on a
                    // worker: its listeners run there, and the clock would then change state while
                    // this event loop reads the next request (a read deadline could outlive its
                    // request and answer 408 to a later one). This promise's listener runs here.
                    final ChannelPromise written = ctx.newPromise();
                    written.addListener(future -> {
                        responded(ctx);
                        if (future.isSuccess()) {
                            promise.trySuccess();
                        } else {
                            promise.tryFailure(future.cause());
                        }
                    });
                    super.write(ctx, msg, written);
                    return;
                }
                super.write(ctx, msg, promise);
            }
        };
    }

    private void responded(final ChannelHandlerContext ctx) {
        if (serving > 0 && --serving == 0 && ctx.channel().isActive()) {
            idle(ctx);
        }
    }

    private void idle(final ChannelHandlerContext ctx) {
        state = State.IDLE;
        schedule(ctx, idleTimeout, () -> {
            if (state == State.IDLE) {
                LOG.debug("Closing {}: idle for {}", ctx.channel().remoteAddress(), idleTimeout);
                ctx.close();
            }
        });
    }

    private void reading(final ChannelHandlerContext ctx) {
        state = State.READING;
        schedule(ctx, readTimeout, () -> {
            if (state == State.READING && ctx.channel().isActive()) {
                LOG.debug("Closing {}: request incomplete after {}", ctx.channel().remoteAddress(), readTimeout);
                // written from the tail, through the HTTP encoder
                ctx.channel().writeAndFlush(HttpErrors.closing(Format.JSON, 408, ErrorTag.OPERATION_FAILED,
                    "The request was not received completely within " + readTimeout.toSeconds() + " s ("
                        + HttpLimits.READ_TIMEOUT_PROPERTY + ")")).addListener(LingeringClose.AFTER_RESPONSE);
            }
        });
    }

    private void schedule(final ChannelHandlerContext ctx, final Duration after, final Runnable task) {
        cancel();
        timer = ctx.executor().schedule(task, after.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void cancel() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }
}
