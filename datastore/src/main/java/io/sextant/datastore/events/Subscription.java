package io.sextant.datastore.events;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import org.eclipse.jdt.annotation.Nullable;

/**
 * One reader of one stream: the events it takes wait in a bounded queue until the reader takes them. When
 * the queue is full the reader is cut off: it gets no further event, {@link #cutOff()} says so, and it is
 * told once more (its {@code ready} task runs) so that it can say so and close. Offering never blocks.
 */
public final class Subscription implements AutoCloseable {
    private final EventStreams bus;
    private final String stream;
    private final Predicate<Event> filter;
    private final Runnable ready;
    private final ArrayBlockingQueue<Event> queue;
    private final int capacity;
    private final AtomicBoolean cutOff = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();

    Subscription(final EventStreams bus, final String stream, final Predicate<Event> filter, final int capacity,
            final Runnable ready) {
        this.bus = bus;
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

    /** The next event waiting, or null when none is. */
    public @Nullable Event poll() {
        return queue.poll();
    }

    /** Whether the reader was cut off because it read too slowly; the events still queued are dropped. */
    public boolean cutOff() {
        return cutOff.get();
    }

    /** Called by the publisher's thread: must never block. */
    void offer(final Event event) {
        if (closed.get() || !filter.test(event)) {
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
            bus.remove(this);
        }
    }
}
