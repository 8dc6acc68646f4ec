package io.sextant.perf.run;

import io.sextant.perf.run.DeviceFleet.Device;
import io.sextant.perf.run.Options.ControllerKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * {@code soak}: the A1 request mix at a steady rate for {@code --minutes} (60), to see whether
 * the controller stays flat. Devices are mounted and seeded as in A1; then one JMeter run cycles
 * over the configured devices (two alternating sets of values, so every pass changes them again)
 * paced to {@code --rate} requests per second. Once a minute the controller's heap after a full
 * GC and its live threads are sampled. The verdict compares the last sample with the one at
 * minute 10 (or a third of the run, for short runs): at most 5 % growth of each, and no error.
 */
final class SoakScenario implements Scenario {
    /** Growth allowed from the reference minute to the end. */
    static final double FLAT = 0.05;

    /** One sample of the controller. */
    record Sample(int minute, long heapKib, long threads) {
    }

    @Override
    public void run(final RunContext run, final RunSummary summary) throws Exception {
        final Options options = run.options();
        final int devices = options.devices().orElse(200);
        final int configured = Math.min(devices, options.configured().orElse(devices));
        final int threads = options.threads().orElse(5);
        final int minutes = options.minutes().orElse(60);
        final int rate = options.rate().orElse(40);
        summary.scale(devices, configured, 1_000, threads).transport(options.transport());
        summary.fact("Steady load", String.format("%d minutes at %d requests/s (the A1 mix, cycling over %,d"
            + " devices)", minutes, rate, configured));

        final DeviceFleet fleet = DeviceFleet.start(run, 1, devices, options.transport(), 2_500,
            DeviceFleet.heapPerDeviceMib(1_000));
        final Phases.Monitored c = Phases.controller(run, ControllerKind.KARAF, "2g");
        summary.controller(c.controller());
        final Phases.MountOutcome mount = Phases.mount(run, c.controller(), fleet, fleet.devices(),
            options.transport(), Math.max(threads, 5), "mount", Duration.ofMinutes(3));
        summary.auxiliary(mount.requests());
        if (!mount.complete()) {
            summary.errors(mount.requested() - mount.connected());
            throw new IOException((mount.requested() - mount.connected()) + " devices did not connect");
        }
        final List<Device> targets = fleet.devices().subList(0, configured);
        final JMeter.Result seed = Phases.seed(run, c.controller(), targets, 1_000, threads, "seed");
        summary.auxiliary(seed);
        if (seed.stats().total().errors() > 0) {
            throw new IOException("seeding failed with " + seed.stats().total().errors() + " errors");
        }

        final List<Sample> samples = new ArrayList<>();
        samples.add(sample(c, 0));
        final ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
        final long start = System.nanoTime();
        sampler.scheduleAtFixedRate(() -> {
            final int minute = (int) Math.round((System.nanoTime() - start) / 60e9);
            try {
                final Sample sample = sample(c, minute);
                synchronized (samples) {
                    samples.add(sample);
                }
                run.log("soak: minute %d, heap after full GC %s, %d threads", minute, Report.mib(sample.heapKib()),
                    sample.threads());
            } catch (IOException | InterruptedException e) {
                run.log("soak: minute %d not sampled: %s", minute, e.getMessage());
            }
        }, 1, 1, TimeUnit.MINUTES);
        final JMeter.Result mix;
        try {
            mix = JMeter.run(run, steadyPlan(run), "soak", Map.of(
                "host", "127.0.0.1", "port", Integer.toString(c.controller().port()),
                "mix", Workload.mix(run.outputDir().resolve("soak.csv"), targets, 2, options.seed()).toString(),
                "threads", Integer.toString(threads), "duration", Integer.toString(minutes * 60),
                "perMinute", Integer.toString(rate * 60)), (long) rate * 60 * minutes, true);
        } finally {
            sampler.shutdownNow();
            sampler.awaitTermination(3, TimeUnit.MINUTES);
        }
        final List<Sample> all;
        synchronized (samples) {
            samples.add(sample(c, minutes));
            all = List.copyOf(samples);
        }
        summary.measured(mix);
        summary.section(verdict(all, minutes, mix.stats().total().errors()));
        summary.resources(Math.round(c.monitor().peakCpu(mix.startMillis(), mix.endMillis())), all.get(0).heapKib(),
            all.get(all.size() - 1).heapKib(), c.monitor().peakRssKib(mix.startMillis(), mix.endMillis()));
    }

