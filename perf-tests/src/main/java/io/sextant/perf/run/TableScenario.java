package io.sextant.perf.run;

import io.sextant.perf.run.DeviceFleet.Device;
import io.sextant.perf.run.Options.ControllerKind;
import io.sextant.perf.run.Options.StateBackend;
import io.sextant.perf.run.StateDatabase.Wal;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code A1 A2 B1 B2 C1 C2}: the reference brief's Table 3 scenarios. Defaults are the brief's
 * scale (A: 20,000 CPEs mounted and configured; B: 50,000 mounted, 20,000 configured; C: 2,000
 * routers of 600,000 lines; 5 threads for *1, 10 for *2); {@code --devices --configured --threads
 * --lines} scale them down to what the machine holds.
 *
 * <p>Phases: simulated devices, the controller (Karaf by default), mount all devices and wait until
 * connected, seed the configured devices' configurations through their mount points and sync them
 * into UniConfig, heap after a full GC ("before"), the measured request mix (8 requests per
 * configured device), heap after a full GC ("after"). The heap is also measured right after the
 * controller started, before any mount, so that what each device costs is told apart from what
 * the controller holds with none (its bundles, schemas and buffers); a class histogram of the
 * live heap at the end goes beside the report ({@code controller-histogram.txt}).
 */
final class TableScenario implements Scenario {
    private final Reference reference;

    TableScenario(final Reference reference) {
        this.reference = reference;
    }

    @Override
    public void run(final RunContext run, final RunSummary summary) throws Exception {
        final Options options = run.options();
        final int devices = options.devices().orElse(reference.mounted());
        final int configured = Math.min(devices, options.configured().orElse(Math.min(devices, reference.configured())));
        final int threads = options.threads().orElse(reference.threads());
        final int lines = options.lines().orElse(reference.lines());
        summary.scale(devices, configured, lines, threads).transport(options.transport());
        summary.fact("Device simulator", options.simulator() == Options.Simulator.SEXTANT ? "sextant simulator"
            : "netconf-testtool 10.0.2");

        final List<StateBackend> backends = options.state().backends();
        // each controller's sessions cost the test tool a data store per device, and it did not give
        // back the first controller's: with --state both, 2,000 devices of 1,000 lines ran it out of
        // its 2.5 GiB heap while the second controller mounted them (2026-11-24)
        final DeviceFleet fleet = DeviceFleet.start(run, 1, devices, options.transport(),
            options.devicesPerProcess().orElse(perDevicePerProcess(lines)),
            DeviceFleet.heapPerDeviceMib(lines) * backends.size());
        final List<Device> targets = fleet.devices().subList(0, configured);
        final Map<StateBackend, JtlStats> mixes = new LinkedHashMap<>();
        for (StateBackend backend : backends) {
            // with --state both the same devices serve one controller after the other: the seeding
            // puts every configured device back to its generated configuration first
            final String suffix = backends.size() == 1 ? "" : "-" + backend.label();
            final boolean last = backend == backends.get(backends.size() - 1);
            mixes.put(backend, runOn(run, summary, fleet, targets, backend, suffix, last));
        }
        if (mixes.size() > 1) {
            summary.section(sideBySide(mixes));
        }
    }

