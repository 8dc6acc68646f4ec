package io.sextant.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.perf.fuzz.FuzzGenerator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fuzz scenario at small scale (500 hostile requests, 8 connections, the plain-Java
 * controller in its own process), asserting its invariants, never timing: every request answered
 * (no 5xx, no dropped connection, none unanswered), every 4xx with an RFC 8040 errors body free
 * of Java renderings, nothing wrong accepted, the datastore unchanged, the canary file named by
 * external entities never shown.
 */
class FuzzScenarioTest {

    @Test
    void fiveHundredHostileRequestsLeaveEveryInvariantIntact() throws Exception {
        final PerfHome home = PerfHome.locate();
        final Path out = home.target().resolve("fuzz-test");
        final ScenarioMain.Outcome outcome = ScenarioMain.run(Options.parse(List.of("fuzz", "--requests", "500",
            "--threads", "8", "--seed", "7", "--no-record", "--out", out.toString()), out), home);

        final String summary = Files.readString(outcome.outputDir().resolve("summary.md"));
        assertTrue(outcome.passed(), "fuzz invariants broken:\n" + summary);
        final JsonObject json = JsonParser.parseString(Files.readString(outcome.outputDir().resolve("summary.json")))
            .getAsJsonObject();
        final JsonObject fuzz = json.getAsJsonObject("fuzz");
        assertEquals(500, fuzz.get("sent").getAsInt(), summary);
        assertEquals(0, fuzz.get("findings").getAsInt(), summary);
        assertTrue(fuzz.get("datastoreUnchanged").getAsBoolean(), summary);
        assertTrue(!fuzz.get("canaryStored").getAsBoolean(), summary);
        assertTrue(fuzz.get("controllerAlive").getAsBoolean(), summary);
        for (String category : FuzzGenerator.CATEGORIES) {
            assertTrue(summary.contains("| " + category + " |"), "every category was sent: " + category);
        }
    }
}
