package io.sextant.testing.frr;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes every trace of a router: its processes, namespace, veths, user and directories.
 * Used by {@link FrrRouter#close()} and to sweep routers whose JVM died without closing them.
 */
final class RouterCleanup {
    private static final Logger LOG = LoggerFactory.getLogger(RouterCleanup.class);
    private static final Duration GRACE = Duration.ofSeconds(5);
    private static final Duration UNOWNED_AGE = Duration.ofMinutes(2);

    private RouterCleanup() {
    }

    /** Remove the leftovers of routers whose owning JVM is gone. */
    static synchronized void sweepStale() {
        if (!Files.isDirectory(RouterLayout.WORK_ROOT)) {
            return;
        }
        final List<Path> dirs;
        try (Stream<Path> list = Files.list(RouterLayout.WORK_ROOT)) {
            dirs = list.filter(Files::isDirectory).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (Path dir : dirs) {
            final RouterLayout layout;
            try {
                layout = new RouterLayout(dir.getFileName().toString());
            } catch (IllegalArgumentException e) {
                continue;
            }
            if (isStale(layout)) {
                LOG.info("Removing router {} left behind by a finished process", layout.name());
                teardown(layout, List.of());
            }
        }
    }

    /** Write who owns the router, for {@link #sweepStale()}. */
    static void writeOwner(final RouterLayout layout) throws IOException {
        final ProcessHandle self = ProcessHandle.current();
        final long start = self.info().startInstant().map(Instant::toEpochMilli).orElse(0L);
        Files.writeString(layout.ownerFile(), self.pid() + " " + start + "\n");
    }

    private static boolean isStale(final RouterLayout layout) {
        final Path owner = layout.ownerFile();
        try {
            if (!Files.exists(owner)) {
                final Instant modified = Files.getLastModifiedTime(layout.workDir()).toInstant();
                return modified.plus(UNOWNED_AGE).isBefore(Instant.now());
            }
            final String[] fields = Files.readString(owner).strip().split(" ");
            final long pid = Long.parseLong(fields[0]);
            final long start = Long.parseLong(fields[1]);
            final Optional<ProcessHandle> handle = ProcessHandle.of(pid);
            return handle.isEmpty() || handle.orElseThrow().info().startInstant()
                .map(Instant::toEpochMilli).orElse(0L) != start;
        } catch (IOException | RuntimeException e) {
            LOG.warn("Cannot tell whether router {} is stale; leaving it", layout.name(), e);
            return false;
        }
    }

    /**
     * Stop and delete everything of the router. Collects failures and reports them together
     * after trying every step, so one failing step does not leave the rest behind.
     */
    static void teardown(final RouterLayout layout, final List<Process> children) {
        final List<String> failures = new ArrayList<>();
        final String ip = FrrInstallation.ipCommand();

        final List<ProcessHandle> processes = new ArrayList<>();
        children.forEach(child -> processes.add(child.toHandle()));
        pidFromFile(layout.sshdPidFile(), layout.sshdConfig().toString()).ifPresent(processes::add);
        for (String daemon : List.of("zebra", "staticd", "bgpd")) {
            pidFromFile(layout.runDir().resolve(daemon + ".pid"), "-N " + layout.name()).ifPresent(processes::add);
        }
        // vtysh sessions started by the router's sshd run as the router's own user
        ProcessHandle.allProcesses()
            .filter(p -> p.info().user().map(layout.user()::equals).orElse(false))
            .forEach(processes::add);
        stop(processes);

        if (ip != null) {
            final var netns = HostCommand.tryRun(List.of(ip, "netns", "list"));
            if (netns.output().lines().anyMatch(l -> l.split(" ")[0].equals(layout.namespace()))) {
                runCollecting(List.of(ip, "netns", "delete", layout.namespace()), failures);
            }
            // deleting the namespace destroys the veth peers; remove host ends that survived anyway
            for (String line : HostCommand.tryRun(List.of(ip, "-o", "link", "show")).output().lines().toList()) {
                final String[] fields = line.split(":\\s+");
                if (fields.length > 1) {
                    final String dev = fields[1].split("@")[0];
                    if (layout.ownsLink(dev)) {
                        // the kernel may still be removing it after the namespace went away
                        final var deleted = HostCommand.tryRun(List.of(ip, "link", "delete", dev));
                        if (!deleted.ok() && !deleted.output().contains("Cannot find device")) {
                            failures.add("ip link delete " + dev + ": " + deleted.output().strip());
                        }
                    }
                }
            }
        }
        if (HostCommand.tryRun(List.of("id", "-u", layout.user())).ok()) {
            runCollecting(List.of("userdel", layout.user()), failures);
        }
        for (Path dir : List.of(layout.etcDir(), layout.runDir(), layout.workDir())) {
            try {
                deleteRecursively(dir);
            } catch (IOException e) {
                failures.add("delete " + dir + ": " + e.getMessage());
            }
        }
        if (!failures.isEmpty()) {
            throw new IllegalStateException("Router " + layout.name() + " was not fully removed: " + failures);
        }
    }

    private static Optional<ProcessHandle> pidFromFile(final Path file, final String cmdlineMarker) {
        try {
            if (!Files.exists(file)) {
                return Optional.empty();
            }
            final long pid = Long.parseLong(Files.readString(file).strip());
            final Path cmdline = Path.of("/proc", Long.toString(pid), "cmdline");
            if (!Files.exists(cmdline)) {
                return Optional.empty();
            }
            final String args = new String(Files.readAllBytes(cmdline), StandardCharsets.UTF_8).replace('\0', ' ');
            // a pid file may outlive its process and the pid may have been reused
            return args.contains(cmdlineMarker) ? ProcessHandle.of(pid) : Optional.empty();
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static void stop(final List<ProcessHandle> processes) {
        processes.forEach(ProcessHandle::destroy);
        final Instant deadline = Instant.now().plus(GRACE);
        for (ProcessHandle process : processes) {
            while (process.isAlive() && Instant.now().isBefore(deadline)) {
                sleep(50);
            }
            if (process.isAlive()) {
                process.destroyForcibly();
            }
        }
        for (ProcessHandle process : processes) {
            final Instant killDeadline = Instant.now().plus(GRACE);
            while (process.isAlive() && Instant.now().isBefore(killDeadline)) {
                sleep(50);
            }
        }
    }

    private static void runCollecting(final List<String> command, final List<String> failures) {
        final var result = HostCommand.tryRun(command);
        if (!result.ok()) {
            failures.add(String.join(" ", command) + ": " + result.output().strip());
        }
    }

    static void deleteRecursively(final Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    static void sleep(final long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted", e);
        }
    }
}
