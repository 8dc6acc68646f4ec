package io.sextant.perf.run;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Runs one JMeter plan in non-GUI mode, in its own JVM, from the JMeter installation the build
 * assembled (perf-tests/jmeter/target/jmeter). Plan parameters go in through a properties file
 * (mode 0600: it holds the admin password). While it runs, the result file is followed to print
 * how many requests are done and how many remain.
 */
public final class JMeter {
    private JMeter() {
    }

    /** What one plan run produced. */
    public record Result(String name, Path jtl, Path dashboard, JtlStats stats, long startMillis, long endMillis) {
    }

    /**
     * Runs {@code plan} and waits for it.
     *
     * @param name        prefix of the files it writes (name.jtl, name-dashboard/, name-jmeter.log)
     * @param properties  plan parameters (host, port, threads, ...); user admin and its password are added
     *                    unless they name a user (and that user's password)
     * @param expected    requests the plan will make, for the progress line (0: unknown)
     * @param dashboard   whether to generate JMeter's HTML dashboard
     */
    public static Result run(final RunContext run, final String plan, final String name,
            final Map<String, String> properties, final long expected, final boolean dashboard)
            throws IOException, InterruptedException {
        return run(run, run.home().plan(plan), name, properties, expected, dashboard);
    }

    /** The same with a plan file of the run's own (a plan derived from one of ours). */
    public static Result run(final RunContext run, final Path plan, final String name,
            final Map<String, String> properties, final long expected, final boolean dashboard)
            throws IOException, InterruptedException {
        final Path out = run.outputDir();
        final Path jtl = out.resolve(name + ".jtl");
        final Path dashboardDir = out.resolve(name + "-dashboard");
        final Path props = out.resolve(name + ".properties");
        final Map<String, String> all = new TreeMap<>(properties);
        // admin with the run's password, unless the caller names another user (with that user's password)
        if (!all.containsKey("user")) {
            all.put("user", "admin");
            all.put("password", run.password());
        } else if (!all.containsKey("password")) {
            throw new IllegalArgumentException("JMeter plan " + name + ": user " + all.get("user") + " without a password");
        }
        all.putIfAbsent("protocol", run.protocol());
        // CSV results with the columns the dashboard needs; progress summaries every 30 s in the log
        all.put("jmeter.save.saveservice.output_format", "csv");
        all.put("jmeter.save.saveservice.url", "true");
        // flush every sample so that the progress lines can count them while the plan runs
        all.put("jmeter.save.saveservice.autoflush", "true");
        all.put("summariser.interval", "30");
        // bodies of failed responses, one file each, for the report's error list
        all.put("failedResponses", out.resolve(name + "-failed").resolve("response-").toString());
        Files.createDirectories(out.resolve(name + "-failed"));
        writeProperties(props, all);

        final Path launcher = run.home().jmeterLauncher();
        if (!Files.exists(launcher)) {
            throw new IOException(launcher + " is missing: build perf-tests/jmeter (run-scenario does)");
        }
        final List<String> command = new ArrayList<>(List.of(PerfHome.currentJava().toString(),
            expected > 100_000 ? "-Xmx2g" : "-Xmx1g", "-jar", launcher.toString(), "-n",
            "-t", plan.toString(), "-q", props.toString(), "-l", jtl.toString(),
            "-j", out.resolve(name + "-jmeter.log").toString()));
        if (dashboard) {
            command.addAll(List.of("-e", "-o", dashboardDir.toString()));
        }
        run.log("jmeter %s: %s%s", name, plan, expected > 0 ? ", " + expected + " requests" : "");
        final long start = System.currentTimeMillis();
        final ManagedProcess jmeter = run.own(ManagedProcess.start("jmeter-" + name, command, Map.of(), out,
            out.resolve(name + "-jmeter.out"), Duration.ofSeconds(10)));
        final Progress progress = new Progress(jtl);
        long lastReport = System.nanoTime();
        while (!jmeter.process().waitFor(2, TimeUnit.SECONDS)) {
            if (System.nanoTime() - lastReport > Duration.ofSeconds(15).toNanos()) {
                progress.update();
                run.log("jmeter %s: %d%s requests done, %d errors%s", name, progress.samples,
                    expected > 0 ? "/" + expected : "", progress.errors,
                    expected > 0 ? ", " + Math.max(0, expected - progress.samples) + " remaining" : "");
                lastReport = System.nanoTime();
            }
        }
        final long end = System.currentTimeMillis();
        run.release(jmeter);
        if (jmeter.process().exitValue() != 0 || !Files.exists(jtl)) {
            throw new IOException("JMeter " + plan + " failed (status " + jmeter.process().exitValue() + "):\n"
                + jmeter.tail(30));
        }
        final JtlStats stats = JtlStats.parse(jtl);
        run.log("jmeter %s: %d requests in %.1f s, %d errors, %.1f req/s", name, stats.total().count(),
            stats.durationMillis() / 1000.0, stats.total().errors(), stats.throughput());
        for (String error : stats.firstErrors()) {
            run.log("  error: %s", error);
        }
        final Path failed = out.resolve(name + "-failed");
        try (var files = Files.list(failed)) {
            final List<Path> bodies = files.sorted().limit(3).toList();
            for (Path body : bodies) {
                final String text = Files.readString(body);
                run.log("  failed response %s: %s", body.getFileName(), text.length() > 400 ? text.substring(0, 400)
                    + "..." : text);
            }
            if (bodies.isEmpty()) {
                Files.delete(failed);
            }
        }
        return new Result(name, jtl, dashboard ? dashboardDir : null, stats, start, end);
    }

    private static void writeProperties(final Path file, final Map<String, String> properties) throws IOException {
        final StringBuilder text = new StringBuilder("# written by the perf harness for one JMeter run\n");
        properties.forEach((key, value) -> text.append(key).append('=')
            .append(value.replace("\\", "\\\\")).append('\n'));
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /** Follows a growing result file: samples and failures so far. */
    private static final class Progress {
        private final Path jtl;
        private long position;
        private long samples;
        private long errors;
        private final StringBuilder partial = new StringBuilder();
        private int successColumn = -1;

        Progress(final Path jtl) {
            this.jtl = jtl;
        }

        void update() throws IOException {
            if (!Files.exists(jtl)) {
                return;
            }
            try (RandomAccessFile file = new RandomAccessFile(jtl.toFile(), "r")) {
                if (file.length() <= position) {
                    return;
                }
                file.seek(position);
                final byte[] chunk = new byte[(int) Math.min(file.length() - position, 64L << 20)];
                file.readFully(chunk);
                position += chunk.length;
                partial.append(new String(chunk, StandardCharsets.UTF_8));
            }
            int newline;
            while ((newline = partial.indexOf("\n")) >= 0) {
                final String line = partial.substring(0, newline);
                partial.delete(0, newline + 1);
                final List<String> fields = JtlStats.split(line);
                if (successColumn < 0) {
                    successColumn = fields.indexOf("success");
                    continue;
                }
                samples++;
                if (successColumn < fields.size() && "false".equals(fields.get(successColumn))) {
                    errors++;
                }
            }
        }
    }
}
