package io.sextant.perf.run;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/**
 * The arithmetic and the tables of the compare scenario: what each controller measured in each run,
 * the distribution of every figure over the runs (min / median / max) and the ratios Sextant /
 * lighty.io. Nothing here starts a process or reads a file.
 */
public final class Comparison {
    /** The two controllers compared. */
    public enum Side {
        SEXTANT("Sextant", "sextant"), LIGHTY("lighty.io", "lighty");

        private final String label;
        private final String key;

        Side(final String label, final String key) {
            this.label = label;
            this.key = key;
        }

        /** How tables name it. */
        public String label() {
            return label;
        }

        /** How file names and JSON name it. */
        public String key() {
            return key;
        }
    }

    /**
     * A figure measured per controller and run, in the unit it is shown in. Lower is better unless
     * {@link #higherIsBetter()}; counts get no ratio (0 devices lost against 2 is not a ratio).
     */
    public enum Metric {
        STARTUP("Start until RESTCONF answers", "s", 1, true, false),
        CONNECTED("Devices connected", "", 0, false, true),
        NEVER_CONNECTED("Devices never connected", "", 0, false, false),
        UNABLE_TO_CONNECT("... of them reported unable-to-connect", "", 0, false, false),
        ALL_CONNECTED("All connected after first mount request", "s", 1, true, false),
        CONNECTED_99("99 % connected after", "s", 1, true, false),
        MOUNT_CPU("Controller CPU time while mounting", "s", 1, true, false),
        HEAP("Heap after full GC, devices connected", "MiB", 0, true, false),
        RSS("RSS, devices connected", "MiB", 0, true, false),
        PEAK_RSS("Peak RSS (whole run)", "MiB", 0, true, false),
        PUT_P50("PUT via mount point p50", "ms", 0, true, false),
        PUT_P95("PUT via mount point p95", "ms", 0, true, false),
        PUT_P99("PUT via mount point p99", "ms", 0, true, false),
        GET_P50("GET via mount point p50", "ms", 0, true, false),
        GET_P95("GET via mount point p95", "ms", 0, true, false),
        GET_P99("GET via mount point p99", "ms", 0, true, false),
        THROUGHPUT("PUT+GET requests per second", "req/s", 0, true, true),
        PUTGET_CPU("Controller CPU time per 1,000 PUT/GET requests", "s", 2, true, false),
        PUTGET_SIMULATOR_CPU("Simulator CPU time per 1,000 PUT/GET requests", "s", 2, true, false),
        ERRORS("Request errors (mount, warm-up, PUT/GET)", "", 0, false, false);

        private final String label;
        private final String unit;
        private final int decimals;
        private final boolean ratio;
        private final boolean higherIsBetter;

        Metric(final String label, final String unit, final int decimals, final boolean ratio,
                final boolean higherIsBetter) {
            this.label = label;
            this.unit = unit;
            this.decimals = decimals;
            this.ratio = ratio;
            this.higherIsBetter = higherIsBetter;
        }

        /** Name and unit, as a table row heading. */
        public String heading() {
            return unit.isEmpty() ? label : label + " [" + unit + "]";
        }

        /** Whether Sextant / lighty.io of this figure means something. */
        public boolean hasRatio() {
            return ratio;
        }

        public boolean higherIsBetter() {
            return higherIsBetter;
        }

        /** The value as the tables show it. */
        public String format(final double value) {
            return String.format(Locale.ROOT, "%,." + decimals + "f", value);
        }

        /** Key in summary.json. */
        public String key() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * One controller in one run: the figures it got to (a run that failed halfway keeps those it
     * measured) and why it failed, if it did.
     *
     * @param position 1 when this controller went first in the run, 2 when second
     */
    public record ControllerRun(Side side, int run, int position, Map<Metric, Double> values,
            Optional<String> failure) {
        public ControllerRun {
            values = values.isEmpty() ? Map.of() : Map.copyOf(new EnumMap<>(values));
        }

        public OptionalDouble value(final Metric metric) {
            final Double value = values.get(metric);
            return value == null ? OptionalDouble.empty() : OptionalDouble.of(value);
        }
    }

