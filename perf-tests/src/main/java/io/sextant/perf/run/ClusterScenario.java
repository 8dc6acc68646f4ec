package io.sextant.perf.run;

import io.sextant.perf.run.DeviceFleet.Device;
import io.sextant.perf.run.Options.ControllerKind;
import io.sextant.security.tls.TlsSetup;
import io.sextant.testing.Haproxy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code cluster}: the A1 mix through HAProxy against 1, 2 and 3 controller instances on one
 * PostgreSQL, side by side in one run (issue 15: "expect no gain on 2 cores; show the cost of
 * coordination per request honestly"). Defaults: A1 at a tenth of the brief's scale, 2,000 CPEs
 * mounted and configured, 5 threads.
 *
 * <p>The steps, each on a fresh private PostgreSQL and fresh plain-Java instances ({@code sx1} ..
 * {@code sxN}, sharing the certificate and the device-secrets key as {@code ./sextant cluster}
 * makes them share): first one instance without HAProxy (what the load balancer's hop costs is
 * then told apart), then 1, 2 and 3 instances behind HAProxy with the distribution's
 * {@code haproxy.cfg} (TLS on both sides, round robin, the health check on {@code /ready}). In
 * each: every device mounted through the entry point, until every device is connected by the
 * instance holding it; the configured devices seeded through it (writes through their mount points
 * and sync-from-network, sent on to the holder by an instance that does not hold the node); the
 * mix (3 intent PUTs, calculate-diff, commit, 3 GETs per device) through it. The same simulated
 * devices serve every step; seeding puts them back to their generated configuration first.
 * Reported per step: requests per second, p50/p95 per operation, errors, and the CPU the
 * instances and HAProxy used per request.
 */
final class ClusterScenario implements Scenario {
    private static final List<String> IDS = List.of("sx1", "sx2", "sx3");
    private static final String MONITOR_PASSWORD = "cluster-scenario-monitor";
    private static final Duration STALL = Duration.ofMinutes(3);

    /** One step's entry point and instances. */
    private record Step(String label, int instances, boolean balanced) {
    }

    /** What one step measured. */
    private record Outcome(Step step, JtlStats mix, double instanceCpuSeconds, double haproxyCpuSeconds,
            double mountSeconds) {
    }

    @Override
    public void run(final RunContext run, final RunSummary summary) throws Exception {
        final Options options = run.options();
        final int devices = options.devices().orElse(2_000);
        final int configured = Math.min(devices, options.configured().orElse(devices));
        final int threads = options.threads().orElse(5);
        final int lines = options.lines().orElse(Reference.of("A1").orElseThrow().lines());
        final int rounds = options.rounds().orElse(1);
        final String heap = options.heap().orElse(TableScenario.defaultHeap(devices, configured, lines));
        summary.scale(devices, configured, lines, threads).transport(options.transport()).withoutTable();
        summary.fact("Instances", "plain-Java assembly, " + heap + " heap each, on one private PostgreSQL per step");

        final List<Step> steps = List.of(new Step("1, no HAProxy", 1, false), new Step("1", 1, true),
            new Step("2", 2, true), new Step("3", 3, true));
        final DeviceFleet fleet = DeviceFleet.start(run, 1, devices, options.transport(),
            options.devicesPerProcess().orElse(2_500), DeviceFleet.heapPerDeviceMib(lines) * steps.size());
        final List<Device> targets = fleet.devices().subList(0, configured);
        final List<Outcome> outcomes = new ArrayList<>();
        for (int s = 0; s < steps.size(); s++) {
            // every JMeter run's errors count (auxiliary): the report's error total is theirs
            outcomes.add(runStep(run, summary, fleet, targets, steps.get(s), "step" + (s + 1), heap, threads, lines,
                rounds));
        }
        summary.headline(String.format("the A1 mix (%,d CPEs, %d threads) through HAProxy against 1, 2 and 3 instances",
            configured, threads));
        summary.section(table(outcomes));
    }

    private Outcome runStep(final RunContext run, final RunSummary summary, final DeviceFleet fleet,
            final List<Device> targets, final Step step, final String name, final String heap, final int threads,
            final int lines, final int rounds) throws Exception {
        final StateDatabase db = run.own(StateDatabase.start(Files.createDirectories(run.outputDir()
            .resolve(name + "-db"))));
        final List<ControllerProcess> instances = new ArrayList<>();
        final List<JvmMonitor> monitors = new ArrayList<>();
        Haproxy haproxy = null;
        JvmMonitor haproxyMonitor = null;
        try {
            for (String id : IDS.subList(0, step.instances())) {
                final Path dataDir = run.outputDir().resolve(name + "-" + id + "-data");
                if (!instances.isEmpty()) {
                    TakeoverScenario.shareClusterFiles(run.outputDir().resolve(name + "-sx1-data"), dataDir);
                }
                final List<String> settings = new ArrayList<>(db.controllerSettings());
                settings.add("-Dsextant.instance.id=" + id);
                final ControllerProcess instance = ControllerProcess.start(run, ControllerKind.JAVA, heap,
                    Duration.ofMinutes(5), name + "-" + id, settings, dataDir);
                instances.add(instance);
                monitors.add(run.own(new JvmMonitor(instance.jvmPid(), instance.jcmd(),
                    run.outputDir().resolve(name + "-" + id + "-samples.csv"))));
                if (instances.size() == 1) {
                    summary.controller(instance);
                    // the health check's user, with no permission at all; the other instances read it at their start
                    final RestconfClient.Response monitor = instance.client().post(
                        "/rests/operations/sextant-users:set-password",
                        "{\"input\":{\"name\":\"monitor\",\"password\":\"" + MONITOR_PASSWORD + "\"}}");
                    if (!monitor.ok()) {
                        throw new IOException("setting the monitor user's password answered " + monitor.status()
                            + ": " + monitor.body());
                    }
                }
            }
            int port = instances.get(0).port();
            if (step.balanced()) {
                haproxy = run.own(startHaproxy(run, name, instances));
                port = haproxy.port();
                haproxyMonitor = run.own(new JvmMonitor(haproxyPid(), run.outputDir().resolve(name
                    + "-haproxy-samples.csv")));
            }
            final String tag = "[" + step.label() + "] ";
            final long mountStart = System.currentTimeMillis();
            final JMeter.Result mount = JMeter.run(run, "mount.jmx", name + "-mount", Map.of(
                "host", "127.0.0.1", "port", Integer.toString(port),
                "devices", Workload.devices(run.outputDir().resolve(name + "-devices.csv"), fleet.devices()).toString(),
                "threads", Integer.toString(Math.max(threads, 5)),
                "tcpOnly", Boolean.toString(run.options().transport() == Options.Transport.TCP),
                "layout", instances.get(0).nodeLayout().property()), fleet.devices().size(), false);
            summary.auxiliary(mount);
            awaitConnected(run, db, instances, fleet, tag);
            final double mountSeconds = (System.currentTimeMillis() - mountStart) / 1000.0;
            summary.fact(tag + "Mount", String.format("%,d devices connected in %.1f s through %s", fleet.devices()
                .size(), mountSeconds, step.balanced() ? "HAProxy" : "the instance"));

            final JMeter.Result seed = Phases.seed(run, port, targets, lines, threads, name + "-seed");
            summary.auxiliary(seed);
            if (seed.stats().total().errors() > 0) {
                throw new IOException(tag + "seeding failed with " + seed.stats().total().errors() + " errors, first: "
                    + seed.stats().firstErrors().get(0));
            }
            final long[] cpuBefore = cpu(monitors, haproxyMonitor);
            final JMeter.Result mix = Phases.mix(run, port, targets, rounds, threads, name + "-mix");
            final long[] cpuAfter = cpu(monitors, haproxyMonitor);
            summary.auxiliary(mix);
            if (mix.stats().total().errors() > 0) {
                summary.fact(tag + "First errors of the mix", String.join("; ", mix.stats().firstErrors()));
            }
            return new Outcome(step, mix.stats(), (cpuAfter[0] - cpuBefore[0]) / 1000.0,
                (cpuAfter[1] - cpuBefore[1]) / 1000.0, mountSeconds);
        } finally {
            if (haproxyMonitor != null) {
                run.release(haproxyMonitor);
            }
            if (haproxy != null) {
                run.release(haproxy);
            }
            for (int i = instances.size() - 1; i >= 0; i--) {
                run.release(monitors.get(i));
                run.release(instances.get(i).process());
            }
            run.release(db);
        }
    }

    /** HAProxy with the distribution's configuration in front of {@code instances}, TLS from sx1's files. */
    private static Haproxy startHaproxy(final RunContext run, final String name,
            final List<ControllerProcess> instances) throws IOException, InterruptedException {
        final Path template = run.home().repository().resolve("distribution/src/main/assembly/haproxy/haproxy.cfg");
        final Path dir = Files.createDirectories(run.outputDir().resolve(name + "-haproxy"));
        final Path tls = run.outputDir().resolve(name + "-sx1-data").resolve(TlsSetup.DIRECTORY);
        final Path frontend = dir.resolve("frontend.pem");
        Files.writeString(frontend, Files.readString(tls.resolve(TlsSetup.CERT_FILE), StandardCharsets.UTF_8) + "\n"
            + Files.readString(tls.resolve(TlsSetup.KEY_FILE), StandardCharsets.UTF_8), StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(frontend, PosixFilePermissions.fromString("rw-------"));
        final List<Haproxy.Instance> servers = new ArrayList<>();
        for (int i = 0; i < instances.size(); i++) {
            servers.add(new Haproxy.Instance(IDS.get(i), "127.0.0.1", instances.get(i).port()));
        }
        final Haproxy haproxy = Haproxy.start(template, dir, servers,
            new Haproxy.Tls(frontend, tls.resolve(TlsSetup.CERT_FILE)), "monitor", MONITOR_PASSWORD);
        awaitEveryInstanceChecked(haproxy, instances.size());
        return haproxy;
    }

    /**
     * Until HAProxy's health checks pass for every instance (two checks 2 s apart each): before
     * that it sends everything to the instances already up.
     */
    private static void awaitEveryInstanceChecked(final Haproxy haproxy, final int instances)
            throws IOException, InterruptedException {
        // rise 2, inter 2s: a server counts as up after two passing checks; give it a margin
        Thread.sleep(5_000 + 1_000L * instances);
        if (!haproxy.logTail(50).isEmpty() && haproxy.logTail(50).contains("is DOWN")) {
            throw new IOException("HAProxy marked an instance down: " + haproxy.logTail(20));
        }
    }

    /** The HAProxy started by this JVM (a child process). */
    private static long haproxyPid() throws IOException {
        return ProcessHandle.current().children().filter(p -> p.info().command().orElse("").endsWith("haproxy"))
            .mapToLong(ProcessHandle::pid).max().orElseThrow(() -> new IOException("no haproxy child process"));
    }

    /** Until every mounted device is held by an instance and connected by it. */
    private static void awaitConnected(final RunContext run, final StateDatabase db,
            final List<ControllerProcess> instances, final DeviceFleet fleet, final String tag)
            throws IOException, InterruptedException {
        final List<String> ids = fleet.devices().stream().map(Device::id).toList();
        int last = -1;
        long lastChange = System.currentTimeMillis();
        long lastLog = 0;
        while (true) {
            int connected = 0;
            for (ControllerProcess instance : instances) {
                connected += Phases.connectionCounts(instance, ids)[0];
            }
            final Map<String, Long> shares = db.leaseOwners().values().stream()
                .collect(Collectors.groupingBy(owner -> owner, Collectors.counting()));
            if (connected != last) {
                last = connected;
                lastChange = System.currentTimeMillis();
            }
            if (System.currentTimeMillis() - lastLog > 10_000 || connected == ids.size()) {
                run.log("%smount: %d/%d connected, leases held %s", tag, connected, ids.size(), shares);
                lastLog = System.currentTimeMillis();
            }
            if (connected == ids.size()) {
                return;
            }
            if (System.currentTimeMillis() - lastChange > STALL.toMillis() || !fleet.allAlive()
                    || instances.stream().anyMatch(i -> !i.isAlive())) {
                throw new IOException(tag + (ids.size() - connected) + " of " + ids.size()
                    + " devices did not connect; leases held " + shares);
            }
            Thread.sleep(1_000);
        }
    }

    /** CPU milliseconds used so far: {the instances together, HAProxy}. */
    private static long[] cpu(final List<JvmMonitor> instances, final JvmMonitor haproxy) {
        long sum = 0;
        for (JvmMonitor monitor : instances) {
            sum += monitor.cpuMillis();
        }
        return new long[] {sum, haproxy == null ? 0 : haproxy.cpuMillis()};
    }

    static String table(final List<Outcome> outcomes) {
        final StringBuilder md = new StringBuilder("## The A1 mix through HAProxy against 1, 2 and 3 instances\n\n"
            + "| instances | mount s | mix req/s | all p50 / p95 ms | PUT p95 | GET p95 | calculate-diff p95"
            + " | commit p50 / p95 | errors | instances' CPU ms per request | HAProxy's CPU ms per request |\n"
            + "|---|---:|---:|---|---:|---:|---:|---|---:|---:|---:|\n");
        for (Outcome o : outcomes) {
            final JtlStats mix = o.mix();
            final long requests = mix.total().count();
            md.append(String.format("| %s | %.1f | %.1f | %d / %d | %d | %d | %d | %d / %d | %d | %.2f | %s |%n",
                o.step().label(), o.mountSeconds(), mix.throughput(), mix.total().p50(), mix.total().p95(),
                p95(mix, "PUT"), p95(mix, "GET"), p95(mix, "calculate-diff"), label(mix, "commit").p50(),
                label(mix, "commit").p95(), mix.total().errors(), o.instanceCpuSeconds() * 1000 / requests,
                o.step().balanced() ? String.format("%.2f", o.haproxyCpuSeconds() * 1000 / requests) : "-"));
        }
        return md.toString();
    }

    /** The p95 over every label of the mix that starts with {@code prefix} (the three PUTs, the three GETs). */
    private static long p95(final JtlStats mix, final String prefix) {
        return mix.labels().stream().filter(l -> l.label().startsWith(prefix)).mapToLong(JtlStats.LabelStats::p95)
            .max().orElse(0);
    }

    private static JtlStats.LabelStats label(final JtlStats mix, final String prefix) {
        return mix.labels().stream().filter(l -> l.label().startsWith(prefix)).findFirst()
            .orElse(mix.total());
    }
}
