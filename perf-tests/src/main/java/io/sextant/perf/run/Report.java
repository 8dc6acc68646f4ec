package io.sextant.perf.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.sextant.perf.config.OneMemberPerLine;
import io.sextant.perf.run.JtlStats.LabelStats;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Writes a run's report: summary.md (the rows of the brief's Table 3, our column beside the
 * brief's), summary.json (the same, for programs), and one dated row appended to RESULTS.md.
 */
public final class Report {
    /** The heading of the run log at the end of RESULTS.md; rows are appended below it. */
    public static final String LOG_HEADER = """
        | Date | Scenario | Command | Machine | Controller | Mounted / configured | Lines | Threads | Requests | \
        Duration | Errors | req/s | p95/max per operation [ms] | Controller peak CPU | Heap before / after (MiB) | Report |
        |---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
        """;

    /**
     * summary.json as it has always been written: one member per line, members whose value is null
     * left out, NaN and infinities as the bare JavaScript literals (as Gson's
     * serializeSpecialFloatingPointValues wrote them; scenarios report a ratio that had no data so).
     */
    private static final ObjectWriter SUMMARY_JSON = JsonMapper.builder()
        .disable(JsonWriteFeature.WRITE_NAN_AS_STRINGS)
        .defaultPropertyInclusion(JsonInclude.Value.construct(JsonInclude.Include.NON_NULL,
            JsonInclude.Include.NON_NULL))
        .build()
        .writer(new OneMemberPerLine());

    private Report() {
    }

    public static void write(final RunContext run, final RunSummary summary) throws IOException {
        Files.writeString(run.outputDir().resolve("summary.md"), markdown(run, summary));
        Files.writeString(run.outputDir().resolve("summary.json"), json(summary));
        if (run.options().record()) {
            appendResult(run.home().results(), row(run, summary));
        }
    }

    static String markdown(final RunContext run, final RunSummary s) {
        final Optional<Reference> reference = Reference.of(s.scenario);
        final StringBuilder md = new StringBuilder();
        md.append("# ").append(s.scenario).append(" (").append(s.startedAt).append(")\n\n");
        md.append("- Command: `").append(s.command).append("`\n");
        md.append("- Machine: ").append(s.machine.describe()).append("; JMeter, simulators and controller share it\n");
        md.append("- Controller: ").append(s.controller).append(", JVM flags `")
            .append(String.join(" ", s.controllerFlags)).append("`\n");
        final List<String> extra = ControllerProcess.extraSettings();
        if (!extra.isEmpty()) {
            md.append("- Sextant settings from ").append(ControllerProcess.EXTRA_SETTINGS_ENV).append(": `")
                .append(String.join(" ", extra)).append("`\n");
        }
        md.append("- NETCONF transport: ").append(s.transport).append('\n');
        md.append("- Outcome: ").append(s.failure == null ? (s.errors == 0 ? "complete, 0 errors" : s.errors + " errors")
            : "FAILED: " + s.failure).append("\n\n");

        final JtlStats m = s.measured;
        if (s.table) {
            table(md, s, reference);
        }
        if (m != null && !m.labels().isEmpty()) {
            md.append("Latency per operation [ms]:\n\n| Operation | count | errors | p50 | p90 | p95 | p99 | max | mean |\n")
                .append("|---|---|---|---|---|---|---|---|---|\n");
            for (LabelStats op : operations(m)) {
                md.append(String.format("| %s | %d | %d | %d | %d | %d | %d | %d | %.1f |%n", op.label(), op.count(),
                    op.errors(), op.p50(), op.p90(), op.p95(), op.p99(), op.max(), op.mean()));
            }
            md.append('\n');
        }
        if (!s.facts.isEmpty()) {
            s.facts.forEach((name, value) -> md.append("- ").append(name).append(": ").append(value).append('\n'));
            md.append('\n');
        }
        s.sections.forEach(section -> md.append(section).append("\n\n"));
        if (m != null && !m.firstErrors().isEmpty()) {
            md.append("First errors:\n\n");
            m.firstErrors().forEach(e -> md.append("    ").append(e).append('\n'));
            md.append('\n');
        }
        md.append("Files: ").append(String.join(", ", s.dashboards))
            .append(s.dashboards.isEmpty() ? "" : " (JMeter dashboards), ")
            .append("*.jtl (raw samples), ").append(s.files).append(", run.log\n");
        return md.toString();
    }

    private static void table(final StringBuilder md, final RunSummary s, final Optional<Reference> reference) {
        final JtlStats m = s.measured;
        md.append("| Test case | this run").append(reference.map(r -> " | brief " + s.scenario + " (80 cores)").orElse(""))
            .append(" |\n|---|---").append(reference.isPresent() ? "|---" : "").append("|\n");
        row(md, "Devices mounted on controller", count(s.devicesMounted), reference.map(r -> count(r.mounted())));
        row(md, "Lines of JSON config per device", count(s.lines), reference.map(r -> count(r.lines())));
        row(md, "Devices configured", count(s.devicesConfigured), reference.map(r -> count(r.configured())));
        row(md, "Threads", count(s.threads), reference.map(r -> count(r.threads())));
        row(md, "Total requests", m == null ? "-" : count(m.total().count()), reference.map(r -> count(r.requests())));
        row(md, "Duration", m == null ? "-" : duration(m.durationMillis()), reference.map(Reference::duration));
        row(md, "Errors", count(s.errors), reference.map(r -> "0"));
        row(md, "Requests per second", m == null ? "-" : String.format("%.1f", m.throughput()),
            reference.map(r -> String.format("%.1f", r.requestsPerSecond())));
        for (LabelStats op : operations(m)) {
            final int index = Reference.OPERATIONS.indexOf(op.label());
            row(md, op.label() + " [ms] (95th percentile/max)", op.p95() + "/" + op.max(),
                reference.filter(r -> index >= 0).map(r -> r.p95Max().get(index)));
        }
        row(md, "Controller max used CPU [% of one core]", s.peakCpuPercent < 0 ? "-" : s.peakCpuPercent + " %",
            reference.map(r -> count(r.maxCpuPercent()) + " %"));
        row(md, "Controller used heap before (after full GC)", mib(s.heapBeforeKib),
            reference.map(r -> r.heapBeforeGb() + " GB"));
        row(md, "Controller used heap after (after full GC)", mib(s.heapAfterKib),
            reference.map(r -> r.heapAfterGb() + " GB"));
        row(md, "Controller peak RSS", mib(s.peakRssKib), reference.map(r -> "-"));
        md.append('\n');
    }

