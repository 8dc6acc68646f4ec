package io.sextant.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.testing.PostgresServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The distribution with a database, as {@code ./sextant run} starts it: the persistence bundle
 * (pgjdbc and HikariCP under OSGi) waits for a PostgreSQL that is down when Karaf starts, and
 * applies the schema migrations once it comes up, with nothing logged as an error.
 */
class KarafPersistenceIT {
    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(120);

    @Test
    void theControllerWaitsForItsDatabaseAndMigratesItWhenItComesUp() throws Exception {
        final Path assembly = Path.of(System.getProperty("sextant.assembly", "target/assembly"));
        final Path dataDir = Files.createTempDirectory("sextant-data-");
        final String password = UUID.randomUUID().toString();
        try (PostgresServer postgres = PostgresServer.start()) {
            final Path credentials = dataDir.resolve("db-credentials");
            Files.writeString(credentials, "user=" + postgres.user() + "\npassword=" + postgres.password() + "\n",
                StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(credentials, PosixFilePermissions.fromString("rw-------"));
            postgres.stop();
            try (KarafServer karaf = KarafServer.start(assembly, dataDir, List.of(
                    "-Dsextant.port=" + KarafServer.freePort(),
                    "-Dsextant.db.url=" + postgres.jdbcUrl(), "-Dsextant.db.credentials-file=" + credentials),
                    Map.of("SEXTANT_ADMIN_PASSWORD", password))) {
                karaf.awaitConsole("sextant:status", result -> result.succeeded(), STARTUP_TIMEOUT);
                await(() -> logged(karaf, "Database unavailable"), "the database is reported unavailable");

                postgres.restart();
                await(() -> schemaVersion(postgres) == 1, "the controller applies the migrations");
                await(() -> logged(karaf, "DatabaseComponent") && logged(karaf, "ready"), "the database is published");
                assertEquals(1, karaf.log().stream().filter(line -> line.contains("Database unavailable")).count(),
                    "the outage is logged once: " + karaf.logTail());
                assertEquals(List.of(), karaf.problems(), karaf.logTail());
            }
        } finally {
            try (var files = Files.walk(dataDir)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }

    private interface Condition {
        boolean holds() throws Exception;
    }

    private static void await(final Condition condition, final String what) throws Exception {
        final long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (!condition.holds()) {
            assertTrue(System.nanoTime() < deadline, "timed out waiting until " + what);
            Thread.sleep(500);
        }
    }

    private static boolean logged(final KarafServer karaf, final String text) throws Exception {
        return karaf.log().stream().anyMatch(line -> line.contains(text));
    }

    private static int schemaVersion(final PostgresServer postgres) {
        try (Connection connection = DriverManager.getConnection(postgres.jdbcUrl(), postgres.user(),
                postgres.password());
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT coalesce(max(version), 0) FROM schema_version")) {
            rows.next();
            return rows.getInt(1);
        } catch (SQLException e) {
            return 0;
        }
    }
}
