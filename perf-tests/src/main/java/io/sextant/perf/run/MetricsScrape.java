package io.sextant.perf.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The controller's {@code /metrics} read before and after a measured phase (nothing when it cannot be read): the histograms' sums
 * and counts, so that the report can say what the phase's commits spent in each step and its
 * requests in the database (means over the phase, from the differences).
 */
final class MetricsScrape {
    /** The histograms whose means over a phase the report gives. */
    private static final List<String> HISTOGRAMS = List.of("sextant_commit_phase_duration_seconds",
        "sextant_db_work_duration_seconds", "sextant_db_connection_wait_seconds");

    /** Sum and count of each series of {@link #HISTOGRAMS}, by series (name and labels). */
    private final Map<String, double[]> series;

    MetricsScrape(final Map<String, double[]> series) {
        this.series = series;
    }

    /** Read {@code /metrics} now and keep the text in {@code file}; an empty scrape when the controller serves none. */
    static MetricsScrape take(final RestconfClient client, final Path file) throws InterruptedException {
        try {
            final RestconfClient.Response response = client.exchange("GET", "/metrics", "", "text/plain", "");
            if (!response.ok()) {
                return new MetricsScrape(Map.of());
            }
            Files.writeString(file, response.body(), StandardCharsets.UTF_8);
            return new MetricsScrape(parse(response.body()));
        } catch (IOException e) {
            // an extra of the report: a scrape that fails leaves it out, not the measured run
            return new MetricsScrape(Map.of());
        }
    }

    static Map<String, double[]> parse(final String text) {
        final Map<String, double[]> series = new TreeMap<>();
        for (String line : text.split("\n")) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            final int space = line.lastIndexOf(' ');
            if (space < 0) {
                continue;
            }
            final String key = line.substring(0, space);
            for (String histogram : HISTOGRAMS) {
                final int at = key.startsWith(histogram + "_sum") ? 0 : key.startsWith(histogram + "_count") ? 1 : -1;
                if (at >= 0) {
                    final String labels = key.substring(key.indexOf('_', histogram.length()) + (at == 0 ? 4 : 6));
                    series.computeIfAbsent(histogram + labels, k -> new double[2])[at] =
                        Double.parseDouble(line.substring(space + 1));
                }
            }
        }
        return series;
    }

    /**
     * What happened between {@code before} and this scrape: per series with something counted,
     * "series: mean ms (count)".
     */
    List<String> since(final MetricsScrape before) {
        final List<String> lines = new ArrayList<>();
        series.forEach((name, now) -> {
            final double[] then = before.series.getOrDefault(name, new double[2]);
            final double count = now[1] - then[1];
            if (count > 0) {
                lines.add(String.format("%s: %.2f ms mean (%,.0f)", name, (now[0] - then[0]) * 1000 / count, count));
            }
        });
        return lines;
    }
}
