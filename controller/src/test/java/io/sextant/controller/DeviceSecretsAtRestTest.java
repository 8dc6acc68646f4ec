package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.testing.FreePorts;
import io.sextant.testing.Netconfd;
import io.sextant.testing.PostgresServer;
import io.sextant.testing.frr.FrrRouter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Device passwords given in mount requests are found nowhere in clear: not in any file of the
 * data directory, the PostgreSQL cluster's files or a {@code pg_dump} of the database, not in what
 * the controller logged, not in any RESTCONF answer (config, operational, whole topology, errors).
 * Yet the devices connect, so the sealed passwords open where they are used: a netconfd behind
 * OpenSSH and an FRR router, both checking the password; and after a restart on the same data
 * directory and database they connect again (the key is read back, not made anew).
 *
 * <p>The canaries are the devices' own random passwords and one made up for a mount whose device
 * is down.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class DeviceSecretsAtRestTest {
    private static final String ADMIN = "device-secrets-at-rest-test";
    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final String TOPOLOGY = "/rests/data/network-topology:network-topology";
    private static final Pattern SESSION_ID = Pattern.compile("\"netconf-node-topology:session-id\":(\\d+)");
    private static final Pattern ENVELOPE = Pattern.compile("\"(?:cli-topology:)?password\":\"(\\$sx1\\$[^\"]+)\"");

    @TempDir
    static Path dataDir;
    private static PostgresServer postgres;
    private static Netconfd netconfd;
    private static FrrRouter router;
    private static final String DOWN_CANARY = "canary-" + HexFormat.of().formatHex(new SecureRandom().generateSeed(8));
    private static final String BULK_CANARY = "canary-" + HexFormat.of().formatHex(new SecureRandom().generateSeed(8));
    private static final List<String> ANSWERS = new ArrayList<>();
    private static final ByteArrayOutputStream LOGGED = new ByteArrayOutputStream();
    private static PrintStream originalOut;
    private static PrintStream originalErr;

    @BeforeAll
    static void start() throws Exception {
        // everything the controller prints or logs (slf4j-simple writes to System.err) is kept
        originalOut = System.out;
        originalErr = System.err;
        System.setOut(new PrintStream(new Tee(originalOut, LOGGED), true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(new Tee(originalErr, LOGGED), true, StandardCharsets.UTF_8));
        postgres = PostgresServer.start();
        netconfd = Netconfd.builder().start();
        router = FrrRouter.builder().namePrefix("sec").interfaces(1).start();
    }

    @AfterAll
    static void stop() throws Exception {
        System.setOut(originalOut);
        System.setErr(originalErr);
        for (AutoCloseable closeable : new AutoCloseable[] {router, netconfd, postgres}) {
            if (closeable != null) {
                closeable.close();
            }
        }
    }

    private static List<String> canaries() {
        return List.of(netconfd.password(), router.password(), DOWN_CANARY, BULK_CANARY);
    }

    /** One run of the controller on the test's database and data directory. */
    private static final class Run implements AutoCloseable {
        final DurableController controller;
        final RestconfClient rest;

        Run() throws Exception {
            controller = new DurableController(postgres, dataDir, ADMIN);
            rest = controller.rest;
        }

        /** Every answer is kept, to be searched for the canaries. */
        HttpResponse<String> send(final String method, final String path, final String body) throws Exception {
            final HttpResponse<String> response = rest.send(method, path, body);
            ANSWERS.add(method + " " + path + " -> " + response.statusCode() + " " + response.body());
            return response;
        }

        HttpResponse<String> await(final String path, final String expected) throws Exception {
            final HttpResponse<String> response = rest.await(path, r -> r.body().contains(expected), WAIT);
            ANSWERS.add("GET " + path + " -> " + response.statusCode() + " " + response.body());
            return response;
        }

        @Override
        public void close() {
            controller.close();
        }
    }

    private static String cliMount(final String nodeId) {
        return RestconfClient.frrMount(nodeId, router, "");
    }

    private static String envelopeIn(final String body) {
        final Matcher matcher = ENVELOPE.matcher(body);
        assertTrue(matcher.find(), "no sealed password in " + body);
        return matcher.group(1);
    }

    private static String sessionId(final String body) {
        final Matcher matcher = SESSION_ID.matcher(body);
        return matcher.find() ? matcher.group(1) : "";
    }

    private static void assertStatus(final HttpResponse<String> response, final int... expected) {
        for (int status : expected) {
            if (response.statusCode() == status) {
                return;
            }
        }
        fail(response.request().method() + " " + response.request().uri() + " answered " + response.statusCode()
            + ": " + response.body());
    }

    @Test
    void devicePasswordsAreSealedEverywhereYetDevicesConnectBeforeAndAfterARestart() throws Exception {
        final String ncdNode = RestconfClient.NETCONF_NODE + "ncd";
        final String frrNode = RestconfClient.CLI_NODE + "frr";
        final String downNode = RestconfClient.NETCONF_NODE + "down";
        final String ncdEnvelope;
        final String keyFileBefore;
        try (Run first = new Run()) {
            assertStatus(first.send("PUT", ncdNode, RestconfClient.netconfMount("ncd", netconfd.host(),
                netconfd.port(), netconfd.username(), netconfd.password())), 201);
            assertStatus(first.send("PUT", frrNode, cliMount("frr")), 201);
            assertStatus(first.send("PUT", downNode, RestconfClient.netconfMount("down", "127.0.0.1",
                FreePorts.one(), "admin", DOWN_CANARY)), 201);

            // mounts of many at once are sealed the same way
            final HttpResponse<String> bulk = first.send("POST",
                "/rests/operations/connection-manager:install-multiple-nodes", "{\"input\":{\"nodes\":[{"
                    + "\"node-id\":\"bulk\",\"netconf\":{\"host\":\"127.0.0.1\",\"port\":" + FreePorts.one()
                    + ",\"tcp-only\":false,\"login-password-unencrypted\":{\"username\":\"admin\",\"password\":\""
                    + BULK_CANARY + "\"}}}]}}");
            assertStatus(bulk, 200);
            assertFalse(bulk.body().contains("fail"), bulk.body());

            // the devices check the passwords: connected means each was opened where it is used
            first.await(ncdNode + "?content=nonconfig", "\"connected\"");
            first.await(frrNode + "?content=nonconfig", "\"connected\"");

            // reads give the envelope
            final HttpResponse<String> ncdRead = first.send("GET", ncdNode + "?content=config", null);
            assertStatus(ncdRead, 200);
            ncdEnvelope = envelopeIn(ncdRead.body());
            envelopeIn(first.send("GET", frrNode + "?content=config", null).body());
            envelopeIn(first.send("GET", downNode, null).body());
            envelopeIn(first.send("GET", RestconfClient.NETCONF_NODE + "bulk", null).body());
            for (String path : List.of(ncdNode, frrNode, TOPOLOGY, TOPOLOGY + "?content=config",
                    TOPOLOGY + "?content=nonconfig", "/rests/data?content=config", "/rests/data")) {
                assertStatus(first.send("GET", path, null), 200);
            }

            // GET-modify-PUT: the envelope written back is "unchanged"; the node is remounted with it
            // (a new session) and connects
            final String sessionBefore = sessionId(first.send("GET", ncdNode + "?content=nonconfig", null).body());
            final JsonObject node = JsonParser.parseString(ncdRead.body()).getAsJsonObject();
            node.getAsJsonArray("network-topology:node").get(0).getAsJsonObject()
                .addProperty("netconf-node-topology:keepalive-delay", 60);
            assertStatus(first.send("PUT", ncdNode, node.toString()), 204);
            assertEquals(ncdEnvelope, envelopeIn(first.send("GET", ncdNode + "?content=config", null).body()));
            final HttpResponse<String> remounted = first.rest.await(ncdNode + "?content=nonconfig",
                r -> r.body().contains("\"connected\"") && !sessionId(r.body()).equals(sessionBefore), WAIT);
            ANSWERS.add("GET " + ncdNode + " -> " + remounted.body());

            // an envelope this controller cannot open is refused, naming the node and the missing key
            final String foreign = "$sx1$kforeign$AAAAAAAAAAAAAAAA$" + "A".repeat(40);
            final HttpResponse<String> refused = first.send("PUT", downNode, RestconfClient.netconfMount("down",
                "127.0.0.1", 1, "admin", foreign));
            assertStatus(refused, 400);
            assertTrue(refused.body().contains("The password of node down is a sealed value this controller cannot "
                + "open") && refused.body().contains("kforeign"), refused.body());

            keyFileBefore = Files.readString(dataDir.resolve("secrets").resolve("key"));
        }

        // the key stayed in the data directory, private; the second run uses it
        final Path keyFile = dataDir.resolve("secrets").resolve("key");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(keyFile)));
        try (Run second = new Run()) {
            second.await(ncdNode + "?content=nonconfig", "\"connected\"");
            second.await(frrNode + "?content=nonconfig", "\"connected\"");
            assertEquals(ncdEnvelope, envelopeIn(second.send("GET", ncdNode + "?content=config", null).body()));
            assertStatus(second.send("GET", TOPOLOGY, null), 200);
        }
        assertEquals(keyFileBefore, Files.readString(keyFile));

        // and no canary anywhere in clear
        final List<String> found = new ArrayList<>();
        for (String canary : canaries()) {
            final byte[] clear = canary.getBytes(StandardCharsets.UTF_8);
            final String hex = HexFormat.of().formatHex(clear);
            for (Path root : List.of(dataDir, postgres.dataDirectory())) {
                try (Stream<Path> files = Files.walk(root)) {
                    for (Path file : files.filter(Files::isRegularFile).toList()) {
                        if (contains(Files.readAllBytes(file), clear)) {
                            found.add(file.toString());
                        }
                    }
                }
            }
            final String dump = pgDump();
            if (dump.contains(canary) || dump.contains(hex)) {
                found.add("pg_dump");
            }
            if (LOGGED.toString(StandardCharsets.UTF_8).contains(canary)) {
                found.add("the log");
            }
            for (String answer : ANSWERS) {
                if (answer.contains(canary)) {
                    found.add("RESTCONF: " + answer);
                }
            }
        }
        assertEquals(List.of(), found, "a device password in clear");
        // the search would have found them: the mount requests sent them, the dump holds the nodes
        assertTrue(pgDump().contains("config_entry"));
        assertTrue(ANSWERS.size() > 15, ANSWERS.toString());
    }

    /** The whole database as pg_dump writes it (bytea as hex). */
    private static String pgDump() throws IOException, InterruptedException {
        final ProcessBuilder builder = new ProcessBuilder(pgDumpExecutable(), "--host=127.0.0.1",
            "--port=" + postgres.port(), "--username=" + postgres.user(), "--no-password", "sextant")
            .redirectErrorStream(false);
        builder.environment().putAll(Map.of("PGPASSWORD", postgres.password()));
        final Process process = builder.start();
        final byte[] out = process.getInputStream().readAllBytes();
        final String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), "pg_dump failed: " + err);
        return new String(out, StandardCharsets.UTF_8);
    }

    private static String pgDumpExecutable() throws IOException {
        try (Stream<Path> versions = Files.list(Path.of("/usr/lib/postgresql"))) {
            return versions.map(version -> version.resolve("bin").resolve("pg_dump")).filter(Files::isExecutable)
                .findFirst().map(Path::toString).orElse("pg_dump");
        }
    }

    private static boolean contains(final byte[] haystack, final byte[] needle) {
        outer:
        for (int i = 0; i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    /** Writes to two streams. */
    private static final class Tee extends OutputStream {
        private final OutputStream first;
        private final OutputStream second;

        Tee(final OutputStream first, final OutputStream second) {
            this.first = first;
            this.second = second;
        }

        @Override
        public void write(final int b) throws IOException {
            first.write(b);
            synchronized (second) {
                second.write(b);
            }
        }

        @Override
        public void write(final byte[] b, final int off, final int len) throws IOException {
            first.write(b, off, len);
            synchronized (second) {
                second.write(b, off, len);
            }
        }

        @Override
        public void flush() throws IOException {
            first.flush();
        }
    }
}
