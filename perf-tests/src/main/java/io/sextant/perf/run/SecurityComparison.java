package io.sextant.perf.run;

import io.sextant.perf.run.JtlStats.LabelStats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The arithmetic and the tables of {@code put-get --compare-security}: the put-get figures of each
 * {@link Variant} in each run, their median and range over the runs, and the ratios between
 * variants, both as the ratio of the medians and per round (the variants of one round ran next to
 * each other, so a round's ratio is the least disturbed by what else the machine did at the time).
 * Nothing here starts a process or reads a file.
 */
public final class SecurityComparison {
    /** What NACM may add to the p95 of PUT and GET: at most 10 %. */
    static final double NACM_LIMIT = 1.10;

    /** How the put-get plan reaches the controller. */
    public enum Variant {
        PLAIN("plain", "HTTP, NACM off, admin", false, false, false, true),
        PLAIN_UNAUDITED("plain-no-audit", "HTTP, NACM off, admin, no audit log", false, false, false, false),
        TLS("tls", "HTTPS, NACM off, admin", true, false, false, true),
        TLS_NACM_ADMIN("tls-nacm-admin", "HTTPS, NACM on, admin", true, true, false, true),
        TLS_NACM_USER("tls-nacm-user", "HTTPS, NACM on, restricted user", true, true, true, true);

        private final String key;
        private final String label;
        private final boolean tls;
        private final boolean nacm;
        private final boolean restricted;
        private final boolean audited;

        Variant(final String key, final String label, final boolean tls, final boolean nacm,
                final boolean restricted, final boolean audited) {
            this.key = key;
            this.label = label;
            this.tls = tls;
            this.nacm = nacm;
            this.restricted = restricted;
            this.audited = audited;
        }

        /** How file names and JSON name it. */
        public String key() {
            return key;
        }

        /** How tables name it. */
        public String label() {
            return label;
        }

        /** HTTPS (the secured controller process), else plain HTTP (the other process). */
        public boolean tls() {
            return tls;
        }

        /** Whether {@code enable-nacm} is true while it runs. */
        public boolean nacm() {
            return nacm;
        }

        /** Whether the requests come from the user whose rules permit only its own interfaces (else admin). */
        public boolean restricted() {
            return restricted;
        }

        /** Whether the controller writes its audit log (else the unaudited process, HTTP like plain). */
        public boolean audited() {
            return audited;
        }
    }

    /** The order of the variants in round {@code round} (from 1): each round starts one further on. */
    static List<Variant> order(final int round) {
        final List<Variant> all = List.of(Variant.values());
        final List<Variant> order = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            order.add(all.get((i + round - 1) % all.size()));
        }
        return order;
    }

    /**
     * One measured run of one variant.
     *
     * @param position where in its round it ran (from 1)
     * @param controllerCpuPerThousand controller CPU time per 1,000 requests in ms, over the whole
     *     JMeter run; NaN when it could not be read
     */
    public record VariantRun(Variant variant, int clients, int round, int position, LabelStats put, LabelStats get,
            double throughput, long errors, double controllerCpuPerThousand) {
    }

    /** A ratio shown in the report: numerator's figure over denominator's, and what it stands for. */
    record Pair(Variant numerator, Variant denominator, String meaning) {
    }

    static final List<Pair> PAIRS = List.of(
        new Pair(Variant.TLS_NACM_USER, Variant.PLAIN, "secured (HTTPS, NACM, restricted user) / plain"),
        new Pair(Variant.TLS_NACM_ADMIN, Variant.PLAIN, "secured as admin (HTTPS, NACM) / plain"),
        new Pair(Variant.TLS, Variant.PLAIN, "TLS alone: HTTPS / HTTP, NACM off (two processes)"),
        new Pair(Variant.TLS_NACM_USER, Variant.TLS, "NACM, restricted user: on / off (same process, HTTPS)"),
        new Pair(Variant.TLS_NACM_ADMIN, Variant.TLS, "NACM, admin: on / off (same process, HTTPS)"),
        new Pair(Variant.PLAIN, Variant.PLAIN_UNAUDITED, "audit log: on / off (HTTP, NACM off, two processes)"));

    /** A figure of one run. */
    private record Figure(String heading, ToDoubleFunction<VariantRun> value, int decimals) {
        String format(final double v) {
            return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", v);
        }
    }

    private static final Figure PUT_P95 = new Figure("PUT p95", r -> r.put().p95(), 0);
    private static final Figure PUT_P95_FINE = new Figure("PUT p95 (interpolated)", r -> r.put().p95Interpolated(), 2);
    private static final Figure PUT_P50_FINE = new Figure("PUT p50 (interpolated)", r -> r.put().p50Interpolated(), 2);
    private static final Figure GET_P95 = new Figure("GET p95", r -> r.get().p95(), 0);
    private static final Figure GET_P95_FINE = new Figure("GET p95 (interpolated)", r -> r.get().p95Interpolated(), 2);
    private static final Figure GET_P50_FINE = new Figure("GET p50 (interpolated)", r -> r.get().p50Interpolated(), 2);
    private static final Figure THROUGHPUT = new Figure("req/s", VariantRun::throughput, 0);
    private static final Figure CPU = new Figure("controller CPU ms / 1,000 req", VariantRun::controllerCpuPerThousand, 0);

    private final List<VariantRun> runs;

    public SecurityComparison(final List<VariantRun> runs) {
        this.runs = List.copyOf(runs);
    }

    /** The client counts measured, in the order they ran. */
    List<Integer> clients() {
        return runs.stream().map(VariantRun::clients).distinct().toList();
    }

    private List<VariantRun> of(final int clients, final Variant variant) {
        return runs.stream().filter(r -> r.clients() == clients && r.variant() == variant).toList();
    }

    /** Median of a figure over the runs of one variant (NaN without runs). */
    double median(final int clients, final Variant variant, final ToDoubleFunction<VariantRun> figure) {
        return median(of(clients, variant).stream().mapToDouble(figure).filter(v -> !Double.isNaN(v)).toArray());
    }

    /** Median of the medians' ratio numerator / denominator (NaN when either is missing or the denominator 0). */
    double ratioOfMedians(final int clients, final Pair pair, final ToDoubleFunction<VariantRun> figure) {
        return ratio(median(clients, pair.numerator(), figure), median(clients, pair.denominator(), figure));
    }

    /** The ratio numerator / denominator within each round that has both. */
    double[] roundRatios(final int clients, final Pair pair, final ToDoubleFunction<VariantRun> figure) {
        final List<Double> ratios = new ArrayList<>();
        for (VariantRun top : of(clients, pair.numerator())) {
            of(clients, pair.denominator()).stream().filter(b -> b.round() == top.round()).findFirst()
                .map(bottom -> ratio(figure.applyAsDouble(top), figure.applyAsDouble(bottom)))
                .filter(r -> !Double.isNaN(r)).ifPresent(ratios::add);
        }
        return ratios.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** Every measured run, in the order they ran. */
    String everyRunTable() {
        final StringBuilder md = new StringBuilder("| clients | round | # | variant | requests | req/s "
            + "| PUT p50 (interp.) | PUT p95 | PUT p95 (interp.) | PUT p99 | PUT max "
            + "| GET p50 (interp.) | GET p95 | GET p95 (interp.) | GET p99 | GET max "
            + "| controller CPU ms / 1,000 req | errors |\n"
            + "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (VariantRun r : runs) {
            md.append(String.format(Locale.ROOT, "| %d | %d | %d | %s | %d | %.0f | %.2f | %d | %.2f | %d | %d "
                + "| %.2f | %d | %.2f | %d | %d | %s | %d |%n", r.clients(), r.round(), r.position(),
                r.variant().label(), r.put().count() + r.get().count(), r.throughput(), r.put().p50Interpolated(),
                r.put().p95(), r.put().p95Interpolated(), r.put().p99(), r.put().max(), r.get().p50Interpolated(),
                r.get().p95(), r.get().p95Interpolated(), r.get().p99(), r.get().max(),
                CPU.format(r.controllerCpuPerThousand()), r.errors()));
        }
        return md.toString();
    }

    /** Per client count and variant: median (min-max) over the runs of each figure. */
    String distributionTable() {
        final List<Figure> figures = List.of(PUT_P95, PUT_P95_FINE, PUT_P50_FINE, GET_P95, GET_P95_FINE,
            GET_P50_FINE, THROUGHPUT, CPU);
        final StringBuilder md = new StringBuilder("| clients | variant | runs |");
        figures.forEach(f -> md.append(' ').append(f.heading()).append(" |"));
        md.append("\n|---|---|---|").append("---|".repeat(figures.size())).append('\n');
        for (int clients : clients()) {
            for (Variant variant : Variant.values()) {
                final List<VariantRun> list = of(clients, variant);
                if (list.isEmpty()) {
                    continue;
                }
                md.append("| ").append(clients).append(" | ").append(variant.label()).append(" | ").append(list.size())
                    .append(" |");
                for (Figure figure : figures) {
                    md.append(' ').append(spread(list, figure)).append(" |");
                }
                md.append('\n');
            }
        }
        return md.toString();
    }

    /**
     * Per client count and pair: the ratios of p95 (interpolated and whole-ms), p50 (interpolated) and
     * CPU. Not of the mean: each JMeter thread's first request carries its JVM's first TLS handshake
     * (about 300 ms on this machine), which moves the mean of a run of 2,000 by up to 0.15 ms.
     */
    String ratioTable() {
        final List<Figure> figures = List.of(PUT_P95_FINE, GET_P95_FINE, PUT_P95, GET_P95, PUT_P50_FINE, GET_P50_FINE,
            CPU);
        final StringBuilder md = new StringBuilder("| clients | ratio |");
        figures.forEach(f -> md.append(' ').append(f.heading()).append(" |"));
        md.append("\n|---|---|").append("---|".repeat(figures.size())).append('\n');
        for (int clients : clients()) {
            for (Pair pair : PAIRS) {
                md.append("| ").append(clients).append(" | ").append(pair.meaning()).append(" |");
                for (Figure figure : figures) {
                    final double[] rounds = roundRatios(clients, pair, figure.value());
                    md.append(' ').append(ratio(ratioOfMedians(clients, pair, figure.value())));
                    if (rounds.length > 0) {
                        Arrays.sort(rounds);
                        md.append(" (rounds ").append(ratio(median(rounds))).append(", ").append(ratio(rounds[0]))
                            .append('-').append(ratio(rounds[rounds.length - 1])).append(')');
                    }
                    md.append(" |");
                }
                md.append('\n');
            }
        }
        return md.toString();
    }

    /**
     * Whether NACM adds at most 10 % to the p95 of PUT and GET: NACM on against off on the same
     * HTTPS controller, as admin and as the restricted user, with every client count, by the ratio
     * of the medians of the interpolated p95.
     */
    boolean nacmWithinLimit() {
        return nacmRatios().values().stream().allMatch(r -> !Double.isNaN(r) && r <= NACM_LIMIT);
    }

    /** "<clients> clients, <user>, PUT|GET" → ratio NACM on / off of the interpolated p95's medians. */
    Map<String, Double> nacmRatios() {
        final Map<String, Double> ratios = new LinkedHashMap<>();
        for (int clients : clients()) {
            for (Pair pair : PAIRS) {
                if (pair.denominator() != Variant.TLS) {
                    continue;
                }
                final String who = pair.numerator().restricted() ? "restricted user" : "admin";
                ratios.put(clients + " client(s), " + who + ", PUT", ratioOfMedians(clients, pair, PUT_P95_FINE.value()));
                ratios.put(clients + " client(s), " + who + ", GET", ratioOfMedians(clients, pair, GET_P95_FINE.value()));
            }
        }
        return ratios;
    }

    /** The verdict on the requirement, one sentence with the figures it rests on. */
    String verdict() {
        final List<String> parts = new ArrayList<>();
        nacmRatios().forEach((what, r) -> parts.add(what + " " + percent(r)));
        return (nacmWithinLimit() ? "holds" : "does NOT hold") + " (NACM on / off, median interpolated p95: "
            + String.join("; ", parts) + ")";
    }

    /** The RESULTS.md cell: per client count the interpolated p95 of each variant, then the verdict. */
    String headline() {
        final List<String> parts = new ArrayList<>();
        for (int clients : clients()) {
            final List<String> variants = new ArrayList<>();
            for (Variant variant : Variant.values()) {
                variants.add(variant.key() + " " + PUT_P95_FINE.format(median(clients, variant, PUT_P95_FINE.value()))
                    + "/" + GET_P95_FINE.format(median(clients, variant, GET_P95_FINE.value())));
            }
            parts.add(clients + " client(s), PUT/GET p95 (interpolated, median) [ms]: " + String.join(", ", variants));
        }
        parts.add("NACM <= +10 % " + (nacmWithinLimit() ? "holds" : "does NOT hold"));
        return String.join("; ", parts);
    }

    /** The figures for summary.json. */
    Map<String, Object> json() {
        final Map<String, Object> json = new LinkedHashMap<>();
        final List<Map<String, Object>> list = new ArrayList<>();
        for (VariantRun r : runs) {
            final Map<String, Object> run = new LinkedHashMap<>();
            run.put("variant", r.variant().key());
            run.put("clients", r.clients());
            run.put("round", r.round());
            run.put("position", r.position());
            run.put("put", r.put());
            run.put("get", r.get());
            run.put("requestsPerSecond", r.throughput());
            run.put("errors", r.errors());
            run.put("controllerCpuMillisPer1000", r.controllerCpuPerThousand());
            list.add(run);
        }
        json.put("runs", list);
        json.put("nacmRatios", nacmRatios());
        json.put("nacmWithinLimit", nacmWithinLimit());
        return json;
    }

    private static String spread(final List<VariantRun> list, final Figure figure) {
        final double[] values = list.stream().mapToDouble(figure.value()).filter(v -> !Double.isNaN(v)).sorted()
            .toArray();
        if (values.length == 0) {
            return "-";
        }
        return figure.format(median(values)) + " (" + figure.format(values[0]) + "-"
            + figure.format(values[values.length - 1]) + ")";
    }

    static double median(final double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        final double[] sorted = values.clone();
        Arrays.sort(sorted);
        final int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    private static double ratio(final double numerator, final double denominator) {
        return Double.isNaN(numerator) || Double.isNaN(denominator) || denominator == 0 ? Double.NaN
            : numerator / denominator;
    }

    private static String ratio(final double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.2f", value);
    }

    private static String percent(final double ratio) {
        return Double.isNaN(ratio) ? "-" : String.format(Locale.ROOT, "%+.0f %%", (ratio - 1) * 100);
    }
}
