package io.sextant.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SummaryJsonTest {
    private static final JsonMapper MAPPER = JsonMapper.builder()
        .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();
    private static final String AWKWARD = "say \"hi\" \\ \u0000\u0001\t\n\u001f caf\u00e9 \u4e2d \ud83d\ude00 <a href='x'>&";

    @Test
    void summaryParsesBackToTheFiguresGiven() throws Exception {
        final JtlStats.LabelStats put = new JtlStats.LabelStats(AWKWARD, 10, 1, 1, 2, 3, 4, 5, 6, 2.5, 2.25, 4.75);
        final Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("ratio", 1.25);
        figures.put("noRatio", Double.NaN);
        figures.put("absent", null);
        figures.put("perRun", Arrays.asList(1.0, null, AWKWARD));
        figures.put("counts", new int[] {3, 4});
        final RunSummary summary = new RunSummary("put-get", "./sextant perf put-get --grep 'a|b'")
            .measured(new JtlStats(List.of(put), put, 1_000, 11_000, List.of()))
            .fact(AWKWARD, AWKWARD)
            .data("figures", figures);

        final JsonNode json = MAPPER.readTree(Report.json(summary));
        assertEquals("put-get", json.get("scenario").textValue());
        assertEquals("./sextant perf put-get --grep 'a|b'", json.get("command").textValue());
        assertEquals(Runtime.getRuntime().availableProcessors(), json.get("machine").get("cores").intValue());
        assertFalse(json.has("failure"), "members without a value are left out");
        assertEquals(10, json.get("requests").longValue());
        assertEquals(10_000, json.get("durationMillis").longValue());
        final JsonNode operation = json.get("operations").get(0);
        assertEquals(AWKWARD, operation.get("label").textValue());
        assertEquals(4, operation.get("p95").longValue());
        assertEquals(4.75, operation.get("p95Interpolated").doubleValue());
        assertEquals(AWKWARD, json.get("facts").get(AWKWARD).textValue());
        final JsonNode scenario = json.get("figures");
        assertEquals(1.25, scenario.get("ratio").doubleValue());
        assertTrue(Double.isNaN(scenario.get("noRatio").doubleValue()), "NaN stays a number");
        assertFalse(scenario.has("absent"));
        assertEquals(MAPPER.createArrayNode().add(1.0).addNull().add(AWKWARD), scenario.get("perRun"));
        assertEquals(MAPPER.createArrayNode().add(3).add(4), scenario.get("counts"));
    }

    @Test
    void summaryIsPrintedOneMemberPerLine() {
        final String json = Report.json(new RunSummary("a1", "x"));
        assertTrue(json.startsWith("{\n  \"scenario\": \"a1\",\n"), json);
        assertTrue(json.contains("\n  \"controllerFlags\": [],\n"), json);
        assertTrue(json.endsWith("\n  \"dashboards\": []\n}"), json);
    }
}
