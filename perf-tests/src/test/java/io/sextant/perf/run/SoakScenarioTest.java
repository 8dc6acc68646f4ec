package io.sextant.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The soak scenario at toy scale (10 devices, one minute at 10 requests/s, the plain-Java
 * assembly): it completes with no error and samples the controller each minute. Whether the
 * controller stays flat over an hour is what the full run in RESULTS.md measures, not this test.
 */
class SoakScenarioTest {

    @Test
    void aShortSoakRunsTheSteadyMixWithoutErrorsAndSamplesTheController() throws Exception {
        final PerfHome home = PerfHome.locate();
        final Path out = home.target().resolve("soak-test");
        final ScenarioMain.Outcome outcome = ScenarioMain.run(Options.parse(List.of("soak", "--devices", "10",
            "--minutes", "1", "--rate", "10", "--threads", "2", "--controller", "java", "--no-record", "--out",
            out.toString()), out), home);
        final String summary = Files.readString(outcome.outputDir().resolve("summary.md"));
        assertTrue(outcome.passed(), "soak failed or had errors:\n" + summary);
        final JsonObject json = JsonParser.parseString(Files.readString(outcome.outputDir()
            .resolve("summary.json"))).getAsJsonObject();
        assertEquals(0, json.get("errors").getAsLong());
        // the mix cycled: more requests than one pass over the 10 devices (80)
        assertTrue(json.get("requests").getAsLong() > 80, "requests: " + json.get("requests"));
        final long rows = summary.lines().filter(line -> line.matches("\\| \\d+ \\| .* \\| \\d+ \\|")).count();
        assertTrue(rows >= 2, "a sample at the start and at the end:\n" + summary);
    }

    @Test
    void theVerdictComparesTheEndWithTheReferenceMinute() {
        final List<SoakScenario.Sample> flat = List.of(new SoakScenario.Sample(0, 50_000, 80),
            new SoakScenario.Sample(10, 100_000, 100), new SoakScenario.Sample(60, 104_000, 102));
        assertTrue(SoakScenario.verdict(flat, 60, 0).contains("Flat, no errors."));
        final List<SoakScenario.Sample> growing = List.of(new SoakScenario.Sample(10, 100_000, 100),
            new SoakScenario.Sample(60, 106_000, 100));
        assertTrue(SoakScenario.verdict(growing, 60, 0).contains("NOT flat"));
        assertTrue(SoakScenario.verdict(flat, 60, 3).contains("NOT flat or with errors"));
        assertEquals(10, SoakScenario.referenceMinute(60));
        assertEquals(1, SoakScenario.referenceMinute(1));
    }
}
