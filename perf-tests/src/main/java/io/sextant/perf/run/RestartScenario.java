package io.sextant.perf.run;

import io.sextant.perf.run.DeviceFleet.Device;
import io.sextant.perf.run.Options.ControllerKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code restart}: how long a controller with its state in PostgreSQL takes to come back with
 * {@code --devices} nodes (10,000 by default), and that it comes back without reading the
 * devices' configuration. Devices are mounted and seeded ({@code --configured} of them, with
 * {@code --lines} of configuration), the controller is stopped (SIGTERM) and started again on the
 * same database and data directory. Measured: from the new process to RESTCONF answering, the
 * load of the kept nodes (the controller logs how long its queries took), the intent of a sample
 * of configured nodes readable at once, and from the new process until every device is
 * connected again. Whether a restart reads the devices' configuration is counted by
 * {@code RestartKeepsStateTest} (none); here the intent is read while devices still reconnect.
 */
final class RestartScenario implements Scenario {
    private static final Pattern LOADED = Pattern.compile(
        "(\\d+) UniConfig nodes kept from an earlier run \\(loaded in (\\d+) ms\\)");
    private static final int SAMPLE = 20;
    private static final String INTENT = "/rests/data/network-topology:network-topology/topology=uniconfig/node=%s"
        + "/uniconfig-topology:configuration?content=config";

    @Override
    public void run(final RunContext run, final RunSummary summary) throws Exception {
        final Options options = run.options();
        final int devices = options.devices().orElse(10_000);
        final int configured = Math.min(devices, options.configured().orElse(devices));
        final int lines = options.lines().orElse(1_000);
        final int threads = options.threads().orElse(5);
        final ControllerKind kind = options.controller().orElse(ControllerKind.JAVA);
        final String heap = options.heap().orElse(devices > 5_000 ? "6g" : "3g");
        summary.scale(devices, configured, lines, threads).transport(options.transport());
        summary.fact("Device simulator", options.simulator() == Options.Simulator.SEXTANT ? "sextant simulator"
            : "netconf-testtool 10.0.2");

        final DeviceFleet fleet = DeviceFleet.start(run, 1, devices, options.transport(),
            options.devicesPerProcess().orElse(2_500), DeviceFleet.heapPerDeviceMib(lines));
        final StateDatabase db = run.own(StateDatabase.start(Files.createDirectories(run.outputDir().resolve("db"))));
        summary.fact("State", db.describe());
        final Path dataDir = run.outputDir().resolve("controller-data");

        final ControllerProcess first = ControllerProcess.start(run, kind, heap, Duration.ofMinutes(5),
            "controller-1", db.controllerSettings(), dataDir);
        final Phases.MountOutcome mount = Phases.mount(run, first, fleet, fleet.devices(), options.transport(),
            Math.max(threads, 5), "mount", Duration.ofMinutes(3));
        summary.auxiliary(mount.requests());
        summary.fact("Mount before the restart", String.format("%,d/%,d connected in %.1f s", mount.connected(),
            mount.requested(), mount.millis() / 1000.0));
        if (!mount.complete()) {
            summary.errors(mount.requested() - mount.connected());
            throw new IOException((mount.requested() - mount.connected()) + " devices did not connect");
        }
        final List<Device> targets = fleet.devices().subList(0, configured);
        final JMeter.Result seed = Phases.seed(run, first, targets, lines, threads, "seed");
        summary.auxiliary(seed);
        if (seed.stats().total().errors() > 0) {
            summary.errors(seed.stats().total().errors());
            throw new IOException("seeding failed with " + seed.stats().total().errors() + " errors");
        }
        summary.fact("Kept before the restart", String.format("%,d nodes, %,d of them with %,d-line intents;"
            + " database tables:%n%n| table | size |%n|---|---|%n%s", devices, configured, lines,
            String.join("\n", db.tableSizes())));
        run.log("restart: stopping the controller (SIGTERM)");
        run.release(first.process());

        final long started = System.nanoTime();
        final ControllerProcess second = ControllerProcess.start(run, kind, heap, Duration.ofMinutes(10),
            "controller-2", db.controllerSettings(), dataDir);
        final long answering = millisSince(started);
        summary.controller(second);
        final int[] intents = readableIntents(run, second, targets);
        final long intentsRead = millisSince(started);
        // the plain-Java controller logs to its standard output, Karaf into the data directory
        final Matcher loaded = awaitLoaded(List.of(run.outputDir().resolve("controller-2.log"),
            dataDir.resolve("log/karaf.log")), Duration.ofMinutes(2));
        final int[] counts = Phases.awaitReconnected(run, second, fleet, Duration.ofMinutes(3));
        final long connected = millisSince(started);

        summary.fact("Restart: RESTCONF answering", String.format("%.1f s after the new process started",
            answering / 1000.0));
        summary.fact("Restart: kept nodes loaded", loaded == null ? "no load line in controller-2.log"
            : String.format("%,d nodes in %,d ms (the controller's own measure of the load on its starting"
                + " thread; the database read is made beside the schema build, its time in the controller's log)",
                Integer.parseInt(loaded.group(1)), Long.parseLong(loaded.group(2))));
        summary.fact("Restart: intents readable", String.format("%d of %d sampled configured nodes answered their"
            + " kept intent %.1f s after the new process started", intents[0], intents[1], intentsRead / 1000.0));
        summary.fact("Restart: devices connected again", String.format("%,d/%,d after %.1f s", counts[0], devices,
            connected / 1000.0));
        summary.fact("Restart: controller heap after full GC", Report.mib(run.own(new JvmMonitor(second.jvmPid(),
            second.jcmd(), run.outputDir().resolve("controller-2-samples.csv"))).heapAfterFullGcKib()));
        final int missing = (intents[1] - intents[0]) + (devices - counts[0]) + (loaded == null ? 1 : 0);
        summary.errors(missing);
        if (missing > 0) {
            throw new IOException(missing + " things did not come back after the restart (see the facts)");
        }
    }

    private static long millisSince(final long nanos) {
        return (System.nanoTime() - nanos) / 1_000_000;
    }

    /** {readable, sampled}: configured nodes whose kept intent the restarted controller answers. */
    private static int[] readableIntents(final RunContext run, final ControllerProcess controller,
            final List<Device> targets) throws IOException, InterruptedException {
        final int step = Math.max(1, targets.size() / SAMPLE);
        int sampled = 0;
        int readable = 0;
        for (int i = 0; i < targets.size(); i += step) {
            sampled++;
            final String path = String.format(INTENT, targets.get(i).id());
            final RestconfClient.Response response = controller.client().get(path);
            if (response.status() == 200 && response.body().contains("openconfig-interfaces:interfaces")) {
                readable++;
            } else {
                run.log("restart: GET %s answered %d: %.300s", path, response.status(), response.body());
            }
        }
        return new int[] {readable, sampled};
    }

    private static Matcher awaitLoaded(final List<Path> logs, final Duration timeout) throws IOException,
            InterruptedException {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            for (Path log : logs) {
                if (Files.exists(log)) {
                    final Matcher matcher = LOADED.matcher(Files.readString(log, StandardCharsets.UTF_8));
                    if (matcher.find()) {
                        return matcher;
                    }
                }
            }
            Thread.sleep(500);
        }
        return null;
    }
}
