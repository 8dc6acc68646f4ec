package io.sextant.perf.run;

import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfTestTool;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code commit-cost}: what a commit costs the database, and what several instances add, with 1,
 * then 2, then 3 plain-Java controller instances ({@code sx1}..{@code sx3}, each joining the
 * ones before) on one private PostgreSQL with pg_stat_statements loaded, sharing
 * {@code --devices} (12) netconf-testtool devices. Per step: the background with nothing asked
 * (statements, transactions, rows written and WAL per second over 30 s: heartbeats, claims, the
 * followers' reads), then {@code --commits} (200) rounds, one at a time, of an intent write (a new
 * ietf-interfaces interface) and a commit of that node, sent to the instances in turn as HAProxy's
 * round robin sends them (a commit reaching an instance that does not hold the node is sent on to
 * the one that does). Per round: statements (the round trips to the database), transactions, rows
 * written and WAL bytes, with the background of the same time taken off; and the PUT's and the
 * commit's p50/p95 as the client saw them.
 */
final class CommitCostScenario implements Scenario {
    private static final List<String> IDS = List.of("sx1", "sx2", "sx3");
    private static final String COMMIT = "/rests/operations/uniconfig-manager:commit";
    /** PostgreSQL 15 adds an idle backend's transactions and rows to pg_stat_database up to 10 s late. */
    private static final long SETTLE_MS = 11_000;
    private static final long IDLE_MS = 30_000;

    private int changes;

    @Override
    public void run(final RunContext run, final RunSummary summary) throws Exception {
        final Options options = run.options();
        final int devices = options.devices().orElse(12);
        final int commits = options.commits().orElse(200);
        final String heap = options.heap().orElse("512m");
        summary.scale(devices, devices, 0, 1).transport(Options.Transport.TCP).withoutTable();

        final StateDatabase db = run.own(StateDatabase.start(Files.createDirectories(run.outputDir().resolve("db"))));
        db.countStatements();
        summary.fact("State", db.describe() + ", pg_stat_statements loaded");
        final NetconfTestTool tool = run.own(NetconfTestTool.builder().ssh(false).deviceCount(devices)
            .threadAmount(2).models(ModelSets.OPENCONFIG_INTERFACES)
            .workDir(Files.createDirectories(run.outputDir().resolve("devices"))).start());
        summary.fact("Devices", devices + " netconf-testtool devices (the tests' version) over TCP; each commit adds"
            + " an ietf-interfaces interface");

        final List<ControllerProcess> instances = new ArrayList<>();
        final List<String> nodes = new ArrayList<>();
        final StringBuilder table = new StringBuilder("| instances | rounds/s (one client) | PUT p50 / p95 ms"
            + " | commit p50 / p95 ms | statements per round | transactions per round | rows written per round"
            + " | WAL bytes per round | background: statements / transactions / WAL bytes per s |\n"
            + "|---|---:|---|---|---:|---:|---:|---:|---|\n");
        long errors = 0;
        for (int n = 1; n <= IDS.size(); n++) {
            final String id = IDS.get(n - 1);
            if (n > 1) {
                TakeoverScenario.shareClusterFiles(TakeoverScenario.dataDir(run, IDS.get(0)),
                    TakeoverScenario.dataDir(run, id));
            }
            final ControllerProcess instance = TakeoverScenario.start(run, db, id, 0, heap);
            instances.add(instance);
            if (n == 1) {
                summary.controller(instance);
                for (int i = 0; i < devices; i++) {
                    final String node = "d" + i;
                    nodes.add(node);
                    final RestconfClient.Response mount = instance.client().put(
                        "/rests/data/network-topology:network-topology/topology=topology-netconf/node=" + node,
                        "{\"node\":[{\"node-id\":\"" + node + "\",\"netconf-node-topology:host\":\"" + tool.host()
                            + "\",\"netconf-node-topology:port\":" + tool.port(i)
                            + ",\"netconf-node-topology:tcp-only\":true,\"netconf-node-topology:keepalive-delay\":0}]}");
                    if (mount.status() != 201) {
                        throw new IOException("mounting " + node + " answered " + mount.status() + ": " + mount.body());
                    }
                }
            }
            TakeoverScenario.awaitBalanced(db, devices, IDS.subList(0, n));
            for (String node : nodes) {
                untilLanded(instances.get(0).client(), node);
            }

            Thread.sleep(SETTLE_MS);
            final StateDatabase.Counters idleStart = db.counters();
            Thread.sleep(IDLE_MS);
            final StateDatabase.Counters idle = db.counters().minus(idleStart);
            final double seconds = IDLE_MS / 1000.0;

            final List<Long> puts = new ArrayList<>();
            final List<Long> commitTimes = new ArrayList<>();
            final StateDatabase.Counters start = db.counters();
            final long began = System.nanoTime();
            for (int i = 0; i < commits; i++) {
                final String node = nodes.get(i % nodes.size());
                final RestconfClient client = instances.get(i % instances.size()).client();
                if (!round(client, node, puts, commitTimes)) {
                    errors++;
                }
            }
            final long elapsedMs = (System.nanoTime() - began) / 1_000_000;
            Thread.sleep(SETTLE_MS);
            final StateDatabase.Counters used = db.counters().minus(start);
            final double windowSeconds = (elapsedMs + SETTLE_MS) / 1000.0;
            final double statements = (used.statements() - idle.statements() / seconds * windowSeconds) / commits;
            final double transactions = (used.transactions() - idle.transactions() / seconds * windowSeconds) / commits;
            final double rows = (used.rowsWritten() - idle.rowsWritten() / seconds * windowSeconds) / commits;
            final double wal = (used.walBytes() - idle.walBytes() / seconds * windowSeconds) / commits;
            table.append(String.format("| %d | %.1f | %d / %d | %d / %d | %.1f | %.1f | %.1f | %,.0f | %.1f / %.1f / %,.0f"
                    + " |%n", n, commits * 1000.0 / elapsedMs, percentile(puts, 50), percentile(puts, 95),
                percentile(commitTimes, 50), percentile(commitTimes, 95), statements, transactions, rows, wal,
                idle.statements() / seconds, idle.transactions() / seconds, idle.walBytes() / seconds));
            run.log("commit-cost: %d instance(s): %d rounds in %d ms; %s in the window, background %s over %.0f s", n,
                commits, elapsedMs, used, idle, seconds);
        }
        summary.errors(errors);
        summary.headline("what a PUT and a commit cost the database with 1, 2 and 3 instances");
        summary.section("## Per round (an intent PUT and its commit), background taken off\n\n" + table);
    }

