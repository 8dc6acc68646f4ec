package io.sextant.security.audit;

import java.time.Instant;
import org.eclipse.jdt.annotation.Nullable;

/**
 * The records one copy of the audit log missed since it last said so: how many, from when to
 * when. The copies written off the callers' threads ({@link BackgroundAuditLog} for the file,
 * {@link DatabaseAuditLog} for the table) count what they could not take here, and write one
 * {@code audit-gap} record ({@link AuditEvent#gap}) for it once they can write again. Thread-safe.
 */
final class AuditGap {
    /** A count of missed records and the times of the first and the last of them. */
    record Span(long count, Instant first, Instant last) {
        Span merge(final Span other) {
            return new Span(count + other.count, first.isBefore(other.first) ? first : other.first,
                last.isAfter(other.last) ? last : other.last);
        }
    }

    private @Nullable Span open;

    /**
     * Counts missed records.
     *
     * @return whether they start a gap (nothing was counted before): the moment to warn
     */
    synchronized boolean add(final long count, final Instant first, final Instant last) {
        final Span span = new Span(count, first, last);
        final Span counted = open;
        open = counted == null ? span : counted.merge(span);
        return counted == null;
    }

    /** The gap to report now, no longer counted here; null without one. */
    synchronized @Nullable Span take() {
        final Span taken = open;
        open = null;
        return taken;
    }

    /** A gap taken but not reported after all: counted again (no new start). */
    synchronized void restore(final Span span) {
        final Span counted = open;
        open = counted == null ? span : counted.merge(span);
    }

    /** The gap counted now, without taking it; null without one. */
    synchronized @Nullable Span peek() {
        return open;
    }
}
