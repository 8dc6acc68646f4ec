package io.sextant.perf.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.perf.run.Options;
import io.sextant.perf.run.PerfHome;
import io.sextant.perf.run.ScenarioMain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One churn cycle at small scale: six test-tool devices, one quiet and one churn phase with two
 * flaps of one device each, under the steady commit load on the four stable ones. Asserts no
 * error on the stable devices and every flapped device connected and in sync again; never timing.
 */
class ChurnScenarioRunTest {

    @Test
    void flappedDevicesComeBackInSyncAndStableDevicesSeeNoErrors() throws Exception {
        final PerfHome home = PerfHome.locate();
        final Path out = home.target().resolve("churn-test");
        final List<String> args = List.of("churn", "--devices", "6", "--threads", "2", "--runs", "1",
            "--flap-interval", "10", "--no-record", "--out", out.toString());
        final ScenarioMain.Outcome outcome = ScenarioMain.run(Options.parse(args, out), home);

        final Path dir = outcome.outputDir();
        final String summary = Files.readString(dir.resolve("summary.md"));
        assertTrue(outcome.passed(), "errors on stable devices, or a flapped device never came back:\n" + summary);
        final JsonObject churn = JsonParser.parseString(Files.readString(dir.resolve("summary.json")))
            .getAsJsonObject().getAsJsonObject("churn");
        assertEquals(0, churn.get("stableErrors").getAsLong());
        final var recoveries = churn.getAsJsonArray("recoveries");
        assertEquals(2, recoveries.size(), "two flaps of one device each: " + recoveries);
        for (var recovery : recoveries) {
            assertTrue(recovery.getAsJsonObject().get("inSyncMillis").getAsLong() >= 0, recovery.toString());
        }
        assertTrue(churn.get("commitsPerSecondWith").getAsDouble() > 0, "the load ran in the churn phase");

        final String outDir = dir.toString();
        assertTrue(ProcessHandle.allProcesses().noneMatch(p -> p.info().arguments()
            .map(a -> String.join(" ", a).contains(outDir)).orElse(false)), "a process of the run still runs");
    }
}
