package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.testing.FreePorts;
import io.sextant.testing.PostgresServer;
import io.sextant.testing.TrustedTls;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The plain-Java controller ({@link SextantMain}) in a JVM of its own, on a test's PostgreSQL and
 * data directory: a test can kill it without a chance to clean up, or start it again.
 */
final class ControllerJvm implements AutoCloseable {
    private static final Duration START = Duration.ofSeconds(120);

    private final Process process;
    private final int port;
    private final Path log;
    private final RestconfClient rest;

    /**
     * @param credentials a file with the database's {@code user=} and {@code password=} lines
     * @param log where the controller's output goes
     */
    ControllerJvm(final Path dataDir, final PostgresServer postgres, final Path credentials, final String password,
            final Path log) throws Exception {
        this.port = FreePorts.one();
        this.log = log;
        final String java = ProcessHandle.current().info().command().orElse("java");
        final ProcessBuilder builder = new ProcessBuilder(java, "-Xmx512m",
            "-cp", System.getProperty("java.class.path"),
            "-Dsextant.port=" + port, "-Dsextant.data-dir=" + dataDir,
            "-Dsextant.db.url=" + postgres.jdbcUrl(), "-Dsextant.db.credentials-file=" + credentials,
            SextantMain.class.getName())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
        builder.environment().put("SEXTANT_ADMIN_PASSWORD", password);
        process = builder.start();
        rest = awaitStarted(dataDir, port, password);
    }

    private RestconfClient awaitStarted(final Path dataDir, final int port, final String password)
            throws Exception {
        final long deadline = System.nanoTime() + START.toNanos();
        while (true) {
            assertTrue(process.isAlive(), () -> "the controller exited: " + tail());
            try {
                if (Files.exists(dataDir.resolve(TrustedTls.GENERATED_CERT))) {
                    final RestconfClient client = new RestconfClient(URI.create("https://127.0.0.1:" + port + "/"),
                        dataDir, "admin", password);
                    client.send("GET", "/rests/data/network-topology:network-topology?depth=1", null);
                    return client;
                }
                throw new IOException("no certificate yet");
            } catch (IOException | UncheckedIOException | IllegalStateException notYet) {
                assertTrue(System.nanoTime() < deadline, () -> "the controller did not start: " + tail());
                Thread.sleep(200);
            }
        }
    }

    RestconfClient rest() {
        return rest;
    }

    /** Where it serves RESTCONF, on 127.0.0.1. */
    int port() {
        return port;
    }

    /** SIGKILL: no shutdown hook, no clean-up. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        assertTrue(process.waitFor(30, TimeUnit.SECONDS));
    }

    /** The last 40 lines of its output, and where the rest is. */
    String tail() {
        try {
            final List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()))
                + "\n(the whole output: " + log + ")";
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    /** SIGTERM, as a service manager stops it; SIGKILL after a minute. */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            kill();
        }
    }
}
