package io.sextant.security.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sextant.security.hostkeys.HostKeyVerdict;
import io.sextant.security.secrets.KeyRing;
import io.sextant.security.secrets.SecretBox;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonLinesAuditLogTest {
    private static final String CANARY = "canary-audit-7f3a";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void eachEventIsOneJsonLineWithItsFields(@TempDir final Path dataDir) throws Exception {
        try (JsonLinesAuditLog log = JsonLinesAuditLog.inDataDir(dataDir)) {
            log.record(AuditEvent.login("admin", "127.0.0.1", "basic"));
            log.record(AuditEvent.loginFailed("mallory", "10.0.0.9", "basic", "wrong password"));
            log.record(AuditEvent.denied("guest", "127.0.0.1", "r-7", "update",
                "/rests/data/acme-itf:interfaces/interface=eth0/mtu", "ops/no-eth0"));
            log.record(AuditEvent.write("admin", "127.0.0.1", "r-8", "PUT",
                List.of("/rests/data/openconfig-interfaces:interfaces/interface=eth0"), AuditEvent.Outcome.SUCCESS,
                "line one\nline two"));
            log.record(AuditEvent.rpc("admin", "127.0.0.1", "r-9", "uniconfig-manager:commit",
                AuditEvent.Outcome.FAILURE, "R1: device refused"));
            log.record(AuditEvent.deviceConnection("R1", "connected", AuditEvent.Outcome.SUCCESS, "R1 connected"));
            log.record(AuditEvent.hostKey(new HostKeyVerdict("R1", HostKeyVerdict.Outcome.CHANGED, "SHA256:abc",
                "changed")));
        }
        final Path file = dataDir.resolve("audit").resolve("audit.log");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        final List<String> lines = Files.readAllLines(file);
        assertEquals(7, lines.size());
        final List<JsonNode> events = new ArrayList<>();
        for (String line : lines) {
            events.add(MAPPER.readTree(line));
        }
        assertEquals("login", events.get(0).get("event").asText());
        assertEquals("admin", events.get(0).get("user").asText());
        assertEquals("basic", events.get(0).get("details").get("method").asText());
        assertEquals("login-failed", events.get(1).get("event").asText());
        assertEquals("failure", events.get(1).get("outcome").asText());
        assertEquals("access-denied", events.get(2).get("event").asText());
        assertEquals("r-7", events.get(2).get("request-id").asText());
        assertEquals("ops/no-eth0", events.get(2).get("details").get("decided-by").asText());
        assertEquals("/rests/data/openconfig-interfaces:interfaces/interface=eth0",
            events.get(3).get("paths").get(0).asText());
        assertEquals("line one\nline two", events.get(3).get("message").asText());
        assertEquals("uniconfig-manager:commit", events.get(4).get("details").get("rpc").asText());
        assertEquals("R1", events.get(5).get("details").get("node").asText());
        assertEquals("changed", events.get(6).get("details").get("host-key").asText());
        assertEquals("denied", events.get(6).get("outcome").asText());
        assertTrue(events.get(6).get("time").asText().endsWith("Z"));
    }

    @Test
    void secretsAreRedactedByNameAndSealedOnesByTheirShape(@TempDir final Path dataDir) throws Exception {
        final String sealed = new SecretBox(KeyRing.generate()).encrypt(CANARY);
        final AuditEvent event = AuditEvent.rpc("admin", "127.0.0.1", "r-1", "sextant-users:set-password",
            AuditEvent.Outcome.SUCCESS, "stored " + sealed)
            .with("input", Map.of("name", "bob", "password", CANARY,
                "netconf-node-topology:login-password-unencrypted", Map.of("username", "u", "password", CANARY),
                "key", sealed, "notes", List.of("Bearer " + CANARY)))
            .with("private-key", CANARY);
        try (JsonLinesAuditLog log = JsonLinesAuditLog.inDataDir(dataDir)) {
            log.record(event);
        }
        final String line = Files.readString(dataDir.resolve("audit").resolve("audit.log"));
        assertFalse(line.contains(CANARY), line);
        assertFalse(line.contains(sealed), line);
        final JsonNode node = MAPPER.readTree(line);
        assertEquals("bob", node.get("details").get("input").get("name").asText());
        assertEquals(Redactor.REDACTED, node.get("details").get("input").get("password").asText());
        assertEquals(Redactor.REDACTED, node.get("details").get("input")
            .get("netconf-node-topology:login-password-unencrypted").get("username").asText());
        assertEquals(Redactor.SEALED, node.get("details").get("input").get("key").asText());
        assertEquals("stored " + Redactor.SEALED, node.get("message").asText());
        assertEquals("Bearer " + Redactor.REDACTED, node.get("details").get("input").get("notes").get(0).asText());
    }

    @Test
    void theFileRotatesAndKeepsTheNewestOldFiles(@TempDir final Path dir) throws Exception {
        final Path file = dir.resolve("audit.log");
        try (JsonLinesAuditLog log = new JsonLinesAuditLog(file, 1000, 2)) {
            for (int i = 0; i < 60; i++) {
                log.record(AuditEvent.login("user" + i, "127.0.0.1", "basic"));
            }
        }
        assertTrue(Files.size(file) <= 1000);
        assertTrue(Files.exists(dir.resolve("audit.log.1")));
        assertTrue(Files.exists(dir.resolve("audit.log.2")));
        assertFalse(Files.exists(dir.resolve("audit.log.3")));
        // the newest record is in the live file, the records are whole lines everywhere
        final List<String> live = Files.readAllLines(file);
        assertTrue(live.get(live.size() - 1).contains("\"user59\""));
        for (String name : new String[] { "audit.log", "audit.log.1", "audit.log.2" }) {
            for (String line : Files.readAllLines(dir.resolve(name))) {
                assertEquals("login", MAPPER.readTree(line).get("event").asText());
            }
        }
    }

    @Test
    void concurrentWritersProduceWholeLinesAndARestartAppends(@TempDir final Path dir) throws Exception {
        final Path file = dir.resolve("audit.log");
        try (JsonLinesAuditLog log = new JsonLinesAuditLog(file, Long.MAX_VALUE, 1)) {
            final ExecutorService pool = Executors.newFixedThreadPool(4);
            for (int t = 0; t < 4; t++) {
                final int thread = t;
                pool.submit(() -> {
                    for (int i = 0; i < 250; i++) {
                        log.record(AuditEvent.login("t" + thread + "-" + i, "127.0.0.1", "basic"));
                    }
                });
            }
            pool.shutdown();
            assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS));
        }
        try (JsonLinesAuditLog log = new JsonLinesAuditLog(file, Long.MAX_VALUE, 1)) {
            log.record(AuditEvent.login("after-restart", "127.0.0.1", "basic"));
        }
        final List<String> lines = Files.readAllLines(file);
        assertEquals(1001, lines.size());
        for (String line : lines) {
            MAPPER.readTree(line);
        }
        final JsonLinesAuditLog closed = new JsonLinesAuditLog(file, Long.MAX_VALUE, 1);
        closed.close();
        assertThrows(UncheckedIOException.class, () -> closed.record(AuditEvent.login("x", "y", "basic")));
    }
}
