package io.sextant.perf.faults;

import io.sextant.perf.run.JMeter;
import io.sextant.perf.run.JtlStats;
import io.sextant.perf.run.JtlStats.LabelStats;
import io.sextant.perf.run.JtlStats.Window;
import io.sextant.perf.run.Options;
import io.sextant.perf.run.Phases;
import io.sextant.perf.run.RunContext;
import io.sextant.perf.run.RunSummary;
import io.sextant.perf.run.Scenario;
import io.sextant.testing.FaultProxy;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfTestTool;
import io.sextant.testing.NetconfVerifier;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * {@code churn}: the route-flap method of the 1999 backbone router test
 * (perf-tests/../shared/reference/backbone-router-test-1999.txt: a sixth of the routes withdrawn,
 * 30 s later put back, 30 s later another sixth ...) applied to device sessions. Under a steady load
 * of intent writes and commits on the stable devices (JMeter, {@code churn-load.jmx}), alternating
 * phases without and with churn; in a churn phase, every flap interval (30 s) a sixth of the mounted
 * devices (two batches taking turns) lose their sessions at their fault proxy, which refuses
 * connections for a few seconds, then lets them back. Reported from one run: the stable devices'
 * throughput and p95 in quiet and in churn phases and their ratios, how long each flapped device
 * took from being reachable again to connected and to in sync (is-in-sync over RESTCONF), and the
 * errors on the stable devices.
 */
public final class ChurnScenario implements Scenario {
    /** How long a flapped device refuses connections. */
    static final Duration DOWN = Duration.ofSeconds(3);
    /** Longest wait for a flapped device to be connected and in sync again. */
    static final Duration RECOVERY_LIMIT = Duration.ofSeconds(60);
    private static final String INTERFACE = "fx0";

    /** One flapped device's way back, in milliseconds from when its proxy accepted connections again. */
    record Recovery(int event, String nodeId, long connectedMillis, long inSyncMillis) {
    }

    @Override
    public void run(final RunContext run, final RunSummary summary) throws Exception {
        final Options options = run.options();
        final int count = options.devices().orElse(12);
        final int threads = options.threads().orElse(2);
        final int runs = options.runs().orElse(2);
        final Duration interval = Duration.ofSeconds(options.flapInterval().orElse(30));
        final Duration phase = interval.multipliedBy(2);
        final Duration warmup = interval;
        final int sixth = Math.max(1, count / 6);
        if (count < 2 * sixth + threads) {
            throw new IllegalArgumentException("churn needs at least " + (2 * sixth + threads) + " devices for "
                + threads + " clients: two batches of a sixth flap, the rest are stable");
        }
        summary.withoutTable();

        final Path devicesDir = run.outputDir().resolve("devices");
        run.log("churn: starting %d netconf-testtool devices (NETCONF over TCP), each behind a fault proxy", count);
        final NetconfTestTool tool = run.own(NetconfTestTool.builder().deviceCount(count).ssh(false)
            .models(ModelSets.OPENCONFIG_INTERFACES).workDir(devicesDir).maxHeapMb(256 + 4 * count).start());
        final List<String> nodes = new ArrayList<>();
        final Map<String, FaultProxy> proxies = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            final String node = String.format("ch%02d", i + 1);
            nodes.add(node);
            proxies.put(node, run.own(FaultProxy.start(tool.host(), tool.port(i))));
            try (NetconfVerifier device = NetconfVerifier.connect(tool, i)) {
                device.editAndCommit("<interfaces xmlns=\"urn:ietf:params:xml:ns:yang:ietf-interfaces\"><interface>"
                    + "<name>" + INTERFACE + "</name><type xmlns:ianaift=\"urn:ietf:params:xml:ns:yang:iana-if-type\">"
                    + "ianaift:ethernetCsmacd</type><description>start</description></interface></interfaces>");
            }
        }
        final List<List<String>> batches = List.of(nodes.subList(0, sixth), nodes.subList(sixth, 2 * sixth));
        final List<String> stable = nodes.subList(2 * sixth, count);

