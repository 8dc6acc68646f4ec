package io.sextant.perf.run;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Statistics of one JMeter result file (CSV .jtl): per sampler label and in total, the count,
 * errors and latency percentiles (nearest rank on the sorted elapsed times, in milliseconds), and
 * the wall-clock span from the first request's start to the last one's end.
 */
public record JtlStats(List<LabelStats> labels, LabelStats total, long firstStart, long lastEnd,
        List<String> firstErrors) {

    /**
     * Latency distribution of one sampler label, in milliseconds; {@code p50Interpolated} and
     * {@code p95Interpolated} are the median and the 95th percentile with a resolution finer than
     * JMeter's whole milliseconds ({@link #interpolated}).
     */
    public record LabelStats(String label, int count, int errors, long min, long p50, long p90, long p95, long p99,
            long max, double mean, double p50Interpolated, double p95Interpolated) {

        static LabelStats of(final String label, final long[] elapsed, final int count, final int errors) {
            final long[] sorted = Arrays.copyOf(elapsed, count);
            Arrays.sort(sorted);
            double sum = 0;
            for (long value : sorted) {
                sum += value;
            }
            return new LabelStats(label, count, errors, count == 0 ? 0 : sorted[0], rank(sorted, 50),
                rank(sorted, 90), rank(sorted, 95), rank(sorted, 99), count == 0 ? 0 : sorted[count - 1],
                count == 0 ? 0 : sum / count, interpolated(sorted, 50), interpolated(sorted, 95));
        }

        /**
         * The {@code percentile} of whole-millisecond samples, in fractions of a millisecond. JMeter's
         * elapsed time is the difference of two millisecond clock readings, each truncated, so a request
         * of d ms shows as floor(d) ms or, with probability frac(d), floor(d) + 1 ms: the share of samples
         * of at most k ms estimates the share of requests shorter than k + 0.5 ms. Between those points
         * the distribution is taken as linear. Where p95 is 1-4 ms, the nearest-rank p95 can only move by
         * whole milliseconds (25-100 %); this one moves with the share of samples in each millisecond.
         */
        static double interpolated(final long[] sorted, final double percentile) {
            if (sorted.length == 0) {
                return 0;
            }
            final double wanted = percentile / 100.0 * sorted.length;
            // the smallest value k with at least `wanted` samples at or below it, and the samples below k
            final int index = (int) Math.max(0, Math.min(sorted.length - 1, Math.ceil(wanted) - 1));
            final long k = sorted[index];
            int below = index;
            while (below > 0 && sorted[below - 1] == k) {
                below--;
            }
            int atOrBelow = index + 1;
            while (atOrBelow < sorted.length && sorted[atOrBelow] == k) {
                atOrBelow++;
            }
            final double estimate = k - 0.5 + (wanted - below) / (atOrBelow - below);
            return Math.max(0, estimate);
        }

        private static long rank(final long[] sorted, final int percentile) {
            if (sorted.length == 0) {
                return 0;
            }
            final int index = (int) Math.ceil(percentile / 100.0 * sorted.length) - 1;
            return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
        }
    }

    public long durationMillis() {
        return Math.max(0, lastEnd - firstStart);
    }

    /** Requests per second over the whole span. */
    public double throughput() {
        return durationMillis() == 0 ? 0 : total.count() * 1000.0 / durationMillis();
    }

    public LabelStats label(final String label) {
        return labels.stream().filter(l -> l.label().equals(label)).findFirst()
            .orElse(LabelStats.of(label, new long[0], 0, 0));
    }

    public static JtlStats parse(final Path jtl) throws IOException {
        return parse(List.of(jtl));
    }

    /** Statistics over several result files together (for example the batches of one phase). */
    public static JtlStats parse(final List<Path> jtls) throws IOException {
        return parse(jtls, List.of(new Window(Long.MIN_VALUE, Long.MAX_VALUE)));
    }

    /** A span of time, {@code [from, to)} in epoch milliseconds. */
    public record Window(long from, long to) {
        public boolean contains(final long millis) {
            return millis >= from && millis < to;
        }

        public long millis() {
            return to - from;
        }
    }

    /**
     * Statistics of the samples that started inside one of {@code windows}: the phases of one kind
     * in a longer run. The span runs from the first of those samples' start to the last one's end.
     */
    public static JtlStats windows(final Path jtl, final List<Window> windows) throws IOException {
        return parse(List.of(jtl), windows);
    }

    private static JtlStats parse(final List<Path> jtls, final List<Window> windows) throws IOException {
        final Totals totals = new Totals(windows);
        for (Path jtl : jtls) {
            totals.read(jtl);
        }
        final List<LabelStats> labels = new ArrayList<>();
        totals.byLabel.forEach((label, acc) -> labels.add(acc.stats(label)));
        return new JtlStats(labels, totals.all.stats("TOTAL"), totals.first == Long.MAX_VALUE ? 0 : totals.first,
            totals.last, List.copyOf(totals.errors));
    }

    /** Samples accumulated over one or more files. */
    private static final class Totals {
        final Map<String, Accumulator> byLabel = new LinkedHashMap<>();
        final Accumulator all = new Accumulator();
        final List<String> errors = new ArrayList<>();
        final List<Window> windows;
        long first = Long.MAX_VALUE;
        long last;

        Totals(final List<Window> windows) {
            this.windows = List.copyOf(windows);
        }

        void read(final Path jtl) throws IOException {
            try (BufferedReader reader = Files.newBufferedReader(jtl)) {
                final String header = reader.readLine();
                if (header == null) {
                    return;
                }
                final List<String> columns = split(header);
                final int timeStamp = columns.indexOf("timeStamp");
                final int elapsedColumn = columns.indexOf("elapsed");
                final int labelColumn = columns.indexOf("label");
                final int success = columns.indexOf("success");
                final int code = columns.indexOf("responseCode");
                final int message = columns.indexOf("failureMessage");
                final int url = columns.indexOf("URL");
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    final List<String> fields = split(line);
                    if (fields.size() <= Math.max(success, labelColumn)) {
                        continue;
                    }
                    final long start = Long.parseLong(fields.get(timeStamp));
                    if (windows.stream().noneMatch(w -> w.contains(start))) {
                        continue;
                    }
                    final long elapsed = Long.parseLong(fields.get(elapsedColumn));
                    final boolean ok = Boolean.parseBoolean(fields.get(success));
                    byLabel.computeIfAbsent(fields.get(labelColumn), k -> new Accumulator()).add(elapsed, ok);
                    all.add(elapsed, ok);
                    first = Math.min(first, start);
                    last = Math.max(last, start + elapsed);
                    if (!ok && errors.size() < 10) {
                        errors.add(fields.get(labelColumn) + " " + fields.get(code) + " "
                            + (url >= 0 && url < fields.size() ? fields.get(url) : "") + " "
                            + (message >= 0 && message < fields.size() ? fields.get(message) : ""));
                    }
                }
            }
        }
    }

    /** Splits one CSV line as JMeter writes it (fields with commas or quotes are quoted, quotes doubled). */
    static List<String> split(final String line) {
        final List<String> fields = new ArrayList<>();
        final StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            final char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString());
        return fields;
    }

    private static final class Accumulator {
        private long[] elapsed = new long[1024];
        private int count;
        private int errors;

        void add(final long value, final boolean ok) {
            if (count == elapsed.length) {
                elapsed = Arrays.copyOf(elapsed, count * 2);
            }
            elapsed[count++] = value;
            if (!ok) {
                errors++;
            }
        }

        LabelStats stats(final String label) {
            return LabelStats.of(label, elapsed, count, errors);
        }
    }
}