    private static Sample sample(final Phases.Monitored c, final int minute) throws IOException,
            InterruptedException {
        return new Sample(minute, c.heapAfterFullGcKib(), c.monitor().threads());
    }

    /** The minute growth is measured from: 10, or a third of a short run. */
    static int referenceMinute(final int minutes) {
        return Math.min(10, Math.max(1, minutes / 3));
    }

    /** The samples as a table, and whether heap and threads stayed flat from the reference minute on. */
    static String verdict(final List<Sample> samples, final int minutes, final long errors) {
        final int from = referenceMinute(minutes);
        final Sample reference = samples.stream().filter(s -> s.minute() >= from).findFirst()
            .orElse(samples.get(0));
        final Sample last = samples.get(samples.size() - 1);
        final double heapGrowth = growth(reference.heapKib(), last.heapKib());
        final double threadGrowth = growth(reference.threads(), last.threads());
        final boolean flat = heapGrowth <= FLAT && threadGrowth <= FLAT;
        final StringBuilder md = new StringBuilder("### Soak: heap after full GC and threads, minute by minute\n\n"
            + "| minute | heap after full GC | threads |\n| ---: | ---: | ---: |\n");
        for (Sample sample : samples) {
            md.append(String.format("| %d | %s | %d |%n", sample.minute(), Report.mib(sample.heapKib()),
                sample.threads()));
        }
        md.append(String.format("%nFrom minute %d to minute %d: heap %+.1f %%, threads %+.1f %% (at most %+.0f %% "
            + "each allowed); %d errors. **%s**%n", reference.minute(), last.minute(), heapGrowth * 100,
            threadGrowth * 100, FLAT * 100, errors, flat && errors == 0 ? "Flat, no errors."
                : "NOT flat or with errors: see above."));
        return md.toString();
    }

    private static double growth(final long from, final long to) {
        return from <= 0 ? 0 : (to - from) / (double) from;
    }

    /**
     * The A1 mix plan made steady: the thread group runs for {@code duration} seconds, the device
     * rows are read again and again, and a constant throughput timer paces every request to
     * {@code perMinute} per minute across all threads. Derived from uniconfig-mix.jmx so that both
     * always send the same requests.
     */
    static Path steadyPlan(final RunContext run) throws IOException {
        String plan = Files.readString(pacedPlan(run), StandardCharsets.UTF_8);
        plan = replace(plan, "<boolProp name=\"ThreadGroup.scheduler\">false</boolProp>",
            "<boolProp name=\"ThreadGroup.scheduler\">true</boolProp>");
        plan = replace(plan, "<stringProp name=\"ThreadGroup.duration\"></stringProp>",
            "<stringProp name=\"ThreadGroup.duration\">${__P(duration)}</stringProp>");
        plan = replace(plan, "<boolProp name=\"recycle\">false</boolProp>", "<boolProp name=\"recycle\">true</boolProp>");
        plan = replace(plan, "<boolProp name=\"stopThread\">true</boolProp>",
            "<boolProp name=\"stopThread\">false</boolProp>");
        final Path file = run.outputDir().resolve("uniconfig-soak.jmx");
        Files.writeString(file, plan, StandardCharsets.UTF_8);
        return file;
    }

    /**
     * uniconfig-mix.jmx with a constant throughput timer that paces every request to
     * {@code perMinute} per minute across all threads (the A, B and C scenarios' {@code --rate}):
     * the same requests, each pass over the CSV once.
     */
    static Path pacedPlan(final RunContext run) throws IOException {
        String plan = Files.readString(run.home().plan("uniconfig-mix.jmx"), StandardCharsets.UTF_8);
        plan = replace(plan, "        </CSVDataSet>\n        <hashTree/>\n", "        </CSVDataSet>\n        <hashTree/>\n"
            + "        <ConstantThroughputTimer guiclass=\"TestBeanGUI\" testclass=\"ConstantThroughputTimer\""
            + " testname=\"steady rate\" enabled=\"true\">\n"
            + "          <intProp name=\"calcMode\">4</intProp>\n"
            + "          <stringProp name=\"throughput\">${__P(perMinute)}</stringProp>\n"
            + "        </ConstantThroughputTimer>\n        <hashTree/>\n");
        final Path file = run.outputDir().resolve("uniconfig-paced.jmx");
        Files.writeString(file, plan, StandardCharsets.UTF_8);
        return file;
    }

    private static String replace(final String plan, final String from, final String to) {
        if (!plan.contains(from)) {
            throw new IllegalStateException("uniconfig-mix.jmx changed: no '" + from + "' to make it steady");
        }
        return plan.replace(from, to);
    }
}
