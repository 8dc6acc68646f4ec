package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sextant.datastore.service.ControllerSettings;
import io.sextant.testing.MisbehavingNetconfDevice;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit log ({@code <data-dir>/audit/audit.log}) gets one JSON line per event from every
 * part of the controller: logins and failed logins, device sessions, RESTCONF writes and
 * operations with the request id their answers name, refusals by NACM; never a password.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class AuditLogTest {
    private static final String PASSWORD = "audit-log-test-admin";
    private static final String DEVICE_PASSWORD = "audit-canary-device-pw";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dataDir;

    private List<JsonNode> records() throws Exception {
        final List<JsonNode> records = new ArrayList<>();
        for (String line : Files.readAllLines(dataDir.resolve("audit").resolve("audit.log"))) {
            records.add(JSON.readTree(line));
        }
        return records;
    }

    private JsonNode await(final Predicate<JsonNode> wanted, final String what) throws Exception {
        final long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            for (JsonNode record : records()) {
                if (wanted.test(record)) {
                    return record;
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("No audit record of " + what + " in " + records());
    }

    private static boolean is(final JsonNode record, final String event, final String outcome) {
        return event.equals(record.path("event").asText()) && outcome.equals(record.path("outcome").asText());
    }

    @Test
    void loginsDeviceSessionsWritesOperationsAndRefusalsAreAuditedWithoutSecrets() throws Exception {
        try (MisbehavingNetconfDevice device = MisbehavingNetconfDevice.builder().ssh(true)
                .credentials("admin", DEVICE_PASSWORD).start();
             Sextant sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD))) {
            final RestconfClient wrong = new RestconfClient(sextant, "admin", "not-the-password");
            assertEquals(401, wrong.send("GET", "/rests/data/network-topology:network-topology").statusCode());
            final RestconfClient admin = new RestconfClient(sextant, PASSWORD);
            final var mount = admin.send("PUT", RestconfClient.NETCONF_NODE + "audited", RestconfClient.netconfMount(
                "audited", "127.0.0.1", device.port(), "admin", DEVICE_PASSWORD));
            assertEquals(201, mount.statusCode(), mount.body());

            final JsonNode failed = await(r -> is(r, "login-failed", "failure"), "the failed login");
            assertEquals("admin", failed.path("user").asText());
            assertEquals("127.0.0.1", failed.path("source").asText());
            assertEquals("basic", failed.path("details").path("method").asText());
            final JsonNode login = await(r -> is(r, "login", "success"), "the login");
            assertEquals("admin", login.path("user").asText());
            final JsonNode connected = await(r -> is(r, "device-connection", "success")
                && "audited".equals(r.path("details").path("node").asText()), "the device session");
            assertEquals("connected", connected.path("details").path("status").asText());

            // the mount was a write: user, source, the request id its answer named, the path, the outcome
            final JsonNode write = await(r -> is(r, "write", "success"), "the mount's PUT");
            assertEquals("admin", write.path("user").asText());
            assertEquals(mount.headers().firstValue("Sextant-Request-Id").orElseThrow(),
                write.path("request-id").asText());
            assertEquals(RestconfClient.NETCONF_NODE + "audited", write.path("paths").get(0).asText());
            assertEquals("PUT", write.path("details").path("method").asText());
            // an operation
            admin.rpc("uniconfig-manager:calculate-diff", List.of());
            final JsonNode rpc = await(r -> is(r, "rpc", "success"), "the RPC");
            assertEquals("uniconfig-manager:calculate-diff", rpc.path("details").path("rpc").asText());
            // a user NACM does not let write: refused, audited as denied; her allowed read is not audited
            assertEquals(204, admin.send("POST", "/rests/operations/sextant-users:set-password",
                "{\"input\":{\"name\":\"olivia\",\"password\":\"olivia-pw-1234\"}}").statusCode());
            final int group = admin.send("PUT", "/rests/data/ietf-netconf-acm:nacm/groups/group=operator",
                "{\"ietf-netconf-acm:group\":[{\"name\":\"operator\",\"user-name\":[\"olivia\"]}]}")
                .statusCode();
            assertTrue(group == 201 || group == 204, "operator group: " + group);
            final RestconfClient olivia = new RestconfClient(sextant, "olivia", "olivia-pw-1234");
            assertEquals(200, olivia.send("GET", RestconfClient.NETCONF_NODE + "audited").statusCode());
            assertEquals(403, olivia.send("DELETE", RestconfClient.NETCONF_NODE + "audited").statusCode());
            final JsonNode denied = await(r -> is(r, "access-denied", "denied"), "the refused DELETE");
            assertEquals("olivia", denied.path("user").asText());
            assertEquals("write", denied.path("details").path("operation").asText());
            assertFalse(records().stream().anyMatch(r -> "olivia".equals(r.path("user").asText())
                && !is(r, "access-denied", "denied") && !is(r, "login", "success")), "allowed reads are not audited");

            final String log = Files.readString(dataDir.resolve("audit").resolve("audit.log"));
            assertFalse(log.contains(DEVICE_PASSWORD) || log.contains(PASSWORD) || log.contains("not-the-password")
                || log.contains("olivia-pw-1234"), log);
        }
    }
}