    /** Minimum, median (mean of the middle two for an even count) and maximum of a figure over runs. */
    public record Distribution(double min, double median, double max, int count) {
        public static Optional<Distribution> of(final Collection<Double> values) {
            if (values.isEmpty()) {
                return Optional.empty();
            }
            final double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            final int n = sorted.length;
            final double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
            return Optional.of(new Distribution(sorted[0], median, sorted[n - 1], n));
        }

        /** "median (min-max)", or the single value when there was one run. */
        public String format(final Metric metric) {
            if (count == 1) {
                return metric.format(median);
            }
            return metric.format(median) + " (" + metric.format(min) + "-" + metric.format(max) + ")";
        }
    }

    private final List<ControllerRun> runs;

    public Comparison(final List<ControllerRun> runs) {
        this.runs = List.copyOf(runs);
    }

    public List<ControllerRun> runs() {
        return runs;
    }

    /** The distribution of {@code metric} over the runs of {@code side} that measured it. */
    public Optional<Distribution> distribution(final Side side, final Metric metric) {
        return Distribution.of(values(side, metric));
    }

    private List<Double> values(final Side side, final Metric metric) {
        final List<Double> values = new ArrayList<>();
        for (ControllerRun run : runs) {
            if (run.side() == side) {
                run.value(metric).ifPresent(values::add);
            }
        }
        return values;
    }

    /** Sextant's median over lighty.io's median; empty for counts and when lighty.io's median is 0 or missing. */
    public OptionalDouble ratioOfMedians(final Metric metric) {
        if (!metric.hasRatio()) {
            return OptionalDouble.empty();
        }
        final Optional<Distribution> sextant = distribution(Side.SEXTANT, metric);
        final Optional<Distribution> lighty = distribution(Side.LIGHTY, metric);
        if (sextant.isEmpty() || lighty.isEmpty() || lighty.orElseThrow().median() == 0) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(sextant.orElseThrow().median() / lighty.orElseThrow().median());
    }

    /** The ratio within each run that measured the figure on both controllers, as a distribution over runs. */
    public Optional<Distribution> ratioPerRun(final Metric metric) {
        if (!metric.hasRatio()) {
            return Optional.empty();
        }
        final List<Double> ratios = new ArrayList<>();
        for (int run : runNumbers()) {
            final OptionalDouble sextant = value(Side.SEXTANT, run, metric);
            final OptionalDouble lighty = value(Side.LIGHTY, run, metric);
            if (sextant.isPresent() && lighty.isPresent() && lighty.getAsDouble() != 0) {
                ratios.add(sextant.getAsDouble() / lighty.getAsDouble());
            }
        }
        return Distribution.of(ratios);
    }

    private OptionalDouble value(final Side side, final int run, final Metric metric) {
        return runs.stream().filter(r -> r.side() == side && r.run() == run).findFirst()
            .map(r -> r.value(metric)).orElse(OptionalDouble.empty());
    }

    private List<Integer> runNumbers() {
        return runs.stream().map(ControllerRun::run).distinct().sorted().toList();
    }

    static String ratio(final double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }

    /** Every figure of every controller run, in the order they ran (a column each). */
    public String perRunTable() {
        final StringBuilder md = new StringBuilder("| Figure |");
        final StringBuilder rule = new StringBuilder("|---|");
        for (ControllerRun run : runs) {
            md.append(" run ").append(run.run()).append(' ').append(run.side().label()).append(" |");
            rule.append("---|");
        }
        md.append('\n').append(rule).append('\n');
        for (Metric metric : Metric.values()) {
            md.append("| ").append(metric.heading()).append(" |");
            for (ControllerRun run : runs) {
                final OptionalDouble value = run.value(metric);
                md.append(' ').append(value.isPresent() ? metric.format(value.getAsDouble()) : "-").append(" |");
            }
            md.append('\n');
        }
        return md.toString();
    }

