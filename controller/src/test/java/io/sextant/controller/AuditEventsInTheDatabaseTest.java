package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sextant.spi.ControllerSettings;
import io.sextant.persistence.AuditEventRepository;
import io.sextant.persistence.AuditEventRepository.AuditRow;
import io.sextant.persistence.Database;
import io.sextant.persistence.PersistenceException;
import io.sextant.persistence.StateBackend;
import io.sextant.testing.PostgresServer;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A controller that keeps its state in PostgreSQL writes every audit record to the
 * {@code audit_event} table too (the file keeps them all): a RESTCONF write over real HTTPS is
 * found there with its user, source, request id, path and outcome; records made while the
 * database is down are written once it is back, none lost. A brute-force attempt that the rate
 * limit refuses costs the audit log one record for the first refusal and one count.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class AuditEventsInTheDatabaseTest {
    private static final String PASSWORD = "audit-db-test-admin";
    private static final String INTERFACE = "/rests/data/openconfig-interfaces:interfaces/interface=";
    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dataDir;
    private PostgresServer postgres;
    private Database database;

    @BeforeEach
    void start() throws Exception {
        postgres = PostgresServer.start();
        database = DurableController.migratedDatabase(postgres);
    }

    @AfterEach
    void stop() {
        if (database != null) {
            database.close();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    private static String body(final String name) {
        return "{\"openconfig-interfaces:interface\":[{\"name\":\"" + name + "\",\"config\":{\"name\":\"" + name
            + "\",\"type\":\"iana-if-type:ethernetCsmacd\",\"mtu\":1500,\"enabled\":true}}]}";
    }

    private List<AuditRow> rows() throws Exception {
        return database.call("read the audit table", tx -> new AuditEventRepository().newest(tx, 10_000));
    }

    private List<AuditRow> awaitRows(final Predicate<List<AuditRow>> done, final String what) throws Exception {
        final long deadline = System.nanoTime() + WAIT.toNanos();
        List<AuditRow> rows = List.of();
        while (System.nanoTime() < deadline) {
            try {
                rows = rows();
                if (done.test(rows)) {
                    return rows;
                }
            } catch (PersistenceException e) {
                // the database is on its way back
            }
            Thread.sleep(100);
        }
        throw new AssertionError("The audit table never had " + what + ": " + rows);
    }

    /** Waits for the audit file (written by a thread of its own) to hold what {@code done} looks for. */
    private void awaitFile(final Predicate<List<String>> done, final String what) throws Exception {
        final long deadline = System.nanoTime() + WAIT.toNanos();
        List<String> lines = List.of();
        while (System.nanoTime() < deadline) {
            lines = Files.readAllLines(dataDir.resolve("audit").resolve("audit.log"));
            if (done.test(lines)) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("The audit file never had " + what + ": " + lines);
    }

    private static String requestId(final HttpResponse<String> response) {
        return response.headers().firstValue("Sextant-Request-Id").orElseThrow();
    }

    @Test
    void anAuditedWriteIsInTheTableAndRecordsMadeWhileTheDatabaseIsDownArriveWhenItIsBack() throws Exception {
        try (Sextant sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD),
                StateBackend.durable(database))) {
            final RestconfClient admin = new RestconfClient(sextant, PASSWORD);
            final HttpResponse<String> put = admin.send("PUT", INTERFACE + "eth-audited", body("eth-audited"));
            assertEquals(201, put.statusCode(), put.body());

            final AuditRow write = awaitRows(rows -> rows.stream().anyMatch(r -> requestId(put).equals(r.requestId())),
                "the PUT").stream().filter(r -> requestId(put).equals(r.requestId())).findFirst().orElseThrow();
            assertEquals("write", write.type());
            assertEquals("admin", write.user());
            assertEquals("127.0.0.1", write.source());
            assertEquals("success", write.outcome());
            assertEquals(List.of(INTERFACE + "eth-audited"), write.paths());
            final JsonNode details = JSON.readTree(write.detailsJson());
            assertEquals("PUT", details.path("method").asText());
            assertEquals(201, details.path("status").asInt());
            // an operator's query by user, time, type and path
            try (Connection sql = DriverManager.getConnection(postgres.jdbcUrl(), postgres.user(), postgres.password());
                 PreparedStatement query = sql.prepareStatement("""
                     SELECT outcome, request_id FROM audit_event WHERE user_name = 'admin' AND type = 'write'
                     AND time > now() - interval '1 hour' AND ? = ANY (paths) AND details->>'method' = 'PUT'""")) {
                query.setString(1, INTERFACE + "eth-audited");
                try (ResultSet found = query.executeQuery()) {
                    assertTrue(found.next(), "an operator's query finds the write");
                    assertEquals("success", found.getString(1));
                    assertEquals(requestId(put), found.getString(2));
                    assertFalse(found.next());
                }
            }

            // the database goes away: requests are answered (the write fails: the datastore needs it) and audited
            postgres.kill();
            final List<String> during = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                final HttpResponse<String> failed = admin.send("PUT", INTERFACE + "eth-down-" + i, body("eth-down-" + i));
                assertTrue(failed.statusCode() >= 500, "a write without its database: " + failed.statusCode());
                during.add(requestId(failed));
            }
            final RestconfClient wrong = new RestconfClient(sextant, "admin", "not-the-password");
            assertEquals(401, wrong.send("GET", INTERFACE + "eth-audited").statusCode());
            // in the file while the database is still down
            awaitFile(file -> during.stream().allMatch(id -> file.stream()
                .anyMatch(line -> line.contains("\"request-id\":\"" + id + "\""))), "the requests " + during);

            postgres.restart();
            final List<AuditRow> after = awaitRows(rows -> during.stream().allMatch(id -> rows.stream()
                .anyMatch(r -> id.equals(r.requestId()))) && rows.stream().anyMatch(r -> "login-failed".equals(r.type())),
                "the records made while it was down");
            for (String id : during) {
                final AuditRow row = after.stream().filter(r -> id.equals(r.requestId())).findFirst().orElseThrow();
                assertEquals("failure", row.outcome(), row.toString());
                assertEquals("admin", row.user());
            }
            assertFalse(after.stream().anyMatch(r -> "audit-gap".equals(r.type())), "nothing was missed: " + after);
            // every record of the file is in the table (the file has no ids: compare by kind, user and request);
            // both are written by threads of their own, so the two are compared until they agree or time runs out
            final long deadline = System.nanoTime() + WAIT.toNanos();
            Map<String, Long> inFile;
            Map<String, Long> inTable;
            do {
                inFile = Files.readAllLines(dataDir.resolve("audit").resolve("audit.log")).stream()
                    .map(AuditEventsInTheDatabaseTest::key).collect(Collectors.groupingBy(k -> k, Collectors.counting()));
                inTable = rows().stream().map(r -> r.type() + " " + r.user() + " " + r.requestId() + " " + r.outcome())
                    .collect(Collectors.groupingBy(k -> k, Collectors.counting()));
                if (!inFile.equals(inTable)) {
                    Thread.sleep(100);
                }
            } while (!inFile.equals(inTable) && System.nanoTime() < deadline);
            assertEquals(inFile, inTable);
        }
    }

    private static String key(final String line) {
        try {
            final JsonNode record = JSON.readTree(line);
            return record.path("event").asText() + " " + (record.has("user") ? record.get("user").asText() : null)
                + " " + (record.has("request-id") ? record.get("request-id").asText() : null) + " "
                + record.path("outcome").asText();
        } catch (IOException e) {
            throw new AssertionError(line, e);
        }
    }

    @Test
    void aBruteForceRefusedByTheRateLimitIsRecordedAsItsFirstRefusalAndOneCount() throws Exception {
        int tooMany = 0;
        try (Sextant sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD),
                StateBackend.durable(database))) {
            final RestconfClient attacker = new RestconfClient(sextant, "admin", "guess");
            for (int i = 0; i < 150; i++) {
                final int status = attacker.send("GET", INTERFACE + "x").statusCode();
                assertTrue(status == 401 || status == 429, "status " + status);
                tooMany += status == 429 ? 1 : 0;
            }
            assertTrue(tooMany >= 100, "the rate limit refused " + tooMany + " of 150");
        }
        // closed: the open count was recorded
        final List<JsonNode> limited = new ArrayList<>();
        for (String line : Files.readAllLines(dataDir.resolve("audit").resolve("audit.log"))) {
            final JsonNode record = JSON.readTree(line);
            if (record.path("details").path("rate-limited").asBoolean()) {
                limited.add(record);
            }
        }
        assertTrue(limited.size() <= 4, "a flood costs few records: " + limited);
        assertTrue(limited.size() >= 2, "the first refusal and a count: " + limited);
        assertFalse(limited.get(0).path("details").has("count"), "the first refusal as it came: " + limited.get(0));
        final long recorded = limited.stream().mapToLong(r -> r.path("details").has("count")
            ? r.path("details").path("count").asLong() : 1).sum();
        assertEquals(tooMany, recorded, "every refusal recorded or counted: " + limited);
        final JsonNode count = limited.stream().filter(r -> r.path("details").has("count")).findFirst().orElseThrow();
        assertEquals("127.0.0.1", count.path("source").asText());
        assertEquals("admin", count.path("user").asText());
        // the same in the table
        final List<JsonNode> inTable = new ArrayList<>();
        for (AuditRow row : rows()) {
            final JsonNode details = JSON.readTree(row.detailsJson());
            if (details.path("rate-limited").asBoolean()) {
                inTable.add(details);
            }
        }
        assertEquals(limited.size(), inTable.size(), "the same records in the table: " + inTable);
        assertEquals(tooMany, inTable.stream().mapToLong(d -> d.has("count") ? d.path("count").asLong() : 1).sum());
    }
}
