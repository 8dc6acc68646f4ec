package io.sextant.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sextant.persistence.AuditEventRepository.AuditRow;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class AuditEventRepositoryTest {
    private static PostgresFixture postgres;
    private final AuditEventRepository audit = new AuditEventRepository();

    @BeforeAll
    static void start() throws PersistenceException {
        postgres = PostgresFixture.start().migrated();
    }

    @AfterAll
    static void stop() {
        postgres.close();
    }

    @BeforeEach
    void empty() throws PersistenceException {
        postgres.clear();
    }

    private static AuditRow row(final Instant time, final String user, final String path) {
        return new AuditRow(UUID.randomUUID(), time, "write", user, "10.0.0.1", "7", "success", List.of(path),
            "HTTP 204", "{\"method\":\"PUT\",\"status\":204}");
    }

    @Test
    void aBatchInsertedTwiceIsKeptOnceAndIsQueryableByUserPathAndDetails() throws Exception {
        final Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        final List<AuditRow> batch = List.of(row(now, "alice", "/rests/data/a:x"), row(now, "bob", "/rests/data/b:y"));
        postgres.database.run("insert", tx -> audit.insert(tx, batch));
        postgres.database.run("insert again", tx -> audit.insert(tx, batch));

        assertEquals(2L, postgres.database.<Long>call("count", audit::count));
        assertEquals(1, postgres.queryLong("SELECT count(*) FROM audit_event WHERE user_name = 'alice' "
            + "AND '/rests/data/a:x' = ANY (paths) AND details->>'method' = 'PUT' AND (details->>'status')::int = 204"));
        final List<AuditRow> newest = postgres.database.call("read", tx -> audit.newest(tx, 10));
        assertEquals(batch.stream().map(AuditRow::eventId).sorted().toList(),
            newest.stream().map(AuditRow::eventId).sorted().toList());
        final AuditRow alice = newest.stream().filter(r -> "alice".equals(r.user())).findFirst().orElseThrow();
        assertEquals(batch.get(0).time(), alice.time());
        assertEquals(List.of("/rests/data/a:x"), alice.paths());
        assertEquals("7", alice.requestId());
    }

    @Test
    void rowsOlderThanTheRetentionAreDeletedInBoundedSteps() throws Exception {
        final Instant now = Instant.now();
        postgres.database.run("insert", tx -> audit.insert(tx, List.of(
            row(now.minus(Duration.ofDays(100)), "old", "/a"), row(now.minus(Duration.ofDays(95)), "old", "/b"),
            row(now.minus(Duration.ofDays(91)), "old", "/c"), row(now.minus(Duration.ofDays(10)), "recent", "/d"))));
        final Instant before = now.minus(Duration.ofDays(90));
        assertEquals(2, postgres.database.<Integer>call("expire", tx -> audit.deleteOlderThan(tx, before, 2)));
        assertEquals(1, postgres.database.<Integer>call("expire", tx -> audit.deleteOlderThan(tx, before, 2)));
        assertEquals(0, postgres.database.<Integer>call("expire", tx -> audit.deleteOlderThan(tx, before, 2)));
        assertEquals(List.of("recent"), postgres.database.call("read", tx -> audit.newest(tx, 10)).stream()
            .map(AuditRow::user).toList());
    }
}
