package io.sextant.perf.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HexFormat;

/**
 * One scenario run: where its files go, the admin password it gives the controller, and everything
 * it started, which {@link #close()} stops newest first (also when the run fails or is interrupted).
 */
public final class RunContext implements AutoCloseable {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final Options options;
    private final PerfHome home;
    private final Path outputDir;
    private final String password;
    private volatile String protocol = "https";
    private final Deque<AutoCloseable> resources = new ArrayDeque<>();

    public RunContext(final Options options, final PerfHome home) throws IOException {
        this.options = options;
        this.home = home;
        this.outputDir = options.outputRoot().resolve(options.scenario() + "-" + LocalDateTime.now().format(STAMP));
        Files.createDirectories(outputDir);
        final byte[] secret = new byte[12];
        new SecureRandom().nextBytes(secret);
        this.password = HexFormat.of().formatHex(secret);
    }

    public Options options() {
        return options;
    }

    public PerfHome home() {
        return home;
    }

    public Path outputDir() {
        return outputDir;
    }

    public String password() {
        return password;
    }

    /**
     * The scheme of the controller started last: {@code https} for Sextant (its generated
     * certificate; JMeter accepts any server certificate), {@code http} for the lighty.io peer.
     */
    public String protocol() {
        return protocol;
    }

    void protocol(final String newProtocol) {
        protocol = newProtocol;
    }

    /** Registers something to stop when the run ends; returns it. */
    public synchronized <T extends AutoCloseable> T own(final T resource) {
        resources.push(resource);
        return resource;
    }

    /** Stops and forgets {@code resource} now (newest-first order is kept for the rest). */
    public synchronized void release(final AutoCloseable resource) {
        if (resources.remove(resource)) {
            closeQuietly(resource);
        }
    }

    /** Progress line on standard output and in run.log. */
    public void log(final String format, final Object... args) {
        final String line = LocalDateTime.now().format(CLOCK) + " " + String.format(format, args);
        System.out.println(line);
        System.out.flush();
        try {
            Files.writeString(outputDir.resolve("run.log"), line + "\n", StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public synchronized void close() {
        while (!resources.isEmpty()) {
            closeQuietly(resources.pop());
        }
    }

    private void closeQuietly(final AutoCloseable resource) {
        try {
            resource.close();
        } catch (Exception e) {
            // the run is ending anyway; say what did not stop so the user can clean up
            System.err.println("perf: failed to stop " + resource + ": " + e);
        }
    }
}
