package io.sextant.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.perf.run.Options.StateBackend;
import io.sextant.perf.run.Options.StateChoice;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StateOptionTest {
    private static final Path OUT = Path.of("/tmp/perf-out");

    @Test
    void stateDefaultsToInMemoryAndBothRunsInMemoryFirstThenPostgres() {
        assertEquals(List.of(StateBackend.IN_MEMORY), Options.parse(List.of("A1"), OUT).state().backends());
        assertEquals(List.of(StateBackend.POSTGRES),
            Options.parse(List.of("A1", "--state", "postgres"), OUT).state().backends());
        assertEquals(StateChoice.BOTH, Options.parse(List.of("C1", "--state", "both"), OUT).state());
        assertEquals(List.of(StateBackend.IN_MEMORY, StateBackend.POSTGRES), StateChoice.BOTH.backends());
    }

    @Test
    void anUnknownStateIsAUsageErrorNamingTheChoices() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> Options.parse(List.of("A1", "--state", "disk"), OUT));
        assertEquals("--state expects in-memory, postgres or both, got disk", e.getMessage());
    }

    @Test
    void anExternalServerIsAJdbcUrlForAPostgresPhase() {
        assertEquals("jdbc:postgresql://db.example:5432/bench", Options.parse(List.of("C1", "--state", "both",
            "--postgres-url", "jdbc:postgresql://db.example:5432/bench"), OUT).postgresUrl().orElseThrow());
        assertTrue(Options.parse(List.of("C1", "--state", "both"), OUT).postgresUrl().isEmpty());
        assertEquals("--postgres-url goes with --state postgres or both", assertThrows(IllegalArgumentException.class,
            () -> Options.parse(List.of("A1", "--postgres-url", "jdbc:postgresql://h:5432/d"), OUT)).getMessage());
        assertEquals("--postgres-url takes a JDBC URL: jdbc:postgresql://HOST:PORT/DATABASE",
            assertThrows(IllegalArgumentException.class, () -> Options.parse(List.of("A1", "--state", "postgres",
                "--postgres-url", "postgres://h/d"), OUT)).getMessage());
    }

    @Test
    void sideBySideGivesMedianAndP95OfEachOperationAndWhatPostgresAdds(@TempDir final Path dir) throws Exception {
        final Map<StateBackend, JtlStats> mixes = new LinkedHashMap<>();
        mixes.put(StateBackend.IN_MEMORY, stats(dir.resolve("m.jtl"), 10));
        mixes.put(StateBackend.POSTGRES, stats(dir.resolve("p.jtl"), 12));
        final String md = TableScenario.sideBySide(mixes);
        // commit: 1..100 ms times the factor: p50 500 vs 600 ms, p95 950 vs 1140 ms, both +20 %
        assertTrue(md.contains("| commit | 100 | 500 | 950 | 600 | 1140 | +20 % | +20 % |"), md);
    }

    private static JtlStats stats(final Path file, final int factor) throws Exception {
        final List<String> lines = new ArrayList<>(List.of("timeStamp,elapsed,label,responseCode,responseMessage,"
            + "threadName,dataType,success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,"
            + "Connect"));
        for (int i = 1; i <= 100; i++) {
            lines.add((1000 + 10 * i) + "," + i * factor + ",commit,200,OK,t 1-1,text,true,,1,1,1,1,http://x/a,1,0,0");
        }
        return JtlStats.parse(Files.write(file, lines));
    }
}
