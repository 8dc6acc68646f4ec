package io.sextant.datastore.events;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import org.eclipse.jdt.annotation.Nullable;

/**
 * One reader of one stream: the events it takes wait in a bounded queue until the reader takes them. When
 * the queue is full the reader is cut off: it gets no further event, {@link #cutOff()} says so, and it is
 * told once more (its {@code ready} task runs) so that it can say so and close. Offering never blocks. A reader
 * that asked for a replay gets the kept events first; they do not count against its queue.
 */
public final class Subscription implements AutoCloseable {
    private final EventStreams bus;
    private final String stream;
    private final Predicate<Event> filter;
    private final Runnable ready;
    private final ArrayBlockingQueue<NumberedEvent> queue;
    private final ConcurrentLinkedQueue<NumberedEvent> replay;
    private final @Nullable Instant replayGap;
    private final boolean unknownLastEvent;
    private final int capacity;
    private final AtomicBoolean cutOff = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();

    Subscription(final EventStreams bus, final String stream, final Predicate<Event> filter, final int capacity,
            final Runnable ready, final List<NumberedEvent> replay, final @Nullable Instant replayGap,
            final boolean unknownLastEvent) {
        this.bus = bus;
        this.replay = new ConcurrentLinkedQueue<>(replay);
        this.replayGap = replayGap;
        this.unknownLastEvent = unknownLastEvent;
        this.stream = stream;
        this.filter = filter;
        this.ready = ready;
        this.capacity = capacity;
        this.queue = new ArrayBlockingQueue<>(capacity);
    }

    /** The stream it reads. */
    public String stream() {
        return stream;
    }

    /** How many events may wait for the reader before it is cut off. */
    public int capacity() {
        return capacity;
    }

    /** The next event waiting, the replayed ones first, or null when none is. */
    public @Nullable Event poll() {
        final NumberedEvent next = pollNumbered();
        return next == null ? null : next.event();
    }

    /** {@link #poll()} with the event's number in its stream. */
    public @Nullable NumberedEvent pollNumbered() {
        final NumberedEvent replayed = replay.poll();
        return replayed != null ? replayed : queue.poll();
    }

    /** Whether every replayed event was taken: what {@link #poll()} gives from now on happened since. */
    public boolean replayDone() {
        return replay.isEmpty();
    }

    /**
     * For a replay: the time of the newest event of the stream that was no longer kept when the reader subscribed,
     * when it is at or after the replay's start (events of the replay's time may be missing up to it); else null.
     */
    public @Nullable Instant replayGap() {
        return replayGap;
    }

    /**
     * For a replay after a last event id: whether the id was not one of this bus (another run of the controller,
     * or another instance), so that every kept event was replayed.
     */
    public boolean unknownLastEvent() {
        return unknownLastEvent;
    }

    /** Whether the reader was cut off because it read too slowly; the events still queued are dropped. */
    public boolean cutOff() {
        return cutOff.get();
    }

    /** Called by the publisher's thread: must never block. */
    void offer(final NumberedEvent event) {
        if (closed.get() || !filter.test(event.event())) {
            return;
        }
        if (!queue.offer(event)) {
            if (cutOff.compareAndSet(false, true)) {
                queue.clear();
                close();
                ready.run();
            }
            return;
        }
        ready.run();
    }

    /** Stop receiving events. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            replay.clear();
            bus.remove(this);
        }
    }
}
