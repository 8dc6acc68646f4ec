package io.sextant.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.testing.PostgresServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --postgres-url}: the harness uses a server it did not start, in an empty database only,
 * gives the controller its credentials in a private file, and leaves the server running.
 */
class ExternalStateDatabaseTest {
    private static PostgresServer server;

    @BeforeAll
    static void start() throws IOException {
        server = PostgresServer.start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void anEmptyDatabaseIsUsedAndLeftRunning(@TempDir final Path dir) throws Exception {
        try (StateDatabase db = StateDatabase.external(server.jdbcUrl(), server.user(), server.password(), dir)) {
            assertTrue(db.describe().startsWith("external PostgreSQL at 127.0.0.1:" + server.port()), db.describe());
            assertTrue(db.describe().contains("synchronous_commit=on"), db.describe());
            assertEquals(List.of("-Dsextant.db.url=" + server.jdbcUrl(),
                "-Dsextant.db.credentials-file=" + dir.resolve("db-credentials")), db.controllerSettings());
            assertEquals("rw-------", PosixFilePermissions.toString(
                Files.getPosixFilePermissions(dir.resolve("db-credentials"))));
            assertTrue(db.wal().lsn() > 0);
        }
        // closing did not stop the server the harness did not start
        try (Connection connection = DriverManager.getConnection(server.jdbcUrl(), server.user(), server.password())) {
            assertTrue(connection.isValid(5));
        }
    }

    @Test
    void aDatabaseWithTablesIsRefusedAndNothingIsTouched(@TempDir final Path dir) throws Exception {
        try (Connection connection = DriverManager.getConnection(server.jdbcUrl(), server.user(), server.password());
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE someone_elses (id int)");
            try {
                final IOException e = assertThrows(IOException.class,
                    () -> StateDatabase.external(server.jdbcUrl(), server.user(), server.password(), dir));
                assertTrue(e.getMessage().contains("is not empty (1 relations in schema public)"), e.getMessage());
            } finally {
                statement.execute("DROP TABLE someone_elses");
            }
        }
    }

    @Test
    void missingCredentialsNameTheEnvironmentVariables(@TempDir final Path dir) {
        final IOException e = assertThrows(IOException.class,
            () -> StateDatabase.external(server.jdbcUrl(), null, null, dir));
        assertEquals("--postgres-url needs the credentials in the environment: SEXTANT_DB_USER and "
            + "SEXTANT_DB_PASSWORD", e.getMessage());
    }
}
