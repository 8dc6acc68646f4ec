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
 * The cli scenario end to end at toy scale: 10 simulated IOS devices in their own JVM, the
 * plain-Java controller, mount and sync over SSH, one commit per device with 2 clients, and the
 * scenario's own check of a sample of devices through independent SSH sessions. Asserts zero
 * errors, the change on the devices and a complete report, never timing.
 */
class CliScenarioRunTest {

    @Test
    void cliDevicesMountSyncAndTakeTheirCommits() throws Exception {
        final PerfHome home = PerfHome.locate();
        final Path out = home.target().resolve("cli-test");
        final List<String> args = List.of("cli", "--devices", "10", "--threads", "2", "--controller", "java",
            "--no-record", "--out", out.toString());
        final ScenarioMain.Outcome outcome = ScenarioMain.run(Options.parse(args, out), home);

        final Path dir = outcome.outputDir();
        final String summary = Files.readString(dir.resolve("summary.md"));
        assertTrue(outcome.passed(), "cli scenario failed or had errors:\n" + summary);

        final JsonObject json = JsonParser.parseString(Files.readString(dir.resolve("summary.json"))).getAsJsonObject();
        assertEquals(0, json.get("errors").getAsLong());
        assertEquals(10, json.get("devicesMounted").getAsInt());
        assertTrue(json.get("lines").getAsInt() > 100, "the synced OpenConfig of a CPE: " + json.get("lines"));
        final var operations = json.getAsJsonArray("operations");
        assertEquals(4, operations.size(), "PUT, calculate-diff, commit, GET: " + operations);
        for (var op : operations) {
            assertEquals(10, op.getAsJsonObject().get("count").getAsInt(), "once per device: " + op);
        }
        final JsonObject facts = json.getAsJsonObject("facts");
        assertEquals("10 of 10 (0 sync-failed)", facts.get("Synced into UniConfig").getAsString());
        assertTrue(facts.get("Verified on the devices (own SSH sessions)").getAsString().startsWith("10 of 10 "),
            facts.toString());
        assertTrue(Files.exists(dir.resolve("commit-dashboard/index.html")), "commit dashboard");

        // everything the run started is gone: controller and simulator
        final String outDir = dir.toString();
        assertTrue(ProcessHandle.allProcesses().noneMatch(p -> p.info().arguments()
            .map(a -> String.join(" ", a).contains(outDir)).orElse(false)), "a process of the run still runs");
    }
}
