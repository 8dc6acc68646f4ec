package io.sextant.perf.run;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.perf.run.DeviceFleet.Device;
import io.sextant.perf.run.Options.ControllerKind;
import io.sextant.perf.run.Options.StateBackend;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code history}: issue 17's revert and history figures. {@code --devices} (100) devices mounted;
 * {@code --commits} (1,000) commits to the first node, each changing one interface description;
 * then {@code --runs} (20) reads of that node's configuration as the first of those commits left
 * it (1,000 commits back, a point that keeps a full copy), as the 100th left it (99 diffs replayed
 * onto the full copy before it: the bound with the default {@code sextant.history.full-copy-every}
 * of 100) and of the newest; then one commit of a new interface on every node, and {@code --runs}
 * reverts of it (each followed by an untimed replace-config-with-operational that drops the
 * reverted intent again), and one revert with its commit. Per {@code --state} backend (in memory
 * by default, postgres, or both), plain-Java controller unless {@code --controller karaf}. Any
 * answer other than complete counts as an error.
 */
final class HistoryScenario implements Scenario {
    private static final String INTENT = "/rests/data/network-topology:network-topology/topology=uniconfig/node=%s"
        + "/uniconfig-topology:configuration";
    private static final String INTERFACE = INTENT + "/openconfig-interfaces:interfaces/interface=%s";

    @Override
    public void run(final RunContext run, final RunSummary summary) throws Exception {
        final Options options = run.options();
        final int devices = options.devices().orElse(100);
        final int commits = options.commits().orElse(1_000);
        final int runs = options.runs().orElse(20);
        summary.scale(devices, devices, 0, 1).transport(options.transport());
        summary.fact("Commits to the first node before the reads", String.format("%,d", commits));
        final DeviceFleet fleet = DeviceFleet.start(run, 1, devices, options.transport(),
            options.devicesPerProcess().orElse(2_500), DeviceFleet.heapPerDeviceMib(0));
        final List<StateBackend> backends = options.state().backends();
        for (StateBackend backend : backends) {
            runOn(run, summary, fleet, backend, backends.size() > 1 ? "-" + backend.name().toLowerCase() : "",
                commits, runs);
        }
    }

    private void runOn(final RunContext run, final RunSummary summary, final DeviceFleet fleet,
            final StateBackend backend, final String suffix, final int commits, final int runs) throws Exception {
        final Options options = run.options();
        final String tag = "[" + backend.label() + "] ";
        final StateDatabase db = backend == StateBackend.POSTGRES
            ? run.own(StateDatabase.forRun(run.options(), Files.createDirectories(run.outputDir().resolve("db"
            + suffix)))) : null;
        summary.fact(tag + "State", db == null ? "in memory" : db.describe());
        final Phases.Monitored c = Phases.controller(run, options.controller().orElse(ControllerKind.JAVA),
            options.heap().orElse("2g"), "controller" + suffix, db == null ? List.of() : db.controllerSettings());
        summary.controller(c.controller());
        final RestconfClient rest = c.controller().client();
        final Phases.MountOutcome mount = Phases.mount(run, c.controller(), fleet, fleet.devices(),
            options.transport(), 5, "mount" + suffix, Duration.ofMinutes(3));
        if (!mount.complete()) {
            summary.errors(mount.requested() - mount.connected());
            throw new IOException((mount.requested() - mount.connected()) + " devices did not connect");
        }
        final List<String> nodes = fleet.devices().stream().map(Device::id).toList();
        awaitNodes(rest, nodes);
        final String node = nodes.get(0);

        run.log("history: %,d commits to %s", commits, node);
        final long[] commitNanos = new long[commits];
        String first = null;
        // with the default full copy every 100 points, the point of the 100th commit replays 99 diffs: the bound
        final int boundIndex = Math.min(99, commits - 1);
        String bound = null;
        for (int i = 0; i < commits; i++) {
            put(rest, node, "hist-0", "history " + i);
            final long started = System.nanoTime();
            complete(rest, "uniconfig-manager:commit", "{\"input\":{\"target-nodes\":{\"node\":[\"" + node + "\"]}}}");
            commitNanos[i] = System.nanoTime() - started;
            if (i == 0) {
                first = lastPoint(rest, node);
            }
            if (i == boundIndex) {
                bound = lastPoint(rest, node);
            }
        }
        final String newest = lastPoint(rest, node);
        final long[] back = new long[runs];
        final long[] far = new long[runs];
        final long[] latest = new long[runs];
        for (int r = 0; r < runs; r++) {
            far[r] = timed(rest, "sextant-history:read-history", "{\"input\":{\"node-id\":\"" + node
                + "\",\"transaction-id\":\"" + bound + "\"}}", false);
            back[r] = timed(rest, "sextant-history:read-history", "{\"input\":{\"node-id\":\"" + node
                + "\",\"transaction-id\":\"" + first + "\"}}", false);
            latest[r] = timed(rest, "sextant-history:read-history", "{\"input\":{\"node-id\":\"" + node
                + "\",\"transaction-id\":\"" + newest + "\"}}", false);
        }
        summary.fact(tag + "Commit of one leaf to one node, over the " + commits + " commits [ms]", stats(commitNanos));
        summary.fact(tag + "read-history " + (commits - 1) + " commits back (a point with a full copy) [ms]",
            stats(back));
        summary.fact(tag + "read-history " + (commits - 1 - boundIndex) + " commits back (" + boundIndex
            + " diffs replayed onto the full copy before it) [ms]", stats(far));
        summary.fact(tag + "read-history of the newest point (" + ((commits - 1) % 100) + " diffs replayed) [ms]",
            stats(latest));

        run.log("history: one commit to all %d nodes, then reverts of it", nodes.size());
        for (String each : nodes) {
            put(rest, each, "rev-0", "revert me");
        }
        final long wide = System.nanoTime();
        complete(rest, "uniconfig-manager:commit", "{\"input\":{\"target-nodes\":{\"node\":[]}}}");
        final long wideNanos = System.nanoTime() - wide;
        final String wideCommit = lastPoint(rest, node);
        final String revert = "{\"input\":{\"transaction-id\":[\"" + wideCommit + "\"]}}";
        final long[] reverts = new long[runs];
        for (int r = 0; r < runs; r++) {
            reverts[r] = timed(rest, "sextant-history:revert-changes", revert, true);
            complete(rest, "uniconfig-manager:replace-config-with-operational", "{\"input\":{\"target-nodes\":"
                + "{\"node\":[]}}}");
        }
        timed(rest, "sextant-history:revert-changes", revert, true);
        final long revertCommit = System.nanoTime();
        complete(rest, "uniconfig-manager:commit", "{\"input\":{\"target-nodes\":{\"node\":[]}}}");
        final long revertCommitNanos = System.nanoTime() - revertCommit;
        summary.fact(tag + "Commit of one interface on " + nodes.size() + " nodes [ms]", ms(wideNanos));
        summary.fact(tag + "revert-changes of that " + nodes.size() + "-node commit [ms]", stats(reverts));
        summary.fact(tag + "commit of the revert on " + nodes.size() + " nodes [ms]", ms(revertCommitNanos));
        summary.fact(tag + "Controller heap after full GC", Report.mib(c.heapAfterFullGcKib()));
        run.release(c.controller().process());
    }

