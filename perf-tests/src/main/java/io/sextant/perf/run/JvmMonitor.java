package io.sextant.perf.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Samples one JVM once a second from /proc (CPU time, resident memory) and measures its heap after
 * a full GC with jcmd. CPU is given like top does: 100% is one core busy. Samples also go to a CSV
 * file beside the report.
 */
public final class JvmMonitor implements AutoCloseable {
    /** One sample: milliseconds since the epoch, CPU percent over the last interval, RSS in KiB. */
    public record Sample(long time, double cpuPercent, long rssKib) {
    }

    private static final Pattern HEAP_USED = Pattern.compile("used (\\d+)K");
    private static final long TICKS_PER_SECOND = 100;

    private final long pid;
    private final Path jcmd;
    private final Path csv;
    private final List<Sample> samples = new ArrayList<>();
    private final Thread thread;
    private volatile boolean running = true;

    public JvmMonitor(final long pid, final Path csv) throws IOException {
        this(pid, PerfHome.currentJdkTool("jcmd"), csv);
    }

    /** A monitor whose heap measurements use {@code jcmd} (the one of the JDK the JVM runs on). */
    public JvmMonitor(final long pid, final Path jcmd, final Path csv) throws IOException {
        this.pid = pid;
        this.jcmd = jcmd;
        this.csv = csv;
        Files.writeString(csv, "epoch_ms,cpu_percent,rss_kib\n");
        thread = new Thread(this::loop, "jvm-monitor-" + pid);
        thread.setDaemon(true);
        thread.start();
    }

    private void loop() {
        long lastTicks = cpuTicks();
        long lastTime = System.nanoTime();
        while (running) {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                return;
            }
            final long ticks = cpuTicks();
            final long now = System.nanoTime();
            if (ticks < 0) {
                return;
            }
            final double seconds = (now - lastTime) / 1e9;
            final double cpu = 100.0 * (ticks - lastTicks) / TICKS_PER_SECOND / seconds;
            final Sample sample = new Sample(System.currentTimeMillis(), cpu, rssKib());
            synchronized (samples) {
                samples.add(sample);
            }
            try {
                Files.writeString(csv, sample.time() + "," + String.format("%.0f", cpu) + "," + sample.rssKib() + "\n",
                    StandardOpenOption.APPEND);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            lastTicks = ticks;
            lastTime = now;
        }
    }

    /** utime + stime of the process, in clock ticks; -1 once it is gone. */
    private long cpuTicks() {
        try {
            final String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            final String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // after "pid (comm) ": state is field 0, utime field 11, stime field 12
            return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** CPU time (user + system) the JVM has used since it started, in milliseconds; -1 once it is gone. */
    public long cpuMillis() {
        final long ticks = cpuTicks();
        return ticks < 0 ? -1 : ticks * 1000 / TICKS_PER_SECOND;
    }

    /** Resident set size in KiB, -1 when the process is gone. */
    public long rssKib() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("\\D", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    /** The samples taken between two instants (epoch milliseconds). */
    public List<Sample> samples(final long from, final long to) {
        synchronized (samples) {
            return samples.stream().filter(s -> s.time() >= from && s.time() <= to).toList();
        }
    }

    public double peakCpu(final long from, final long to) {
        return samples(from, to).stream().mapToDouble(Sample::cpuPercent).max().orElse(0);
    }

    public double meanCpu(final long from, final long to) {
        return samples(from, to).stream().mapToDouble(Sample::cpuPercent).average().orElse(0);
    }

    public long peakRssKib(final long from, final long to) {
        return samples(from, to).stream().mapToLong(Sample::rssKib).max().orElse(rssKib());
    }

    /** The JVM's live threads now (/proc/PID/status), or -1 when it cannot be read. */
    public long threads() {
        try {
            return Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")).stream()
                .filter(line -> line.startsWith("Threads:")).mapToLong(line -> Long.parseLong(line.substring(8)
                    .trim())).findFirst().orElse(-1);
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    /** Runs a full GC in the JVM, then returns its used heap in KiB (jcmd GC.run, GC.heap_info). */
    public long heapAfterFullGcKib() throws IOException, InterruptedException {
        return heapAfterFullGcKib(jcmd, pid);
    }

    /** The same for any JVM, with the jcmd of its own JDK. */
    public static long heapAfterFullGcKib(final Path jcmd, final long pid) throws IOException, InterruptedException {
        jcmd(jcmd, pid, "GC.run");
        final Matcher used = HEAP_USED.matcher(jcmd(jcmd, pid, "GC.heap_info"));
        if (!used.find()) {
            throw new IOException("jcmd GC.heap_info of " + pid + " printed no used heap");
        }
        return Long.parseLong(used.group(1));
    }

    /**
     * Writes the JVM's class histogram of live objects (jcmd GC.class_histogram, which runs a full GC
     * first) to {@code file}: what holds the heap, by class, to compare two runs or two builds.
     */
    public void classHistogram(final Path file) throws IOException, InterruptedException {
        Files.writeString(file, jcmd(jcmd, pid, "GC.class_histogram"));
    }

    private static String jcmd(final Path jcmd, final long pid, final String command)
            throws IOException, InterruptedException {
        final Process process = new ProcessBuilder(jcmd.toString(), Long.toString(pid),
            command).redirectErrorStream(true).start();
        final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(2, TimeUnit.MINUTES) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new IOException("jcmd " + pid + " " + command + " failed: " + output);
        }
        return output;
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
    }

    @Override
    public String toString() {
        return "monitor of JVM " + pid;
    }
}
