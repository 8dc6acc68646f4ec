package io.sextant.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A child process whose output goes to a log file and whose whole process tree is destroyed on
 * {@link #close()}, and at the latest when the JVM exits.
 */
final class ManagedProcess implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ManagedProcess.class);
    private static final Duration GRACE = Duration.ofSeconds(10);

    private final String name;
    private final Process process;
    private final Path log;
    private final Thread shutdownHook;

    private ManagedProcess(final String name, final Process process, final Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.shutdownHook = new Thread(() -> destroyTree(process), "stop-" + name);
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    static ManagedProcess start(final String name, final List<String> command, final Path workDir, final Path log)
            throws IOException {
        return start(name, command, workDir, log, Map.of());
    }

    /** As {@link #start(String, List, Path, Path)}, with {@code environment} added to this JVM's. */
    static ManagedProcess start(final String name, final List<String> command, final Path workDir, final Path log,
            final Map<String, String> environment) throws IOException {
        LOG.info("Starting {}: {}", name, String.join(" ", command));
        final ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(environment);
        final Process process = builder
            .directory(workDir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .start();
        return new ManagedProcess(name, process, log);
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    Path log() {
        return log;
    }

    /** The last lines of the log, for error messages. */
    String logTail(final int lines) {
        try {
            final List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    boolean logContains(final String text) {
        try {
            return Files.readString(log, StandardCharsets.UTF_8).contains(text);
        } catch (IOException e) {
            return false;
        }
    }

    /** Kill the process tree at once, as a crashing device would disappear. */
    void kill() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        waitFor(process.toHandle(), GRACE);
    }

    @Override
    public void close() {
        destroyTree(process);
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // The JVM is shutting down; the hook runs anyway.
        }
    }

    private static void destroyTree(final Process process) {
        final List<ProcessHandle> descendants = process.descendants().toList();
        process.destroy();
        descendants.forEach(ProcessHandle::destroy);
        if (!waitFor(process.toHandle(), GRACE)) {
            process.destroyForcibly();
        }
        for (ProcessHandle child : descendants) {
            if (!waitFor(child, Duration.ofSeconds(2))) {
                child.destroyForcibly();
            }
        }
    }

    /** Delete a directory tree, ignoring what cannot be deleted (a test utility cleaning up after itself). */
    static void deleteTree(final Path directory) {
        if (!Files.isDirectory(directory)) {
            return;
        }
        try (var paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException e) {
                    LOG.debug("Cannot delete {}", path, e);
                }
            });
        } catch (IOException e) {
            LOG.debug("Cannot walk {}", directory, e);
        }
    }

    private static boolean waitFor(final ProcessHandle handle, final Duration timeout) {
        try {
            handle.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (Exception e) {
            return !handle.isAlive();
        }
    }

    @Override
    public String toString() {
        return name + "[pid " + process.pid() + "]";
    }
}
