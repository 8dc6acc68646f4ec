package io.sextant.perf.run;

import io.sextant.perf.run.Comparison.ControllerRun;
import io.sextant.perf.run.Comparison.Metric;
import io.sextant.perf.run.Comparison.Side;
import io.sextant.perf.run.DeviceFleet.Device;
import io.sextant.perf.run.JtlStats.LabelStats;
import io.sextant.perf.run.Options.ControllerKind;
import io.sextant.perf.run.Options.Transport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;

/**
 * {@code compare}: Sextant and an OpenDaylight controller assembled from lighty.io 21.1.0 artifacts
 * (perf-tests/lighty-peer) side by side, in one run on one machine. The simulated devices start
 * once and get one warm-up session each before any controller connects; then, in every run, each
 * controller in turn starts fresh with the same heap limit and JVM flags, mounts all devices with
 * mount.jmx (time until all and until 99 % are connected, how many never connect), has its RSS and
 * its heap after a full GC read, gets one unrecorded warm-up and then the measured run of
 * mountpoint-put-get.jmx (the ladder's latency probe: PUT and GET of an interface through the
 * mount points of up to 200 connected devices), and is stopped. The order alternates from run to
 * run (odd runs Sextant first), so neither always meets the simulator first. The report gives
 * every run, the distribution over runs and the ratios Sextant / lighty.io.
 */
final class CompareScenario implements Scenario {
    /** Devices the PUT/GET plan goes through (round-robin), as the ladder's probe. */
    static final int PROBE_DEVICES = 200;
    /** Pause after stopping a controller, so that its sessions are gone from the simulator before the next one. */
    private static final Duration SETTLE = Duration.ofSeconds(5);
    private static final String PUT = "PUT interface (mount point)";
    private static final String GET = "GET interface (mount point)";

    /** What both controllers get alike. */
    private record Setup(DeviceFleet fleet, Transport transport, String heap, int threads, int loops,
            Duration stall) {
    }

    @Override
    public void run(final RunContext run, final RunSummary summary) throws Exception {
        final Options options = run.options();
        final int devices = options.devices().orElse(1_000);
        final int runs = options.runs().orElse(3);
        final ControllerKind sextant = options.controller().orElse(ControllerKind.KARAF);
        final String heap = options.heap().orElse(TableScenario.defaultHeap(devices, 0, 0));
        final int threads = options.threads().orElse(5);
        final int loops = options.loops().orElse(100);
        final Transport transport = options.transport();
        summary.scale(devices, 0, 0, threads).transport(transport).withoutTable()
            .controller("Sextant (" + ControllerProcess.describe(sextant) + ") vs lighty.io 21.1.0",
                ControllerProcess.jvmFlags(heap, Path.of("<run>-<controller>-gc.log")))
            .files("run<N>-<controller>.log (controller output), run<N>-<controller>-jvm.txt (its JVM's command "
                + "line), run<N>-<controller>-gc.log, "
                + "run<N>-<controller>-samples.csv (CPU and RSS per second), lighty-peer-build.log, devices-*.log");
        fairness(summary, sextant, devices, transport, heap, threads, loops, runs);

        LightyPeerBuild.ensure(run);
        // netconf-testtool keeps what it built for a session after the session is gone: 200 devices with
        // -Xmx712m died of OutOfMemoryError during their fifth session each (warm-up and four mounts), so its
        // heap grows with the sessions every device will have served: the warm-up and one per controller and run
        final int sessions = 1 + 2 * runs;
        final DeviceFleet fleet = DeviceFleet.start(run, 1, devices, transport,
            options.devicesPerProcess().orElse(2_500), DeviceFleet.heapPerDeviceMib(0) * sessions);
        final int silent = DeviceWarmup.touchAll(run, fleet.devices(), transport, 4);
        summary.fact("Simulator heap", String.format("%.0f MiB per device (%d sessions each over the scenario) "
            + "on top of 512 MiB per simulator JVM", DeviceFleet.heapPerDeviceMib(0) * sessions, sessions));
        summary.fact("Simulator warm-up", String.format("one %s session to each device before run 1; %d of %d answered",
            transport, devices - silent, devices));
        final Setup setup = new Setup(fleet, transport, heap, threads, loops,
            Duration.ofMinutes(transport == Transport.SSH ? 5 : 2));

        final List<ControllerRun> results = new ArrayList<>();
        try {
            for (int r = 1; r <= runs; r++) {
                final List<Side> order = r % 2 != 0 ? List.of(Side.SEXTANT, Side.LIGHTY)
                    : List.of(Side.LIGHTY, Side.SEXTANT);
                for (int position = 1; position <= 2; position++) {
                    final Side side = order.get(position - 1);
                    final ControllerKind kind = side == Side.SEXTANT ? sextant : ControllerKind.LIGHTY;
                    final ControllerRun result = measure(run, summary, setup, side, kind, r, position);
                    results.add(result);
                    result.failure().ifPresent(f -> summary.errors(1));
                    if (!fleet.allAlive()) {
                        throw new IOException("a device simulator died during run " + r + "; see devices-*.log");
                    }
                }
            }
        } finally {
            report(summary, new Comparison(results));
        }
    }

