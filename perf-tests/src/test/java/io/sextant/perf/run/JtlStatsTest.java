package io.sextant.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JtlStatsTest {
    private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,"
        + "success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect";

    @Test
    void percentilesAreNearestRankPerLabelAndTheSpanCoversFirstStartToLastEnd(@TempDir final Path dir)
            throws Exception {
        final List<String> lines = new ArrayList<>(List.of(HEADER));
        for (int i = 1; i <= 100; i++) {
            // PUT takes i ms, GET 2*i ms; request i starts at 1000 + 10*i
            lines.add((1000 + 10 * i) + "," + i + ",PUT interface,201,Created,t 1-1,,true,,1,1,1,1,http://x/a,1,0,0");
            lines.add((1005 + 10 * i) + "," + 2 * i + ",GET interface,200,OK,t 1-1,text,true,,1,1,1,1,http://x/a,1,0,0");
        }
        final Path jtl = Files.write(dir.resolve("r.jtl"), lines);
        final JtlStats stats = JtlStats.parse(jtl);

        assertEquals(List.of("PUT interface", "GET interface"), stats.labels().stream().map(JtlStats.LabelStats::label)
            .toList());
        final JtlStats.LabelStats put = stats.label("PUT interface");
        assertEquals(100, put.count());
        assertEquals(50, put.p50());
        assertEquals(95, put.p95());
        assertEquals(99, put.p99());
        assertEquals(100, put.max());
        assertEquals(190, stats.label("GET interface").p95());
        assertEquals(200, stats.total().count());
        assertEquals(1010, stats.firstStart());
        assertEquals(2005 + 200, stats.lastEnd());
    }

    @Test
    void failedSamplesWithQuotedCommasInTheirMessageCountAsErrors(@TempDir final Path dir) throws Exception {
        final Path jtl = Files.write(dir.resolve("r.jtl"), List.of(HEADER,
            "1000,5,commit,500,Server Error,t 1-1,text,false,\"Test failed: text expected to contain /a, \"\"b\"\"/\","
                + "1,1,1,1,http://x/rpc,1,0,0",
            "1010,7,commit,200,OK,t 1-1,text,true,,1,1,1,1,http://x/rpc,1,0,0"));
        final JtlStats stats = JtlStats.parse(jtl);
        assertEquals(1, stats.label("commit").errors());
        assertEquals(2, stats.label("commit").count());
        assertEquals(List.of("commit 500 http://x/rpc Test failed: text expected to contain /a, \"b\"/"),
            stats.firstErrors());
    }

    @Test
    void windowsKeepOnlyTheSamplesThatStartedInsideThem(@TempDir final Path dir) throws Exception {
        final List<String> lines = new ArrayList<>(List.of(HEADER));
        for (int i = 0; i < 100; i++) {
            // one commit every 10 ms from 1000 on; those from 1500 on take 10 times longer
            lines.add((1000 + 10 * i) + "," + (i < 50 ? 2 : 20) + ",commit,200,OK,t 1-1,text,true,,1,1,1,1,http://x/c,1,0,0");
        }
        final Path jtl = Files.write(dir.resolve("r.jtl"), lines);
        final JtlStats calm = JtlStats.windows(jtl, List.of(new JtlStats.Window(1000, 1200),
            new JtlStats.Window(1300, 1500)));
        assertEquals(40, calm.label("commit").count());
        assertEquals(2, calm.label("commit").max());
        final JtlStats busy = JtlStats.windows(jtl, List.of(new JtlStats.Window(1500, 2000)));
        assertEquals(50, busy.label("commit").count());
        assertEquals(20, busy.label("commit").p95());
        assertEquals(1500, busy.firstStart());
    }

    @Test
    void theInterpolatedP95MovesWithTheShareOfSamplesInEachMillisecondWhereTheNearestRankCannot() {
        // 95 of 100 requests at 2 ms and 5 at 3 ms, then 90/10, then 80/20: nearest rank says 2, 3, 3
        assertEquals(2.5, JtlStats.LabelStats.interpolated(samples(95, 2, 5, 3), 95), 1e-9);
        assertEquals(3.0, JtlStats.LabelStats.interpolated(samples(90, 2, 10, 3), 95), 1e-9);
        assertEquals(3.25, JtlStats.LabelStats.interpolated(samples(80, 2, 20, 3), 95), 1e-9);
        assertEquals(3, stats(samples(90, 2, 10, 3)).p95());
        assertEquals(3, stats(samples(80, 2, 20, 3)).p95());
        assertEquals(3.25, stats(samples(80, 2, 20, 3)).p95Interpolated(), 1e-9);
        // the median the same way: 50 of the 80 samples at 2 ms are needed
        assertEquals(2, stats(samples(80, 2, 20, 3)).p50());
        assertEquals(1.5 + 50.0 / 80, stats(samples(80, 2, 20, 3)).p50Interpolated(), 1e-9);
        // evenly spread over 1..100 ms: 94 samples below 95 ms, 95 at or below it
        final long[] spread = new long[100];
        for (int i = 0; i < 100; i++) {
            spread[i] = i + 1;
        }
        assertEquals(95.5, JtlStats.LabelStats.interpolated(spread, 95), 1e-9);
        // never below zero, nothing for no samples
        assertEquals(0.45, JtlStats.LabelStats.interpolated(samples(100, 0, 0, 0), 95), 1e-9);
        assertEquals(0, JtlStats.LabelStats.interpolated(new long[0], 95), 1e-9);
    }

    private static long[] samples(final int countA, final long valueA, final int countB, final long valueB) {
        final long[] values = new long[countA + countB];
        Arrays.fill(values, 0, countA, valueA);
        Arrays.fill(values, countA, values.length, valueB);
        return values;
    }

    private static JtlStats.LabelStats stats(final long[] values) {
        return JtlStats.LabelStats.of("x", values, values.length, 0);
    }
}
