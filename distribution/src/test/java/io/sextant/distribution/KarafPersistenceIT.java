package io.sextant.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.testing.PostgresServer;
import io.sextant.testing.TrustedTls;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The distribution with a database, as {@code ./sextant run} starts it: the persistence bundle
 * (pgjdbc and HikariCP under OSGi) waits for a PostgreSQL that is down when Karaf starts, and
 * applies the schema migrations once it comes up, with nothing logged as an error;
 * {@code sextant:status} says what it waits for, then where state is kept; a write is audited in
 * the database's {@code audit_event} table (the audit log's DS wiring over the backend); and a second Karaf
 * on the same data directory and database serves what the first was given.
 */
class KarafPersistenceIT {
    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(120);
    private static final String NODE = "/rests/data/network-topology:network-topology/topology=topology-netconf"
        + "/node=kept";
    /** A device that is not there: the mount request is what is kept, whether it connects or not. */
    private static final String MOUNT = "{\"node\":[{\"node-id\":\"kept\",\"netconf-node-topology:host\":"
        + "\"127.0.0.1\",\"netconf-node-topology:port\":9,\"netconf-node-topology:tcp-only\":true}]}";

    @Test
    void theControllerWaitsForItsDatabaseAndMigratesItWhenItComesUp() throws Exception {
        final Path assembly = Path.of(System.getProperty("sextant.assembly", "target/assembly"));
        final Path dataDir = Files.createTempDirectory("sextant-data-");
        final String password = UUID.randomUUID().toString();
        final int restconfPort = KarafServer.freePort();
        try (PostgresServer postgres = PostgresServer.start()) {
            final Path credentials = dataDir.resolve("db-credentials");
            Files.writeString(credentials, "user=" + postgres.user() + "\npassword=" + postgres.password() + "\n",
                StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(credentials, PosixFilePermissions.fromString("rw-------"));
            postgres.stop();
            final List<String> options = List.of("-Dsextant.port=" + restconfPort,
                "-Dsextant.db.url=" + postgres.jdbcUrl(), "-Dsextant.db.credentials-file=" + credentials);
            final Map<String, String> environment = Map.of("SEXTANT_ADMIN_PASSWORD", password);
            try (KarafServer karaf = KarafServer.start(assembly, dataDir, options, environment)) {
                final var waiting = karaf.awaitConsole("sextant:status", result -> result.succeeded(),
                    STARTUP_TIMEOUT);
                assertTrue(waiting.output().startsWith("Sextant is starting\n")
                    && waiting.output().contains("waiting for PostgreSQL at " + postgres.jdbcUrl()), waiting.output());
                await(() -> logged(karaf, "Database unavailable"), "the database is reported unavailable");

                postgres.restart();
                await(() -> schemaVersion(postgres) >= 1, "the controller applies the migrations");
                await(() -> logged(karaf, "DatabaseComponent") && logged(karaf, "ready"), "the database is published");
                final var up = karaf.awaitConsole("sextant:status",
                    result -> result.output().contains("Uptime:"), STARTUP_TIMEOUT);
                assertTrue(up.output().contains("State:                 PostgreSQL ")
                    && up.output().contains("schema version " + schemaVersion(postgres)), up.output());

                final HttpResponse<String> mount = restconf(dataDir, restconfPort, password, "PUT", NODE, MOUNT);
                assertEquals(201, mount.statusCode(), mount.body());
                // the write is audited in the database too
                final String requestId = mount.headers().firstValue("Sextant-Request-Id").orElseThrow();
                await(() -> "write admin success".equals(auditedRequest(postgres, requestId)),
                    "the mount's audit record is in audit_event");
                assertEquals(1, karaf.log().stream().filter(line -> line.contains("Database unavailable")).count(),
                    "the outage is logged once: " + karaf.logTail());
                assertEquals(List.of(), karaf.problems(), karaf.logTail());
            }
            // a new Karaf on the same data directory and database has the mount
            try (KarafServer karaf = KarafServer.start(assembly, dataDir, options, environment)) {
                karaf.awaitConsole("sextant:status", result -> result.output().contains("Uptime:"), STARTUP_TIMEOUT);
                await(() -> statusOf(dataDir, restconfPort, password, NODE + "?content=config") == 200,
                    "the mount is served again");
                final HttpResponse<String> kept = restconf(dataDir, restconfPort, password, "GET",
                    NODE + "?content=config", null);
                assertTrue(kept.body().contains("\"netconf-node-topology:host\":\"127.0.0.1\""), kept.body());
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

    /** HTTPS, trusting the certificate the controller generated into {@code dataDir}. */
    private static HttpResponse<String> restconf(final Path dataDir, final int port, final String password,
            final String method, final String path, final String json) throws Exception {
        final HttpRequest request = HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + port + path))
            .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(("admin:" + password)
                .getBytes(StandardCharsets.UTF_8)))
            .header("Accept", "application/yang-data+json")
            .header("Content-Type", "application/yang-data+json")
            .method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(json))
            .build();
        return TrustedTls.forDataDir(dataDir).send(request, BodyHandlers.ofString());
    }

    /** The status of a GET, or 0 while RESTCONF does not listen yet. */
    private static int statusOf(final Path dataDir, final int port, final String password, final String path)
            throws Exception {
        try {
            return restconf(dataDir, port, password, "GET", path, null).statusCode();
        } catch (ConnectException e) {
            return 0;
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

    /** "type user outcome" of the audit record of a request in the database, or null. */
    private static String auditedRequest(final PostgresServer postgres, final String requestId) {
        try (Connection connection = DriverManager.getConnection(postgres.jdbcUrl(), postgres.user(),
                postgres.password());
             PreparedStatement query = connection.prepareStatement(
                 "SELECT type, user_name, outcome FROM audit_event WHERE request_id = ?")) {
            query.setString(1, requestId);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next() ? rows.getString(1) + " " + rows.getString(2) + " " + rows.getString(3) : null;
            }
        } catch (SQLException e) {
            return null;
        }
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
