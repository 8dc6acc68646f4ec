package io.sextant.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.perf.run.JtlStats.LabelStats;
import io.sextant.perf.run.SecurityComparison.Pair;
import io.sextant.perf.run.SecurityComparison.Variant;
import io.sextant.perf.run.SecurityComparison.VariantRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class SecurityComparisonTest {
    private static final Path OUT = Path.of("/tmp/perf-out");

    /** Whole-ms samples: {@code atTwo} of 100 requests at 2 ms, the rest at 3 ms. */
    private static LabelStats latency(final String label, final int atTwo) {
        final long[] samples = new long[100];
        Arrays.fill(samples, 0, atTwo, 2);
        Arrays.fill(samples, atTwo, 100, 3);
        return LabelStats.of(label, samples, samples.length, 0);
    }

    private static VariantRun run(final Variant variant, final int round, final int putAtTwo, final int getAtTwo) {
        return new VariantRun(variant, 5, round, 1, latency("PUT interface", putAtTwo),
            latency("GET interface", getAtTwo), 1000, 0, 50);
    }

    @Test
    void eachRoundRunsEveryVariantOnceStartingOneFurtherOn() {
        assertEquals(List.of(Variant.PLAIN, Variant.PLAIN_UNAUDITED, Variant.TLS, Variant.TLS_NACM_ADMIN,
            Variant.TLS_NACM_USER), SecurityComparison.order(1));
        assertEquals(List.of(Variant.PLAIN_UNAUDITED, Variant.TLS, Variant.TLS_NACM_ADMIN, Variant.TLS_NACM_USER,
            Variant.PLAIN), SecurityComparison.order(2));
        assertEquals(SecurityComparison.order(1), SecurityComparison.order(6));
        for (int round = 1; round <= 5; round++) {
            assertEquals(Variant.values().length, SecurityComparison.order(round).stream().distinct().count());
        }
    }

    @Test
    void nacmWithinTenPercentWhenTheMedianInterpolatedP95OfNacmOnOverOffIsAtMost1Point1() {
        // per run: TLS PUT p95 (interp.) 3.0 (90 of 100 at 2 ms); NACM admin the same; the restricted user 3.25
        final List<VariantRun> runs = new ArrayList<>();
        for (int round = 1; round <= 3; round++) {
            runs.add(run(Variant.PLAIN, round, 95, 95));
            runs.add(run(Variant.TLS, round, 90, 90));
            runs.add(run(Variant.TLS_NACM_ADMIN, round, 90, 90));
            runs.add(run(Variant.TLS_NACM_USER, round, 80, 90));
        }
        final SecurityComparison within = new SecurityComparison(runs);
        final Pair userOverTls = SecurityComparison.PAIRS.get(3);
        assertEquals(Variant.TLS_NACM_USER, userOverTls.numerator());
        assertEquals(3.25 / 3.0, within.ratioOfMedians(5, userOverTls, r -> r.put().p95Interpolated()), 1e-9);
        // the secured default against plain: 3.25 / 2.5
        assertEquals(1.3, within.ratioOfMedians(5, SecurityComparison.PAIRS.get(0), r -> r.put().p95Interpolated()),
            1e-9);
        assertTrue(within.nacmWithinLimit(), within.verdict());
        assertTrue(within.verdict().startsWith("holds"), within.verdict());
        assertTrue(within.verdict().contains("5 client(s), restricted user, PUT +8 %"), within.verdict());

        // the restricted user's GET: 100 of 100 at 3 ms (3.45) against 3.0 is +15 %
        runs.replaceAll(r -> r.variant() == Variant.TLS_NACM_USER ? run(Variant.TLS_NACM_USER, r.round(), 80, 0) : r);
        final SecurityComparison beyond = new SecurityComparison(runs);
        assertFalse(beyond.nacmWithinLimit());
        assertTrue(beyond.verdict().startsWith("does NOT hold"), beyond.verdict());
        assertTrue(beyond.headline().endsWith("NACM <= +10 % does NOT hold"), beyond.headline());
    }

    @Test
    void roundRatiosPairTheVariantsOfTheSameRound() {
        final SecurityComparison comparison = new SecurityComparison(List.of(
            run(Variant.PLAIN, 1, 95, 95), run(Variant.TLS, 1, 90, 90),
            run(Variant.PLAIN, 2, 90, 90), run(Variant.TLS, 2, 90, 90)));
        final double[] ratios = comparison.roundRatios(5, SecurityComparison.PAIRS.get(2), r -> r.put().p95Interpolated());
        assertEquals(2, ratios.length);
        assertEquals(3.0 / 2.5, ratios[0], 1e-9);
        assertEquals(1.0, ratios[1], 1e-9);
        // the NACM variants did not run: no ratio, and no verdict that NACM is within the limit
        assertFalse(comparison.nacmWithinLimit());
        assertTrue(comparison.ratioTable().contains("| 5 | NACM, admin: on / off (same process, HTTPS) | - |"),
            comparison.ratioTable());
    }

    @Test
    void theSummaryJsonCarriesEveryRunAndTheVerdict() {
        final SecurityComparison comparison = new SecurityComparison(List.of(run(Variant.TLS, 1, 90, 90),
            run(Variant.TLS_NACM_ADMIN, 1, 90, 90), run(Variant.TLS_NACM_USER, 1, 90, 90)));
        final JsonObject json = JsonParser.parseString(Report.json(new RunSummary("put-get", "x")
            .data("compareSecurity", comparison.json()))).getAsJsonObject().getAsJsonObject("compareSecurity");
        final JsonArray runs = json.getAsJsonArray("runs");
        assertEquals(3, runs.size());
        assertEquals("tls-nacm-user", runs.get(2).getAsJsonObject().get("variant").getAsString());
        assertEquals(3.0, runs.get(0).getAsJsonObject().getAsJsonObject("put").get("p95Interpolated").getAsDouble(),
            1e-9);
        assertTrue(json.get("nacmWithinLimit").getAsBoolean());
    }

    @Test
    void compareSecurityIsAnOptionOfPutGetOnly() {
        assertTrue(Options.parse(List.of("put-get", "--compare-security", "--runs", "3"), OUT).compareSecurity());
        assertFalse(Options.parse(List.of("put-get"), OUT).compareSecurity());
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> Options.parse(List.of("A1", "--compare-security"), OUT));
        assertEquals("--compare-security goes with put-get", e.getMessage());
    }
}
