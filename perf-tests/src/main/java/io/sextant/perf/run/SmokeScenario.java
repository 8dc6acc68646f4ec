package io.sextant.perf.run;

import io.sextant.perf.run.Options.ControllerKind;
import io.sextant.perf.run.Options.Layer;
import java.io.IOException;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;

/**
 * {@code smoke}: the whole harness at toy scale (about 20 devices, 1 thread, a few hundred
 * requests), so that `./sextant test` notices when it rots. It asserts nothing about timing; it
 * fails on any error or incomplete report.
 *
 * <p>It exercises the layers of {@link #READY} unless {@code --layers} names a subset.
 */
final class SmokeScenario implements Scenario {
    /**
     * The layers the smoke scenario exercises by default: all of them now that the NETCONF
     * southbound and the UniConfig layer are on main. The simulated devices need a JDK of at
     * least 21 (netconf-testtool 10.0.2); {@link PerfHome#javaAtLeast} says so when there is none.
     */
    static final Set<Layer> READY = EnumSet.allOf(Layer.class);

    @Override
    public void run(final RunContext run, final RunSummary summary) throws Exception {
        final Options options = run.options();
        final Set<Layer> layers = options.layers().orElse(READY);
        final int deviceCount = options.devices().orElse(20);
        final int threads = options.threads().orElse(1);
        final int loops = options.loops().orElse(150);
        summary.fact("Layers exercised", layers.toString());

        DeviceFleet fleet = null;
        if (layers.contains(Layer.MOUNT) || layers.contains(Layer.UNICONFIG)) {
            fleet = DeviceFleet.start(run, 1, deviceCount, options.transport(), 2_500,
                DeviceFleet.heapPerDeviceMib(options.lines().orElse(1_000)));
        }
        final Phases.Monitored c = Phases.controller(run, ControllerKind.JAVA, "1g");
        summary.controller(c.controller()).transport(options.transport());
        final long heapBefore = c.heapAfterFullGcKib();
        final long start = System.currentTimeMillis();
        int mounted = 0;
        int configured = 0;
        // the last measured plan is the one the Table 3 rows describe: the most complete layer
        if (layers.contains(Layer.DATASTORE)) {
            summary.measured(Phases.datastorePutGet(run, c.controller(), threads, loops, "datastore", true));
        }
        if (fleet != null) {
            final Phases.MountOutcome mount = Phases.mount(run, c.controller(), fleet, fleet.devices(),
                options.transport(), threads, "mount", Duration.ofMinutes(2));
            summary.auxiliary(mount.requests());
            mounted = mount.connected();
            summary.fact("Mount", mount.connected() + "/" + mount.requested() + " connected in "
                + mount.millis() / 1000.0 + " s");
            if (!mount.complete()) {
                summary.errors(mount.requested() - mount.connected());
                throw new IOException((mount.requested() - mount.connected()) + " devices did not connect");
            }
            summary.measured(Phases.mountPointPutGet(run, c.controller(), fleet.devices(), threads, loops / 2,
                "mountpoint", true));
        }
        if (layers.contains(Layer.UNICONFIG) && fleet != null) {
            final int lines = options.lines().orElse(1_000);
            summary.auxiliary(Phases.seed(run, c.controller(), fleet.devices(), lines, threads, "seed"));
            summary.measured(Phases.mix(run, c.controller(), fleet.devices(), 1, threads, "mix"));
            configured = fleet.devices().size();
            summary.scale(mounted, configured, lines, threads);
        }
        if (configured == 0) {
            summary.scale(mounted, 0, 0, threads);
        }
        final long end = System.currentTimeMillis();
        summary.resources(Math.round(c.monitor().peakCpu(start, end)), heapBefore, c.heapAfterFullGcKib(),
            c.monitor().peakRssKib(start, end));
    }
}
