package io.sextant.perf.run;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonParser;
import io.sextant.perf.cli.CliProbe;
import io.sextant.perf.cli.IosCpeConfig;
import io.sextant.perf.run.DeviceFleet.Device;
import io.sextant.perf.run.Options.ControllerKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * {@code cli}: N simulated IOS CLI devices (default 1,000) mounted over SSH and synced into
 * UniConfig, then a commit mix on them with T concurrent clients (default 5).
 *
 * <ol>
 *   <li>The simulator ({@link CliFleet}) and the controller (Karaf unless {@code --controller java}).</li>
 *   <li>Mount (cli-mount.jmx): one PUT of {@code topology=topology-cli/node=cpe-NNNNN} per device, in
 *       batches of {@code --mount-batch} (default 1,000), each sent once the previous one is synced;
 *       the harness polls {@code topology-cli} (connection-status) and {@code topology=uniconfig}
 *       (node-status) until every device is connected and synced. Time to connected and to synced
 *       run from the first PUT.</li>
 *   <li>Heap after a full GC before and after mounting, RSS, simulator heap and CPU time.</li>
 *   <li>The independent view before: the running configuration of a sample of devices, read over
 *       SSH sessions of the harness's own ({@link CliProbe}).</li>
 *   <li>Commit mix (cli-commit.jmx), {@code --rounds} passes (default 1), each device once per pass:
 *       PUT of GigabitEthernet0/1's description into the intent, calculate-diff, commit (that node),
 *       GET of the description from the actual configuration.</li>
 *   <li>Verification: the sample's running configurations read again over SSH must equal the ones
 *       read before with only that description changed to the last pass's; otherwise the run fails.</li>
 * </ol>
 */
final class CliScenario implements Scenario {
    /** The interface whose description each commit changes. */
    static final String INTERFACE = IosCpeConfig.CHANGED_INTERFACE;
    private static final String TOPOLOGY = "/rests/data/network-topology:network-topology/topology=";
    private static final int SAMPLE = 20;

    @Override
    public void run(final RunContext run, final RunSummary summary) throws Exception {
        final Options options = run.options();
        final int count = options.devices().orElse(1_000);
        final int threads = options.threads().orElse(5);
        final int rounds = options.rounds().orElse(1);
        summary.scale(count, count, 0, threads);
        summary.fact("Devices", "simulated IOS 15 CPEs (CliDeviceSimulator in one JVM, SSH), about "
            + IosCpeConfig.of(1).lines().count() + " lines of running configuration each (IosCpeConfig)");

        final CliFleet fleet = CliFleet.start(run, count);
        final Phases.Monitored c = Phases.controller(run, ControllerKind.KARAF,
            TableScenario.defaultHeap(count, 0, 0));
        summary.controller(c.controller());
        final long heapBefore = c.heapAfterFullGcKib();
        final long simulatorCpuStart = fleet.cpuMillis();

        final MountOutcome mount = mount(run, c.controller(), fleet, Math.max(threads, 5), Duration.ofMinutes(3));
        summary.auxiliary(mount.requests());
        final long simulatorCpuMount = fleet.cpuMillis() - simulatorCpuStart;
        final long heapAfter = c.heapAfterFullGcKib();
        final long simulatorHeap = fleet.heapAfterFullGcKib();
        final long mountEnd = mount.start() + Math.max(mount.syncedMillis(), mount.connectedMillis());
        summary.resources(Math.round(c.monitor().peakCpu(mount.start(), mountEnd)), heapBefore, heapAfter,
            c.monitor().rssKib());
        summary.fact("Mount batches", String.format("%,d devices per batch, each sent once the previous one was synced",
                Math.min(count, mount.batchSize())))
            .fact("CLI transport", "SSH with password login; device-type ios, device-version 15.6")
            .fact("Connected", String.format("%,d of %,d", mount.connected(), count))
            .fact("Synced into UniConfig", String.format("%,d of %,d (%,d sync-failed)", mount.synced(), count,
                mount.syncFailed()))
            .fact("Time from first mount request until all connected", seconds(mount.connectedMillis()))
            .fact("Time from first mount request until all synced", seconds(mount.syncedMillis()))
            .fact("Devices per second (connected and synced)", mount.syncedMillis() <= 0 ? "-"
                : String.format("%.1f", mount.synced() * 1000.0 / mount.syncedMillis()))
            .fact("Controller heap per device (after full GC)", mount.synced() == 0 ? "-"
                : String.format("%.0f KiB", (heapAfter - heapBefore) / (double) mount.synced()))
            .fact("Controller RSS after mounting", Report.mib(c.monitor().rssKib()))
            .fact("Controller CPU time while mounting", String.format("%.1f s",
                c.monitor().meanCpu(mount.start(), mountEnd) / 100.0 * (mountEnd - mount.start()) / 1000.0))
            .fact("Simulator CPU time while mounting", String.format("%.1f s", simulatorCpuMount / 1000.0))
            .fact("Simulator heap after full GC", String.format("%s, %.0f KiB per device (-Xmx%d MiB)",
                Report.mib(simulatorHeap), simulatorHeap / (double) count, CliFleet.heapMib(count)));
        if (mount.synced() < count) {
            summary.errors(count - mount.synced());
            throw new IOException((count - mount.synced()) + " of " + count + " CLI devices did not connect and sync;"
                + " see controller.log");
        }

        summary.scale(count, count, intentJsonLines(c.controller().client(), fleet.devices().get(0).id()), threads);

        final List<Device> sample = sample(fleet.devices(), SAMPLE);
        final Map<String, String> before;
        try (CliProbe probe = new CliProbe(CliFleet.USERNAME, CliFleet.PASSWORD)) {
            before = runningConfigs(probe, sample);
        }

        final long simulatorCpuCommit = fleet.cpuMillis();
        final List<JMeter.Result> results = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            final Path rows = commitRows(run.outputDir().resolve("commit-" + round + ".csv"), fleet.devices(), round);
            results.add(JMeter.run(run, "cli-commit.jmx", rounds == 1 ? "commit" : "commit-" + round, Map.of(
                "host", "127.0.0.1", "port", Integer.toString(c.controller().port()), "rows", rows.toString(),
                "threads", Integer.toString(threads)), 4L * count, true));
        }
        if (results.size() == 1) {
            summary.measured(results.get(0));
        } else {
            summary.measured(JtlStats.parse(results.stream().map(JMeter.Result::jtl).toList()));
            results.forEach(r -> summary.dashboards.add(r.dashboard().getFileName() + "/index.html"));
        }
        final long commitStart = results.get(0).startMillis();
        final long commitEnd = results.get(results.size() - 1).endMillis();
        summary.fact("Commit mix", String.format("%d pass(es) over all %,d devices, %d threads: PUT description, "
                + "calculate-diff, commit, GET actual description", rounds, count, threads))
            .fact("Controller peak CPU during the commit mix", Math.round(c.monitor().peakCpu(commitStart, commitEnd))
                + " %")
            .fact("Controller CPU time during the commit mix", String.format("%.1f s",
                c.monitor().meanCpu(commitStart, commitEnd) / 100.0 * (commitEnd - commitStart) / 1000.0))
            .fact("Simulator CPU time during the commit mix", String.format("%.1f s",
                (fleet.cpuMillis() - simulatorCpuCommit) / 1000.0));

