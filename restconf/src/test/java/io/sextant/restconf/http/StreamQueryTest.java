package io.sextant.restconf.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The query of a stream subscription: nodes, RFC 8040 start-time and stop-time, filter; what is wrong is said. */
class StreamQueryTest {
    private static final Instant NOW = Instant.parse("2026-11-25T10:00:00Z");

    private static String refused(final Map<String, List<String>> query) {
        return assertThrows(IllegalArgumentException.class, () -> StreamQuery.parse(query, NOW)).getMessage();
    }

    @Test
    void nodesTimesAndFilterAreRead() {
        final StreamQuery query = StreamQuery.parse(Map.of("node", List.of("R1,R2", "R3"),
            "start-time", List.of("2026-11-25T10:00:00+01:00"), "stop-time", List.of("2026-11-25T12:00:00Z"),
            "filter", List.of("/m:n")), NOW);
        assertEquals(Set.of("R1", "R2", "R3"), query.nodes());
        assertEquals(Instant.parse("2026-11-25T09:00:00Z"), query.start());
        assertEquals(Instant.parse("2026-11-25T12:00:00Z"), query.stop());
        assertEquals("/m:n", query.filter());
        assertNull(StreamQuery.parse(Map.of(), NOW).start());
    }

    @Test
    void anUnencodedPlusInATimeIsTakenAsAPlus() {
        assertEquals(Instant.parse("2026-11-25T08:00:00Z"),
            StreamQuery.parse(Map.of("start-time", List.of("2026-11-25T10:00:00 02:00")), NOW).start());
    }

    @Test
    void wrongTimesAreRefused() {
        assertTrue(refused(Map.of("start-time", List.of("2026-11-25T10:00:01Z"))).contains("in the future"));
        assertTrue(refused(Map.of("stop-time", List.of("2026-11-25T09:00:00Z"))).contains("only with start-time"));
        assertTrue(refused(Map.of("start-time", List.of("2026-11-25T09:00:00Z"),
            "stop-time", List.of("2026-11-25T08:00:00Z"))).contains("must be later than start-time"));
        assertTrue(refused(Map.of("start-time", List.of("yesterday"))).contains("RFC 3339"));
        assertTrue(refused(Map.of("depth", List.of("1"))).contains("Unknown query parameter depth"));
    }
}
