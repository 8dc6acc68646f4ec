package io.sextant.perf.run;

import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a scenario measured, filled in phase by phase and rendered by {@link Report}: the rows of
 * the brief's Table 3 plus whatever a scenario adds (mount times, a ladder, a matrix).
 */
public final class RunSummary {
    final String scenario;
    final String command;
    final Machine machine = Machine.current();
    final String startedAt = ZonedDateTime.now().withNano(0).toString();
    String controller = "-";
    List<String> controllerFlags = List.of();
    String transport = "-";
    int devicesMounted;
    int devicesConfigured;
    int lines;
    int threads;
    JtlStats measured;
    long peakCpuPercent = -1;
    long heapBeforeKib = -1;
    long heapAfterKib = -1;
    long peakRssKib = -1;
    final List<String> dashboards = new ArrayList<>();
    final Map<String, String> facts = new LinkedHashMap<>();
    final List<String> sections = new ArrayList<>();
    long errors;
    String failure;
    boolean table = true;
    String headline;
    String files = "controller.log, controller-gc.log, controller-samples.csv";
    final Map<String, Object> data = new LinkedHashMap<>();

    public RunSummary(final String scenario, final String command) {
        this.scenario = scenario;
        this.command = command;
    }

    public RunSummary controller(final ControllerProcess process) {
        this.controller = ControllerProcess.describe(process.kind());
        this.controllerFlags = process.flags();
        return this;
    }

    /** A description of what ran when it is not one controller process (the compare scenario). */
    public RunSummary controller(final String description, final List<String> flags) {
        this.controller = description;
        this.controllerFlags = List.copyOf(flags);
        return this;
    }

    /**
     * Leaves out the table of the brief's Table 3 rows, for a scenario whose figures do not fit it
     * (compare: two controllers side by side); its own sections say what it measured.
     */
    public RunSummary withoutTable() {
        this.table = false;
        return this;
    }

    /** What RESULTS.md shows in its per-operation column instead of the measured plan's p95/max. */
    public RunSummary headline(final String text) {
        this.headline = text;
        return this;
    }

    /** The scenario's own files, for the "Files:" line (default: the single controller's). */
    public RunSummary files(final String description) {
        this.files = description;
        return this;
    }

    /** A scenario's own figures in summary.json, under {@code key}. */
    public RunSummary data(final String key, final Object value) {
        data.put(key, value);
        return this;
    }

    public RunSummary transport(final Options.Transport value) {
        this.transport = value.name().toLowerCase(Locale.ROOT);
        return this;
    }

    public RunSummary scale(final int mounted, final int configured, final int configLines, final int threadCount) {
        this.devicesMounted = mounted;
        this.devicesConfigured = configured;
        this.lines = configLines;
        this.threads = threadCount;
        return this;
    }

    /** The JMeter run whose requests the Table 3 rows describe. */
    public RunSummary measured(final JMeter.Result result) {
        this.measured = result.stats();
        this.errors += result.stats().total().errors();
        if (result.dashboard() != null) {
            dashboards.add(result.dashboard().getFileName() + "/index.html");
        }
        return this;
    }

    /** Requests of several JMeter runs taken together as the measured phase (mount batches). */
    public RunSummary measured(final JtlStats stats) {
        this.measured = stats;
        this.errors += stats.total().errors();
        return this;
    }

    /** Several JMeter runs that are not the measured ones but whose errors still count. */
    public RunSummary auxiliary(final JtlStats stats) {
        this.errors += stats.total().errors();
        return this;
    }

    /** A JMeter run that is not the measured one but whose errors still count (mounting, seeding). */
    public RunSummary auxiliary(final JMeter.Result result) {
        this.errors += result.stats().total().errors();
        if (result.dashboard() != null) {
            dashboards.add(result.dashboard().getFileName() + "/index.html");
        }
        return this;
    }

    public RunSummary errors(final long count) {
        this.errors += count;
        return this;
    }

    public RunSummary resources(final long peakCpu, final long heapBefore, final long heapAfter, final long rss) {
        this.peakCpuPercent = peakCpu;
        this.heapBeforeKib = heapBefore;
        this.heapAfterKib = heapAfter;
        this.peakRssKib = rss;
        return this;
    }

    /** A named figure printed under the table (and kept in summary.json). */
    public RunSummary fact(final String name, final String value) {
        facts.put(name, value);
        return this;
    }

    /** A block of Markdown appended to the summary (distributions, ladders, matrices). */
    public RunSummary section(final String markdown) {
        sections.add(markdown);
        return this;
    }

    public RunSummary failed(final String reason) {
        this.failure = reason;
        return this;
    }

    public long errors() {
        return errors;
    }

    public String failure() {
        return failure;
    }

    public JtlStats measuredStats() {
        return measured;
    }

    public Map<String, String> facts() {
        return facts;
    }
}
