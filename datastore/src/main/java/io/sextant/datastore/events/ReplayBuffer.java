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
    private record Kept(NumberedEvent event, long size) {
    }

    private final ReplayLimits limits;
    private final ArrayDeque<Kept> events = new ArrayDeque<>();
    private long bytes;
    private @Nullable Instant droppedUpTo;
    /** The number of the newest event dropped; -1 when none was. */
    private long droppedSequence = -1;
    /** The number the next event of the stream gets. */
    private long next;

    ReplayBuffer(final ReplayLimits limits) {
        this.limits = limits;
    }

    /**
     * Number {@code event} and keep it, dropping the oldest events beyond the limits, as of {@code now}.
     *
     * @return the event with its number
     */
    NumberedEvent add(final Event event, final Instant now) {
        final NumberedEvent numbered = new NumberedEvent(next++, event);
        if (!limits.enabled()) {
            droppedSequence = numbered.sequence();
            return numbered;
        }
        final long size = EventSize.of(event);
        events.addLast(new Kept(numbered, size));
        bytes += size;
        while (events.size() > limits.maxEvents() || bytes > limits.maxBytes()) {
            dropOldest();
        }
        age(now);
        return numbered;
    }

    /** The events kept whose time is at or after {@code start} and that {@code filter} accepts, oldest first. */
    List<NumberedEvent> since(final Instant start, final Predicate<Event> filter, final Instant now) {
        age(now);
        final List<NumberedEvent> found = new ArrayList<>();
        for (Kept kept : events) {
            final Event event = kept.event().event();
            if (!event.time().isBefore(start) && filter.test(event)) {
                found.add(kept.event());
            }
        }
        return found;
    }

    /** The events kept whose number is above {@code sequence} and that {@code filter} accepts, oldest first. */
    List<NumberedEvent> after(final long sequence, final Predicate<Event> filter, final Instant now) {
        age(now);
        final List<NumberedEvent> found = new ArrayList<>();
        for (Kept kept : events) {
            if (kept.event().sequence() > sequence && filter.test(kept.event().event())) {
                found.add(kept.event());
            }
        }
        return found;
    }

    /** The number of the newest event no longer kept; -1 when none was dropped. */
    long droppedSequence() {
        return droppedSequence;
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
        while (first != null && first.event().event().time().isBefore(oldest)) {
            dropOldest();
            first = events.peekFirst();
        }
    }

    private void dropOldest() {
        final Kept dropped = events.removeFirst();
        bytes -= dropped.size();
        droppedSequence = dropped.event().sequence();
        final Instant time = dropped.event().event().time();
        final Instant before = droppedUpTo;
        if (before == null || time.isAfter(before)) {
            droppedUpTo = time;
        }
    }
}
