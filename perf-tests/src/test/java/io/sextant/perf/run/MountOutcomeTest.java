package io.sextant.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class MountOutcomeTest {
    private static final List<Phases.Progress> PROGRESS = List.of(new Phases.Progress(4_000, 0),
        new Phases.Progress(6_000, 60), new Phases.Progress(9_000, 97), new Phases.Progress(15_000, 98));

    private static JtlStats requests(final long firstStart, final int count) {
        final JtlStats.LabelStats total = JtlStats.LabelStats.of("TOTAL", new long[count], count, 0);
        return new JtlStats(List.of(), total, firstStart, firstStart + 100, List.of());
    }

    @Test
    void timeUntilConnectedIsTheFirstPollThatSawAtLeastThatManyDevices() {
        final Phases.MountOutcome outcome = new Phases.MountOutcome(100, 98, 2, 1_000_000, 300_000, 1000,
            requests(0, 0), PROGRESS);
        assertEquals(6_000, outcome.millisUntilConnected(50).getAsLong());
        assertEquals(9_000, outcome.millisUntilConnected(97).getAsLong());
        assertEquals(15_000, outcome.millisUntilConnected(98).getAsLong());
        assertTrue(outcome.millisUntilConnected(99).isEmpty());
        assertTrue(outcome.millisUntilConnected(100).isEmpty());
    }

    @Test
    void timeUntilConnectedCountsFromTheFirstMountRequestNotFromStartingJMeter() {
        // JMeter's JVM took 3 s to send its first request
        final Phases.MountOutcome outcome = new Phases.MountOutcome(100, 98, 2, 1_000_000, 300_000, 1000,
            requests(1_003_000, 100), PROGRESS);
        assertEquals(3_000, outcome.millisUntilConnected(50).getAsLong());
        assertEquals(12_000, outcome.millisUntilConnected(98).getAsLong());
    }
}
