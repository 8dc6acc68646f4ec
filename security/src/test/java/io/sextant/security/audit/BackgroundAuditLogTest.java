package io.sextant.security.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit file written by a thread of its own: every record once and in order, what is queued
 * written at close, and a disk that is full, fails or hangs never holding up the callers, its
 * records counted into a gap record rather than lost without a trace. No timing is asserted: a
 * caller that waited for a blocked disk would hang the test into its timeout.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class BackgroundAuditLogTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration QUICK_RETRY = Duration.ofMillis(1);

    private static AuditEvent event(final int writer, final int seq) {
        return AuditEvent.write("user-" + writer, "10.0.0." + writer, writer + "-" + seq, "PUT",
            List.of("/rests/data/a:x=" + seq), AuditEvent.Outcome.SUCCESS, "HTTP 204");
    }

    /** A log whose writes wait until it is opened, and which can fail its next writes. */
    private static final class Disk implements AuditLog {
        final List<AuditEvent> written = Collections.synchronizedList(new ArrayList<>());
        final CountDownLatch open;
        final CountDownLatch entered = new CountDownLatch(1);
        final AtomicInteger failures;
        final AtomicInteger calls = new AtomicInteger();

        Disk(final boolean open, final int failures) {
            this.open = new CountDownLatch(open ? 0 : 1);
            this.failures = new AtomicInteger(failures);
        }

        @Override
        public void record(final AuditEvent event) {
            calls.incrementAndGet();
            entered.countDown();
            try {
                open.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new UncheckedIOException(new IOException("interrupted"));
            }
            if (failures.getAndUpdate(n -> n > 0 ? n - 1 : n) != 0) {
                throw new UncheckedIOException(new IOException("No space left on device"));
            }
            written.add(event);
        }

        List<AuditEvent> writes() {
            return List.copyOf(written);
        }

        static long counted(final List<AuditEvent> events) {
            return events.stream().filter(e -> e.type() == AuditEvent.Type.AUDIT_GAP)
                .mapToLong(e -> ((Number) e.details().get("count")).longValue()).sum();
        }

        static List<AuditEvent> records(final List<AuditEvent> events) {
            return events.stream().filter(e -> e.type() != AuditEvent.Type.AUDIT_GAP).toList();
        }
    }

    @Test
    void everyRecordOfConcurrentCallersIsWrittenOnceAndInEachCallersOrder(@TempDir final Path dataDir)
            throws Exception {
        final int writers = 8;
        final int each = 2_000;
        final JsonLinesAuditLog file = JsonLinesAuditLog.inDataDir(dataDir);
        final ExecutorService pool = Executors.newFixedThreadPool(writers);
        try (BackgroundAuditLog log = new BackgroundAuditLog(file, file.file().toString(), "nowhere else",
                writers * each)) {
            final CountDownLatch start = new CountDownLatch(1);
            final List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                final int writer = w;
                done.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < each; i++) {
                        log.record(event(writer, i));
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> future : done) {
                future.get();
            }
        } finally {
            pool.shutdownNow();
        }
        // closed: everything queued was written
        final Map<Integer, Integer> next = new HashMap<>();
        int lines = 0;
        for (String line : Files.readAllLines(file.file())) {
            final JsonNode record = JSON.readTree(line);
            assertEquals("write", record.path("event").asText(), "no gap: " + line);
            final String[] id = record.path("request-id").asText().split("-");
            final int writer = Integer.parseInt(id[0]);
            final int seq = Integer.parseInt(id[1]);
            assertEquals(next.getOrDefault(writer, 0), seq, "writer " + writer + "'s records once and in order");
            next.put(writer, seq + 1);
            lines++;
        }
        assertEquals(writers * each, lines);
    }

    @Test
    void closingWritesWhatIsStillQueued() throws Exception {
        final Disk disk = new Disk(false, 0);
        final BackgroundAuditLog log = new BackgroundAuditLog(disk, "audit.log", "nowhere else", 1_000);
        for (int i = 0; i < 100; i++) {
            log.record(event(1, i));
        }
        // the disk takes records only once close has begun: what close waits for was queued
        final Thread opener = new Thread(() -> {
            while (!log.closing()) {
                Thread.onSpinWait();
            }
            disk.open.countDown();
        });
        opener.start();
        log.close();
        opener.join();
        final List<AuditEvent> written = disk.writes();
        assertEquals(100, written.size());
        for (int i = 0; i < 100; i++) {
            assertEquals("1-" + i, written.get(i).requestId());
        }
        assertNull(log.missing());
    }

    @Test
    void aFullQueueNeverHoldsUpTheCallerAndItsGapIsRecordedOnceTheDiskTakesRecordsAgain() throws Exception {
        final Disk disk = new Disk(false, 0);
        try (BackgroundAuditLog log = new BackgroundAuditLog(disk, "/data/audit/audit.log",
                "in the database's audit_event table", 5, QUICK_RETRY, Duration.ofSeconds(30))) {
            // the disk blocks every write: a caller that waited for it would never finish this loop
            for (int i = 0; i < 100; i++) {
                log.record(event(1, i));
            }
            disk.open.countDown();
        }
        final List<AuditEvent> all = disk.writes();
        final List<AuditEvent> records = Disk.records(all);
        assertTrue(records.size() <= 5, "the queue's capacity (5, the record in hand included) at most: "
            + records.size());
        assertEquals(100, records.size() + Disk.counted(all), "each record written or counted once: " + all);
        for (int i = 0; i < records.size(); i++) {
            assertEquals("1-" + i, records.get(i).requestId(), "in order");
        }
        final AuditEvent gap = all.stream().filter(e -> e.type() == AuditEvent.Type.AUDIT_GAP).findFirst()
            .orElseThrow();
        assertEquals("/data/audit/audit.log", gap.details().get("missing-from"));
        assertEquals(AuditEvent.Outcome.FAILURE, gap.outcome());
        assertTrue(gap.message().contains("are not in /data/audit/audit.log; they are in the database's audit_event "
            + "table"), gap.message());
        assertEquals("audit-gap", JSON.readTree(JsonLinesAuditLog.toJson(gap)).path("event").asText());
    }

    @Test
    void writesThatFailAreRetriedAndNothingIsLostOrWrittenTwice() {
        final Disk disk = new Disk(true, 3);
        try (BackgroundAuditLog log = new BackgroundAuditLog(disk, "audit.log", "nowhere else", 100, QUICK_RETRY,
                Duration.ofSeconds(30))) {
            for (int i = 0; i < 10; i++) {
                log.record(event(1, i));
            }
        }
        final List<AuditEvent> written = disk.writes();
        assertEquals(10, written.size(), "no gap, no record twice: " + written);
        for (int i = 0; i < 10; i++) {
            assertEquals("1-" + i, written.get(i).requestId());
        }
        assertEquals(13, disk.calls.get(), "three failed writes retried");
    }

    @Test
    void aDiskThatKeepsFailingDoesNotHoldUpCloseAndItsRecordsAreCounted() {
        final Disk disk = new Disk(true, Integer.MAX_VALUE);
        final BackgroundAuditLog log = new BackgroundAuditLog(disk, "audit.log", "nowhere else", 100, QUICK_RETRY,
            Duration.ofMillis(200));
        for (int i = 0; i < 10; i++) {
            log.record(event(1, i));
        }
        log.close();
        assertEquals(List.of(), disk.writes());
        assertEquals(10, log.missing().count(), "every record reported missing");
        assertTrue(disk.calls.get() >= 1, "the disk was tried");
    }

    @Test
    void aDiskThatHangsDoesNotHoldUpCloseAndTheQueuedRecordsAreCounted() throws Exception {
        final Disk disk = new Disk(false, 0);
        final BackgroundAuditLog log = new BackgroundAuditLog(disk, "audit.log", "nowhere else", 100, QUICK_RETRY,
            Duration.ofMillis(200));
        log.record(event(1, 0));
        disk.entered.await();
        for (int i = 1; i < 10; i++) {
            log.record(event(1, i));
        }
        log.close();
        assertEquals(10, log.missing().count(), "the queued records and the one in the hung write reported missing");
        assertEquals(1, disk.calls.get(), "nothing written past the hung write");
        disk.open.countDown();
    }
}
