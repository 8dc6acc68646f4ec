package io.sextant.perf.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The commit steps and database work of a phase, read from two scrapes of the controller's /metrics. */
class MetricsScrapeTest {
    private static final String BEFORE = """
        # HELP sextant_commit_phase_duration_seconds The steps of a commit
        # TYPE sextant_commit_phase_duration_seconds histogram
        sextant_commit_phase_duration_seconds_bucket{phase="devices",le="0.005"} 1
        sextant_commit_phase_duration_seconds_count{phase="devices"} 10
        sextant_commit_phase_duration_seconds_sum{phase="devices"} 0.1
        sextant_db_work_duration_seconds_count{kind="statement",outcome="ok"} 4
        sextant_db_work_duration_seconds_sum{kind="statement",outcome="ok"} 0.002
        sextant_restconf_request_duration_seconds_count{method="GET"} 7
        """;
    private static final String AFTER = """
        sextant_commit_phase_duration_seconds_count{phase="devices"} 30
        sextant_commit_phase_duration_seconds_sum{phase="devices"} 0.5
        sextant_commit_phase_duration_seconds_count{phase="apply"} 0
        sextant_commit_phase_duration_seconds_sum{phase="apply"} 0
        sextant_db_work_duration_seconds_count{kind="statement",outcome="ok"} 4
        sextant_db_work_duration_seconds_sum{kind="statement",outcome="ok"} 0.002
        sextant_restconf_request_duration_seconds_count{method="GET"} 9
        """;

    @Test
    void sumsAndCountsAreReadPerSeries() {
        final Map<String, double[]> series = MetricsScrape.parse(BEFORE);
        assertArrayEquals(new double[] {0.1, 10}, series.get("sextant_commit_phase_duration_seconds{phase=\"devices\"}"));
        assertEquals(2, series.size(), "buckets and other histograms are left out: " + series.keySet());
    }

    @Test
    void aPhaseGetsTheMeansOfWhatWasCountedDuringIt() {
        final MetricsScrape before = new MetricsScrape(MetricsScrape.parse(BEFORE));
        final MetricsScrape after = new MetricsScrape(MetricsScrape.parse(AFTER));
        // 20 device steps took 0.4 s: 20 ms each; the database series counted nothing new
        assertEquals(List.of("sextant_commit_phase_duration_seconds{phase=\"devices\"}: 20.00 ms mean (20)"),
            after.since(before));
    }
}
