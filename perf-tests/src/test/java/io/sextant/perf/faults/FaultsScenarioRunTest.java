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
 * The faults scenario at small scale: 20 commits across the mixed fleet (netconf-testtool,
 * netconfd, FRR over Telnet and SSH), each with one fault; 20 keeps it under two minutes, and
 * seed 7 puts rejected edits, which always fail their commit, among them. Asserts the invariants
 * the scenario checks through its own sessions after every commit (no partially applied network,
 * no device left locked or with uncommitted candidate changes, intent unchanged after a failed
 * commit, actual = intended after a successful one), and that every commit ran; never timing.
 */
class FaultsScenarioRunTest {

    @Test
    void commitsWithOneFaultEachLeaveEveryDeviceConsistent() throws Exception {
        final PerfHome home = PerfHome.locate();
        final Path out = home.target().resolve("faults-test");
        final List<String> args = List.of("faults", "--commits", "20", "--seed", "7", "--no-record", "--out",
            out.toString());
        final ScenarioMain.Outcome outcome = ScenarioMain.run(Options.parse(args, out), home);

        final Path dir = outcome.outputDir();
        final String summary = Files.readString(dir.resolve("summary.md"));
        assertTrue(outcome.passed(), "an invariant did not hold or the run failed:\n" + summary);
        final JsonObject json = JsonParser.parseString(Files.readString(dir.resolve("summary.json")))
            .getAsJsonObject();
        final JsonObject faults = json.getAsJsonObject("faults");
        assertEquals(20, faults.get("commits").getAsInt());
        assertEquals(20, faults.get("complete").getAsInt() + faults.get("failed").getAsInt());
        assertTrue(faults.get("failed").getAsInt() > 0, "the faults made commits fail: " + faults);
        // one line per commit in the log, after the header
        assertEquals(21, Files.readAllLines(dir.resolve("commits.tsv")).size());

        final String outDir = dir.toString();
        assertTrue(ProcessHandle.allProcesses().noneMatch(p -> p.info().arguments()
            .map(a -> String.join(" ", a).contains(outDir)).orElse(false)), "a process of the run still runs");
    }
}
