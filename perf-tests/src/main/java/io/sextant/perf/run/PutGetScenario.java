package io.sextant.perf.run;

import io.sextant.perf.run.JtlStats.LabelStats;
import io.sextant.perf.run.Options.ControllerKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * {@code put-get}: latency of RESTCONF PUT and GET of a small subtree (one OpenConfig interface) in
 * the controller's own datastore, with 1 and 5 concurrent clients (or {@code --threads T}), on the
 * plain-Java assembly unless {@code --controller karaf}. One warm-up run, then {@code --runs}
 * measured runs per client count; the summary gives every run and the spread over runs. With
 * {@code --compare-security} it measures what TLS and NACM cost instead ({@link SecurityCostScenario}).
 */
final class PutGetScenario implements Scenario {
    private static final List<String> OPERATIONS = List.of("PUT interface", "GET interface");

    @Override
    public void run(final RunContext run, final RunSummary summary) throws Exception {
        final Options options = run.options();
        if (options.compareSecurity()) {
            new SecurityCostScenario().run(run, summary);
            return;
        }
        final List<Integer> clients = options.threads().map(List::of).orElse(List.of(1, 5));
        final int runs = options.runs().orElse(5);
        final int loops = options.loops().orElse(2_000);

        final Phases.Monitored c = Phases.controller(run, ControllerKind.JAVA, "1g");
        summary.controller(c.controller()).scale(0, 0, 0, clients.get(clients.size() - 1));
        final long heapBefore = c.heapAfterFullGcKib();
        final long measureStart = System.currentTimeMillis();

        final int maxClients = clients.stream().max(Integer::compare).orElseThrow();
        run.log("put-get: warm-up, %d clients x %d PUT+GET", maxClients, loops);
        summary.auxiliary(Phases.datastorePutGet(run, c.controller(), maxClients, loops, "warmup", false));

        final StringBuilder table = new StringBuilder("Every measured run [ms]:\n\n"
            + "| clients | run | requests | req/s | PUT p50 | PUT p95 | PUT p99 | PUT max | GET p50 | GET p95 | GET p99 "
            + "| GET max | errors |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        final StringBuilder spread = new StringBuilder("Spread over the " + runs + " runs (median, min-max of the "
            + "per-run figure) [ms]:\n\n| clients | PUT p50 | PUT p95 | GET p50 | GET p95 | req/s |\n"
            + "|---|---|---|---|---|---|\n");
        for (int threads : clients) {
            final List<JtlStats> results = new ArrayList<>();
            for (int r = 1; r <= runs; r++) {
                final JMeter.Result result = Phases.datastorePutGet(run, c.controller(), threads, loops,
                    "t" + threads + "-run" + r, r == runs);
                summary.measured(result);
                final JtlStats stats = result.stats();
                results.add(stats);
                final LabelStats put = stats.label(OPERATIONS.get(0));
                final LabelStats get = stats.label(OPERATIONS.get(1));
                table.append(String.format("| %d | %d | %d | %.0f | %d | %d | %d | %d | %d | %d | %d | %d | %d |%n",
                    threads, r, stats.total().count(), stats.throughput(), put.p50(), put.p95(), put.p99(), put.max(),
                    get.p50(), get.p95(), get.p99(), get.max(), stats.total().errors()));
            }
            spread.append("| ").append(threads).append(" | ")
                .append(range(results, s -> s.label(OPERATIONS.get(0)).p50())).append(" | ")
                .append(range(results, s -> s.label(OPERATIONS.get(0)).p95())).append(" | ")
                .append(range(results, s -> s.label(OPERATIONS.get(1)).p50())).append(" | ")
                .append(range(results, s -> s.label(OPERATIONS.get(1)).p95())).append(" | ")
                .append(range(results, s -> Math.round(s.throughput()))).append(" |\n");
            summary.fact(threads + " client(s): PUT p95 / GET p95 [ms], median of runs",
                median(results, s -> s.label(OPERATIONS.get(0)).p95()) + " / "
                    + median(results, s -> s.label(OPERATIONS.get(1)).p95()));
        }
        final long measureEnd = System.currentTimeMillis();
        final long heapAfter = c.heapAfterFullGcKib();
        summary.resources(Math.round(c.monitor().peakCpu(measureStart, measureEnd)), heapBefore, heapAfter,
            c.monitor().peakRssKib(measureStart, measureEnd));
        summary.fact("Loops per client per run", Integer.toString(loops))
            .fact("Warm-up", "one run of " + maxClients + " clients x " + loops + " PUT+GET, not counted")
            .fact("Controller mean CPU while measuring", Math.round(c.monitor().meanCpu(measureStart, measureEnd)) + " %")
            .fact("Reference (brief, 80 cores, through UniConfig)", "PUT p95 19 ms, GET p95 24 ms");
        summary.section(spread.toString()).section(table.toString());
    }

    private static String range(final List<JtlStats> runs, final ToLongFunction<JtlStats> figure) {
        final long[] values = runs.stream().mapToLong(figure).sorted().toArray();
        return values[values.length / 2] + " (" + values[0] + "-" + values[values.length - 1] + ")";
    }

    private static long median(final List<JtlStats> runs, final ToLongFunction<JtlStats> figure) {
        final long[] values = runs.stream().mapToLong(figure).toArray();
        Arrays.sort(values);
        return values[values.length / 2];
    }
}
