package io.sextant.perf.faults;

import com.google.gson.JsonElement;
import io.sextant.perf.faults.Fault.Kind;
import io.sextant.perf.faults.Fault.Mechanism;
import io.sextant.perf.faults.Fault.Phase;
import io.sextant.perf.run.Options;
import io.sextant.perf.run.Phases;
import io.sextant.perf.run.RunContext;
import io.sextant.perf.run.RunSummary;
import io.sextant.perf.run.Scenario;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.Supplier;

/**
 * {@code faults}: N commits (default 1,000), each across 3-5 devices of a small mixed fleet
 * (netconf-testtool, netconfd, FRR over Telnet and SSH, see {@link FaultFleet}), each with one
 * fault injected into one of its devices at one phase of the commit (see {@link Fault}). After
 * every commit the harness reads every target device through sessions of its own, never through
 * the controller, and checks the invariants: a failed commit leaves every device as it was and
 * the intent unchanged; a successful one leaves every device with the change and actual =
 * intended; no device is left locked or with uncommitted candidate changes.
 */
public final class FaultsScenario implements Scenario {
    /** The request timeout of every mount (NETCONF default-request-timeout, CLI command-timeout). */
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(4);
    /** How long a stall lasts: past the request timeout. */
    static final Duration STALL = REQUEST_TIMEOUT.plusSeconds(2);
    /** How long a device may take to be connected again after a fault before that counts as an error. */
    static final Duration RECONNECT = Duration.ofSeconds(60);
    static final FaultFleet.Shape SHAPE = new FaultFleet.Shape(2, 2, 1, 1);

    /** The invariants, in the order the report lists them. */
    enum Invariant {
        PARTIAL("partially applied networks (a device not as the commit's outcome says)"),
        LOCKED("devices left locked"),
        UNCOMMITTED("devices left with uncommitted candidate changes"),
        INTENT_CHANGED("failed commits after which the intent changed"),
        ACTUAL_NOT_INTENDED("successful commits after which actual != intended"),
        HARNESS("requests the harness could not make (intent writes, reconnects)");

        final String text;

        Invariant(final String text) {
            this.text = text;
        }
    }

    /** One commit's plan. */
    record Plan(int number, List<FaultDevice> targets, Map<String, DeviceEdit> edits, Fault fault,
            Optional<FaultDevice> marker) {
    }

    /** What one commit did. */
    record Result(Plan plan, boolean fired, String observed, Uniconfig.Outcome outcome,
            Map<Invariant, List<String>> violations) {
        boolean clean() {
            return violations.values().stream().allMatch(List::isEmpty);
        }
    }

    @Override
    public void run(final RunContext run, final RunSummary summary) throws Exception {
        final Options options = run.options();
        final int commits = options.commits().orElse(1_000);
        final Random random = new Random(options.seed());
        summary.withoutTable();
        final FaultFleet fleet = FaultFleet.start(run, SHAPE, STALL);
        final Phases.Monitored controller = Phases.controller(run, Options.ControllerKind.JAVA, "1g");
        summary.controller(controller.controller());
        summary.scale(fleet.devices().size(), fleet.devices().size(), 0, 1);
        final Uniconfig uniconfig = new Uniconfig(controller.controller().client());
        mount(run, uniconfig, fleet);

        final Map<String, DeviceState> state = new LinkedHashMap<>();
        for (FaultDevice device : fleet.devices()) {
            state.put(device.nodeId(), device.read());
        }
        final Tally tally = new Tally();
        final Path log = run.outputDir().resolve("commits.tsv");
        Files.writeString(log, "commit\ttargets\tfault\tmarker\tfired\tdevice saw\toutcome\tms\terror\tviolations\n");
        final long start = System.currentTimeMillis();
        for (int n = 1; n <= commits; n++) {
            final Plan plan = plan(n, random, fleet, state);
            final Result result = execute(run, uniconfig, fleet, plan, state);
            tally.add(result);
            Files.writeString(log, line(result), StandardCharsets.UTF_8, StandardOpenOption.APPEND);
            if (!result.clean()) {
                run.log("faults: commit %d (%s): %s", n, plan.fault(), result.violations());
            }
            if (n % 25 == 0 || n == commits) {
                run.log("faults: %d/%d commits, %d complete, %d failed, %d with violations", n, commits,
                    tally.complete, tally.failed, tally.unclean);
            }
        }
        final long millis = System.currentTimeMillis() - start;
        tally.report(summary, fleet, commits, millis);
    }