    /**
     * Controller with {@code backend}, mount, seed, mix, stopped again. The last backend's mix is the
     * measured one of the report; every other's errors count.
     */
    private JtlStats runOn(final RunContext run, final RunSummary summary, final DeviceFleet fleet,
            final List<Device> targets, final StateBackend backend, final String suffix, final boolean measured)
            throws Exception {
        final Options options = run.options();
        final int devices = fleet.devices().size();
        final int configured = targets.size();
        final int threads = options.threads().orElse(reference.threads());
        final int lines = options.lines().orElse(reference.lines());
        final String tag = suffix.isEmpty() ? "" : "[" + backend.label() + "] ";
        final StateDatabase db = backend == StateBackend.POSTGRES
            ? run.own(StateDatabase.forRun(run.options(), Files.createDirectories(run.outputDir().resolve("db"
            + suffix)))) : null;
        summary.fact(tag + "State", db == null ? "in memory (no sextant.db.url)" : db.describe());
        final Phases.Monitored c = Phases.controller(run, options.controller().orElse(ControllerKind.KARAF),
            options.heap().orElse(defaultHeap(devices, configured, lines)), "controller" + suffix,
            db == null ? List.of() : db.controllerSettings());
        try {
            if (measured) {
                summary.controller(c.controller());
            }
            final long heapIdle = c.heapAfterFullGcKib();
            summary.fact(tag + "Controller heap after full GC with no device mounted", Report.mib(heapIdle));
            final Phases.MountOutcome mount = Phases.mount(run, c.controller(), fleet, fleet.devices(),
                options.transport(), Math.max(threads, 5), "mount" + suffix, Duration.ofMinutes(3));
            summary.auxiliary(mount.requests());
            summary.fact(tag + "Mount", String.format("%,d/%,d connected in %.1f s (%.0f devices/s), transport %s",
                mount.connected(), mount.requested(), mount.millis() / 1000.0, mount.devicesPerSecond(),
                options.transport()));
            if (!mount.complete()) {
                summary.errors(mount.requested() - mount.connected());
                throw new IOException(tag + (mount.requested() - mount.connected()) + " of " + mount.requested()
                    + " devices did not connect");
            }

            // Seeding is set-up, not measured: with 10 threads pushing 20 MB router configurations at once
            // the simulators ran out of heap (C2 seeding failed with "session went down"), so large
            // configurations are seeded by at most 5 threads whatever the measured mix uses.
            final int seedThreads = lines > 100_000 ? Math.min(threads, 5) : threads;
            final Wal beforeSeed = db == null ? null : db.wal();
            final JMeter.Result seed = Phases.seed(run, c.controller(), targets, lines, seedThreads, "seed" + suffix);
            summary.auxiliary(seed);
            summary.fact(tag + "Seeding", String.format("%,d devices with %,d-line configurations in %.1f s",
                configured, lines, seed.stats().durationMillis() / 1000.0));
            if (seed.stats().total().errors() > 0) {
                // no point measuring the mix on devices whose starting configuration is unknown
                throw new IOException(tag + "seeding failed with " + seed.stats().total().errors()
                    + " errors, first: " + seed.stats().firstErrors().get(0));
            }

            final long simulatorHeap = fleet.heapAfterFullGcKib();
            summary.fact(tag + "Simulator heap after full GC", String.format("%s, %.0f KiB per device",
                Report.mib(simulatorHeap), simulatorHeap / (double) devices));
            final long heapBefore = c.heapAfterFullGcKib();
            final int rounds = options.rounds().orElse(1);
            if (rounds > 1) {
                summary.fact("Rounds", rounds + " passes of the mix over the configured devices (each changes them again)");
            }
            final Wal beforeMix = db == null ? null : db.wal();
            final MetricsScrape metricsBefore = MetricsScrape.take(c.controller().client(),
                run.outputDir().resolve("metrics" + suffix + "-before.txt"));
            final JMeter.Result mix = Phases.mix(run, c.controller(), targets, rounds, threads, "mix" + suffix);
            final List<String> spent = MetricsScrape.take(c.controller().client(),
                run.outputDir().resolve("metrics" + suffix + "-after.txt")).since(metricsBefore);
            if (!spent.isEmpty()) {
                summary.fact(tag + "Commit steps and database work during the mix (controller's /metrics)",
                    String.join("; ", spent));
            }
            if (measured) {
                summary.measured(mix);
            } else {
                summary.auxiliary(mix);
            }
            final Wal afterMix = db == null ? null : db.wal();
            final long heapAfter = c.heapAfterFullGcKib();
            if (measured) {
                summary.resources(Math.round(c.monitor().peakCpu(mix.startMillis(), mix.endMillis())), heapBefore,
                    heapAfter, c.monitor().peakRssKib(mix.startMillis(), mix.endMillis()));
            } else {
                summary.fact(tag + "Controller peak CPU during the mix", Math.round(c.monitor().peakCpu(
                    mix.startMillis(), mix.endMillis())) + " %");
                summary.fact(tag + "Controller heap after full GC, before / after the mix", Report.mib(heapBefore)
                    + " / " + Report.mib(heapAfter));
            }
            summary.fact(tag + "Controller heap per mounted device (after full GC)",
                String.format("%.0f KiB (above the controller with none: %.0f KiB)", heapAfter / (double) devices,
                    (heapAfter - heapIdle) / (double) devices));
            c.monitor().classHistogram(run.outputDir().resolve("controller" + suffix + "-histogram.txt"));
            if (db != null) {
                summary.fact(tag + "WAL written by seeding", String.format("%,d bytes (%,d per configured device)",
                    beforeMix.lsn() - beforeSeed.lsn(), (beforeMix.lsn() - beforeSeed.lsn()) / configured));
                summary.fact(tag + "WAL written by the mix", String.format("%,d bytes, %,d per configured device and"
                    + " round (3 PUTs, calculate-diff, commit, 3 GETs)", afterMix.lsn() - beforeMix.lsn(),
                    (afterMix.lsn() - beforeMix.lsn()) / ((long) configured * rounds)));
                summary.section(WalProbe.section(WalProbe.run(run, c.controller(), db, targets), lines));
                summary.section("### PostgreSQL tables at the end (with indexes and TOAST)\n\n"
                    + "| table | size | rows (estimate) |\n|---|---:|---:|\n" + String.join("\n", db.tableSizes()));
            }
            return mix.stats();
        } finally {
            run.release(c.monitor());
            run.release(c.controller().process());
            if (db != null) {
                run.release(db);
            }
        }
    }

