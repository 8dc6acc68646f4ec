package io.sextant.perf.run;

import io.sextant.perf.run.DeviceFleet.Device;
import io.sextant.perf.run.JtlStats.LabelStats;
import io.sextant.perf.run.Options.ControllerKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * {@code ladder}: adds devices in steps ({@code --step}, default 1,000) up to {@code --devices}
 * (default 47,000) and stops at the first step where mounting or latency fails, the way the 1999
 * backbone router test grew its routing table in fixed steps until the router stopped advertising
 * them all. A step fails when not every new device connects (no progress for three minutes), when
 * the controller dies, or when the latency probe after the step (PUT+GET through the mount points
 * of 200 random mounted devices, 5 threads) has errors or a p95 above {@code --max-p95} (default
 * {@link #MAX_P95_MS} ms). Before the first probe, one unrecorded probe warms the JIT up.
 */
final class LadderScenario implements Scenario {
    static final int MAX_P95_MS = 250;

    @Override
    public void run(final RunContext run, final RunSummary summary) throws Exception {
        final Options options = run.options();
        final int step = options.step().orElse(1_000);
        final int limit = options.devices().orElse(47_000);
        final int threads = options.threads().orElse(5);
        final int maxP95 = options.maxP95().orElse(MAX_P95_MS);
        summary.transport(options.transport()).fact("Latency limit (probe p95)", maxP95 + " ms");
        final Phases.Monitored c = Phases.controller(run, ControllerKind.KARAF, TableScenario.defaultHeap(limit, 0, 0));
        summary.controller(c.controller());
        final StringBuilder table = new StringBuilder("| step | devices | new connected | step mount [s] | heap after GC "
            + "[MiB] | RSS [MiB] | probe PUT p95 [ms] | probe GET p95 [ms] | probe errors | verdict |\n"
            + "|---|---|---|---|---|---|---|---|---|---|\n");
        final List<Device> mounted = new ArrayList<>();
        int reached = 0;
        String stop = "reached --devices " + limit;
        final long start = System.currentTimeMillis();
        for (int k = 1; mounted.size() < limit; k++) {
            final int size = Math.min(step, limit - mounted.size());
            final DeviceFleet fleet = DeviceFleet.start(run, mounted.size() + 1, size, options.transport(),
                options.devicesPerProcess().orElse(2_500), DeviceFleet.heapPerDeviceMib(0));
            final Phases.MountOutcome mount = Phases.mount(run, c.controller(), fleet, fleet.devices(),
                options.transport(), threads, "mount-step" + k, Duration.ofMinutes(3));
            summary.auxiliary(mount.requests());
            mounted.addAll(fleet.devices().subList(0, mount.connected()));
            final long heap = c.controller().isAlive() ? c.heapAfterFullGcKib() : -1;
            String verdict = "ok";
            LabelStats put = null;
            LabelStats get = null;
            long probeErrors = 0;
            if (!mount.complete()) {
                verdict = "mount failed: " + (mount.requested() - mount.connected()) + " not connected";
            } else {
                if (k == 1) {
                    summary.auxiliary(Phases.mountPointPutGet(run, c.controller(), sample(mounted, 200, 0), threads, 40,
                        "probe-warmup", false));
                }
                final JMeter.Result probe = Phases.mountPointPutGet(run, c.controller(), sample(mounted, 200, k),
                    threads, 40, "probe-step" + k, false);
                put = probe.stats().label("PUT interface (mount point)");
                get = probe.stats().label("GET interface (mount point)");
                probeErrors = probe.stats().total().errors();
                if (probeErrors > 0) {
                    verdict = "latency probe had " + probeErrors + " errors";
                } else if (put.p95() > maxP95 || get.p95() > maxP95) {
                    verdict = "latency p95 above " + maxP95 + " ms";
                }
            }
            table.append(String.format("| %d | %,d | %,d/%,d | %.1f | %s | %s | %s | %s | %d | %s |%n", k, mounted.size(),
                mount.connected(), mount.requested(), mount.millis() / 1000.0, heap < 0 ? "-" : Report.mibNumber(heap),
                Report.mibNumber(c.monitor().rssKib()), put == null ? "-" : put.p95(), get == null ? "-" : get.p95(),
                probeErrors, verdict));
            run.log("ladder step %d: %,d devices mounted, %s", k, mounted.size(), verdict);
            if (!verdict.equals("ok")) {
                stop = "step " + k + ": " + verdict;
                break;
            }
            reached = mounted.size();
        }
        final long end = System.currentTimeMillis();
        summary.scale(mounted.size(), 0, 0, threads);
        summary.resources(Math.round(c.monitor().peakCpu(start, end)), -1,
            c.controller().isAlive() ? c.heapAfterFullGcKib() : -1, c.monitor().peakRssKib(start, end));
        summary.fact("Largest step that passed", String.format("%,d devices", reached))
            .fact("Stopped because", stop)
            .section(table.toString());
    }

    private static List<Device> sample(final List<Device> devices, final int count, final long seed) {
        final List<Device> copy = new ArrayList<>(devices);
        Collections.shuffle(copy, new Random(seed));
        return copy.subList(0, Math.min(count, copy.size()));
    }
}
