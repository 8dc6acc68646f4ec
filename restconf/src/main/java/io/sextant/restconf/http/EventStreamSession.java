package io.sextant.restconf.http;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.LastHttpContent;
import io.sextant.datastore.events.Event;
import io.sextant.datastore.events.EventStreams;
import io.sextant.datastore.events.NumberedEvent;
import io.sextant.datastore.events.Subscription;
import io.sextant.restconf.api.Format;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import org.eclipse.jdt.annotation.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One open event stream: the events of its {@link Subscription} written as server-sent events on the
 * connection, each RFC 8040 notification as {@code data:} lines, with a keep-alive comment at every interval.
 * Events are taken from the queue and encoded on the connection's executor, only while the connection can
 * take more; when the client reads too slowly the queue fills, the subscription is cut off, and the client
 * gets a last {@code cut-off} event before the stream ends. A client that closes the connection ends it. With a
 * replay, the replayed events come first, then a {@code : replay complete} comment; with a stop time, no event
 * after it is sent and the stream ends once it has passed.
 */
final class EventStreamSession {
    private static final Logger LOG = LoggerFactory.getLogger(EventStreamSession.class);
    private static final Duration CLOSE_GRACE = Duration.ofSeconds(5);
    private static final Duration MAX_TIMER = Duration.ofDays(1);

    private final ChannelHandlerContext ctx;
    private final Format format;
    private final Predicate<Event> mayReceive;
    private final @Nullable Instant stop;
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private @Nullable Subscription subscription;
    private final EventStreams bus;
    /** The {@code Last-Event-ID} the stream resumes after; null when it does not. */
    private @Nullable String lastEventId;
    private @Nullable ScheduledFuture<?> keepAlive;
    private @Nullable ChannelFuture lastWrite;
    private @Nullable ScheduledFuture<?> stopTimer;
    private boolean replaying;
    private boolean ended;
    /** Whether the answer's head was sent: events are written only after it. */
    private volatile boolean started;

    /**
     * @param mayReceive whether the user may receive an event (NACM) and wants it (filter), asked of each event
     *     on the connection's executor
     * @param stop when the stream ends; null for never
     */
    EventStreamSession(final ChannelHandlerContext ctx, final EventStreams bus, final Format format,
            final Predicate<Event> mayReceive, final @Nullable Instant stop) {
        this.ctx = ctx;
        this.bus = bus;
        this.format = format;
        this.mayReceive = mayReceive;
        this.stop = stop;
    }

    /**
     * Start taking the stream's events, those kept since {@code start} first (null: no replay); they wait until
     * {@link #start}.
     */
    void subscribe(final String stream, final Predicate<Event> filter, final @Nullable Instant start) {
        if (start == null) {
            subscription = bus.subscribe(stream, filter, this::wake);
        } else {
            replaying = true;
            subscription = bus.subscribe(stream, filter, start, this::wake);
        }
    }

    /**
     * Start taking the stream's events after the event {@code lastEventId} (an SSE {@code Last-Event-ID}): the
     * kept events after it first; they wait until {@link #start}.
     */
    void subscribeAfter(final String stream, final Predicate<Event> filter, final String lastEventId) {
        this.lastEventId = lastEventId;
        replaying = true;
        subscription = bus.subscribeAfter(stream, filter, lastEventId, this::wake);
    }

    /** The answer could not be sent: nothing more to do. */
    void cancel() {
        end();
    }

    /**
     * The answer's head is sent: open the body, deliver what waits and keep the connection alive every
     * {@code interval}; on the connection's executor.
     */
    void start(final String stream, final Duration interval) {
        started = true;
        ctx.channel().closeFuture().addListener(closed -> ctx.executor().execute(this::end));
        keepAlive = ctx.executor().scheduleAtFixedRate(this::keepAlive, interval.toMillis(), interval.toMillis(),
            TimeUnit.MILLISECONDS);
        // the comment opens the body at once: the client sees the stream is live
        write(": stream " + stream + " open\n\n");
        final Subscription current = subscription;
        final String resumed = lastEventId;
        if (resumed != null && current != null) {
            if (!bus.replaySupported()) {
                write(": this controller keeps no events for replay: events after " + resumed + " are lost\n\n");
            } else if (current.unknownLastEvent()) {
                write(": " + resumed + " is not an event id of this run of the controller: every event kept is "
                    + "replayed\n\n");
            }
        }
        final Instant gap = current != null ? current.replayGap() : null;
        if (gap != null) {
            write(": events up to " + DateTimeFormatter.ISO_INSTANT.format(gap) + " are no longer kept: the replay "
                + "may miss some of them\n\n");
        }
        ctx.flush();
        final Instant end = stop;
        if (end != null) {
            awaitStop(end);
        }
        wake();
    }

