package io.sextant.controller;

import io.sextant.testing.PostgresServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Controller JVMs ({@link ControllerJvm}) started one after the other on one test's PostgreSQL
 * and data directory, as a controller restarted after a crash is: run {@code n} writes its
 * output to {@code controller-n.log} in the data directory.
 */
final class ControllerRuns implements AutoCloseable {
    private final Path dataDir;
    private final String password;
    private final PostgresServer postgres;
    private final Path credentials;

    private ControllerRuns(final Path dataDir, final String password, final PostgresServer postgres,
            final Path credentials) {
        this.dataDir = dataDir;
        this.password = password;
        this.postgres = postgres;
        this.credentials = credentials;
    }

    /** A new PostgreSQL for controllers on {@code dataDir} whose admin password is {@code password}. */
    static ControllerRuns start(final Path dataDir, final String password) throws IOException {
        final PostgresServer postgres = PostgresServer.start();
        try {
            final Path credentials = dataDir.resolve("db-credentials");
            Files.writeString(credentials, "user=" + postgres.user() + "\npassword=" + postgres.password() + "\n",
                StandardCharsets.UTF_8);
            return new ControllerRuns(dataDir, password, postgres, credentials);
        } catch (IOException | RuntimeException e) {
            postgres.close();
            throw e;
        }
    }

    /** Start run {@code run}, once it serves RESTCONF. */
    ControllerJvm start(final int run) throws Exception {
        return new ControllerJvm(dataDir, postgres, credentials, password, logs(run).get(run));
    }

    /** The output files of runs 0 to {@code lastRun}. */
    List<Path> logs(final int lastRun) {
        return IntStream.rangeClosed(0, lastRun).mapToObj(i -> dataDir.resolve("controller-" + i + ".log")).toList();
    }

    @Override
    public void close() {
        postgres.close();
    }
}