    /** Mounts every device through its proxy and waits until it is connected and in UniConfig. */
    static void mount(final RunContext run, final Uniconfig uniconfig, final FaultFleet fleet)
            throws IOException, InterruptedException {
        for (FaultDevice device : fleet.devices()) {
            final var response = uniconfig.client().put(device.mountPath(), device.mountBody(REQUEST_TIMEOUT));
            if (!response.ok()) {
                throw new IOException("mounting " + device.nodeId() + " failed: " + response.status() + " "
                    + response.body());
            }
        }
        final List<String> missing = uniconfig.awaitConnected(fleet.nodeIds(), Duration.ofMinutes(2));
        if (!missing.isEmpty()) {
            throw new IOException("not connected after 2 minutes: " + missing);
        }
        final long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        for (String node : fleet.nodeIds()) {
            while (!uniconfig.hasNode(node)) {
                if (System.nanoTime() > deadline) {
                    throw new IOException(node + " did not appear in topology uniconfig");
                }
                Thread.sleep(200);
            }
        }
        run.log("faults: %d devices mounted, connected and synced: %s", fleet.devices().size(), fleet.nodeIds());
    }

    /** 3-5 devices, a change for each, one fault on one of them. */
    static Plan plan(final int number, final Random random, final FaultFleet fleet,
            final Map<String, DeviceState> state) {
        final List<FaultDevice> shuffled = new ArrayList<>(fleet.devices());
        Collections.shuffle(shuffled, random);
        final int count = Math.min(shuffled.size(), 3 + random.nextInt(3));
        final List<FaultDevice> targets = List.copyOf(shuffled.subList(0, count));
        final FaultDevice faulty = targets.get(random.nextInt(targets.size()));
        final int roll = random.nextInt(10);
        final Kind kind = roll < 2 ? Kind.REJECT : roll < 7 ? Kind.DROP : Kind.STALL;
        final Phase phase = Phase.values()[random.nextInt(Phase.values().length)];
        final List<Mechanism> mechanisms = faulty.mechanisms(kind);
        final Mechanism mechanism = mechanisms.get(random.nextInt(mechanisms.size()));
        final Fault fault = new Fault(faulty.nodeId(), kind, phase, mechanism);

        final Map<String, DeviceEdit> edits = new LinkedHashMap<>();
        for (FaultDevice device : targets) {
            Optional<Boolean> extra = Optional.empty();
            if (device.hasExtra() && random.nextInt(10) < 3) {
                extra = Optional.of(!"present".equals(state.get(device.nodeId()).facts().get(FaultDevice.EXTRA)));
            }
            final DeviceEdit edit = new DeviceEdit("c" + number + "-" + device.nodeId(), extra, false);
            edits.put(device.nodeId(), device == faulty && kind == Kind.REJECT ? device.rejected(edit) : edit);
        }
        // a phase the faulty device cannot see in its own traffic is seen on another device of the commit
        Optional<FaultDevice> marker = Optional.empty();
        if (kind != Kind.REJECT && !canArmItself(faulty, fault)) {
            final List<FaultDevice> markers = targets.stream().filter(d -> d != faulty && d.netconf()).toList();
            final List<FaultDevice> exact = markers.stream().filter(TestToolDevice.class::isInstance).toList();
            final List<FaultDevice> choice = exact.isEmpty() ? markers : exact;
            marker = Optional.of(choice.get(random.nextInt(choice.size())));
        }
        return new Plan(number, targets, edits, fault, marker);
    }

