package io.sextant.perf.run;

import io.sextant.perf.run.Options.ControllerKind;
import io.sextant.security.service.DeviceSecretsService;
import io.sextant.security.tls.TlsSetup;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfTestTool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code takeover}: issue 15's takeover time, as a distribution over {@code --runs} kills (20).
 * Three plain-Java controller instances ({@code sx1}, {@code sx2}, {@code sx3}) on one private
 * PostgreSQL share {@code --devices} (12) netconf-testtool devices. Each round kills one instance
 * with SIGKILL (each in turn); from that moment, per node the killed instance held, a client
 * writes a new interface into the node's intent and commits it through a surviving instance (which
 * sends the commit on to whoever holds the node) until a commit lands, 100 ms after each refusal.
 * A round's takeover time runs from the kill until every node of the killed instance took a
 * commit (the "served again"); each node's is recorded too. The killed instance is then
 * started again with its id and data directory, and the next round begins once it holds its share
 * again, every node takes a commit and no commit is pending. Target: 10 s (the issue); leases
 * last 6 s, heartbeats and claims run every 2 s.
 */
final class TakeoverScenario implements Scenario {
    private static final List<String> IDS = List.of("sx1", "sx2", "sx3");
    private static final Duration TARGET = Duration.ofSeconds(10);
    private static final Duration GIVE_UP = Duration.ofMinutes(3);
    private static final String COMMIT = "/rests/operations/uniconfig-manager:commit";

    private final AtomicInteger changes = new AtomicInteger();