        final Phases.Monitored controller = Phases.controller(run, Options.ControllerKind.JAVA, "1g");
        summary.controller(controller.controller());
        summary.scale(count, stable.size(), 0, threads);
        final Uniconfig uniconfig = new Uniconfig(controller.controller().client());
        for (String node : nodes) {
            final var response = uniconfig.client().put("/rests/data/network-topology:network-topology/"
                + "topology=topology-netconf/node=" + node, mountBody(node, proxies.get(node)));
            if (!response.ok()) {
                throw new IOException("mounting " + node + " failed: " + response.status() + " " + response.body());
            }
        }
        final List<String> missing = uniconfig.awaitConnected(nodes, Duration.ofMinutes(2));
        if (!missing.isEmpty()) {
            throw new IOException("not connected after 2 minutes: " + missing);
        }
        for (String node : nodes) {
            while (!uniconfig.hasNode(node)) {
                Thread.sleep(200);
            }
        }
        run.log("churn: %d devices mounted and synced; stable %s, flapping in turns %s", count, stable, batches);

        // the load runs through every phase; the phases are cut out of its samples by time
        final Duration total = warmup.plus(phase.multipliedBy(2L * runs)).plusSeconds(5);
        final Map<String, String> properties = new LinkedHashMap<>();
        properties.put("host", "127.0.0.1");
        properties.put("port", Integer.toString(controller.controller().port()));
        properties.put("threads", Integer.toString(threads));
        properties.put("devices", String.join(",", stable));
        properties.put("duration", Long.toString(total.toSeconds()));
        final Path jtl = run.outputDir().resolve("churn-load.jtl");
        final CompletableFuture<JMeter.Result> load = CompletableFuture.supplyAsync(() -> {
            try {
                return JMeter.run(run, "churn-load.jmx", "churn-load", properties, 0, true);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        });
        final long start = awaitFirstSample(jtl, load);
        final List<Window> quiet = new ArrayList<>();
        final List<Window> churn = new ArrayList<>();
        final List<Recovery> recoveries = new CopyOnWriteArrayList<>();
        final List<CompletableFuture<Void>> watching = new ArrayList<>();
        long at = start + warmup.toMillis();
        int event = 0;
        for (int r = 0; r < runs; r++) {
            quiet.add(new Window(at, at + phase.toMillis()));
            run.log("churn: run %d, quiet phase (%d s)", r + 1, phase.toSeconds());
            at += phase.toMillis();
            sleepUntil(at);
            churn.add(new Window(at, at + phase.toMillis()));
            run.log("churn: run %d, churn phase (%d s): a sixth of the devices flaps every %d s", r + 1,
                phase.toSeconds(), interval.toSeconds());
            for (int flap = 0; flap < 2; flap++) {
                sleepUntil(at + flap * interval.toMillis());
                final List<String> batch = batches.get(event % 2);
                watching.add(flap(run, uniconfig, proxies, batch, ++event, recoveries));
            }
            at += phase.toMillis();
            sleepUntil(at);
        }
        final JMeter.Result result = load.join();
        CompletableFuture.allOf(watching.toArray(CompletableFuture[]::new)).join();
        report(summary, result, jtl, quiet, churn, recoveries, stable, batches, interval);
    }

    private static String mountBody(final String node, final FaultProxy proxy) {
        return "{\"node\":[{\"node-id\":\"" + node + "\",\"netconf-node-topology:host\":\"" + proxy.host()
            + "\",\"netconf-node-topology:port\":" + proxy.port() + ",\"netconf-node-topology:tcp-only\":true,"
            + "\"netconf-node-topology:login-password-unencrypted\":{\"username\":\"admin\",\"password\":\"admin\"},"
            + "\"netconf-node-topology:keepalive-delay\":120}]}";
    }

    /** Waits for the load's first sample and returns its time. */
    private static long awaitFirstSample(final Path jtl, final CompletableFuture<JMeter.Result> load)
            throws IOException, InterruptedException {
        final long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        while (!Files.exists(jtl) || Files.readAllLines(jtl).size() < 2) {
            if (load.isDone() || System.nanoTime() > deadline) {
                throw new IOException("the load never started (see churn-load-jmeter.log)");
            }
            Thread.sleep(100);
        }
        return Long.parseLong(Files.readAllLines(jtl).get(1).split(",")[0]);
    }