    private static void awaitNodes(final RestconfClient rest, final List<String> nodes) throws Exception {
        final long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        for (String node : nodes) {
            while (rest.get(String.format(INTENT, node) + "?content=config").status() != 200) {
                if (System.nanoTime() > deadline) {
                    throw new IOException("UniConfig node " + node + " did not appear");
                }
                Thread.sleep(200);
            }
        }
    }

    private static void put(final RestconfClient rest, final String node, final String name, final String description)
            throws Exception {
        final RestconfClient.Response response = rest.put(String.format(INTERFACE, node, name),
            "{\"openconfig-interfaces:interface\":[{\"name\":\"" + name + "\",\"config\":{\"name\":\"" + name
                + "\",\"type\":\"iana-if-type:ethernetCsmacd\",\"description\":\"" + description + "\"}}]}");
        if (response.status() != 201 && response.status() != 204) {
            throw new IOException("PUT of " + name + " on " + node + " answered " + response.status() + ": "
                + response.body());
        }
    }

    private static JsonObject complete(final RestconfClient rest, final String rpc, final String input)
            throws Exception {
        final RestconfClient.Response response = rest.post("/rests/operations/" + rpc, input);
        if (response.status() != 200) {
            throw new IOException(rpc + " answered " + response.status() + ": " + response.body());
        }
        final JsonObject output = JsonParser.parseString(response.body()).getAsJsonObject().entrySet().iterator()
            .next().getValue().getAsJsonObject();
        if (output.has("overall-status") && !"complete".equals(output.get("overall-status").getAsString())) {
            throw new IOException(rpc + " did not complete: " + output);
        }
        return output;
    }

    private static long timed(final RestconfClient rest, final String rpc, final String input, final boolean status)
            throws Exception {
        final long started = System.nanoTime();
        final JsonObject output = complete(rest, rpc, input);
        final long nanos = System.nanoTime() - started;
        if (!status && !output.has("configuration")) {
            throw new IOException(rpc + " answered no configuration: " + output);
        }
        return nanos;
    }

    private static String lastPoint(final RestconfClient rest, final String node) throws Exception {
        final JsonArray points = complete(rest, "sextant-history:list-history", "{\"input\":{\"node-id\":\"" + node
            + "\"}}").getAsJsonArray("point");
        return points.get(points.size() - 1).getAsJsonObject().get("transaction-id").getAsString();
    }

    private static String ms(final long nanos) {
        return String.format("%.1f", nanos / 1e6);
    }

    /** p50 / p95 / max of {@code nanos} in ms. */
    private static String stats(final long[] nanos) {
        final long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        final List<String> figures = new ArrayList<>();
        for (double q : new double[] {0.5, 0.95}) {
            figures.add(ms(sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)]));
        }
        figures.add(ms(sorted[sorted.length - 1]));
        return "p50 " + figures.get(0) + ", p95 " + figures.get(1) + ", max " + figures.get(2) + " (" + sorted.length
            + " samples)";
    }
}
