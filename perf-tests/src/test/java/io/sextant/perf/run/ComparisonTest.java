package io.sextant.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.perf.run.Comparison.ControllerRun;
import io.sextant.perf.run.Comparison.Distribution;
import io.sextant.perf.run.Comparison.Metric;
import io.sextant.perf.run.Comparison.Side;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ComparisonTest {
    private static ControllerRun run(final Side side, final int run, final Map<Metric, Double> values) {
        return new ControllerRun(side, run, side == Side.SEXTANT ? 1 : 2, values, Optional.empty());
    }

    /** Three runs: Sextant's PUT p95 10, 30, 20 ms against lighty.io's 40, 50, 60 ms. */
    private static Comparison threeRuns() {
        return new Comparison(List.of(
            run(Side.SEXTANT, 1, Map.of(Metric.PUT_P95, 10.0, Metric.ALL_CONNECTED, 12.5, Metric.NEVER_CONNECTED, 0.0)),
            run(Side.LIGHTY, 1, Map.of(Metric.PUT_P95, 40.0, Metric.ALL_CONNECTED, 25.0, Metric.NEVER_CONNECTED, 0.0)),
            run(Side.SEXTANT, 2, Map.of(Metric.PUT_P95, 30.0, Metric.ALL_CONNECTED, 10.0, Metric.NEVER_CONNECTED, 0.0)),
            run(Side.LIGHTY, 2, Map.of(Metric.PUT_P95, 50.0, Metric.NEVER_CONNECTED, 2.0)),
            run(Side.SEXTANT, 3, Map.of(Metric.PUT_P95, 20.0, Metric.ALL_CONNECTED, 11.0, Metric.NEVER_CONNECTED, 0.0)),
            run(Side.LIGHTY, 3, Map.of(Metric.PUT_P95, 60.0, Metric.ALL_CONNECTED, 20.0, Metric.NEVER_CONNECTED, 1.0))));
    }

    @Test
    void distributionGivesMinMedianAndMaxAndAveragesTheMiddleTwoOfAnEvenCount() {
        assertEquals(new Distribution(1, 2, 3, 3), Distribution.of(List.of(3.0, 1.0, 2.0)).orElseThrow());
        assertEquals(new Distribution(1, 2.5, 4, 4), Distribution.of(List.of(4.0, 1.0, 3.0, 2.0)).orElseThrow());
        assertEquals(Optional.empty(), Distribution.of(List.of()));
    }

    @Test
    void ratioDividesSextantsMedianByLightysAndPerRunRatiosPairRunsByNumber() {
        final Comparison comparison = threeRuns();
        assertEquals(20.0, comparison.distribution(Side.SEXTANT, Metric.PUT_P95).orElseThrow().median());
        assertEquals(50.0, comparison.distribution(Side.LIGHTY, Metric.PUT_P95).orElseThrow().median());
        assertEquals(0.4, comparison.ratioOfMedians(Metric.PUT_P95).getAsDouble(), 1e-9);
        // per run: 10/40, 30/50, 20/60
        final Distribution perRun = comparison.ratioPerRun(Metric.PUT_P95).orElseThrow();
        assertEquals(0.25, perRun.min(), 1e-9);
        assertEquals(1.0 / 3, perRun.median(), 1e-9);
        assertEquals(0.6, perRun.max(), 1e-9);
    }

    @Test
    void aFigureMissingInARunIsLeftOutOfItsDistributionAndOfThatRunsRatio() {
        final Comparison comparison = threeRuns();
        // lighty.io did not connect all devices in run 2: its all-connected time exists for runs 1 and 3 only
        assertEquals(new Distribution(20, 22.5, 25, 2),
            comparison.distribution(Side.LIGHTY, Metric.ALL_CONNECTED).orElseThrow());
        assertEquals(2, comparison.ratioPerRun(Metric.ALL_CONNECTED).orElseThrow().count());
        assertEquals(11.0 / 22.5, comparison.ratioOfMedians(Metric.ALL_CONNECTED).getAsDouble(), 1e-9);
    }

    @Test
    void countsGetDistributionsButNoRatio() {
        final Comparison comparison = threeRuns();
        assertEquals(1.0, comparison.distribution(Side.LIGHTY, Metric.NEVER_CONNECTED).orElseThrow().median());
        assertTrue(comparison.ratioOfMedians(Metric.NEVER_CONNECTED).isEmpty());
        assertTrue(comparison.ratioPerRun(Metric.NEVER_CONNECTED).isEmpty());
    }

    @Test
    void noRatioWhenLightysMedianIsZero() {
        final Comparison comparison = new Comparison(List.of(
            run(Side.SEXTANT, 1, Map.of(Metric.GET_P50, 1.0)), run(Side.LIGHTY, 1, Map.of(Metric.GET_P50, 0.0))));
        assertTrue(comparison.ratioOfMedians(Metric.GET_P50).isEmpty());
        assertTrue(comparison.ratioPerRun(Metric.GET_P50).isEmpty());
    }

    @Test
    void distributionTableShowsMedianRangeAndRatiosPerFigure() {
        final String table = threeRuns().distributionTable();
        assertTrue(table.contains("| PUT via mount point p95 [ms] | 20 (10-30) | 50 (40-60) | 0.40 | 0.33 (0.25-0.60) |"),
            table);
        assertTrue(table.contains("| Devices never connected | 0 (0-0) | 1 (0-2) | - | - |"), table);
        // a figure nobody measured is a row of dashes, not a missing row
        assertTrue(table.contains("| Heap after full GC, devices connected [MiB] | - | - | - | - |"), table);
    }

    @Test
    void perRunTableHasAColumnPerControllerRunInTheOrderTheyRan() {
        final String table = threeRuns().perRunTable();
        final String header = table.lines().findFirst().orElseThrow();
        assertEquals("| Figure | run 1 Sextant | run 1 lighty.io | run 2 Sextant | run 2 lighty.io | run 3 Sextant "
            + "| run 3 lighty.io |", header);
        assertTrue(table.contains("| All connected after first mount request [s] | 12.5 | 25.0 | 10.0 | - | 11.0 | 20.0 |"),
            table);
    }

    @Test
    void headlineCarriesMediansAndRatiosOfTheMainFigures() {
        final String headline = threeRuns().headline();
        assertTrue(headline.startsWith("Sextant vs lighty.io, medians of 3 run(s)"), headline);
        assertTrue(headline.contains("PUT p95 20 vs 50 ms (0.40)"), headline);
        assertTrue(headline.contains("never connected 0 vs 1"), headline);
        assertFalse(headline.contains("|"), headline);
    }

    @Test
    void failedControllerRunsAreListedAndKeepTheFiguresTheyReached() {
        final Comparison comparison = new Comparison(List.of(
            new ControllerRun(Side.LIGHTY, 2, 1, Map.of(Metric.STARTUP, 9.0), Optional.of("no RESTCONF within 300 s"))));
        assertEquals(List.of("run 2 lighty.io: no RESTCONF within 300 s"), comparison.failures());
        assertEquals(9.0, comparison.distribution(Side.LIGHTY, Metric.STARTUP).orElseThrow().median());
    }

    @Test
    void ninetyNinePercentRoundsUp() {
        assertEquals(990, CompareScenario.ninetyNinePercent(1000));
        assertEquals(20, CompareScenario.ninetyNinePercent(20));
        assertEquals(198, CompareScenario.ninetyNinePercent(200));
    }
}