    @Override
    public void run(final RunContext run, final RunSummary summary) throws Exception {
        final Options options = run.options();
        final int devices = options.devices().orElse(12);
        final int kills = options.runs().orElse(20);
        final String heap = options.heap().orElse("512m");
        summary.scale(devices, devices, 0, 1).transport(Options.Transport.TCP).withoutTable();

        final StateDatabase db = run.own(StateDatabase.start(Files.createDirectories(run.outputDir().resolve("db"))));
        summary.fact("State", db.describe());
        final NetconfTestTool tool = run.own(NetconfTestTool.builder().ssh(false).deviceCount(devices)
            .threadAmount(2).models(ModelSets.OPENCONFIG_INTERFACES)
            .workDir(Files.createDirectories(run.outputDir().resolve("devices"))).start());
        summary.fact("Devices", devices + " netconf-testtool devices (the tests' version, module testing) over TCP;"
            + " each commit adds an ietf-interfaces interface");

        final Map<String, ControllerProcess> instances = new HashMap<>();
        instances.put("sx1", start(run, db, "sx1", 0, heap));
        summary.controller(instances.get("sx1"));
        for (String id : IDS.subList(1, IDS.size())) {
            shareClusterFiles(dataDir(run, "sx1"), dataDir(run, id));
            instances.put(id, start(run, db, id, 0, heap));
        }
        final List<String> nodes = new ArrayList<>();
        for (int i = 0; i < devices; i++) {
            final String node = "d" + i;
            nodes.add(node);
            final RestconfClient.Response mount = instances.get("sx1").client().put(
                "/rests/data/network-topology:network-topology/topology=topology-netconf/node=" + node,
                "{\"node\":[{\"node-id\":\"" + node + "\",\"netconf-node-topology:host\":\"" + tool.host()
                    + "\",\"netconf-node-topology:port\":" + tool.port(i) + ",\"netconf-node-topology:tcp-only\":true,"
                    + "\"netconf-node-topology:keepalive-delay\":0}]}");
            if (mount.status() != 201) {
                throw new IOException("mounting " + node + " answered " + mount.status() + ": " + mount.body());
            }
        }
        awaitBalanced(db, devices, IDS);
        for (String node : nodes) {
            commitUntilLanded(List.of(instances.get("sx1").client()), node, System.nanoTime());
        }

        final List<Long> rounds = new ArrayList<>();
        final List<Long> perNode = new ArrayList<>();
        final StringBuilder table = new StringBuilder("| kill | instance | its nodes | takeover (ms) | per node (ms) |\n"
            + "|---|---|---|---|---|\n");
        for (int k = 0; k < kills; k++) {
            final String victimId = IDS.get(k % IDS.size());
            final ControllerProcess victim = instances.get(victimId);
            final List<String> itsNodes = db.leaseOwners().entrySet().stream()
                .filter(e -> e.getValue().equals(victimId)).map(Map.Entry::getKey).sorted().toList();
            final List<RestconfClient> survivors = IDS.stream().filter(id -> !id.equals(victimId))
                .map(id -> instances.get(id).client()).toList();
            run.log("takeover: kill %d of %d, %s holding %s", k + 1, kills, victimId, itsNodes);
            kill(victim);
            final long killedAt = System.nanoTime();
            final List<Long> times = new ArrayList<>();
            final ExecutorService clients = Executors.newFixedThreadPool(Math.max(1, itsNodes.size()));
            try {
                final List<Future<Long>> landed = new ArrayList<>();
                for (String node : itsNodes) {
                    landed.add(clients.submit(() -> commitUntilLanded(survivors, node, killedAt)));
                }
                for (Future<Long> future : landed) {
                    times.add(future.get());
                }
            } finally {
                clients.shutdownNow();
            }
            final long round = times.isEmpty() ? 0 : Collections.max(times);
            rounds.add(round);
            perNode.addAll(times);
            table.append("| ").append(k + 1).append(" | ").append(victimId).append(" | ").append(itsNodes.size())
                .append(" | ").append(round).append(" | ").append(times).append(" |\n");
            run.log("takeover: %s's %d nodes served again after %d ms (per node %s)", victimId, itsNodes.size(), round,
                times);
            run.release(victim.process());
            instances.put(victimId, start(run, db, victimId, k + 1, heap));
            awaitBalanced(db, devices, IDS);
            for (String node : nodes) {
                commitUntilLanded(List.of(instances.get(victimId).client()), node, System.nanoTime());
            }
            awaitNoPendingCommit(db);
        }

        final List<Long> sorted = rounds.stream().sorted().toList();
        final long over = rounds.stream().filter(t -> t > TARGET.toMillis()).count();
        summary.headline(String.format("takeover over %d kills: min %d ms, median %d ms, p95 %d ms, max %d ms;"
            + " %d over the %d s target", kills, sorted.get(0), percentile(sorted, 50), percentile(sorted, 95),
            sorted.get(sorted.size() - 1), over, TARGET.toSeconds()));
        final List<Long> nodesSorted = perNode.stream().sorted().toList();
        summary.fact("Takeover (every node of the killed instance took a commit)", String.format(
            "min %d ms, median %d ms, p95 %d ms, max %d ms over %d kills", sorted.get(0), percentile(sorted, 50),
            percentile(sorted, 95), sorted.get(sorted.size() - 1), kills));
        summary.fact("Takeover per node", String.format("min %d ms, median %d ms, p95 %d ms, max %d ms over %d nodes",
            nodesSorted.get(0), percentile(nodesSorted, 50), percentile(nodesSorted, 95),
            nodesSorted.get(nodesSorted.size() - 1), nodesSorted.size()));
        summary.fact("Over the 10 s target", over + " of " + kills + " kills");
        summary.fact("Commits through the survivors", changes.get() + " intent writes and commits sent");
        summary.section("## Every kill\n\n" + table);
    }

    static ControllerProcess start(final RunContext run, final StateDatabase db, final String id,
            final int generation, final String heap) throws IOException, InterruptedException {
        final List<String> settings = new ArrayList<>(db.controllerSettings());
        settings.add("-Dsextant.instance.id=" + id);
        return ControllerProcess.start(run, ControllerKind.JAVA, heap, Duration.ofMinutes(5), id + "-" + generation,
            settings, dataDir(run, id));
    }

    static Path dataDir(final RunContext run, final String id) {
        return run.outputDir().resolve(id + "-data");
    }