    private static void fairness(final RunSummary summary, final ControllerKind sextant, final int devices,
            final Transport transport, final String heap, final int threads, final int loops, final int runs) {
        summary.fact("Sextant", ControllerProcess.describe(sextant) + " on Java " + Runtime.version().feature()
                + " (the product's JDK)")
            .fact("lighty.io", ControllerProcess.describe(ControllerKind.LIGHTY)
                + " on the JDK >= 21 of /usr/lib/jvm (lighty.io 21 needs 21)")
            .fact("Same for both", String.format("the same %,d simulated devices (%s), -Xmx%s and the other JVM flags "
                + "above, the same JMeter plans, client and threads, a fresh JVM and data directory per run", devices,
                transport, heap))
            .fact("Mount", "mount.jmx, " + threads + " threads, then the topology polled once a second until all are "
                + "connected or nothing changes for " + (transport == Transport.SSH ? 5 : 2) + " min")
            .fact("PUT/GET", String.format("mountpoint-put-get.jmx through the mount points of up to %d connected "
                + "devices (the same random pick for both when both connected all), %d threads x %d loops = %,d "
                + "requests, after one unrecorded warm-up of the same size", PROBE_DEVICES, threads, loops,
                2L * threads * loops))
            .fact("Order", runs + " run(s); odd runs Sextant first, even runs lighty.io first");
    }

    /** Starts one controller, measures it, stops it; a failure ends only this controller's run. */
    private static ControllerRun measure(final RunContext run, final RunSummary summary, final Setup setup,
            final Side side, final ControllerKind kind, final int r, final int position)
            throws InterruptedException {
        final String name = "run" + r + "-" + side.key();
        final Map<Metric, Double> values = new EnumMap<>(Metric.class);
        run.log("compare run %d: %s (%s)", r, side.label(), position == 1 ? "first" : "second");
        Phases.Monitored c = null;
        try {
            c = Phases.controller(run, kind, setup.heap(), name);
            recordCommandLine(run, c.controller(), name);
            values.put(Metric.STARTUP, c.controller().startupMillis() / 1000.0);
            long errors = 0;

            final List<Device> devices = setup.fleet().devices();
            final long cpuBefore = c.monitor().cpuMillis();
            final Phases.MountOutcome mount = Phases.mount(run, c.controller(), setup.fleet(), devices,
                setup.transport(), setup.threads(), name + "-mount", setup.stall());
            final long cpuAfter = c.monitor().cpuMillis();
            summary.auxiliary(mount.requests());
            errors += mount.requests().total().errors();
            values.put(Metric.CONNECTED, (double) mount.connected());
            values.put(Metric.NEVER_CONNECTED, (double) (mount.requested() - mount.connected()));
            values.put(Metric.UNABLE_TO_CONNECT, (double) mount.failed());
            seconds(mount.millisUntilConnected(mount.requested())).ifPresent(s -> values.put(Metric.ALL_CONNECTED, s));
            seconds(mount.millisUntilConnected(ninetyNinePercent(mount.requested())))
                .ifPresent(s -> values.put(Metric.CONNECTED_99, s));
            if (cpuBefore >= 0 && cpuAfter >= 0) {
                values.put(Metric.MOUNT_CPU, (cpuAfter - cpuBefore) / 1000.0);
            }
            // RSS first: the full GC of the heap measurement may shrink the heap
            values.put(Metric.RSS, c.monitor().rssKib() / 1024.0);
            values.put(Metric.HEAP, c.heapAfterFullGcKib() / 1024.0);

            final List<Device> connected = Phases.connected(c.controller(), devices);
            if (connected.isEmpty()) {
                throw new IOException("no device connected; nothing to PUT or GET through");
            }
            final List<Device> probe = sample(connected, PROBE_DEVICES, r);
            final JMeter.Result warmup = Phases.mountPointPutGet(run, c.controller(), probe, setup.threads(),
                setup.loops(), name + "-warmup", false);
            summary.auxiliary(warmup);
            errors += warmup.stats().total().errors();
            final long putGetCpuBefore = c.monitor().cpuMillis();
            final long putGetSimulatorBefore = MountScenario.simulatorCpuMillis(setup.fleet());
            final JMeter.Result measured = Phases.mountPointPutGet(run, c.controller(), probe, setup.threads(),
                setup.loops(), name + "-putget", true);
            final long putGetCpuAfter = c.monitor().cpuMillis();
            final long putGetSimulator = MountScenario.simulatorCpuMillis(setup.fleet()) - putGetSimulatorBefore;
            summary.auxiliary(measured);
            errors += measured.stats().total().errors();
            latency(values, measured.stats());
            // Where the time of a request through a mount point goes: the controller's own work
            // and the simulated device's (JMeter takes the rest of the machine).
            final long requests = measured.stats().total().count();
            if (requests > 0 && putGetCpuBefore >= 0 && putGetCpuAfter >= 0) {
                values.put(Metric.PUTGET_CPU, (putGetCpuAfter - putGetCpuBefore) / (double) requests);
                values.put(Metric.PUTGET_SIMULATOR_CPU, putGetSimulator / (double) requests);
            }
            values.put(Metric.ERRORS, (double) errors);
            values.put(Metric.PEAK_RSS, c.monitor().peakRssKib(0, Long.MAX_VALUE) / 1024.0);
            if (!c.controller().isAlive()) {
                throw new IOException("the controller exited; see " + name + ".log");
            }
            run.log("compare run %d %s: %s", r, side.label(), brief(values));
            return new ControllerRun(side, r, position, values, Optional.empty());
        } catch (IOException e) {
            final String reason = e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse("");
            run.log("compare run %d %s FAILED: %s", r, side.label(), e.getMessage());
            return new ControllerRun(side, r, position, values, Optional.of(reason));
        } finally {
            if (c != null) {
                run.release(c.monitor());
                run.release(c.controller().process());
                run.log("compare run %d: %s stopped", r, side.label());
                Thread.sleep(SETTLE.toMillis());
            }
        }
    }