    private static boolean canArmItself(final FaultDevice device, final Fault fault) {
        if (device instanceof FrrDevice) {
            return switch (fault.phase()) {
                case BEFORE_STAGING, DURING_STAGING -> true;
                case AFTER_STAGING -> device.description().contains("Telnet");
                default -> false;
            };
        }
        return true;
    }

    /** Writes the intent, arms the fault, commits, heals, and checks every target device. */
    static Result execute(final RunContext run, final Uniconfig uniconfig, final FaultFleet fleet, final Plan plan,
            final Map<String, DeviceState> state) throws IOException, InterruptedException {
        final Map<Invariant, List<String>> violations = new EnumMap<>(Invariant.class);
        for (Invariant invariant : Invariant.values()) {
            violations.put(invariant, new ArrayList<>());
        }
        final List<String> nodes = plan.targets().stream().map(FaultDevice::nodeId).toList();
        for (FaultDevice device : plan.targets()) {
            for (FaultDevice.Request request : device.writes(plan.edits().get(device.nodeId()))) {
                final String error = uniconfig.write(device.nodeId(), request);
                if (error != null) {
                    violations.get(Invariant.HARNESS).add(device.nodeId() + ": intent write refused: " + error);
                }
            }
        }
        final Map<String, JsonElement> intentBefore = new LinkedHashMap<>();
        for (String node : nodes) {
            intentBefore.put(node, uniconfig.intent(node));
        }

        final Fault fault = plan.fault();
        final FaultDevice faulty = fleet.device(fault.nodeId()).orElseThrow();
        final Supplier<String> observation = faulty.observe();
        final Optional<FaultDevice.Armed> armed;
        if (fault.kind() == Kind.REJECT) {
            armed = Optional.empty();
        } else if (plan.marker().isPresent()) {
            armed = plan.marker().orElseThrow().mark(fault.phase(), () -> faulty.act(fault.mechanism()));
        } else {
            armed = faulty.arm(fault);
        }

        final Uniconfig.Outcome outcome = uniconfig.rpc("commit", nodes);

        armed.ifPresent(FaultDevice.Armed::disarm);
        for (FaultDevice device : plan.targets()) {
            device.heal();
        }
        final boolean fired = fault.kind() == Kind.REJECT || armed.map(FaultDevice.Armed::fired).orElse(false);
        final String observed = armed.filter(a -> plan.marker().isEmpty()).map(FaultDevice.Armed::observation)
            .filter(s -> !s.isEmpty()).orElseGet(observation);
        final List<String> missing = uniconfig.awaitConnected(fleet.nodeIds(), RECONNECT);
        if (!missing.isEmpty()) {
            violations.get(Invariant.HARNESS).add("not connected " + RECONNECT.toSeconds() + " s after the commit: "
                + missing);
        }
        if (outcome.status() != 200) {
            violations.get(Invariant.HARNESS).add("commit answered " + outcome.status() + ": " + outcome.error());
        }

        final boolean complete = outcome.complete();
        final List<String> toRepair = new ArrayList<>();
        for (FaultDevice device : plan.targets()) {
            final DeviceState before = state.get(device.nodeId());
            final DeviceState after;
            try {
                after = read(device);
            } catch (IOException e) {
                violations.get(Invariant.HARNESS).add(device.nodeId() + " could not be read: " + e.getMessage());
                continue;
            }
            final Map<String, String> expected = complete ? before.factsAfter(plan.edits().get(device.nodeId()))
                : before.facts();
            final List<String> differences = after.differences(expected, before.rest());
            if (!differences.isEmpty()) {
                violations.get(Invariant.PARTIAL).add(device.nodeId() + " " + String.join("; ", differences));
                toRepair.add(device.nodeId());
            }
            for (String problem : after.problems()) {
                violations.get(problem.startsWith("candidate locked") ? Invariant.LOCKED : Invariant.UNCOMMITTED)
                    .add(device.nodeId() + " " + problem);
            }
            state.put(device.nodeId(), after);
        }
        for (String node : nodes) {
            final JsonElement intent = uniconfig.intent(node);
            if (complete) {
                final JsonElement actual = uniconfig.actual(node);
                if (actual == null || !actual.equals(intent)) {
                    violations.get(Invariant.ACTUAL_NOT_INTENDED).add(node + " actual differs from intended");
                }
            } else if (intent == null || !intent.equals(intentBefore.get(node))) {
                violations.get(Invariant.INTENT_CHANGED).add(node + " intent changed by the failed commit");
            }
        }

        if (!complete) {
            // the user gives the change up: intent := actual on every target
            final Uniconfig.Outcome reset = uniconfig.rpc("replace-config-with-operational", nodes);
            if (!reset.complete()) {
                violations.get(Invariant.HARNESS).add("replace-config-with-operational failed: " + reset.error());
            }
        }
        if (!toRepair.isEmpty()) {
            // so that the next commits start from what the devices really hold
            uniconfig.rpc("sync-from-network", toRepair);
            uniconfig.rpc("replace-config-with-operational", toRepair);
        }
        return new Result(plan, fired, observed, outcome, violations);
    }

