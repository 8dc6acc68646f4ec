package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.spi.ControllerSettings;
import io.sextant.persistence.Database;
import io.sextant.persistence.DatabaseSettings;
import io.sextant.persistence.InstanceSettings;
import io.sextant.persistence.StateBackend;
import io.sextant.security.tls.TlsSetup;
import io.sextant.testing.FaultProxy;
import io.sextant.testing.Haproxy;
import io.sextant.testing.ModelSets;
import io.sextant.testing.Netconfd;
import io.sextant.testing.PostgresServer;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real HAProxy with the distribution's {@code haproxy.cfg} in front of two controller instances
 * (the plain-Java assembly twice in one JVM) on one real PostgreSQL, the second one's database
 * connections through a {@link FaultProxy}, and a real netconfd: requests are spread over both;
 * the health check on {@code /ready} takes the second one out while its database is cut off and
 * back in after; a transaction created through HAProxy gets every write and the commit sent
 * through HAProxy in it (none reaches the other instance, which would answer 404), also after the
 * other instance stopped.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class HaproxyInFrontOfTwoInstancesTest {
    private static final String PASSWORD = "haproxy-in-front-of-two-instances-test";
    private static final String MONITOR_PASSWORD = "monitor-of-haproxy-test";
    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final Path TEMPLATE = Path.of("..", "distribution", "src", "main", "assembly", "haproxy",
        "haproxy.cfg");
    private static final String NODE = "ncd";

    @TempDir
    static Path dirA;
    @TempDir
    static Path dirB;
    @TempDir
    static Path dirLb;
    private static PostgresServer postgres;
    private static FaultProxy databaseOfB;
    private static Netconfd netconfd;

    @BeforeAll
    static void start() throws Exception {
        postgres = PostgresServer.start();
        databaseOfB = FaultProxy.start("127.0.0.1", postgres.port());
        netconfd = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
    }

    @AfterAll
    static void stop() throws Exception {
        for (AutoCloseable closeable : new AutoCloseable[] {netconfd, databaseOfB, postgres}) {
            if (closeable != null) {
                closeable.close();
            }
        }
    }

    private static Sextant instance(final Path dataDir, final String id, final Database database) throws Exception {
        Files.writeString(dataDir.resolve(InstanceSettings.ID_FILE), id + "\n", StandardCharsets.UTF_8);
        return Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD), StateBackend.durable(database));
    }

    private static Database databaseThroughProxy() throws Exception {
        final Database database = new Database(DatabaseSettings.of("jdbc:postgresql://" + databaseOfB.host() + ":"
            + databaseOfB.port() + "/" + PostgresServer.DATABASE, postgres.user(), postgres.password()));
        database.migrate(Duration.ofSeconds(60));
        return database;
    }

    /** Which instance answers a request through HAProxy: the instance-id of the sextant:status it reads. */
    private static String answering(final RestconfClient lb) {
        try {
            final HttpResponse<String> status = lb.send("GET", "/rests/data/sextant:status");
            if (status.statusCode() != 200) {
                return "HTTP " + status.statusCode();
            }
            return JsonParser.parseString(status.body()).getAsJsonObject().getAsJsonObject("sextant:status")
                .get("instance-id").getAsString();
        } catch (Exception e) {
            return e.toString();
        }
    }

    private static Set<String> answeringMany(final RestconfClient lb, final int requests) {
        final Set<String> answered = new HashSet<>();
        for (int i = 0; i < requests; i++) {
            answered.add(answering(lb));
        }
        return answered;
    }


    private static String intentPath(final String iface) {
        return RestconfClient.UNICONFIG_NODE + NODE + RestconfClient.CONFIGURATION
            + "/openconfig-interfaces:interfaces/interface=" + iface;
    }

    private static String ocInterface(final String name) {
        return "{\"openconfig-interfaces:interface\":[{\"name\":\"" + name + "\",\"config\":{\"name\":\"" + name
            + "\",\"type\":\"iana-if-type:ethernetCsmacd\",\"description\":\"through haproxy\"}}]}";
    }

    private static Path concatenated(final Path target, final Path... parts) throws Exception {
        final StringBuilder text = new StringBuilder();
        for (Path part : parts) {
            text.append(Files.readString(part, StandardCharsets.UTF_8)).append('\n');
        }
        Files.writeString(target, text, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-------"));
        return target;
    }

    @Test
    void transactionsStickToTheirInstanceAndTheHealthCheckTakesAnUnreadyInstanceOut() throws Exception {
        final Database databaseA = DurableController.migratedDatabase(postgres);
        final Sextant a = instance(dirA, "sx1", databaseA);
        Sextant b = null;
        Database databaseB = null;
        Haproxy haproxy = null;
        try {
            final RestconfClient restA = new RestconfClient(a, PASSWORD);
            final HttpResponse<String> mounted = restA.send("PUT", RestconfClient.NETCONF_NODE + NODE,
                RestconfClient.netconfMount(NODE, netconfd.host(), netconfd.port(), netconfd.username(),
                    netconfd.password()));
            assertEquals(201, mounted.statusCode(), mounted.body());
            restA.await(RestconfClient.UNICONFIG_NODE + NODE + RestconfClient.CONFIGURATION + "?content=config",
                r -> r.statusCode() == 200, WAIT);
            // the health check's user: no NACM permission at all; b loads it at its start
            final HttpResponse<String> monitor = restA.send("POST", "/rests/operations/sextant-users:set-password",
                "{\"input\":{\"name\":\"monitor\",\"password\":\"" + MONITOR_PASSWORD + "\"}}");
            assertEquals(204, monitor.statusCode(), monitor.body());
            InJvmInstance.shareSecretsKey(dirA, dirB);
            // and here one certificate (two self-signed ones with the same subject would confuse HAProxy's check)
            final Path tlsA = dirA.resolve(TlsSetup.DIRECTORY);
            final Path tlsB = Files.createDirectories(dirB.resolve(TlsSetup.DIRECTORY));
            for (String file : List.of(TlsSetup.CERT_FILE, TlsSetup.KEY_FILE)) {
                Files.copy(tlsA.resolve(file), tlsB.resolve(file), StandardCopyOption.COPY_ATTRIBUTES);
            }
            databaseB = databaseThroughProxy();
            b = instance(dirB, "sx2", databaseB);

            haproxy = Haproxy.start(TEMPLATE, dirLb, List.of(
                    new Haproxy.Instance("sx1", "127.0.0.1", a.restconfPort()),
                    new Haproxy.Instance("sx2", "127.0.0.1", b.restconfPort())),
                new Haproxy.Tls(concatenated(dirLb.resolve("frontend.pem"), tlsA.resolve(TlsSetup.CERT_FILE),
                    tlsA.resolve(TlsSetup.KEY_FILE)), tlsA.resolve(TlsSetup.CERT_FILE)),
                "monitor", MONITOR_PASSWORD);
            final Haproxy lbProcess = haproxy;
            // HAProxy presents a's certificate to the clients
            final RestconfClient lb = new RestconfClient(URI.create("https://127.0.0.1:" + haproxy.port()), dirA,
                "admin", PASSWORD);
            Waits.until("both instances answer through HAProxy", WAIT,
                () -> answeringMany(lb, 10).equals(Set.of("sx1", "sx2")),
                () -> answeringMany(lb, 10) + "; " + lbProcess.logTail(10));

            // b's database cut off: b answers /ready with 503 and the health check takes it out
            databaseOfB.refuse(true);
            databaseOfB.cut();
            Waits.until("only sx1 answers", WAIT, () -> answeringMany(lb, 10).equals(Set.of("sx1")),
                () -> answeringMany(lb, 10) + "; " + lbProcess.logTail(10));
            databaseOfB.refuse(false);
            Waits.until("sx2 is back", WAIT, () -> answeringMany(lb, 10).equals(Set.of("sx1", "sx2")),
                () -> answeringMany(lb, 10) + "; " + lbProcess.logTail(10));

            // a transaction of sx1, which owns the device (one node, sx1 first by id), created through HAProxy
            String transaction = null;
            for (int i = 0; i < 10 && transaction == null; i++) {
                final String created = lb.rpcWithInput("transaction-manager:create-transaction", "{\"input\":{}}")
                    .get("transaction-id").getAsString();
                if (created.startsWith("sx1~")) {
                    transaction = created;
                } else {
                    assertTrue(created.startsWith("sx2~"), created);
                    lb.rpcWithInput("transaction-manager:close-transaction", "{\"input\":{\"transaction-id\":\""
                        + created + "\"}}", "Sextant-Transaction", created);
                }
            }
            assertTrue(transaction != null, "round robin never created a transaction on sx1");
            for (int i = 0; i < 6; i++) {
                final HttpResponse<String> put = lb.send("PUT", intentPath("lb" + i), ocInterface("lb" + i),
                    "Sextant-Transaction", transaction);
                assertTrue(put.statusCode() == 201 || put.statusCode() == 204, put.statusCode() + " " + put.body());
            }
            for (int i = 0; i < 6; i++) {
                assertEquals(200, lb.send("GET", intentPath("lb" + i), null, "Sextant-Transaction", transaction)
                    .statusCode());
                assertEquals(404, lb.send("GET", intentPath("lb" + i)).statusCode(), "outside the transaction");
            }

            // the instance that does not hold the transaction stops: nothing changes for it
            b.close();
            b = null;
            final HttpResponse<String> cookie = lb.send("PUT", intentPath("lb6"), ocInterface("lb6"),
                "Cookie", "SEXTANTTXID=" + transaction);
            assertTrue(cookie.statusCode() == 201 || cookie.statusCode() == 204, cookie.body());
            final JsonObject commit = lb.rpc("uniconfig-manager:commit", List.of(NODE), "Sextant-Transaction",
                transaction);
            assertEquals("complete", commit.get("overall-status").getAsString(), commit.toString());
            for (int i = 0; i <= 6; i++) {
                assertEquals(200, lb.send("GET", intentPath("lb" + i)).statusCode(), "committed: lb" + i);
            }
        } finally {
            if (haproxy != null) {
                haproxy.close();
            }
            if (b != null) {
                b.close();
            }
            if (databaseB != null) {
                databaseB.close();
            }
            a.close();
            databaseA.close();
        }
    }
}