    /**
     * The controller JVM's whole command line in {@code name}-jvm.txt, so that what both got (and what
     * Karaf's script adds to the flags it was given) can be checked after the run.
     */
    private static void recordCommandLine(final RunContext run, final ControllerProcess controller, final String name)
            throws IOException {
        final String line = ProcessHandle.of(controller.jvmPid()).flatMap(p -> p.info().arguments())
            .map(args -> String.join("\n", args)).orElse("(the JVM's arguments are not readable)");
        final String java = ProcessHandle.of(controller.jvmPid()).flatMap(p -> p.info().command()).orElse("java");
        Files.writeString(run.outputDir().resolve(name + "-jvm.txt"), java + "\n" + line + "\n");
    }

    private static void latency(final Map<Metric, Double> values, final JtlStats stats) {
        final LabelStats put = stats.label(PUT);
        final LabelStats get = stats.label(GET);
        values.put(Metric.PUT_P50, (double) put.p50());
        values.put(Metric.PUT_P95, (double) put.p95());
        values.put(Metric.PUT_P99, (double) put.p99());
        values.put(Metric.GET_P50, (double) get.p50());
        values.put(Metric.GET_P95, (double) get.p95());
        values.put(Metric.GET_P99, (double) get.p99());
        values.put(Metric.THROUGHPUT, stats.throughput());
    }

    private static String brief(final Map<Metric, Double> values) {
        final List<String> parts = new ArrayList<>();
        for (Metric metric : List.of(Metric.CONNECTED, Metric.ALL_CONNECTED, Metric.HEAP, Metric.RSS, Metric.PUT_P95,
                Metric.GET_P95, Metric.ERRORS)) {
            final Double value = values.get(metric);
            parts.add(metric.heading() + " " + (value == null ? "-" : metric.format(value)));
        }
        return String.join(", ", parts);
    }

    /** The smallest count that is at least 99 % of {@code requested}. */
    static int ninetyNinePercent(final int requested) {
        return (int) Math.ceil(requested * 0.99);
    }

    private static Optional<Double> seconds(final OptionalLong millis) {
        return millis.isPresent() ? Optional.of(millis.getAsLong() / 1000.0) : Optional.empty();
    }

    /** Up to {@code count} of {@code devices}, picked at random with {@code seed} (the same pick for equal lists). */
    private static List<Device> sample(final List<Device> devices, final int count, final long seed) {
        final List<Device> copy = new ArrayList<>(devices);
        Collections.shuffle(copy, new Random(seed));
        return List.copyOf(copy.subList(0, Math.min(count, copy.size())));
    }

    private static void report(final RunSummary summary, final Comparison comparison) {
        summary.headline(comparison.headline())
            .data("compare", comparison.json())
            .section("## Distribution over runs\n\nmedian (min-max) over the runs; the ratios divide Sextant's figure by "
                + "lighty.io's, so below 1 means Sextant took less (time, latency, memory), except for requests per "
                + "second, where above 1 means Sextant served more.\n\n" + comparison.distributionTable())
            .section("## Every run\n\nColumns in the order the controllers ran.\n\n" + comparison.perRunTable());
        final List<String> failures = comparison.failures();
        if (!failures.isEmpty()) {
            summary.section("## Failed controller runs\n\n" + String.join("\n", failures.stream().map(f -> "- " + f)
                .toList()));
        }
    }
}
