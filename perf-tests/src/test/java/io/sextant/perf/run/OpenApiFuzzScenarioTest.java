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
 * The fuzz-openapi scenario at small scale: schemathesis (from PyPI) generates requests from the
 * controller's own OpenAPI document for the OpenConfig interface and the UniConfig, snapshot and
 * transaction RPC operations, and the plain-Java controller answers every one without a 5xx,
 * without a Java rendering in an error body and within the timeout. The run over the whole
 * document is {@code ./sextant perf fuzz-openapi}, recorded in RESULTS.md.
 */
class OpenApiFuzzScenarioTest {
    static final String OPERATIONS = "^/data/openconfig-interfaces:interfaces/interface=\\{name\\}(/config)?$"
        + "|^/operations/(uniconfig|snapshot|transaction)-manager:";

    @Test
    void schemathesisFindsNoServerErrorJavaRenderingOrHangOnASubsetOfTheDocument() throws Exception {
        final PerfHome home = PerfHome.locate();
        final Path out = home.target().resolve("fuzz-openapi-test");
        final ScenarioMain.Outcome outcome = ScenarioMain.run(Options.parse(List.of("fuzz-openapi", "--requests",
            "10", "--threads", "2", "--seed", "3", "--operations", OPERATIONS, "--no-record", "--out",
            out.toString()), out), home);
        final String summary = Files.readString(outcome.outputDir().resolve("summary.md"));
        assertTrue(outcome.passed(), "fuzz-openapi failed:\n" + summary);
        final JsonObject json = JsonParser.parseString(Files.readString(outcome.outputDir().resolve("summary.json")))
            .getAsJsonObject().getAsJsonObject("fuzzOpenapi");
        // GET, PUT, PATCH, DELETE and POST on the entry and its config, and the RPCs
        assertTrue(json.get("operations").getAsInt() >= 20, summary);
        assertTrue(json.get("cases").getAsInt() >= json.get("operations").getAsInt(), summary);
        assertEquals(0, json.get("failures").getAsInt(), summary);
        assertEquals(0, json.get("networkErrors").getAsInt(), summary);
        assertTrue(json.get("controllerAlive").getAsBoolean(), summary);
    }

    @Test
    void theReportCountsFailingChecksAndNetworkErrorsButNotSchemathesisOwnErrors() throws Exception {
        final Path file = Files.createTempFile("schemathesis-report", ".json");
        Files.writeString(file, """
            {"operations":{"tested":13},"test_cases":{"generated":1526},
             "failures":[{"title":"Server error","count":2,"operations":["PUT /data/x"]},
                         {"title":"Custom check failed: `no_java_renderings`","count":1,"operations":["GET /data/y"]}],
             "errors":[{"title":"Runtime Error","count":1},{"title":"Network Error","count":3},
                       {"title":"Timeout Error","count":1}]}""");
        final OpenApiFuzzScenario.Report report = OpenApiFuzzScenario.Report.read(file, file);
        assertEquals(13, report.operations());
        assertEquals(1526, report.cases());
        assertEquals(3, report.failures());
        assertEquals(4, report.networkErrors());
        assertEquals("Runtime Error x1", report.otherErrors());
        assertTrue(report.failureTitles().contains("Server error x2"), report.failureTitles());
        Files.delete(file);
    }
}