    /** One intent write and its commit through {@code client}; whether the commit landed. */
    private boolean round(final RestconfClient client, final String node, final List<Long> puts,
            final List<Long> commitTimes) throws IOException, InterruptedException {
        final String name = node + "-k" + (++changes);
        final long putStart = System.nanoTime();
        final RestconfClient.Response put = client.put("/rests/data/network-topology:network-topology/"
            + "topology=uniconfig/node=" + node + "/uniconfig-topology:configuration/ietf-interfaces:interfaces"
            + "/interface=" + name, "{\"ietf-interfaces:interface\":[{\"name\":\"" + name
            + "\",\"type\":\"iana-if-type:ethernetCsmacd\",\"description\":\"" + name + "\"}]}");
        puts.add((System.nanoTime() - putStart) / 1_000_000);
        if (!put.ok()) {
            return false;
        }
        final long commitStart = System.nanoTime();
        final RestconfClient.Response commit = client.post(COMMIT, "{\"input\":{\"target-nodes\":{\"node\":[\"" + node
            + "\"]}}}");
        commitTimes.add((System.nanoTime() - commitStart) / 1_000_000);
        return commit.status() == 200 && commit.body().contains("\"overall-status\":\"complete\"");
    }

    private void untilLanded(final RestconfClient client, final String node) throws IOException,
            InterruptedException {
        for (int attempt = 0; attempt < 600; attempt++) {
            if (round(client, node, new ArrayList<>(), new ArrayList<>())) {
                return;
            }
            Thread.sleep(200);
        }
        throw new IOException(node + " took no commit in two minutes");
    }

    private static long percentile(final List<Long> values, final int percent) {
        if (values.isEmpty()) {
            return 0;
        }
        final List<Long> sorted = values.stream().sorted().toList();
        final int index = (int) Math.ceil(percent / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
    }
}