    private static List<LabelStats> operations(final JtlStats stats) {
        return stats == null ? List.of() : stats.labels();
    }

    private static void row(final StringBuilder md, final String name, final String ours, final Optional<String> brief) {
        md.append("| ").append(name).append(" | ").append(ours);
        brief.ifPresent(b -> md.append(" | ").append(b));
        md.append(" |\n");
    }

    static String json(final RunSummary s) {
        final Map<String, Object> json = new LinkedHashMap<>();
        json.put("scenario", s.scenario);
        json.put("startedAt", s.startedAt);
        json.put("command", s.command);
        json.put("machine", s.machine);
        json.put("controller", s.controller);
        json.put("controllerFlags", s.controllerFlags);
        json.put("transport", s.transport);
        json.put("devicesMounted", s.devicesMounted);
        json.put("devicesConfigured", s.devicesConfigured);
        json.put("lines", s.lines);
        json.put("threads", s.threads);
        json.put("errors", s.errors);
        json.put("failure", s.failure);
        if (s.measured != null) {
            json.put("requests", s.measured.total().count());
            json.put("durationMillis", s.measured.durationMillis());
            json.put("requestsPerSecond", s.measured.throughput());
            json.put("operations", s.measured.labels());
        }
        json.put("peakCpuPercent", s.peakCpuPercent);
        json.put("heapBeforeKib", s.heapBeforeKib);
        json.put("heapAfterKib", s.heapAfterKib);
        json.put("peakRssKib", s.peakRssKib);
        json.put("facts", s.facts);
        json.put("dashboards", s.dashboards);
        json.putAll(s.data);
        try {
            return SUMMARY_JSON.writeValueAsString(json);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("A scenario put a figure into summary.json that does not serialize", e);
        }
    }

    static String row(final RunContext run, final RunSummary s) {
        final JtlStats m = s.measured;
        final List<String> ops = new ArrayList<>();
        for (LabelStats op : operations(m)) {
            ops.add(op.label() + " " + op.p95() + "/" + op.max());
        }
        final String outcome = s.failure != null ? "FAILED: " + s.failure.replace('|', '/') : count(s.errors);
        final Path report = run.home().perfTests().relativize(run.outputDir().resolve("summary.md"));
        return "| " + String.join(" | ",
            LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")),
            s.scenario,
            // a '|' in an argument (a regular expression) would end the table cell: GitHub Markdown takes "\|"
            "`" + s.command.replace("|", "\\|") + "`",
            s.machine.shortDescription(),
            shortController(s.controller),
            s.devicesMounted == 0 && s.devicesConfigured == 0 ? "-"
                : count(s.devicesMounted) + " / " + count(s.devicesConfigured),
            s.lines == 0 ? "-" : count(s.lines),
            count(s.threads),
            m == null ? "-" : count(m.total().count()),
            m == null ? "-" : duration(m.durationMillis()),
            outcome,
            m == null ? "-" : String.format("%.1f", m.throughput()),
            s.headline != null ? s.headline.replace('|', '/') : ops.isEmpty() ? "-" : String.join(", ", ops),
            s.peakCpuPercent < 0 ? "-" : s.peakCpuPercent + " %",
            mibNumber(s.heapBeforeKib) + " / " + mibNumber(s.heapAfterKib),
            report.toString()) + " |";
    }

    /** "Karaf", "plain Java", or for compare "Sextant (Karaf) vs lighty.io 21.1.0". */
    static String shortController(final String controller) {
        return controller.replace("Karaf distribution", "Karaf").replace("plain-Java assembly (SextantMain)",
            "plain Java");
    }

    /** Appends a row to the run log table at the end of RESULTS.md, creating file or table if needed. */
    static synchronized void appendResult(final Path results, final String row) throws IOException {
        String text = Files.exists(results) ? Files.readString(results) : "# Sextant benchmark results\n";
        if (!text.contains(LOG_HEADER.lines().findFirst().orElseThrow())) {
            text = text + (text.endsWith("\n") ? "" : "\n") + "\n## Run log (appended by `./sextant perf`)\n\n"
                + LOG_HEADER;
            Files.writeString(results, text);
        }
        Files.writeString(results, (text.endsWith("\n") ? "" : "\n") + row + "\n", StandardCharsets.UTF_8,
            StandardOpenOption.APPEND);
    }

    static String count(final long value) {
        return String.format("%,d", value);
    }

    static String duration(final long millis) {
        final long seconds = Math.round(millis / 1000.0);
        return String.format("%02d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60);
    }

    static String mib(final long kib) {
        return kib < 0 ? "-" : String.format("%,.0f MiB", kib / 1024.0);
    }

    static String mibNumber(final long kib) {
        return kib < 0 ? "-" : String.format("%.0f", kib / 1024.0);
    }
}