    /** The device-secrets key and RESTCONF certificate of {@code from}, as {@code ./sextant cluster} shares them. */
    static void shareClusterFiles(final Path from, final Path to) throws IOException {
        final Path key = DeviceSecretsService.keyFile(to);
        Files.createDirectories(key.getParent(), PosixFilePermissions.asFileAttribute(
            PosixFilePermissions.fromString("rwx------")));
        Files.copy(DeviceSecretsService.keyFile(from), key, StandardCopyOption.COPY_ATTRIBUTES);
        final Path tls = Files.createDirectories(to.resolve(TlsSetup.DIRECTORY));
        for (String file : List.of(TlsSetup.CERT_FILE, TlsSetup.KEY_FILE)) {
            Files.copy(from.resolve(TlsSetup.DIRECTORY).resolve(file), tls.resolve(file),
                StandardCopyOption.COPY_ATTRIBUTES);
        }
    }

    /** SIGKILL of the controller's JVM: no shutdown hook, no hand-over. */
    private static void kill(final ControllerProcess controller) throws IOException, InterruptedException {
        final ProcessHandle jvm = ProcessHandle.of(controller.jvmPid()).orElseThrow(() ->
            new IOException("the JVM of " + controller + " is gone already"));
        jvm.destroyForcibly();
        final long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (jvm.isAlive()) {
            if (System.nanoTime() > deadline) {
                throw new IOException("the JVM of " + controller + " did not die");
            }
            Thread.sleep(10);
        }
    }

    /** Until every node is held, by exactly {@code ids}, in shares differing by at most one. */
    static void awaitBalanced(final StateDatabase db, final int devices, final List<String> ids)
            throws IOException, InterruptedException {
        final long deadline = System.nanoTime() + GIVE_UP.toNanos();
        while (true) {
            final Map<String, String> owners = db.leaseOwners();
            final Map<String, Integer> shares = new HashMap<>();
            owners.values().forEach(owner -> shares.merge(owner, 1, Integer::sum));
            if (owners.size() == devices && shares.keySet().equals(Set.copyOf(ids))
                    && Collections.max(shares.values()) - Collections.min(shares.values()) <= 1) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("the nodes were not shared out within " + GIVE_UP + ": " + owners);
            }
            Thread.sleep(200);
        }
    }

    private static void awaitNoPendingCommit(final StateDatabase db) throws IOException, InterruptedException {
        final long deadline = System.nanoTime() + GIVE_UP.toNanos();
        while (db.pendingCommits() > 0) {
            if (System.nanoTime() > deadline) {
                throw new IOException(db.pendingCommits() + " commits stayed pending");
            }
            Thread.sleep(200);
        }
    }

    /**
     * A new interface into the node's intent and its commit, through {@code through} in turn, until
     * a commit lands; the milliseconds from {@code since} to that landing.
     */
    private long commitUntilLanded(final List<RestconfClient> through, final String node, final long since)
            throws IOException, InterruptedException {
        final long deadline = since + GIVE_UP.toNanos();
        for (int attempt = 0; ; attempt++) {
            final RestconfClient client = through.get(attempt % through.size());
            final String name = node + "-t" + changes.incrementAndGet();
            try {
                final RestconfClient.Response put = client.put("/rests/data/network-topology:network-topology/"
                    + "topology=uniconfig/node=" + node + "/uniconfig-topology:configuration/ietf-interfaces:interfaces"
                    + "/interface=" + name, "{\"ietf-interfaces:interface\":[{\"name\":\"" + name
                    + "\",\"type\":\"iana-if-type:ethernetCsmacd\",\"description\":\"" + name + "\"}]}");
                if (put.ok()) {
                    final RestconfClient.Response commit = client.post(COMMIT,
                        "{\"input\":{\"target-nodes\":{\"node\":[\"" + node + "\"]}}}");
                    if (commit.status() == 200 && commit.body().contains("\"overall-status\":\"complete\"")) {
                        return (System.nanoTime() - since) / 1_000_000;
                    }
                }
            } catch (IOException refused) {
                // an instance that is going or gone: another attempt
            }
            if (System.nanoTime() > deadline) {
                throw new IOException(node + " took no commit within " + GIVE_UP);
            }
            Thread.sleep(100);
        }
    }

    private static long percentile(final List<Long> sorted, final int percent) {
        final int index = (int) Math.ceil(percent / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
    }
}
