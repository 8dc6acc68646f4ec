package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.sextant.spi.ControllerSettings;
import io.sextant.persistence.StateBackend;
import io.sextant.security.auth.JwtSettings;
import io.sextant.security.service.SecuritySettings;
import io.sextant.testing.MisbehavingNetconfDevice;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Set;
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
    private static final String ISSUER = "https://idp.example/realms/net";
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

    @Test
    void aYangPatchIsAuditedWithTheTargetOfEachOfItsEdits() throws Exception {
        try (Sextant sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD))) {
            final RestconfClient admin = new RestconfClient(sextant, PASSWORD);
            final String interfaces = "/rests/data/openconfig-interfaces:interfaces";
            final HttpResponse<String> patch = admin.send("PATCH", interfaces, """
                {"ietf-yang-patch:yang-patch":{"patch-id":"audited-patch","edit":[
                  {"edit-id":"1","operation":"merge","target":"/interface=eth0",
                   "value":{"openconfig-interfaces:interface":[{"name":"eth0","config":{"name":"eth0",
                     "type":"iana-if-type:ethernetCsmacd","mtu":1500}}]}},
                  {"edit-id":"2","operation":"merge","target":"/interface=eth1",
                   "value":{"openconfig-interfaces:interface":[{"name":"eth1","config":{"name":"eth1",
                     "type":"iana-if-type:ethernetCsmacd","mtu":9000}}]}}]}}""",
                "Content-Type", "application/yang-patch+json");
            assertEquals(200, patch.statusCode(), patch.body());

            final String requestId = patch.headers().firstValue("Sextant-Request-Id").orElseThrow();
            final JsonNode write = await(r -> is(r, "write", "success") && requestId.equals(r.path("request-id").asText()),
                "the YANG-Patch");
            final List<String> paths = new ArrayList<>();
            write.path("paths").forEach(path -> paths.add(path.asText()));
            assertEquals(List.of(interfaces + "/interface=eth0", interfaces + "/interface=eth1"), paths);
            assertEquals("PATCH", write.path("details").path("method").asText());
        }
    }

    private static String token(final RSAKey key, final String user) throws Exception {
        final SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(),
            new JWTClaimsSet.Builder().issuer(ISSUER).audience("sextant").subject(user).claim("preferred_username", user)
                .claim("groups", List.of("admin")).expirationTime(Date.from(Instant.now().plus(Duration.ofHours(1))))
                .build());
        jwt.sign(new RSASSASigner(key));
        return "Bearer " + jwt.serialize();
    }

    @Test
    void bearerTokensAreAuditedAsALoginOnceAndWhenRefusedByTheRateLimitAsTheirFirstRefusalAndOneCount() throws Exception {
        final RSAKey issuerKey = new RSAKeyGenerator(2048).keyID("idp-1").generate();
        final RSAKey forger = new RSAKeyGenerator(2048).keyID("idp-1").generate();
        final Path jwks = Files.writeString(dataDir.resolve("jwks.json"),
            new JWKSet(issuerKey.toPublicJWK()).toString());
        final SecuritySettings security = SecuritySettings.DEFAULTS.withJwt(new JwtSettings(ISSUER, Set.of("sextant"),
            Set.of("RS256"), null, jwks, "preferred_username", "groups", Duration.ofSeconds(30)));
        final String forged = token(forger, "tina");
        final String valid = token(issuerKey, "tina");
        int refused = 0;
        int tooMany = 0;
        try (Sextant sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD), security,
                StateBackend.inMemory())) {
            final RestconfClient client = new RestconfClient(sextant, "admin", null);
            assertEquals(200, client.send("GET", "/rests/yang-library-version", null, "Authorization", valid)
                .statusCode(), "the issuer's token is taken");
            assertEquals(200, client.send("GET", "/rests/yang-library-version", null, "Authorization", valid)
                .statusCode(), "and taken again");
            for (int i = 0; i < 30; i++) {
                final HttpResponse<String> response = client.send("GET", "/rests/yang-library-version", null,
                    "Authorization", forged);
                assertTrue(response.statusCode() == 401 || response.statusCode() == 429, "status "
                    + response.statusCode());
                refused += response.statusCode() == 401 ? 1 : 0;
                tooMany += response.statusCode() == 429 ? 1 : 0;
            }
            // while the source is blocked even the issuer's token is refused, and audited as refused
            assertEquals(429, client.send("GET", "/rests/yang-library-version", null, "Authorization", valid)
                .statusCode());
            tooMany++;
            assertTrue(tooMany >= 20, "the rate limit refused " + tooMany + " of 31");
        }
        // closed: every record written, the open count too
        final List<JsonNode> bearer = records().stream()
            .filter(r -> "bearer".equals(r.path("details").path("method").asText())).toList();
        final List<JsonNode> limited = bearer.stream().filter(r -> r.path("details").path("rate-limited").asBoolean())
            .toList();
        assertEquals(refused, bearer.stream().filter(r -> is(r, "login-failed", "failure")
            && !r.path("details").path("rate-limited").asBoolean()).count(), "each refused token once: " + bearer);
        assertTrue(limited.size() >= 2 && limited.size() <= 4, "the first refusal and a count: " + limited);
        assertFalse(limited.get(0).path("details").has("count"), "the first refusal as it came: " + limited.get(0));
        assertTrue(limited.get(0).path("message").asText().contains("Too many failed logins from 127.0.0.1"),
            limited.get(0).toString());
        assertEquals(tooMany, limited.stream().mapToLong(r -> r.path("details").has("count")
            ? r.path("details").path("count").asLong() : 1).sum(), "every refusal recorded or counted: " + limited);
        assertTrue(limited.stream().allMatch(r -> is(r, "login-failed", "failure")
            && "127.0.0.1".equals(r.path("source").asText())), limited.toString());
        final List<JsonNode> logins = bearer.stream().filter(r -> is(r, "login", "success")).toList();
        assertEquals(1, logins.size(), "the token taken is a login, once for its two requests: " + logins);
        assertEquals("tina", logins.get(0).path("user").asText());
        assertEquals("127.0.0.1", logins.get(0).path("source").asText());
        final String log = Files.readString(dataDir.resolve("audit").resolve("audit.log"));
        assertFalse(log.contains(forged.substring(7)) || log.contains(valid.substring(7)), "no token in the audit log");
    }
}