    /** Drain once {@code end} has passed: a timer of at most a day at a time, so that any time fits. */
    private void awaitStop(final Instant end) {
        final Instant now = Instant.now();
        final Instant next = end.isAfter(now.plus(MAX_TIMER)) ? now.plus(MAX_TIMER) : end;
        stopTimer = ctx.executor().schedule(() -> {
            if (ended) {
                return;
            }
            if (Instant.now().isBefore(end)) {
                awaitStop(end);
            } else {
                wake();
            }
        }, Duration.between(now, next).toMillis() + 1, TimeUnit.MILLISECONDS);
    }

    /** An event is waiting, or the subscription was cut off: called on the publisher's thread, never blocks. */
    private void wake() {
        if (scheduled.compareAndSet(false, true)) {
            ctx.executor().execute(this::drain);
        }
    }

    private void drain() {
        scheduled.set(false);
        final Subscription current = subscription;
        if (ended || current == null || !started) {
            return;
        }
        if (current.cutOff()) {
            cutOff(current);
            return;
        }
        boolean wrote = false;
        boolean drained = false;
        final Instant end = stop;
        while (ctx.channel().isWritable()) {
            if (replaying && current.replayDone()) {
                replaying = false;
                write(": replay complete\n\n");
                wrote = true;
            }
            final NumberedEvent numbered = current.pollNumbered();
            if (numbered == null) {
                drained = true;
                break;
            }
            final Event event = numbered.event();
            if (end != null && event.time().isAfter(end)) {
                // the stream ends once the queue is drained after the stop time (below)
                continue;
            }
            if (!mayReceive.test(event)) {
                continue;
            }
            try {
                write(frame(bus.id(numbered.sequence()), NotificationEncoder.encode(event, format)));
                wrote = true;
            } catch (IOException | RuntimeException e) {
                LOG.warn("Event of stream {} could not be encoded; it is left out", event.stream(), e);
            }
        }
        if (wrote) {
            ctx.flush();
        }
        if (drained && end != null && !Instant.now().isBefore(end)) {
            stopped();
            return;
        }
        final ChannelFuture pending = lastWrite;
        if (!ctx.channel().isWritable() && pending != null) {
            // carry on once what was written has left
            pending.addListener(written -> wake());
        }
    }

    private void cutOff(final Subscription current) {
        LOG.info("Event stream {} of {} cut off: the client read too slowly ({} events waiting)", current.stream(),
            ctx.channel().remoteAddress(), current.capacity());
        write("event: cut-off\ndata: This stream was closed because the client read too slowly: "
            + current.capacity() + " events were waiting for it. Subscribe again to go on.\n\n");
        finish();
    }

    /** The stop time has passed and every event before it is sent. */
    private void stopped() {
        write(": stop-time reached\n\n");
        finish();
    }

    private void keepAlive() {
        if (!ended && ctx.channel().isWritable()) {
            write(": keep-alive\n\n");
            ctx.flush();
        }
    }

    /** End the body and close the connection, at the latest after a grace period when the client reads nothing. */
    private void finish() {
        end();
        ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT).addListener(ChannelFutureListener.CLOSE);
        ctx.executor().schedule(() -> {
            ctx.close();
        }, CLOSE_GRACE.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Stop reading the stream (the connection closed, or the stream ends). */
    private void end() {
        if (ended) {
            return;
        }
        ended = true;
        final Subscription current = subscription;
        if (current != null) {
            current.close();
        }
        final ScheduledFuture<?> timer = keepAlive;
        if (timer != null) {
            timer.cancel(false);
        }
        final ScheduledFuture<?> stopping = stopTimer;
        if (stopping != null) {
            stopping.cancel(false);
        }
    }

    private void write(final String text) {
        lastWrite = ctx.write(new DefaultHttpContent(Unpooled.wrappedBuffer(text.getBytes(StandardCharsets.UTF_8))));
    }

    /**
     * One server-sent event named {@code id} whose data is {@code text}: its {@code id:} line (which a client sends
     * back as {@code Last-Event-ID} to resume after it), then a {@code data:} line per line of it.
     */
    static String frame(final String id, final String text) {
        final StringBuilder frame = new StringBuilder(text.length() + id.length() + 24);
        frame.append("id: ").append(id).append('\n');
        for (String line : text.split("\r\n|\r|\n", -1)) {
            frame.append("data: ").append(line).append('\n');
        }
        return frame.append('\n').toString();
    }
}
