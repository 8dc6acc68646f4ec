package io.sextant.datastore.events;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.eclipse.jdt.annotation.Nullable;

/**
 * The last events of one stream, kept for replay within {@link ReplayLimits}: the oldest go first once there are
 * more events, more estimated bytes or older events than the limits allow. Not thread-safe: its stream's lock
 * guards it ({@link EventStreams}).
 */
final class ReplayBuffer {
    private record Kept(Event event, long size) {
    }

    private final ReplayLimits limits;
    private final ArrayDeque<Kept> events = new ArrayDeque<>();
    private long bytes;
    private @Nullable Instant droppedUpTo;

    ReplayBuffer(final ReplayLimits limits) {
        this.limits = limits;
    }

    /** Keep {@code event}, dropping the oldest events beyond the limits, as of {@code now}. */
    void add(final Event event, final Instant now) {
        if (!limits.enabled()) {
            return;
        }
        final long size = EventSize.of(event);
        events.addLast(new Kept(event, size));
        bytes += size;
        while (events.size() > limits.maxEvents() || bytes > limits.maxBytes()) {
            dropOldest();
        }
        age(now);
    }

    /** The events kept whose time is at or after {@code start} and that {@code filter} accepts, oldest first. */
    List<Event> since(final Instant start, final Predicate<Event> filter, final Instant now) {
        age(now);
        final List<Event> found = new ArrayList<>();
        for (Kept kept : events) {
            final Event event = kept.event();
            if (!event.time().isBefore(start) && filter.test(event)) {
                found.add(event);
            }
        }
        return found;
    }

    /** The time of the newest event no longer kept; null when none was dropped. */
    @Nullable Instant droppedUpTo() {
        return droppedUpTo;
    }

    /** The events kept now. */
    int size() {
        return events.size();
    }

    /** Their estimated size. */
    long bytes() {
        return bytes;
    }

    private void age(final Instant now) {
        final Instant oldest = now.minus(limits.maxAge());
        Kept first = events.peekFirst();
        while (first != null && first.event().time().isBefore(oldest)) {
            dropOldest();
            first = events.peekFirst();
        }
    }

    private void dropOldest() {
        final Kept dropped = events.removeFirst();
        bytes -= dropped.size();
        final Instant time = dropped.event().time();
        final Instant before = droppedUpTo;
        if (before == null || time.isAfter(before)) {
            droppedUpTo = time;
        }
    }
}
