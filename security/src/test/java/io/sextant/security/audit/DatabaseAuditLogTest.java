package io.sextant.security.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sextant.persistence.AuditEventRepository;
import io.sextant.persistence.AuditEventRepository.AuditRow;
import io.sextant.persistence.Database;
import io.sextant.persistence.DatabaseSettings;
import io.sextant.persistence.PersistenceException;
import io.sextant.testing.PostgresServer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The audit log's copy in a real PostgreSQL, through outages and a full queue. */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class DatabaseAuditLogTest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static PostgresServer postgres;
    private static Database database;

    @BeforeAll
    static void start() throws Exception {
        postgres = PostgresServer.start();
        database = new Database(DatabaseSettings.of(postgres.jdbcUrl(), postgres.user(), postgres.password()));
        database.migrate(Duration.ofSeconds(60));
    }

    @AfterAll
    static void stop() {
        database.close();
        postgres.close();
    }

    @BeforeEach
    void empty() throws Exception {
        if (!postgres.isRunning()) {
            postgres.restart();
        }
        awaitRows(rows -> true);
        database.run("empty the audit table", tx -> new AuditEventRepository().deleteOlderThan(tx,
            Instant.now().plus(Duration.ofDays(1)), 100_000));
    }

    private static List<AuditRow> rows() throws PersistenceException {
        return database.call("read", tx -> new AuditEventRepository().newest(tx, 100_000));
    }

    private static long written(final List<AuditRow> rows) {
        return rows.stream().filter(r -> "write".equals(r.type())).count();
    }

    /** How many records the gap records say are in the file only. */
    private static long counted(final List<AuditRow> rows) {
        return rows.stream().filter(r -> "audit-gap".equals(r.type())).mapToLong(r -> {
            try {
                return JSON.readTree(r.detailsJson()).path("count").asLong();
            } catch (JsonProcessingException e) {
                throw new AssertionError("a gap record's details are not JSON: " + r.detailsJson(), e);
            }
        }).sum();
    }

    private static List<AuditRow> awaitRows(final Predicate<List<AuditRow>> done) throws Exception {
        final long deadline = System.nanoTime() + WAIT.toNanos();
        List<AuditRow> rows = List.of();
        while (System.nanoTime() < deadline) {
            try {
                rows = rows();
                if (done.test(rows)) {
                    return rows;
                }
            } catch (PersistenceException e) {
                // coming back
            }
            Thread.sleep(100);
        }
        throw new AssertionError("Not in the audit table: " + rows);
    }

    private static AuditEvent write(final int i) {
        return AuditEvent.write("alice", "10.0.0.1", "req-" + i, "PUT", List.of("/rests/data/a:x=" + i),
            AuditEvent.Outcome.SUCCESS, "HTTP 204").with("status", 204);
    }

    @Test
    void recordsMadeWhileTheDatabaseIsDownAreWrittenOnceItIsBack() throws Exception {
        try (DatabaseAuditLog log = new DatabaseAuditLog(database, AuditSettings.DEFAULTS, "audit.log")) {
            log.record(write(0));
            awaitRows(rows -> rows.size() == 1);
            postgres.kill();
            for (int i = 1; i <= 200; i++) {
                log.record(write(i));
            }
            postgres.restart();
            final List<AuditRow> rows = awaitRows(r -> r.size() >= 201);
            assertEquals(201, rows.size(), "each record once, no gap record");
            for (int i = 0; i <= 200; i++) {
                final String id = "req-" + i;
                final AuditRow row = rows.stream().filter(r -> id.equals(r.requestId())).findFirst().orElseThrow();
                assertEquals(List.of("/rests/data/a:x=" + i), row.paths());
                assertEquals("alice", row.user());
                assertEquals(204, JSON.readTree(row.detailsJson()).path("status").asInt());
            }
        }
    }

    @Test
    void recordsBeyondAFullQueueAreCountedInAGapRecordOnceTheDatabaseIsBack() throws Exception {
        final AuditSettings small = new AuditSettings(90, Duration.ofMinutes(1), 5, 2);
        try (DatabaseAuditLog log = new DatabaseAuditLog(database, small, "/data/audit/audit.log")) {
            postgres.kill();
            for (int i = 1; i <= 100; i++) {
                log.record(write(i));
            }
            postgres.restart();
            // the gap may be reported in more than one record (records missed while a gap record was
            // being written are counted in the next one): together they count every record not written
            final List<AuditRow> all = awaitRows(r -> written(r) + counted(r) >= 100);
            final long written = written(all);
            assertTrue(written <= 7, "the queue (5) and the batch in hand (2) at most: " + written);
            assertEquals(100, written + counted(all), "each record written or counted once: " + all);
            for (AuditRow gap : all.stream().filter(r -> "audit-gap".equals(r.type())).toList()) {
                assertEquals("/data/audit/audit.log", JSON.readTree(gap.detailsJson()).path("file").asText());
                assertTrue(gap.message().contains("are in /data/audit/audit.log only"), gap.message());
            }
        }
    }

    @Test
    void closingWritesWhatIsQueued() throws Exception {
        try (DatabaseAuditLog log = new DatabaseAuditLog(database, AuditSettings.DEFAULTS, "audit.log")) {
            for (int i = 1; i <= 50; i++) {
                log.record(write(i));
            }
        }
        assertEquals(50, rows().size());
    }
}
