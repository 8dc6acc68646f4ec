package io.sextant.perf.run;

import io.sextant.perf.run.DeviceFleet.Device;
import io.sextant.perf.run.Options.ControllerKind;
import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * {@code A1 A2 B1 B2 C1 C2}: the reference brief's Table 3 scenarios. Defaults are the brief's
 * scale (A: 20,000 CPEs mounted and configured; B: 50,000 mounted, 20,000 configured; C: 2,000
 * routers of 600,000 lines; 5 threads for *1, 10 for *2); {@code --devices --configured --threads
 * --lines} scale them down to what the machine holds.
 *
 * <p>Phases: simulated devices, the controller (Karaf by default), mount all devices and wait until
 * connected, seed the configured devices' configurations through their mount points and sync them
 * into UniConfig, heap after a full GC ("before"), the measured request mix (8 requests per
 * configured device), heap after a full GC ("after").
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

        final DeviceFleet fleet = DeviceFleet.start(run, 1, devices, options.transport(),
            options.devicesPerProcess().orElse(perDevicePerProcess(lines)), DeviceFleet.heapPerDeviceMib(lines));
        final Phases.Monitored c = Phases.controller(run, ControllerKind.KARAF, defaultHeap(devices, configured, lines));
        summary.controller(c.controller());

        final Phases.MountOutcome mount = Phases.mount(run, c.controller(), fleet, fleet.devices(),
            options.transport(), Math.max(threads, 5), "mount", Duration.ofMinutes(3));
        summary.auxiliary(mount.requests());
        summary.fact("Mount", String.format("%,d/%,d connected in %.1f s (%.0f devices/s), transport %s",
            mount.connected(), mount.requested(), mount.millis() / 1000.0, mount.devicesPerSecond(),
            options.transport()));
        if (!mount.complete()) {
            summary.errors(mount.requested() - mount.connected());
            throw new IOException((mount.requested() - mount.connected()) + " of " + mount.requested()
                + " devices did not connect");
        }

        final List<Device> targets = fleet.devices().subList(0, configured);
        // Seeding is set-up, not measured: with 10 threads pushing 20 MB router configurations at once
        // the simulators ran out of heap (C2 seeding failed with "session went down"), so large
        // configurations are seeded by at most 5 threads whatever the measured mix uses.
        final int seedThreads = lines > 100_000 ? Math.min(threads, 5) : threads;
        final JMeter.Result seed = Phases.seed(run, c.controller(), targets, lines, seedThreads, "seed");
        summary.auxiliary(seed);
        summary.fact("Seeding", String.format("%,d devices with %,d-line configurations in %.1f s", configured,
            lines, seed.stats().durationMillis() / 1000.0));
        if (seed.stats().total().errors() > 0) {
            // no point measuring the mix on devices whose starting configuration is unknown
            throw new IOException("seeding failed with " + seed.stats().total().errors() + " errors, first: "
                + seed.stats().firstErrors().get(0));
        }

        final long simulatorHeap = fleet.heapAfterFullGcKib();
        summary.fact("Simulator heap after full GC", String.format("%s, %.0f KiB per device",
            Report.mib(simulatorHeap), simulatorHeap / (double) devices));
        final long heapBefore = c.heapAfterFullGcKib();
        final int rounds = options.rounds().orElse(1);
        if (rounds > 1) {
            summary.fact("Rounds", rounds + " passes of the mix over the configured devices (each changes them again)");
        }
        final JMeter.Result mix = Phases.mix(run, c.controller(), targets, rounds, threads, "mix");
        summary.measured(mix);
        final long heapAfter = c.heapAfterFullGcKib();
        summary.resources(Math.round(c.monitor().peakCpu(mix.startMillis(), mix.endMillis())), heapBefore, heapAfter,
            c.monitor().peakRssKib(mix.startMillis(), mix.endMillis()));
        summary.fact("Controller heap per mounted device (after full GC)",
            String.format("%.0f KiB", heapAfter / (double) devices));
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
