package io.sextant.security.audit;

import static java.util.Objects.requireNonNull;

import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.eclipse.jdt.annotation.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An audit log written by one thread of its own, so that the threads that record (RESTCONF
 * requests, console commands, device sessions) never wait for the disk: {@link #record} only
 * queues the event and one writer thread hands the queue, in order, to the log it wraps (the
 * file, {@link JsonLinesAuditLog}).
 *
 * <p>Nothing is lost without a trace. A write that fails with an I/O error (a full disk) is
 * retried, backing off to 30 s, while later records queue up. The queue is bounded; once it is
 * full, records are counted instead (the caller still does not wait), an ERROR says so when the
 * count starts, and the count is written into the log as an {@code audit-gap} record (how many,
 * from when to when, where they are instead) as soon as the log takes records again. A record the
 * log refuses for another reason is counted the same way. {@link #close} writes what is queued
 * and waits for it a bounded time; a disk that hangs or keeps failing has the rest counted and
 * reported at ERROR, never a stop that hangs.
 */
public final class BackgroundAuditLog implements AuditLog, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(BackgroundAuditLog.class);
    private static final Duration FIRST_BACKOFF = Duration.ofMillis(500);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(10);

    private final AuditLog target;
    private final String name;
    private final String elsewhere;
    private final int capacity;
    private final Duration firstBackoff;
    private final Duration closeWait;
    private final AuditGap gap = new AuditGap();
    private final Thread writer;

    /** Guards the queue, the record in hand and the closing state, between callers, writer and close. */
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition arrived = lock.newCondition();
    private final ArrayDeque<AuditEvent> queue = new ArrayDeque<>();
    /** The record (or gap) the writer is writing, until written. */
    private @Nullable AuditEvent inHand;
    private AuditGap.@Nullable Span gapInHand;
    private boolean closing;
    /** Set when {@link #close} stopped waiting for the writer; it counted what the writer held. */
    private volatile boolean abandoned;

    /**
     * @param target the log the writer thread writes to (closed by {@link #close} when it is
     *     {@link AutoCloseable})
     * @param name the target in messages and gap records, such as the file's path
     * @param elsewhere where records missing from the target are instead, for gap records
     *     ("in the database's audit_event table", "nowhere else")
     * @param capacity records waiting for the target at most, the one being written included
     */
    public BackgroundAuditLog(final AuditLog target, final String name, final String elsewhere, final int capacity) {
        this(target, name, elsewhere, capacity, FIRST_BACKOFF, CLOSE_WAIT);
    }

    BackgroundAuditLog(final AuditLog target, final String name, final String elsewhere, final int capacity,
            final Duration firstBackoff, final Duration closeWait) {
        if (capacity < 1) {
            throw new IllegalArgumentException("The audit queue needs room for one record");
        }
        this.target = requireNonNull(target);
        this.name = requireNonNull(name);
        this.elsewhere = requireNonNull(elsewhere);
        this.capacity = capacity;
        this.firstBackoff = requireNonNull(firstBackoff);
        this.closeWait = requireNonNull(closeWait);
        this.writer = new Thread(this::writeLoop, "sextant-audit-file");
        writer.setDaemon(true);
        writer.start();
    }

    /** Queues the event; never waits for the target (a full queue counts it into a gap record instead). */
    @Override
    public void record(final AuditEvent event) {
        final boolean closed;
        lock.lock();
        try {
            closed = closing;
            if (!closed) {
                if (queue.size() + (inHand == null ? 0 : 1) < capacity) {
                    queue.add(event);
                    arrived.signal();
                } else if (gap.add(1, event.time(), event.time())) {
                    LOG.error("Audit records are not written to {}: the {} records before them still wait for it; "
                        + "they are counted, and {} will get a record of how many once it takes records again", name,
                        capacity, name);
                }
            }
        } finally {
            lock.unlock();
        }
        if (closed) {
            LOG.error("Audit record not written to {}, which is closed: {} {} by {} from {} at {}: {}", name,
                event.type().jsonName(), event.outcome().jsonName(), event.user(), event.source(), event.time(),
                Redactor.redactString(event.message()));
        }
    }

    /** The gap record for records the target lacks. */
    private AuditEvent gapEvent(final AuditGap.Span span) {
        return AuditEvent.gap(span.count(), span.first(), span.last(), span.count() + " audit record(s) from "
            + span.first() + " to " + span.last() + " are not in " + name + "; they are " + elsewhere,
            Map.of("missing-from", name));
    }

    /** The next record to write (a gap first), waiting for one; null once closing found nothing left. */
    private @Nullable AuditEvent next() throws InterruptedException {
        lock.lock();
        try {
            while (!abandoned) {
                if (inHand != null) {
                    return inHand;
                }
                gapInHand = gap.take();
                if (gapInHand != null) {
                    inHand = gapEvent(gapInHand);
                    return inHand;
                }
                inHand = queue.poll();
                if (inHand != null) {
                    return inHand;
                }
                if (closing) {
                    return null;
                }
                arrived.await();
            }
            return null;
        } finally {
            lock.unlock();
        }
    }

    /** The record in hand is done with (written, or counted by the caller); false once close gave up on the writer. */
    private boolean done() {
        lock.lock();
        try {
            inHand = null;
            gapInHand = null;
            return !abandoned;
        } finally {
            lock.unlock();
        }
    }

    private void writeLoop() {
        Duration backoff = firstBackoff;
        boolean failing = false;
        while (true) {
            final AuditEvent event;
            try {
                event = next();
            } catch (InterruptedException e) {
                continue;
            }
            if (event == null) {
                break;
            }
            final boolean isGap = event.type() == AuditEvent.Type.AUDIT_GAP;
            try {
                target.record(event);
                if (failing) {
                    LOG.info("Audit records are written to {} again", name);
                    failing = false;
                }
                if (isGap) {
                    LOG.warn("{} now records what it lacks: {}", name, event.message());
                }
                backoff = firstBackoff;
            } catch (UncheckedIOException e) {
                if (!failing) {
                    LOG.error("Audit records cannot be written to {} now ({}); up to {} wait for it, the rest are "
                        + "counted", name, e.getMessage(), capacity);
                    failing = true;
                }
                sleep(backoff);
                backoff = backoff.multipliedBy(2).compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : backoff.multipliedBy(2);
                // the same record again (next() returns what is in hand)
                continue;
            } catch (RuntimeException e) {
                // not the disk: this record cannot be written at all; it is counted (a gap record that
                // cannot be written is reported here alone), the next one goes on
                LOG.error("An audit record cannot be written to {}{}: {} {} by {} at {}: {}: {}", name,
                    isGap ? "" : " and is counted as missing", event.type().jsonName(), event.outcome().jsonName(),
                    event.user(), event.time(), Redactor.redactString(event.message()), e.toString());
                if (!isGap && !abandoned) {
                    gap.add(1, event.time(), event.time());
                }
            }
            if (!done()) {
                break;
            }
        }
    }

    private void sleep(final Duration duration) {
        final long until = System.nanoTime() + duration.toNanos();
        while (!abandoned && System.nanoTime() < until) {
            try {
                Thread.sleep(Math.min(100, Math.max(1, (until - System.nanoTime()) / 1_000_000)));
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Whether {@link #close} has begun. */
    boolean closing() {
        lock.lock();
        try {
            return closing;
        } finally {
            lock.unlock();
        }
    }

    /** The records counted as missing from the target and not yet recorded there; null when none. */
    AuditGap.@Nullable Span missing() {
        return gap.peek();
    }

    /**
     * Writes what is queued, then closes the target. When the writer has not finished within the
     * close wait (the target hangs or keeps failing), what it still holds is counted and reported
     * instead, and the target is left open (the writer may still be in it).
     */
    @Override
    public void close() {
        lock.lock();
        try {
            closing = true;
            arrived.signal();
        } finally {
            lock.unlock();
        }
        try {
            writer.join(closeWait.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (writer.isAlive()) {
            abandon();
        } else if (target instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                LOG.warn("Closing the audit log {}: {}", name, e.getMessage());
            }
        }
        final AuditGap.Span span = gap.peek();
        if (span != null) {
            LOG.error("Stopping: {} audit record(s) from {} to {} are not in {}; they are {}", span.count(),
                span.first(), span.last(), name, elsewhere);
        }
    }

    private void abandon() {
        lock.lock();
        try {
            abandoned = true;
            int held = queue.size();
            if (gapInHand != null) {
                gap.restore(gapInHand);
            } else if (inHand != null) {
                gap.add(1, inHand.time(), inHand.time());
                held++;
            }
            if (!queue.isEmpty()) {
                gap.add(queue.size(), queue.peekFirst().time(), queue.peekLast().time());
                queue.clear();
            }
            LOG.error("The audit writer did not finish writing to {} within {} ms; the {} record(s) it held are "
                + "counted as missing (one of them may still be written)", name, closeWait.toMillis(), held);
        } finally {
            lock.unlock();
        }
        writer.interrupt();
    }
}
