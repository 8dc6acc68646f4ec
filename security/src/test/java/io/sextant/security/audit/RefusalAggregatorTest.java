package io.sextant.security.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class RefusalAggregatorTest {
    private final AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-01-01T00:00:00Z"));
    private final InstantSource clock = () -> now.get();
    private final List<AuditEvent> out = new ArrayList<>();

    private static AuditEvent refused(final String source, final String user) {
        return AuditEvent.loginRateLimited(user, source, "basic", "Too many failed logins from " + source);
    }

    private void advance(final Duration by) {
        now.set(now.get().plus(by));
    }

    private static long count(final AuditEvent event) {
        return ((Number) event.details().get("count")).longValue();
    }

    @Test
    void aFloodOfRateLimitedLoginsBecomesTheFirstRefusalAndOneCountPerSourceAndInterval() {
        final RefusalAggregator aggregator = new RefusalAggregator(out::add, Duration.ofMinutes(1), 100, clock);
        for (int i = 0; i < 5_000; i++) {
            aggregator.record(refused("10.0.0.66", i % 2 == 0 ? "admin" : "root"));
        }
        assertEquals(1, out.size(), "only the first refusal is recorded at once");
        assertTrue(out.get(0).isRateLimitedLogin());
        assertEquals("admin", out.get(0).user());

        advance(Duration.ofSeconds(59));
        aggregator.flushDue();
        assertEquals(1, out.size(), "the interval has not ended");
        advance(Duration.ofSeconds(1));
        aggregator.flushDue();
        assertEquals(2, out.size());
        final AuditEvent counted = out.get(1);
        assertEquals(AuditEvent.Type.LOGIN_FAILED, counted.type());
        assertEquals("10.0.0.66", counted.source());
        assertEquals(4_999, count(counted));
        assertEquals(List.of("root", "admin"), counted.details().get("users"));
        assertFalse(counted.isRateLimitedLogin(), "a count is not counted again");
        assertTrue(JsonLinesAuditLog.toJson(counted).contains("\"count\":4999"), JsonLinesAuditLog.toJson(counted));

        // the next interval starts with its first refusal recorded again
        aggregator.record(refused("10.0.0.66", "admin"));
        assertEquals(3, out.size());
        assertTrue(out.get(2).isRateLimitedLogin());
        aggregator.flushAll();
        assertEquals(3, out.size(), "nothing to count after a lone refusal");
    }

    @Test
    void aRefusalAfterTheIntervalEndedRecordsTheCountBeforeItself() {
        final RefusalAggregator aggregator = new RefusalAggregator(out::add, Duration.ofMinutes(1), 100, clock);
        aggregator.record(refused("a", "u"));
        aggregator.record(refused("a", "u"));
        aggregator.record(refused("a", "u"));
        advance(Duration.ofMinutes(2));
        aggregator.record(refused("a", "u"));
        assertEquals(3, out.size());
        assertEquals(2, count(out.get(1)));
        assertTrue(out.get(2).isRateLimitedLogin());
    }

    @Test
    void otherEventsAndOtherSourcesPassStraightThrough() {
        final RefusalAggregator aggregator = new RefusalAggregator(out::add, Duration.ofMinutes(1), 100, clock);
        aggregator.record(refused("a", "u"));
        aggregator.record(AuditEvent.loginFailed("u", "a", "basic", "Wrong password"));
        aggregator.record(AuditEvent.loginFailed("u", "a", "basic", "Wrong password"));
        aggregator.record(refused("b", "u"));
        aggregator.record(refused("a", "u"));
        assertEquals(4, out.size(), out.toString());
        aggregator.flushAll();
        assertEquals(5, out.size());
        assertEquals(1, count(out.get(4)));
        assertEquals("a", out.get(4).source());
    }

    @Test
    void manySourcesAtOnceKeepABoundedNumberOpenAndLoseNoCount() {
        final RefusalAggregator aggregator = new RefusalAggregator(out::add, Duration.ofMinutes(1), 10, clock);
        for (int round = 0; round < 3; round++) {
            for (int source = 0; source < 50; source++) {
                aggregator.record(refused("10.1.0." + source, "u"));
            }
        }
        assertTrue(aggregator.openSources() <= 10, "open: " + aggregator.openSources());
        aggregator.flushAll();
        assertEquals(0, aggregator.openSources());
        final long individually = out.stream().filter(AuditEvent::isRateLimitedLogin).count();
        final long counted = out.stream().filter(e -> e.details().containsKey("count"))
            .mapToLong(RefusalAggregatorTest::count).sum();
        assertEquals(150, individually + counted, "every refusal is recorded or counted");
    }
}
