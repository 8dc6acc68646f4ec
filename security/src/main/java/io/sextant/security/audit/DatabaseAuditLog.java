package io.sextant.security.audit;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sextant.persistence.AuditEventRepository;
import io.sextant.persistence.AuditEventRepository.AuditRow;
import io.sextant.persistence.Database;
import io.sextant.persistence.PersistenceException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.jdt.annotation.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The audit log's copy in the database ({@code audit_event}), written off the callers' threads:
 * {@link #record} only queues the event (never waits; the queue is bounded) and one writer thread
 * inserts what is queued in batches, one transaction each. When the database is down the batch in
 * hand is retried (backing off to 30 s) while new events queue up; once the queue is full, events
 * go to the file only and the gap is counted, logged at WARN when it starts, and written to the
 * table as an {@code audit-gap} record (how many, from when to when) once the database is back.
 * Nothing is dropped without a trace: the file has every record and the table says what it lacks.
 *
 * <p>Rows older than the retention are deleted at start and then hourly, in bounded steps.
 * {@link #close} writes what is queued if the database answers within a few seconds, and logs how
 * many records stay in the file only otherwise.
 */
public final class DatabaseAuditLog implements AuditLog, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DatabaseAuditLog.class);
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);
    private static final Duration RETENTION_EVERY = Duration.ofHours(1);
    private static final int RETENTION_STEP = 10_000;
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(10);

    private final Database database;
    private final AuditEventRepository repository = new AuditEventRepository();
    private final BlockingQueue<AuditEvent> queue;
    private final AuditSettings settings;
    private final String fileName;
    private final Thread writer;
    /** Events not queued (queue full) or not accepted by the database, since the last gap record. */
    private final AuditGap gap = new AuditGap();
    private volatile boolean closing;

    /**
     * @param fileName the audit file that has every record, named in gap records
     */
    public DatabaseAuditLog(final Database database, final AuditSettings settings, final String fileName) {
        this.database = requireNonNull(database);
        this.settings = requireNonNull(settings);
        this.fileName = requireNonNull(fileName);
        this.queue = new ArrayBlockingQueue<>(settings.queueCapacity());
        this.writer = new Thread(this::writeLoop, "sextant-audit-db");
        writer.setDaemon(true);
        writer.start();
    }

    @Override
    public void record(final AuditEvent event) {
        if (closing || !queue.offer(event)) {
            missed(1, event.time(), event.time(), closing ? "the controller is stopping"
                : "the database has not taken the " + settings.queueCapacity() + " records queued before");
        }
    }

    private void missed(final long count, final Instant first, final Instant last, final @Nullable String why) {
        if (gap.add(count, first, last)) {
            LOG.warn("Audit records go to {} only, not to the database, until it takes them again ({}); "
                + "the database will get a record of the gap", fileName, why);
        }
    }

    private AuditRow gapRow(final AuditGap.Span span) {
        return row(AuditEvent.gap(span.count(), span.first(), span.last(), span.count() + " audit record(s) from "
            + span.first() + " to " + span.last() + " are in " + fileName + " only", Map.of("file", fileName)));
    }

    private void writeLoop() {
        Duration backoff = Duration.ofMillis(500);
        boolean down = false;
        Instant nextRetention = Instant.now();
        List<AuditRow> batch = new ArrayList<>();
        /* The gap rows in the batch, with the counts they carry. */
        final Map<AuditRow, AuditGap.Span> gapRows = new HashMap<>();
        while (true) {
            if (!closing && !Instant.now().isBefore(nextRetention)) {
                nextRetention = Instant.now().plus(expire() ? RETENTION_EVERY : MAX_BACKOFF);
            }
            if (batch.isEmpty()) {
                final AuditEvent head;
                try {
                    head = closing ? queue.poll() : queue.poll(1, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    continue;
                }
                if (head == null && closing) {
                    break;
                }
                final List<AuditEvent> events = new ArrayList<>();
                if (head != null) {
                    events.add(head);
                    queue.drainTo(events, settings.batchSize() - 1);
                }
                for (AuditEvent event : events) {
                    batch.add(row(event));
                }
            }
            final AuditGap.Span gapSpan = gap.take();
            if (gapSpan != null) {
                final AuditRow gapRow = gapRow(gapSpan);
                batch.add(gapRow);
                gapRows.put(gapRow, gapSpan);
            }
            if (batch.isEmpty()) {
                continue;
            }
            final List<AuditRow> rows = batch;
            try {
                final String doing = "write " + rows.size() + " audit record(s)";
                if (rows.size() == 1) {
                    // one statement, safe to run twice (a stored event id is skipped): one round trip
                    database.callStatement(doing, tx -> {
                        repository.insert(tx, rows);
                        return Boolean.TRUE;
                    });
                } else {
                    database.run(doing, tx -> repository.insert(tx, rows));
                }
                if (down) {
                    LOG.info("Audit records are written to the database again");
                    down = false;
                }
                gapRows.keySet().forEach(row -> LOG.warn("The database's audit log lacks what it now records: {}",
                    row.message()));
                gapRows.clear();
                backoff = Duration.ofMillis(500);
                batch = new ArrayList<>();
            } catch (PersistenceException e) {
                if (!e.unavailable() || closing) {
                    // given up: the gap rows in hand are counted again (a retry keeps them, with their ids,
                    // so that a gap row whose commit outcome was unknown is not written twice)
                    batch.removeAll(gapRows.keySet());
                    gapRows.values().forEach(gap::restore);
                    gapRows.clear();
                }
                if (!e.unavailable()) {
                    LOG.error("The database refused {} audit record(s), which are in {} only: {}", batch.size(),
                        fileName, e.getMessage());
                    if (!batch.isEmpty()) {
                        missed(batch.size(), batch.get(0).time(), batch.get(batch.size() - 1).time(), e.getMessage());
                    }
                    batch = new ArrayList<>();
                    sleep(backoff);
                    continue;
                }
                if (!down) {
                    LOG.warn("Audit records cannot be written to the database now ({}); they are in {} and up to {} "
                        + "wait for the database", e.getMessage(), fileName, settings.queueCapacity());
                    down = true;
                }
                if (closing) {
                    final List<AuditEvent> left = new ArrayList<>();
                    queue.drainTo(left);
                    missed(batch.size() + left.size(), batch.isEmpty() ? Instant.now() : batch.get(0).time(),
                        Instant.now(), "the controller stopped while the database was down");
                    logGapAtClose();
                    return;
                }
                sleep(backoff);
                backoff = backoff.multipliedBy(2).compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : backoff.multipliedBy(2);
            }
        }
        logGapAtClose();
    }

    private void logGapAtClose() {
        final AuditGap.Span span = gap.peek();
        if (span != null) {
            LOG.warn("Stopping: {} audit record(s) from {} to {} are in {} only, not in the database", span.count(),
                span.first(), span.last(), fileName);
        }
    }

    /** Deletes rows past the retention; false when the database could not be asked. */
    private boolean expire() {
        final Instant before = Instant.now().minus(settings.retention());
        try {
            long total = 0;
            int deleted;
            do {
                deleted = database.call("delete audit records older than " + settings.retentionDays() + " days",
                    tx -> repository.deleteOlderThan(tx, before, RETENTION_STEP));
                total += deleted;
            } while (deleted == RETENTION_STEP && !closing);
            if (total > 0) {
                LOG.info("Deleted {} audit record(s) older than {} days from the database", total,
                    settings.retentionDays());
            }
            return true;
        } catch (PersistenceException e) {
            LOG.debug("Audit retention not applied now: {}", e.getMessage());
            return false;
        }
    }

    private static AuditRow row(final AuditEvent event) {
        return new AuditRow(UUID.randomUUID(), event.time(), event.type().jsonName(), event.user(), event.source(),
            event.requestId(), event.outcome().jsonName(),
            event.paths().stream().map(Redactor::redactString).toList(), Redactor.redactString(event.message()),
            json(Redactor.redact(event.details())));
    }

    private static String json(final Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("An audit record cannot be written as JSON", e);
        }
    }

    private void sleep(final Duration duration) {
        final long until = System.nanoTime() + duration.toNanos();
        while (!closing && System.nanoTime() < until) {
            try {
                Thread.sleep(Math.min(100, Math.max(1, (until - System.nanoTime()) / 1_000_000)));
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Stops the writer after it wrote what is queued (or found the database down). */
    @Override
    public void close() {
        closing = true;
        try {
            writer.join(CLOSE_WAIT.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (writer.isAlive()) {
            LOG.warn("The audit writer did not finish within {} s; {} queued record(s) are in {} only",
                CLOSE_WAIT.toSeconds(), queue.size(), fileName);
            writer.interrupt();
        }
    }
}
