package io.sextant.perf.run;

import io.sextant.perf.run.Options.ControllerKind;
import io.sextant.perf.run.SecurityComparison.Variant;
import io.sextant.perf.run.SecurityComparison.VariantRun;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * {@code put-get --compare-security}: what TLS, NACM and the audit log cost the put-get plan, measured
 * in one run. Three controllers of the same assembly, heap and JVM flags run side by side: "plain"
 * with insecure-http (HTTP on loopback) and NACM off ({@code enable-nacm false}), "unaudited" the
 * same without its audit log (the plain-Java launcher's benchmark-only {@value #NO_AUDIT}), and
 * "secured" as shipped (HTTPS with its generated certificate). The plan runs as five {@link Variant}s:
 * plain; plain without audit log; HTTPS
 * with NACM off; HTTPS with NACM on as admin (whose rules permit everything, so nothing is walked);
 * HTTPS with NACM on as a user whose rules permit exactly the interfaces it writes and reads (so
 * the rules are evaluated on every request). NACM is switched on the secured controller between
 * runs, so NACM on and off are compared within one process. After unrecorded warm-up runs (each
 * variant of the secured controller once, the plain one as often, so both served as many requests),
 * the variants run interleaved, round after round (10 unless {@code --runs}), each round starting one
 * variant further on; the report gives every run, median and range per variant, and the ratios.
 */
final class SecurityCostScenario implements Scenario {
    static final String EDITOR = "perf-editor";
    static final String EDITOR_GROUP = "perf-editors";
    /** Thread N of the restricted user writes and reads interface {@code editor-N}; admin's threads {@code admin-N}. */
    static final String EDITOR_PREFIX = "editor";
    static final String ADMIN_PREFIX = "admin";
    /** An interface the restricted user may neither read nor write, for the check that NACM refuses it. */
    static final String OTHERS_INTERFACE = "not-the-editors";
    /** The plain-Java launcher's benchmark-only switch that starts a controller without its audit log. */
    static final String NO_AUDIT = "sextant.benchmark.no-audit";
    private static final String NACM = "/rests/data/ietf-netconf-acm:nacm";
    private static final String INTERFACES = "/rests/data/openconfig-interfaces:interfaces/interface=";
    private static final String PUT = "PUT interface";
    private static final String GET = "GET interface";

    /** The two controllers and who may use them. */
    private record Setup(Phases.Monitored plain, Phases.Monitored unaudited, Phases.Monitored secured, NacmSwitch nacm,
            String editorPassword, int loops) {
        Phases.Monitored controller(final Variant variant) {
            return !variant.audited() ? unaudited : variant.tls() ? secured : plain;
        }
    }

    @Override
    public void run(final RunContext run, final RunSummary summary) throws Exception {
        final Options options = run.options();
        final List<Integer> clients = options.threads().map(List::of).orElse(List.of(1, 5));
        // two full rotations: each variant runs twice in each position of a round
        final int runs = options.runs().orElse(2 * Variant.values().length);
        final int loops = options.loops().orElse(2_000);
        final ControllerKind kind = options.controller().orElse(ControllerKind.JAVA);
        final String heap = options.heap().orElse("1g");
        final int maxClients = clients.stream().max(Integer::compare).orElseThrow();
        summary.withoutTable().scale(0, 0, 0, maxClients)
            .controller(ControllerProcess.describe(kind) + ", three processes: plain (insecure-http), unaudited "
                + "(insecure-http, no audit log) and secured (HTTPS)",
                ControllerProcess.jvmFlags(heap, Path.of("<plain|unaudited|secured>-gc.log")))
            .files("plain.log, unaudited.log, secured.log (controller output), <name>-gc.log, <name>-samples.csv, "
                + "plain-data/, secured-data/ (audit/audit.log: every request's user), unaudited-data/ (no audit log)");

        final Phases.Monitored plain = Phases.controller(run, kind, heap, "plain", List.of("-Dsextant.insecure-http=true"));
        final Phases.Monitored unaudited = Phases.controller(run, kind, heap, "unaudited",
            List.of("-Dsextant.insecure-http=true", "-D" + NO_AUDIT + "=true"));
        final Phases.Monitored secured = Phases.controller(run, kind, heap, "secured");
        new NacmSwitch(plain.controller().client()).set(false);
        new NacmSwitch(unaudited.controller().client()).set(false);
        final byte[] secret = new byte[12];
        new SecureRandom().nextBytes(secret);
        final String editorPassword = HexFormat.of().formatHex(secret);
        final NacmSwitch nacm = new NacmSwitch(secured.controller().client());
        prepareEditor(run, secured.controller().client(), nacm, editorPassword, maxClients);
        final Setup setup = new Setup(plain, unaudited, secured, nacm, editorPassword, loops);
        facts(summary, kind, heap, clients, runs, loops, maxClients);

        // the secured controller serves three variants, the plain and unaudited ones one each: all three get as
        // many warm-up requests
        final List<Variant> secure = List.of(Variant.values()).stream().filter(Variant::tls).toList();
        for (int w = 0; w < secure.size(); w++) {
            for (Variant variant : List.of(Variant.PLAIN, Variant.PLAIN_UNAUDITED, secure.get(w))) {
                run.log("put-get --compare-security: warm-up %s, %d clients x %d PUT+GET", variant.label(), maxClients,
                    loops);
                summary.auxiliary(measure(run, setup, variant, maxClients, "warmup" + (w + 1) + "-" + variant.key(),
                    false).result());
            }
        }
        final List<VariantRun> results = new ArrayList<>();
        try {
            for (int threads : clients) {
                for (int r = 1; r <= runs; r++) {
                    final List<Variant> order = SecurityComparison.order(r);
                    for (int position = 1; position <= order.size(); position++) {
                        final Variant variant = order.get(position - 1);
                        final Measured m = measure(run, setup, variant, threads,
                            "t" + threads + "-run" + r + "-" + variant.key(), r == runs);
                        summary.auxiliary(m.result());
                        final JtlStats stats = m.result().stats();
                        results.add(new VariantRun(variant, threads, r, position, stats.label(PUT), stats.label(GET),
                            stats.throughput(), stats.total().errors(), m.cpuPerThousand()));
                        run.log("put-get --compare-security %d clients, round %d: %s PUT p95 %d (%.2f) GET p95 %d (%.2f)"
                            + " ms", threads, r, variant.label(), stats.label(PUT).p95(),
                            stats.label(PUT).p95Interpolated(), stats.label(GET).p95(),
                            stats.label(GET).p95Interpolated());
                    }
                }
            }
        } finally {
            report(summary, new SecurityComparison(results));
        }
    }

    /** One JMeter run of the put-get plan for {@code variant}, and the controller CPU it took. */
    private record Measured(JMeter.Result result, double cpuPerThousand) {
    }

    private static Measured measure(final RunContext run, final Setup setup, final Variant variant, final int threads,
            final String name, final boolean dashboard) throws IOException, InterruptedException {
        final Phases.Monitored c = setup.controller(variant);
        if (variant.tls()) {
            setup.nacm().set(variant.nacm());
        }
        final Phases.PutGetClient client = variant.restricted()
            ? new Phases.PutGetClient(EDITOR, setup.editorPassword(), EDITOR_PREFIX)
            : new Phases.PutGetClient("admin", run.password(), ADMIN_PREFIX);
        final long cpuBefore = c.monitor().cpuMillis();
        final JMeter.Result result = Phases.datastorePutGet(run, c.controller(), threads, setup.loops(), name,
            dashboard, client);
        final long cpuAfter = c.monitor().cpuMillis();
        final long requests = result.stats().total().count();
        final double cpu = cpuBefore < 0 || cpuAfter < 0 || requests == 0 ? Double.NaN
            : (cpuAfter - cpuBefore) * 1000.0 / requests;
        if (!c.controller().isAlive()) {
            throw new IOException("the " + (!variant.audited() ? "unaudited" : variant.tls() ? "secured" : "plain")
                + " controller exited during " + name);
        }
        return new Measured(result, cpu);
    }

    /**
     * Creates the restricted user and its rules on the secured controller, then checks that NACM
     * does what the measurement assumes: with NACM on the user writes and reads its own interface and
     * is refused another one (403 on write, 404 on read); with NACM off it may write that one too.
     */
    private static void prepareEditor(final RunContext run, final RestconfClient admin, final NacmSwitch nacm,
            final String password, final int maxClients) throws IOException, InterruptedException {
        // someone else's interface (and with it the interfaces container, which the user may not create)
        expect(admin.put(INTERFACES + OTHERS_INTERFACE, interfaceBody(OTHERS_INTERFACE, "admin's")), 200, 204,
            "admin writing interface " + OTHERS_INTERFACE);
        expect(admin.post("/rests/operations/sextant-users:set-password",
            "{\"input\":{\"name\":\"" + EDITOR + "\",\"password\":\"" + password + "\"}}"), 200, 204,
            "creating user " + EDITOR);
        expect(admin.put(NACM + "/groups/group=" + EDITOR_GROUP, "{\"ietf-netconf-acm:group\":[{\"name\":\""
            + EDITOR_GROUP + "\",\"user-name\":[\"" + EDITOR + "\"]}]}"), 200, 204, "creating NACM group " + EDITOR_GROUP);
        expect(admin.put(NACM + "/rule-list=" + EDITOR_GROUP, ruleList(maxClients)), 200, 204,
            "creating NACM rule list " + EDITOR_GROUP);
        nacm.set(true);

        final RestconfClient editor = admin.as(EDITOR, password);
        final String own = EDITOR_PREFIX + "-1";
        expect(editor.put(INTERFACES + own, interfaceBody(own, "check")), 200, 204, EDITOR + " writing " + own);
        expect(editor.get(INTERFACES + own), 200, 200, EDITOR + " reading " + own);
        expect(editor.put(INTERFACES + OTHERS_INTERFACE, interfaceBody(OTHERS_INTERFACE, "editor's")), 403, 403,
            EDITOR + " writing " + OTHERS_INTERFACE + " with NACM on (NACM must refuse it)");
        expect(editor.get(INTERFACES + OTHERS_INTERFACE), 404, 404,
            EDITOR + " reading " + OTHERS_INTERFACE + " with NACM on (NACM must hide it)");
        nacm.set(false);
        expect(editor.put(INTERFACES + OTHERS_INTERFACE, interfaceBody(OTHERS_INTERFACE, "editor's")), 200, 204,
            EDITOR + " writing " + OTHERS_INTERFACE + " with NACM off (enable-nacm false must permit it)");
        run.log("put-get --compare-security: user %s may write and read %s-1..%d only when NACM is on, anything when "
            + "it is off", EDITOR, EDITOR_PREFIX, maxClients);
    }

    /** One permit rule per interface of the restricted user's threads: its own interface, nothing else. */
    static String ruleList(final int maxClients) {
        final String rules = IntStream.rangeClosed(1, maxClients).mapToObj(i -> {
            final String name = EDITOR_PREFIX + "-" + i;
            return "{\"name\":\"" + name + "\",\"access-operations\":\"*\",\"action\":\"permit\",\"path\":"
                + "\"/openconfig-interfaces:interfaces/openconfig-interfaces:interface[openconfig-interfaces:name='"
                + name + "']\"}";
        }).collect(Collectors.joining(","));
        return "{\"ietf-netconf-acm:rule-list\":[{\"name\":\"" + EDITOR_GROUP + "\",\"group\":[\"" + EDITOR_GROUP
            + "\"],\"rule\":[" + rules + "]}]}";
    }

    private static String interfaceBody(final String name, final String description) {
        return "{\"openconfig-interfaces:interface\":[{\"name\":\"" + name + "\",\"config\":{\"name\":\"" + name
            + "\",\"type\":\"iana-if-type:ethernetCsmacd\",\"mtu\":1500,\"description\":\"" + description
            + "\",\"enabled\":true}}]}";
    }

    private static void expect(final RestconfClient.Response response, final int low, final int high,
            final String what) throws IOException {
        if (response.status() < low || response.status() > high) {
            throw new IOException(what + ": expected " + (low == high ? low : low + "-" + high) + ", got "
                + response.status() + " " + response.body());
        }
    }

    /** {@code enable-nacm} of one controller, written only when it changes. */
    private static final class NacmSwitch {
        private final RestconfClient admin;
        private Boolean enabled;

        NacmSwitch(final RestconfClient admin) {
            this.admin = admin;
        }

        void set(final boolean enable) throws IOException, InterruptedException {
            if (enabled != null && enabled == enable) {
                return;
            }
            expect(admin.put(NACM + "/enable-nacm", "{\"ietf-netconf-acm:enable-nacm\":" + enable + "}"), 200, 204,
                "setting enable-nacm " + enable);
            enabled = enable;
        }
    }

    private static void facts(final RunSummary summary, final ControllerKind kind, final String heap,
            final List<Integer> clients, final int runs, final int loops, final int maxClients) {
        summary.fact("Controllers", "three " + ControllerProcess.describe(kind) + " processes, -Xmx" + heap
                + ", the same JVM flags and data layout, started one after the other and running side by side: "
                + "plain (-Dsextant.insecure-http=true, enable-nacm false), unaudited (the same and -D" + NO_AUDIT
                + "=true: no audit log at all) and secured (HTTPS with its generated certificate, enable-nacm "
                + "switched per run); state in memory, so the audit log is its file only")
            .fact("Variants", List.of(Variant.values()).stream().map(v -> v.key() + " = " + v.label())
                .collect(Collectors.joining("; ")))
            .fact("Restricted user", EDITOR + " (group " + EDITOR_GROUP + "): one permit rule (all operations) per "
                + "interface it writes and reads, " + EDITOR_PREFIX + "-1.." + maxClients + "; the shipped defaults "
                + "(read, write and exec deny) for everything else; admin's threads write " + ADMIN_PREFIX
                + "-N on both controllers")
            .fact("Plan", "datastore-put-get.jmx, " + loops + " PUT+GET per client per run, " + clients
                + " client(s), keep-alive connections (JMeter accepts any server certificate)")
            .fact("Order", "unrecorded warm-up runs of " + maxClients + " clients: the secured controller each of its "
                + "variants once, the plain and unaudited ones as often (3 runs each), alternating; then " + runs
                + " rounds per client count; round r runs the variants starting with the r-th (round 1: "
                + SecurityComparison.order(1).stream().map(Variant::key).collect(Collectors.joining(" ")) + ")")
            .fact("p95 (interpolated)", "JMeter records whole milliseconds; besides the nearest-rank p95 the "
                + "report gives it interpolated from the share of samples in each millisecond (JtlStats."
                + "LabelStats.interpolated), which moves by less than a millisecond")
            .fact("Requirement", "NACM adds at most 10 % to PUT and GET p95 (NACM on / off on the secured controller, "
                + "admin and restricted user, by the median interpolated p95)")
            .fact("Reference (brief, 80 cores, through UniConfig)", "PUT p95 19 ms, GET p95 24 ms");
    }

    private static void report(final RunSummary summary, final SecurityComparison comparison) {
        final Map<String, Object> json = comparison.json();
        summary.headline(comparison.headline()).data("compareSecurity", json)
            .fact("NACM adds at most 10 % to PUT and GET p95", comparison.verdict())
            .section("## Per variant\n\nmedian (min-max) over the runs [ms; req/s; controller CPU ms per 1,000 "
                + "requests over the whole JMeter run]\n\n" + comparison.distributionTable())
            .section("## Ratios\n\nThe ratio of the medians, then in brackets the median and range of the same ratio "
                + "within each round (variants of one round ran one after another). Above 1: the first variant "
                + "took longer.\n\n" + comparison.ratioTable())
            .section("## Every run\n\nIn the order they ran; # is the position in the round.\n\n"
                + comparison.everyRunTable());
    }
}