    /** Reads a device, trying once more when the first read fails. */
    private static DeviceState read(final FaultDevice device) throws IOException {
        try {
            return device.read();
        } catch (IOException e) {
            return device.read();
        }
    }

    private static String line(final Result r) {
        final List<String> found = new ArrayList<>();
        r.violations().forEach((invariant, list) -> list.forEach(v -> found.add(invariant.name() + ": " + v)));
        return String.join("\t", Integer.toString(r.plan().number()),
            String.join(",", r.plan().targets().stream().map(FaultDevice::nodeId).toList()),
            r.plan().fault().toString(), r.plan().marker().map(FaultDevice::nodeId).orElse("-"),
            Boolean.toString(r.fired()), r.observed().isEmpty() ? "-" : r.observed(),
            r.outcome().complete() ? "complete" : "fail", Long.toString(r.outcome().millis()),
            r.outcome().complete() ? "-" : tsv(r.outcome().error()), found.isEmpty() ? "-" : tsv(String.join(" | ",
                found))) + "\n";
    }

    private static String tsv(final String text) {
        return text.replace('\t', ' ').replace('\n', ' ');
    }

    /** Counts over all commits, and the report. */
    static final class Tally {
        private final Map<String, int[]> byFault = new LinkedHashMap<>();
        private final Map<Invariant, Integer> counts = new EnumMap<>(Invariant.class);
        private final List<String> examples = new ArrayList<>();
        private final List<Long> completeMillis = new ArrayList<>();
        private final List<Long> failedMillis = new ArrayList<>();
        private int complete;
        private int failed;
        private int unclean;
        private int notFired;

        void add(final Result result) {
            final Fault fault = result.plan().fault();
            final String key = fault.kind().text() + "|" + fault.phase().text();
            final int[] row = byFault.computeIfAbsent(key, k -> new int[4]);
            row[0]++;
            if (result.fired()) {
                row[1]++;
            } else {
                notFired++;
            }
            if (result.outcome().complete()) {
                row[2]++;
                complete++;
                completeMillis.add(result.outcome().millis());
            } else {
                row[3]++;
                failed++;
                failedMillis.add(result.outcome().millis());
            }
            if (!result.clean()) {
                unclean++;
            }
            result.violations().forEach((invariant, list) -> {
                counts.merge(invariant, invariant == Invariant.PARTIAL ? (list.isEmpty() ? 0 : 1) : list.size(),
                    Integer::sum);
                if (!list.isEmpty() && examples.size() < 40) {
                    final String seen = result.plan().marker().map(m -> ", seen on " + m.nodeId()).orElse("");
                    final String outcome = result.outcome().complete() ? "complete"
                        : "failed: " + result.outcome().error();
                    examples.add("commit " + result.plan().number() + " (" + fault + seen + "; commit " + outcome
                        + "): " + invariant.name() + " " + list);
                }
            });
        }

        long violations() {
            return counts.values().stream().mapToLong(Integer::longValue).sum();
        }

