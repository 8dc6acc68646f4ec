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
 * <p>Which layers it exercises is {@link SmokeScenario#READY}: today only RESTCONF on the
 * controller's own datastore; MOUNT and UNICONFIG are switched on there when those layers land.
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
        assertTrue(json.get("requests").getAsLong() >= 300, "a few hundred requests at least: " + json.get("requests"));
        assertTrue(json.get("heapAfterKib").getAsLong() > 0, "controller heap measured");
        assertTrue(json.get("peakCpuPercent").getAsLong() >= 0, "controller CPU sampled");
        for (var op : json.getAsJsonArray("operations")) {
            assertTrue(op.getAsJsonObject().get("count").getAsInt() > 0, "every operation sampled: " + op);
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
