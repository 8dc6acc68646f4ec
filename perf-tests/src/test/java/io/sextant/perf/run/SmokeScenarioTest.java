package io.sextant.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Runs the smoke scenario end to end (real controller process, real JMeter, real devices once the
 * MOUNT layer is enabled) so that the benchmark harness cannot rot unnoticed. Asserts zero errors
 * and a complete report, never timing.
 *
 * <p>It exercises every layer ({@link SmokeScenario#READY}): RESTCONF on the controller's own
 * datastore, 20 simulated devices mounted with PUT/GET through their mount points, their
 * configurations seeded and synced, and the UniConfig request mix (PUTs, calculate-diff, commit,
 * GETs) on each of them.
 */
class SmokeScenarioTest {

    @Test
    void smokeScenarioCompletesWithoutErrorsAndWritesACompleteReport() throws Exception {
        final PerfHome home = PerfHome.locate();
        final Path out = home.target().resolve("smoke-test");
        final List<String> args = new ArrayList<>(List.of("smoke", "--no-record", "--out", out.toString()));
        final ScenarioMain.Outcome outcome = ScenarioMain.run(Options.parse(args, out), home);

        final Path dir = outcome.outputDir();
        final String summary = Files.readString(dir.resolve("summary.md"));
        assertTrue(outcome.passed(), "smoke scenario failed or had errors:\n" + summary);
        assertTrue(summary.contains("complete, 0 errors"), summary);

        final JsonObject json = JsonParser.parseString(Files.readString(dir.resolve("summary.json"))).getAsJsonObject();
        assertEquals(0, json.get("errors").getAsLong());
        assertTrue(json.get("requests").getAsLong() >= 160, "the request mix, 8 per device: " + json.get("requests"));
        assertEquals(20, json.get("devicesMounted").getAsInt());
        assertEquals(20, json.get("devicesConfigured").getAsInt());
        assertTrue(json.get("heapAfterKib").getAsLong() > 0, "controller heap measured");
        assertTrue(json.get("peakCpuPercent").getAsLong() >= 0, "controller CPU sampled");
        final var operations = json.getAsJsonArray("operations");
        assertEquals(Reference.OPERATIONS.size(), operations.size(), "the eight operations of the mix: " + operations);
        for (var op : operations) {
            assertEquals(20, op.getAsJsonObject().get("count").getAsInt(), "every operation once per device: " + op);
        }

        // one JMeter HTML dashboard per measured plan, each with its index page and statistics
        final List<Path> dashboards;
        try (Stream<Path> list = Files.list(dir)) {
            dashboards = list.filter(p -> p.getFileName().toString().endsWith("-dashboard")).toList();
        }
        assertEquals(json.getAsJsonArray("dashboards").size(), dashboards.size());
        assertTrue(!dashboards.isEmpty(), "at least one dashboard");
        for (Path dashboard : dashboards) {
            assertTrue(Files.exists(dashboard.resolve("index.html")), dashboard + " has no index.html");
            assertTrue(Files.size(dashboard.resolve("statistics.json")) > 0, dashboard + " has no statistics");
        }

        // everything the run started is gone: no controller JVM left with this run's data directory
        final String dataDir = dir.resolve("controller-data").toString();
        assertTrue(ProcessHandle.allProcesses().noneMatch(p -> p.info().arguments()
            .map(a -> String.join(" ", a).contains(dataDir)).orElse(false)), "controller still running");
    }
}