    /**
     * Cuts the batch's sessions and refuses connections for {@link #DOWN} (the proxy stops
     * listening: connecting is refused, as to a device whose server is down), then lets them back
     * and follows each device until it is connected and in sync.
     */
    private static CompletableFuture<Void> flap(final RunContext run, final Uniconfig uniconfig,
            final Map<String, FaultProxy> proxies, final List<String> batch, final int event,
            final List<Recovery> recoveries) throws IOException, InterruptedException {
        run.log("churn: flap %d: %s lose their sessions", event, batch);
        for (String node : batch) {
            proxies.get(node).refuse(true);
            proxies.get(node).cut();
        }
        Thread.sleep(DOWN.toMillis());
        final long back = System.nanoTime();
        for (String node : batch) {
            proxies.get(node).refuse(false);
        }
        return CompletableFuture.runAsync(() -> {
            final Map<String, Long> connected = new LinkedHashMap<>();
            final Map<String, Long> inSync = new LinkedHashMap<>();
            final long deadline = back + RECOVERY_LIMIT.toNanos();
            try {
                while (inSync.size() < batch.size() && System.nanoTime() < deadline) {
                    final Map<String, String> status = uniconfig.connectionStatus();
                    for (String node : batch) {
                        if (!connected.containsKey(node) && "connected".equals(status.get(node))) {
                            connected.put(node, (System.nanoTime() - back) / 1_000_000);
                        }
                        if (connected.containsKey(node) && !inSync.containsKey(node) && uniconfig.inSync(node)) {
                            inSync.put(node, (System.nanoTime() - back) / 1_000_000);
                        }
                    }
                    Thread.sleep(100);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            for (String node : batch) {
                recoveries.add(new Recovery(event, node, connected.getOrDefault(node, -1L),
                    inSync.getOrDefault(node, -1L)));
            }
            run.log("churn: flap %d: back %s, connected after %s ms, in sync after %s ms", event, batch,
                connected.values(), inSync.values());
        });
    }

    private static void sleepUntil(final long epochMillis) throws InterruptedException {
        final long left = epochMillis - System.currentTimeMillis();
        if (left > 0) {
            Thread.sleep(left);
        }
    }

    private static void report(final RunSummary summary, final JMeter.Result result, final Path jtl,
            final List<Window> quiet, final List<Window> churn, final List<Recovery> recoveries,
            final List<String> stable, final List<List<String>> batches, final Duration interval)
            throws IOException {
        summary.measured(result);
        final JtlStats calm = JtlStats.windows(jtl, quiet);
        final JtlStats flapping = JtlStats.windows(jtl, churn);
        final double calmRate = commitsPerSecond(calm, quiet);
        final double churnRate = commitsPerSecond(flapping, churn);
        final LabelStats calmCommit = calm.label("commit");
        final LabelStats churnCommit = flapping.label("commit");
        final LabelStats calmPut = calm.label("PUT description");
        final LabelStats churnPut = flapping.label("PUT description");
        final double rateRatio = calmRate == 0 ? 0 : churnRate / calmRate;
        final double p95Ratio = churnCommit.p95() == 0 ? 1 : (double) calmCommit.p95() / churnCommit.p95();

        final List<Long> connected = new ArrayList<>();
        final List<Long> inSync = new ArrayList<>();
        int neverBack = 0;
        for (Recovery recovery : recoveries) {
            if (recovery.inSyncMillis() < 0) {
                neverBack++;
            } else {
                connected.add(recovery.connectedMillis());
                inSync.add(recovery.inSyncMillis());
            }
        }
        Collections.sort(connected);
        Collections.sort(inSync);
        final long worstInSync = inSync.isEmpty() ? -1 : inSync.get(inSync.size() - 1);
        final long stableErrors = result.stats().total().errors();

        final StringBuilder md = new StringBuilder();
        md.append("### Stable devices with and without churn\n\n")
            .append("| | without churn | with churn | ratio (churn / without; p95: without / churn) | target |\n")
            .append("|---|---|---|---|---|\n");
        md.append(String.format("| commits per second | %.1f | %.1f | %.3f | >= 0.95 |%n", calmRate, churnRate,
            rateRatio));
        md.append(String.format("| commit p50 / p95 / max [ms] | %d / %d / %d | %d / %d / %d | %.3f | >= 0.95 |%n",
            calmCommit.p50(), calmCommit.p95(), calmCommit.max(), churnCommit.p50(), churnCommit.p95(),
            churnCommit.max(), p95Ratio));
        md.append(String.format("| PUT p50 / p95 / max [ms] | %d / %d / %d | %d / %d / %d | %s | |%n", calmPut.p50(),
            calmPut.p95(), calmPut.max(), churnPut.p50(), churnPut.p95(), churnPut.max(), churnPut.p95() == 0 ? "-"
                : String.format("%.3f", (double) calmPut.p95() / churnPut.p95())));
        md.append(String.format("| errors | %d | %d | | 0 |%n", calm.total().errors(), flapping.total().errors()));
        md.append(String.format("| phases | %d x %d s | %d x %d s | | |%n", quiet.size(),
            quiet.get(0).millis() / 1000, churn.size(), churn.get(0).millis() / 1000));
        md.append("\n### Flapped devices: from reachable again to connected and to in sync\n\n")
            .append("| Flap | Device | connected after [ms] | in sync after [ms] |\n|---|---|---|---|\n");
        for (Recovery recovery : recoveries.stream().sorted(Comparator.comparingInt(Recovery::event)
                .thenComparing(Recovery::nodeId)).toList()) {
            md.append(String.format("| %d | %s | %s | %s |%n", recovery.event(), recovery.nodeId(),
                recovery.connectedMillis() < 0 ? "never" : Long.toString(recovery.connectedMillis()),
                recovery.inSyncMillis() < 0 ? "never" : Long.toString(recovery.inSyncMillis())));
        }
        summary.section(md.toString());
        summary.fact("Stable devices (load)", stable.size() + " " + stable);
        summary.fact("Flapping batches (a sixth each, in turns)", batches.toString());
        summary.fact("Flap", "every " + interval.toSeconds() + " s in a churn phase: sessions cut at the proxy, "
            + "connections refused for " + DOWN.toSeconds() + " s, then let back");
        summary.fact("Throughput with / without churn", String.format("%.3f (target >= 0.95: %s)", rateRatio,
            rateRatio >= 0.95 ? "held" : "NOT held"));
        summary.fact("Commit p95 without / with churn", String.format("%.3f (target >= 0.95: %s)", p95Ratio,
            p95Ratio >= 0.95 ? "held" : "NOT held"));
        summary.fact("Flapped device back to connected, p50 / max [ms]", percentile(connected, 50) + " / "
            + percentile(connected, 100));
        summary.fact("Flapped device back to in sync, p50 / max [ms]", percentile(inSync, 50) + " / " + worstInSync
            + " (target <= 10,000: " + (neverBack == 0 && worstInSync <= 10_000 ? "held" : "NOT held") + ")");
        summary.fact("Flapped devices never back in sync within " + RECOVERY_LIMIT.toSeconds() + " s",
            Integer.toString(neverBack));
        summary.fact("Errors on stable devices (target 0)", Long.toString(stableErrors));
        summary.headline(String.format("stable: %.1f commits/s without churn, %.1f with (%.3f); commit p95 %d / %d ms "
            + "(%.3f); flapped device in sync after max %d ms; %d errors on stable devices", calmRate, churnRate,
            rateRatio, calmCommit.p95(), churnCommit.p95(), p95Ratio, worstInSync, stableErrors));
        summary.data("churn", Map.of("commitsPerSecondWithout", calmRate, "commitsPerSecondWith", churnRate,
            "rateRatio", rateRatio, "commitP95Without", calmCommit.p95(), "commitP95With", churnCommit.p95(),
            "p95Ratio", p95Ratio, "recoveries", recoveries, "stableErrors", stableErrors));
        // only errors count against the run; the ratios and times are figures, reported above
        summary.errors(neverBack);
        summary.files("controller.log, controller-gc.log, controller-samples.csv, churn-load.jtl, devices/");
    }

    private static double commitsPerSecond(final JtlStats stats, final List<Window> windows) {
        final long millis = windows.stream().mapToLong(Window::millis).sum();
        return millis == 0 ? 0 : stats.label("commit").count() * 1000.0 / millis;
    }

    private static String percentile(final List<Long> sorted, final int percentile) {
        if (sorted.isEmpty()) {
            return "-";
        }
        return Long.toString(FaultsScenario.Tally.rank(sorted, percentile));
    }
}
