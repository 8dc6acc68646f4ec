package io.sextant.perf.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A child process whose output goes to a log file and which {@link #close()} stops together with
 * every process it started (SIGTERM, then SIGKILL after a grace period).
 */
public final class ManagedProcess implements AutoCloseable {
    private final String name;
    private final Process process;
    private final Path log;
    private final Duration grace;

    private ManagedProcess(final String name, final Process process, final Path log, final Duration grace) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.grace = grace;
    }

    /**
     * Starts {@code command} with its standard output and error appended to {@code log}.
     *
     * @param environment variables added to (or, with a null value, removed from) the inherited environment
     */
    public static ManagedProcess start(final String name, final List<String> command,
            final Map<String, String> environment, final Path workDir, final Path log, final Duration grace)
            throws IOException {
        Files.createDirectories(log.getParent());
        final ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile())
            .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        environment.forEach((key, value) -> {
            if (value == null) {
                builder.environment().remove(key);
            } else {
                builder.environment().put(key, value);
            }
        });
        return new ManagedProcess(name, builder.start(), log, grace);
    }

    public String name() {
        return name;
    }

    public long pid() {
        return process.pid();
    }

    public Path log() {
        return log;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public Process process() {
        return process;
    }

    /** The pid of the JVM: this process if it is java, else its first java descendant (Karaf's script). */
    public Optional<Long> javaPid() {
        if (isJava(process.toHandle())) {
            return Optional.of(process.pid());
        }
        return process.descendants().filter(ManagedProcess::isJava).map(ProcessHandle::pid).findFirst();
    }

    private static boolean isJava(final ProcessHandle handle) {
        return handle.info().command().map(c -> c.endsWith("/java")).orElse(false);
    }

    /**
     * Waits until a line of the log matches {@code pattern}, returning the match.
     *
     * @throws IOException when the process ends first or the time runs out; the message carries the log's tail
     */
    public Matcher awaitLog(final Pattern pattern, final Duration timeout) throws IOException, InterruptedException {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.exists(log)) {
                for (String line : Files.readAllLines(log)) {
                    final Matcher matcher = pattern.matcher(line);
                    if (matcher.find()) {
                        return matcher;
                    }
                }
            }
            if (!process.isAlive()) {
                throw new IOException(name + " exited with status " + process.exitValue() + " before logging '"
                    + pattern + "'; last lines of " + log + ":\n" + tail(20));
            }
            Thread.sleep(250);
        }
        throw new IOException(name + " did not log '" + pattern + "' within " + timeout.toSeconds() + " s; last lines of "
            + log + ":\n" + tail(20));
    }

    /** Waits until {@code ready} holds, failing early when the process dies. */
    public void await(final String what, final Predicate<ManagedProcess> ready, final Duration timeout)
            throws IOException, InterruptedException {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (!ready.test(this)) {
            if (!process.isAlive()) {
                throw new IOException(name + " exited with status " + process.exitValue() + " before " + what
                    + "; last lines of " + log + ":\n" + tail(20));
            }
            if (System.nanoTime() > deadline) {
                throw new IOException(name + ": no " + what + " within " + timeout.toSeconds() + " s; last lines of "
                    + log + ":\n" + tail(20));
            }
            Thread.sleep(500);
        }
    }

    /** Waits for the process to end by itself; returns its exit status. */
    public int waitFor(final Duration timeout) throws InterruptedException, IOException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new IOException(name + " still running after " + timeout.toMinutes() + " min");
        }
        return process.exitValue();
    }

    public String tail(final int lines) {
        try {
            final List<String> all = Files.readAllLines(log);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(cannot read " + log + ": " + e.getMessage() + ")";
        }
    }

    /** Stops the process and its descendants: SIGTERM to all, SIGKILL to whatever is left after the grace period. */
    @Override
    public void close() {
        final List<ProcessHandle> tree = process.descendants().toList();
        process.destroy();
        tree.forEach(ProcessHandle::destroy);
        try {
            if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        for (ProcessHandle child : tree) {
            if (child.isAlive()) {
                child.destroyForcibly();
            }
        }
    }

    @Override
    public String toString() {
        return name + " (pid " + process.pid() + ")";
    }
}