        final List<String> wrong;
        try (CliProbe probe = new CliProbe(CliFleet.USERNAME, CliFleet.PASSWORD)) {
            wrong = verify(before, runningConfigs(probe, sample), rounds);
        }
        summary.fact("Verified on the devices (own SSH sessions)", String.format("%d of %d sampled devices hold "
            + "the last commit's description and nothing else changed", sample.size() - wrong.size(), sample.size()));
        if (!wrong.isEmpty()) {
            summary.errors(wrong.size());
            throw new IOException("the committed change is not on " + wrong.size() + " sampled device(s): "
                + String.join("; ", wrong));
        }
        run.log("cli: verified %d sampled devices over SSH", sample.size());
    }

    /** Lines of a device's synced configuration as pretty-printed OpenConfig JSON (its intent in UniConfig). */
    private static int intentJsonLines(final RestconfClient client, final String node)
            throws IOException, InterruptedException {
        final RestconfClient.Response response = client.get(TOPOLOGY + "uniconfig/node=" + node
            + "/uniconfig-topology:configuration?content=config");
        if (!response.ok()) {
            throw new IOException("reading the intent of " + node + " failed: " + response.status() + " "
                + response.body());
        }
        return prettyLines(response.body());
    }

    static int prettyLines(final String json) {
        return (int) new GsonBuilder().setPrettyPrinting().create().toJson(JsonParser.parseString(json)).lines()
            .count();
    }

    /** What mounting achieved. Times are from the first mount request; -1 when never reached. */
    record MountOutcome(long start, int connected, int synced, int syncFailed, long connectedMillis,
            long syncedMillis, int batchSize, JtlStats requests) {
    }

    private static MountOutcome mount(final RunContext run, final ControllerProcess controller, final CliFleet fleet,
            final int threads, final Duration stall) throws IOException, InterruptedException {
        final List<Device> devices = fleet.devices();
        final int batch = run.options().mountBatch().orElse(1_000);
        final List<Path> jtls = new ArrayList<>();
        final List<String> mounted = new ArrayList<>();
        final Watch watch = new Watch(run, controller, fleet, devices.size(), stall);
        final ExecutorService poller = Executors.newSingleThreadExecutor(r -> {
            final Thread thread = new Thread(r, "cli-mount-poll");
            thread.setDaemon(true);
            return thread;
        });
        long start = -1;
        Counts counts = new Counts(0, 0, 0, 0);
        try {
            for (int from = 0; from < devices.size(); from += batch) {
                final List<Device> slice = devices.subList(from, Math.min(devices.size(), from + batch));
                final String name = devices.size() <= batch ? "mount" : "mount-" + (from / batch + 1);
                final Path csv = Workload.devices(run.outputDir().resolve(name + "-devices.csv"), slice);
                slice.forEach(d -> mounted.add(d.id()));
                // polled while JMeter sends the batch: small batches are connected before JMeter has exited
                final Future<Counts> polled = poller.submit(() -> watch.until(List.copyOf(mounted)));
                final JMeter.Result requests = JMeter.run(run, "cli-mount.jmx", name, Map.of(
                    "host", "127.0.0.1", "port", Integer.toString(controller.port()), "devices", csv.toString(),
                    "threads", Integer.toString(threads), "deviceUser", CliFleet.USERNAME,
                    "devicePassword", CliFleet.PASSWORD), slice.size(), false);
                jtls.add(requests.jtl());
                if (start < 0) {
                    start = requests.stats().firstStart() > 0 ? requests.stats().firstStart() : requests.startMillis();
                    watch.start = start;
                }
                try {
                    counts = polled.get();
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
                }
                if (!controller.isAlive()) {
                    throw new IOException("the controller died while mounting; see controller.log:\n"
                        + controller.process().tail(20));
                }
                if (!fleet.isAlive()) {
                    throw new IOException("the CLI simulator died while mounting; see cli-devices.log:\n"
                        + fleet.process().tail(10));
                }
                if (counts.synced() < mounted.size()) {
                    run.log("cli mount: no progress for %d s, giving up", stall.toSeconds());
                    break;
                }
            }
        } finally {
            poller.shutdownNow();
        }
        return new MountOutcome(start, counts.connected(), counts.synced(), counts.syncFailed(),
            watch.connectedAt < 0 ? -1 : watch.connectedAt - start, watch.syncedAt < 0 ? -1 : watch.syncedAt - start,
            batch, JtlStats.parse(jtls));
    }

    /**
     * Polls the controller (every {@link #POLL_MILLIS} ms) until the mounted devices are all synced,
     * nothing changes for {@code stall}, or a process dies; remembers when all devices of the run
     * were first connected and first synced, and prints progress every 10 s.
     */
    private static final class Watch {
        private static final long POLL_MILLIS = 250;

        private final RunContext run;
        private final ControllerProcess controller;
        private final CliFleet fleet;
        private final int total;
        private final Duration stall;
        private final long created = System.currentTimeMillis();
        volatile long start = -1;
        volatile long connectedAt = -1;
        volatile long syncedAt = -1;

        Watch(final RunContext run, final ControllerProcess controller, final CliFleet fleet, final int total,
                final Duration stall) {
            this.run = run;
            this.controller = controller;
            this.fleet = fleet;
            this.total = total;
            this.stall = stall;
        }

        Counts until(final List<String> mounted) throws IOException, InterruptedException {
            int lastProgress = -1;
            long lastChange = System.currentTimeMillis();
            long lastLog = System.currentTimeMillis();
            while (true) {
                final Counts counts = counts(controller.client(), mounted);
                final long now = System.currentTimeMillis();
                if (counts.connected() == total && connectedAt < 0) {
                    connectedAt = now;
                }
                if (counts.synced() == total && syncedAt < 0) {
                    syncedAt = now;
                }
                final boolean done = counts.synced() == mounted.size();
                if (counts.connected() + counts.synced() != lastProgress) {
                    lastProgress = counts.connected() + counts.synced();
                    lastChange = now;
                }
                if (now - lastLog >= 10_000 || done) {
                    run.log("cli mount: %,d/%,d connected, %,d synced, %,d unable to connect, %,d sync-failed, %.1f s",
                        counts.connected(), mounted.size(), counts.synced(), counts.unableToConnect(),
                        counts.syncFailed(), (now - (start < 0 ? created : start)) / 1000.0);
                    lastLog = now;
                }
                if (done || now - lastChange > stall.toMillis() || !controller.isAlive() || !fleet.isAlive()) {
                    return counts;
                }
                Thread.sleep(POLL_MILLIS);
            }
        }
    }

    /** How far the mounted devices got. */
    record Counts(int connected, int unableToConnect, int synced, int syncFailed) {
    }

    static Counts counts(final RestconfClient client, final List<String> ids) throws IOException, InterruptedException {
        final Map<String, String> connection = TopologyLeaves.byNode(client, "topology-cli", "cli-topology:connection-status");
        final Map<String, String> sync = TopologyLeaves.byNode(client, "uniconfig", "uniconfig-topology:node-status");
        return counts(ids, connection, sync);
    }

    static Counts counts(final List<String> ids, final Map<String, String> connection, final Map<String, String> sync) {
        int connected = 0;
        int unable = 0;
        int synced = 0;
        int failed = 0;
        for (String id : ids) {
            switch (connection.getOrDefault(id, "")) {
                case "connected" -> connected++;
                case "unable-to-connect" -> unable++;
                default -> {
                    // connecting, or no state yet
                }
            }
            switch (sync.getOrDefault(id, "")) {
                // a synced node whose intent a commit changed since is still synced as far as mounting goes
                case "synced", "changed" -> synced++;
                case "sync-failed" -> failed++;
                default -> {
                    // not in UniConfig yet
                }
            }
        }
        return new Counts(connected, unable, synced, failed);
    }

    /** The description pass {@code round} gives device {@code node}. */
    static String description(final int round, final String node) {
        return "sextant perf round " + round + " on " + node;
    }

    /** Rows of cli-commit.jmx for one pass: node,ifname,description. */
    static Path commitRows(final Path file, final List<Device> devices, final int round) throws IOException {
        final List<String> rows = new ArrayList<>(devices.size());
        for (Device device : devices) {
            rows.add(device.id() + "," + INTERFACE + "," + description(round, device.id()));
        }
        return Files.write(file, rows);
    }

    /** About {@code size} devices spread over the list, always the first and the last. */
    static List<Device> sample(final List<Device> devices, final int size) {
        if (devices.size() <= size) {
            return devices;
        }
        final List<Device> sample = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            sample.add(devices.get((int) ((long) i * (devices.size() - 1) / (size - 1))));
        }
        return sample;
    }

    private static Map<String, String> runningConfigs(final CliProbe probe, final List<Device> devices)
            throws IOException {
        final Map<String, String> configs = new LinkedHashMap<>();
        for (Device device : devices) {
            configs.put(device.id(), configuration(probe.runningConfig(device.host(), device.port())));
        }
        return configs;
    }

    /** The configuration lines of a session transcript: from "version" to "end", without the byte count. */
    static String configuration(final String transcript) {
        final int from = transcript.indexOf("\nversion ");
        final int to = transcript.indexOf("\nend", Math.max(0, from));
        return from < 0 || to < 0 ? transcript : transcript.substring(from + 1, to + 4);
    }

    /**
     * The sampled devices whose configuration after the commits is not the one before with the
     * interface description changed to the last pass's, each with what is wrong.
     */
    static List<String> verify(final Map<String, String> before, final Map<String, String> after, final int lastRound) {
        final List<String> wrong = new ArrayList<>();
        for (Map.Entry<String, String> device : before.entrySet()) {
            final String node = device.getKey();
            final String expected = withDescription(device.getValue(), INTERFACE, description(lastRound, node));
            final String actual = after.get(node);
            if (actual == null) {
                wrong.add(node + ": not read");
            } else if (!expected.equals(actual)) {
                wrong.add(node + ": description " + CliProbe.description(actual, INTERFACE) + firstDifference(
                    expected, actual));
            }
        }
        return wrong;
    }

    /** {@code config} with the description line of interface {@code iface} replaced (or added first in its block). */
    static String withDescription(final String config, final String iface, final String description) {
        final List<String> lines = new ArrayList<>(config.lines().toList());
        final int header = lines.indexOf("interface " + iface);
        if (header < 0) {
            return config;
        }
        if (header + 1 < lines.size() && lines.get(header + 1).startsWith(" description ")) {
            lines.set(header + 1, " description " + description);
        } else {
            lines.add(header + 1, " description " + description);
        }
        return String.join("\n", lines) + (config.endsWith("\n") ? "\n" : "");
    }

    private static String firstDifference(final String expected, final String actual) {
        final List<String> a = expected.lines().toList();
        final List<String> b = actual.lines().toList();
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            final String x = i < a.size() ? a.get(i) : "(end)";
            final String y = i < b.size() ? b.get(i) : "(end)";
            if (!x.equals(y)) {
                return ", line " + (i + 1) + ": expected '" + x + "', device has '" + y + "'";
            }
        }
        return "";
    }

    private static String seconds(final long millis) {
        return millis < 0 ? "not reached" : String.format("%.1f s", millis / 1000.0);
    }
}
