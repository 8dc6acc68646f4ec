package io.sextant.perf.run;

import io.sextant.perf.run.Options.ControllerKind;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.time.Duration;

/**
 * {@code mount}: time to mount N simulated devices (default 1,000) and have every one connected,
 * devices per second, and the controller's heap (after a full GC) and RSS once they are. Run it once
 * with {@code --transport tcp} and once with {@code --transport ssh}: over SSH the simulator
 * generates a host key per device on its first connection (about 400 ms each on this machine), which
 * bounds the figure whatever the controller does; the summary reports the simulator's CPU time so
 * that share can be read off.
 */
final class MountScenario implements Scenario {
    @Override
    public void run(final RunContext run, final RunSummary summary) throws Exception {
        final Options options = run.options();
        final int devices = options.devices().orElse(1_000);
        final int threads = options.threads().orElse(5);
        summary.scale(devices, 0, options.lines().orElse(0), threads).transport(options.transport());
        summary.fact("Device simulator", options.simulator() == Options.Simulator.SEXTANT
            ? "sextant simulator" + options.lines().map(l -> String.format(", every device starting with the same "
                + "%,d-line CPE configuration", l)).orElse("") : "netconf-testtool 10.0.2");
        final DeviceFleet fleet = DeviceFleet.start(run, 1, devices, options.transport(),
            options.devicesPerProcess().orElse(2_500), DeviceFleet.heapPerDeviceMib(0), options.lines().orElse(0));
        final Phases.Monitored c = Phases.controller(run, ControllerKind.KARAF,
            TableScenario.defaultHeap(devices, 0, 0));
        summary.controller(c.controller());
        final long heapBefore = c.heapAfterFullGcKib();
        final long simulatorCpuBefore = simulatorCpuMillis(fleet);
        final Phases.MountOutcome mount = Phases.mount(run, c.controller(), fleet, fleet.devices(),
            options.transport(), threads, "mount", Duration.ofMinutes(options.transport() == Options.Transport.SSH ? 5 : 2));
        summary.measured(mount.requests());
        summary.fact("Mount batches", String.format("%,d devices per batch, each sent once the previous one was connected",
            mount.batchSize()));
        final long simulatorCpu = simulatorCpuMillis(fleet) - simulatorCpuBefore;
        final long heapAfter = c.heapAfterFullGcKib();
        final long simulatorHeap = fleet.heapAfterFullGcKib();
        final long start = mount.startMillis();
        final long end = start + mount.millis();
        summary.resources(Math.round(c.monitor().peakCpu(start, end)), heapBefore, heapAfter, c.monitor().rssKib());
        summary.fact("Connected", String.format("%,d of %,d (%,d unable to connect)", mount.connected(),
            mount.requested(), mount.failed()))
            .fact("Time from first mount request until all connected", String.format("%.1f s", mount.millis() / 1000.0))
            .fact("Devices per second", String.format("%.1f", mount.devicesPerSecond()))
            .fact("Controller heap per mounted device (after full GC)", mount.connected() == 0 ? "-"
                : String.format("%.0f KiB", (heapAfter - heapBefore) / (double) mount.connected()))
            .fact("Controller RSS after mounting", Report.mib(c.monitor().rssKib()))
            .fact("Schema contexts (sextant:status)", schemaContexts(c.controller()))
            .fact("Simulator heap after full GC", String.format("%s, %.0f KiB per device", Report.mib(simulatorHeap),
                simulatorHeap / (double) devices))
            .fact("Simulator CPU time while mounting", String.format("%.1f s (all simulator JVMs, %s)",
                simulatorCpu / 1000.0, options.transport()))
            .fact("Controller CPU time while mounting", String.format("%.1f s",
                c.monitor().meanCpu(start, end) / 100.0 * mount.millis() / 1000.0));
        if (!mount.complete()) {
            summary.errors(mount.requested() - mount.connected());
        }
    }

    /**
     * "N in use, M built since start" from the controller's {@code sextant:status}, which it
     * republishes every 2 s: read after waiting that long, so it counts every connected device.
     */
    static String schemaContexts(final ControllerProcess controller) throws InterruptedException {
        Thread.sleep(2_500);
        try {
            final RestconfClient.Response response = controller.client().get(
                "/rests/data/sextant:status?content=nonconfig");
            if (response.status() != 200) {
                return "- (sextant:status answered " + response.status() + ")";
            }
            final JsonObject status = JsonParser.parseString(response.body()).getAsJsonObject()
                .getAsJsonObject("sextant:status");
            return String.format("%s in use, %s built since start", status.get("schema-contexts").getAsString(),
                status.get("schema-contexts-built").getAsString());
        } catch (IOException | RuntimeException e) {
            return "- (" + e.getMessage() + ")";
        }
    }

    /** Total CPU time of the simulator JVMs, from /proc. */
    static long simulatorCpuMillis(final DeviceFleet fleet) {
        return fleet.processes().stream().mapToLong(p -> p.process().toHandle().info().totalCpuDuration()
            .map(Duration::toMillis).orElse(0L)).sum();
    }
}