    /** Median and p95 of every operation of each backend's mix, and what PostgreSQL adds to the median. */
    static String sideBySide(final Map<StateBackend, JtlStats> mixes) {
        final JtlStats memory = mixes.get(StateBackend.IN_MEMORY);
        final JtlStats postgres = mixes.get(StateBackend.POSTGRES);
        final StringBuilder md = new StringBuilder("### State in memory vs in PostgreSQL (same devices, same mix)\n\n")
            .append("| operation | n | in-memory p50 ms | p95 | postgres p50 ms | p95 | added median | added p95 |\n")
            .append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (JtlStats.LabelStats m : memory.labels()) {
            final JtlStats.LabelStats p = postgres.label(m.label());
            if (p.count() == 0) {
                continue;
            }
            md.append(String.format("| %s | %d | %d | %d | %d | %d | %s | %s |%n", m.label(), m.count(), m.p50(),
                m.p95(), p.p50(), p.p95(), added(m.p50(), p.p50()), added(m.p95(), p.p95())));
        }
        md.append(String.format("| all | %d | %d | %d | %d | %d | %s | %s |%n", memory.total().count(),
            memory.total().p50(), memory.total().p95(), postgres.total().p50(), postgres.total().p95(),
            added(memory.total().p50(), postgres.total().p50()), added(memory.total().p95(), postgres.total().p95())));
        md.append(String.format("%nThroughput: in-memory %.1f req/s, postgres %.1f req/s.%n", memory.throughput(),
            postgres.throughput()));
        return md.toString();
    }

    private static String added(final long base, final long value) {
        if (base == 0) {
            return value == 0 ? "0" : "+" + value + " ms";
        }
        return String.format("%+.0f %%", (value - base) * 100.0 / base);
    }

    private static int perDevicePerProcess(final int lines) {
        return lines >= 100_000 ? 20 : lines >= 10_000 ? 250 : 2_500;
    }

    /**
     * Enough heap for intent and actual of every configured device (assumed 200 bytes per JSON line
     * each) and 200 KiB per mounted device on a 1.5 GiB base, capped at half the machine.
     */
    static String defaultHeap(final int devices, final int configured, final int lines) {
        final double gib = 1.5 + devices * 200.0 / 1024 / 1024 + configured * (double) lines * 2 * 200 / (1L << 30);
        final long cap = Math.max(2, Math.round(Machine.current().memoryGib() / 2));
        return Math.min(cap, Math.max(2, Math.round(Math.ceil(gib)))) + "g";
    }
}