        void report(final RunSummary summary, final FaultFleet fleet, final int commits, final long millis) {
            final StringBuilder md = new StringBuilder();
            md.append("### Devices (each behind its own fault proxy; read by the harness's own sessions)\n\n")
                .append("| Node | Device | Drops by | Stalls by |\n|---|---|---|---|\n");
            for (FaultDevice device : fleet.devices()) {
                md.append("| ").append(device.nodeId()).append(" | ").append(device.description()).append(" | ")
                    .append(names(device.mechanisms(Kind.DROP))).append(" | ")
                    .append(names(device.mechanisms(Kind.STALL))).append(" |\n");
            }
            md.append("\n### Faults by kind and phase\n\n| Kind | Phase | Commits | Fault fired | Commit complete |"
                + " Commit failed |\n|---|---|---|---|---|---|\n");
            byFault.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
                final String[] key = e.getKey().split("\\|");
                final int[] row = e.getValue();
                md.append(String.format("| %s | %s | %d | %d | %d | %d |%n", key[0], key[1], row[0], row[1], row[2],
                    row[3]));
            });
            md.append("\n### Invariants (checked after every commit)\n\n| Invariant | Violations |\n|---|---|\n");
            for (Invariant invariant : Invariant.values()) {
                md.append("| ").append(invariant.text).append(" | ").append(counts.getOrDefault(invariant, 0))
                    .append(" |\n");
            }
            if (!examples.isEmpty()) {
                md.append("\n### Violations (first ").append(examples.size()).append(")\n\n");
                examples.forEach(e -> md.append("- ").append(e.replace('\n', ' ')).append('\n'));
            }
            summary.section(md.toString());
            summary.fact("Commits", String.format("%,d (%,d complete, %,d failed) in %s", commits, complete, failed,
                Duration.ofMillis(millis).toString().substring(2).toLowerCase(Locale.ROOT)));
            summary.fact("Faults that did not fire (the commit never reached their point)", Integer.toString(notFired));
            summary.fact("Commit latency p50/p95/max, complete [ms]", percentiles(completeMillis));
            summary.fact("Commit latency p50/p95/max, failed [ms]", percentiles(failedMillis));
            summary.fact("Request timeout of every mount / stall length", REQUEST_TIMEOUT.toMillis() + " ms / "
                + STALL.toMillis() + " ms");
            summary.fact("Fleet", SHAPE.toString());
            summary.fact("Per-commit log", "commits.tsv");
            summary.headline(String.format("%,d commits (%,d complete, %,d failed); partially applied %d, locked %d, "
                + "uncommitted %d, intent changed %d, actual!=intended %d", commits, complete, failed,
                counts.getOrDefault(Invariant.PARTIAL, 0), counts.getOrDefault(Invariant.LOCKED, 0),
                counts.getOrDefault(Invariant.UNCOMMITTED, 0), counts.getOrDefault(Invariant.INTENT_CHANGED, 0),
                counts.getOrDefault(Invariant.ACTUAL_NOT_INTENDED, 0)));
            summary.data("faults", Map.of("commits", commits, "complete", complete, "failed", failed,
                "invariants", counts, "byFault", byFault));
            summary.errors(violations());
            summary.files("controller.log, controller-gc.log, controller-samples.csv, commits.tsv, devices/");
        }

        private static String names(final List<Mechanism> mechanisms) {
            return String.join(", ", mechanisms.stream().map(m -> m.name().toLowerCase(Locale.ROOT)
                .replace('_', '-')).toList());
        }

        private static String percentiles(final List<Long> values) {
            if (values.isEmpty()) {
                return "-";
            }
            final List<Long> sorted = new ArrayList<>(values);
            Collections.sort(sorted);
            return rank(sorted, 50) + " / " + rank(sorted, 95) + " / " + sorted.get(sorted.size() - 1);
        }

        static long rank(final List<Long> sorted, final int percentile) {
            final int index = (int) Math.ceil(percentile / 100.0 * sorted.size()) - 1;
            return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
        }
    }
}