    /**
     * Per figure: median (min-max) over the runs of each controller, Sextant's median over
     * lighty.io's, and the spread of the same ratio taken run by run.
     */
    public String distributionTable() {
        final StringBuilder md = new StringBuilder("| Figure | Sextant median (min-max) | lighty.io median (min-max) "
            + "| Sextant / lighty.io (medians) | Sextant / lighty.io per run, median (min-max) |\n"
            + "|---|---|---|---|---|\n");
        for (Metric metric : Metric.values()) {
            final OptionalDouble ratio = ratioOfMedians(metric);
            md.append("| ").append(metric.heading())
                .append(" | ").append(distribution(Side.SEXTANT, metric).map(d -> d.format(metric)).orElse("-"))
                .append(" | ").append(distribution(Side.LIGHTY, metric).map(d -> d.format(metric)).orElse("-"))
                .append(" | ").append(ratio.isPresent() ? ratio(ratio.getAsDouble()) : "-")
                .append(" | ").append(ratioPerRun(metric).map(Comparison::formatRatios).orElse("-"))
                .append(" |\n");
        }
        return md.toString();
    }

    private static String formatRatios(final Distribution d) {
        return d.count() == 1 ? ratio(d.median())
            : ratio(d.median()) + " (" + ratio(d.min()) + "-" + ratio(d.max()) + ")";
    }

    /** The few figures that fit one line of RESULTS.md: medians of both and their ratio. */
    public String headline() {
        final List<String> parts = new ArrayList<>();
        for (Metric metric : List.of(Metric.ALL_CONNECTED, Metric.CONNECTED_99, Metric.NEVER_CONNECTED,
                Metric.PUT_P95, Metric.GET_P95, Metric.RSS, Metric.HEAP)) {
            final Optional<Distribution> sextant = distribution(Side.SEXTANT, metric);
            final Optional<Distribution> lighty = distribution(Side.LIGHTY, metric);
            if (sextant.isEmpty() && lighty.isEmpty()) {
                continue;
            }
            final OptionalDouble ratio = ratioOfMedians(metric);
            parts.add(shortName(metric) + " " + sextant.map(d -> metric.format(d.median())).orElse("-") + " vs "
                + lighty.map(d -> metric.format(d.median())).orElse("-") + (metric.unit.isEmpty() ? "" : " " + metric.unit)
                + (ratio.isPresent() ? " (" + ratio(ratio.getAsDouble()) + ")" : ""));
        }
        return "Sextant vs lighty.io, medians of " + runNumbers().size() + " run(s) (ratio): " + String.join(", ", parts);
    }

    private static String shortName(final Metric metric) {
        return switch (metric) {
            case ALL_CONNECTED -> "all connected";
            case CONNECTED_99 -> "99 % connected";
            case NEVER_CONNECTED -> "never connected";
            case PUT_P95 -> "PUT p95";
            case GET_P95 -> "GET p95";
            case RSS -> "RSS";
            case HEAP -> "heap";
            default -> metric.label;
        };
    }

    /** The failures of controller runs, one line each; empty when every run completed. */
    public List<String> failures() {
        return runs.stream().filter(r -> r.failure().isPresent())
            .map(r -> "run " + r.run() + " " + r.side().label() + ": " + r.failure().orElseThrow()).toList();
    }

    /** For summary.json: every controller run with its figures, and per figure the distributions and ratio. */
    public Map<String, Object> json() {
        final Map<String, Object> json = new LinkedHashMap<>();
        json.put("runs", runs.stream().map(r -> {
            final Map<String, Object> run = new LinkedHashMap<>();
            run.put("run", r.run());
            run.put("controller", r.side().key());
            run.put("position", r.position());
            run.put("figures", r.values().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .collect(Collectors.toMap(e -> e.getKey().key(), Map.Entry::getValue, (a, b) -> a,
                    LinkedHashMap::new)));
            r.failure().ifPresent(f -> run.put("failure", f));
            return run;
        }).toList());
        final Map<String, Object> figures = new LinkedHashMap<>();
        for (Metric metric : Metric.values()) {
            final Map<String, Object> figure = new LinkedHashMap<>();
            figure.put("unit", metric.unit);
            for (Side side : Side.values()) {
                distribution(side, metric).ifPresent(d -> figure.put(side.key(), Map.of("min", d.min(),
                    "median", d.median(), "max", d.max(), "runs", d.count())));
            }
            final OptionalDouble ratio = ratioOfMedians(metric);
            if (ratio.isPresent()) {
                figure.put("ratioOfMedians", ratio.getAsDouble());
            }
            ratioPerRun(metric).ifPresent(d -> figure.put("ratioPerRun", Arrays.asList(d.min(), d.median(), d.max())));
            figures.put(metric.key(), figure);
        }
        json.put("figures", figures);
        return json;
    }
}
