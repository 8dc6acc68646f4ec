package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.datastore.service.ControllerSettings;
import io.sextant.persistence.Database;
import io.sextant.persistence.DatabaseSettings;
import io.sextant.persistence.HostKeyRepository;
import io.sextant.persistence.StateBackend;
import io.sextant.security.hostkeys.OpenSshKeys;
import io.sextant.testing.ModelSets;
import io.sextant.testing.Netconfd;
import io.sextant.testing.PostgresServer;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A controller that keeps its state in PostgreSQL keeps the host keys it trusts: after a
 * restart, trust on first use does not learn again the key of a device whose key changed while
 * the controller was down, and a key accepted by an operator is still the known one after the
 * next restart.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class HostKeysSurviveARestartTest {
    private static final String PASSWORD = "host-keys-restart-test";
    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final String NODE = RestconfClient.NETCONF_NODE + "kept";

    @TempDir
    static Path dataDir;
    private static PostgresServer postgres;
    private static Netconfd netconfd;

    @BeforeAll
    static void start() throws Exception {
        postgres = PostgresServer.start();
        netconfd = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
    }

    @AfterAll
    static void stop() throws Exception {
        for (AutoCloseable closeable : new AutoCloseable[] {netconfd, postgres}) {
            if (closeable != null) {
                closeable.close();
            }
        }
    }

    /** One run of the controller on the test's database and data directory. */
    private static final class Run implements AutoCloseable {
        final Database database;
        final Sextant sextant;
        final RestconfClient rest;

        Run() throws Exception {
            database = new Database(DatabaseSettings.of(postgres.jdbcUrl(), postgres.user(), postgres.password()));
            database.migrate(Duration.ofSeconds(60));
            sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD), StateBackend.durable(database));
            rest = new RestconfClient(sextant, PASSWORD);
        }

        JsonObject await(final Predicate<JsonObject> done) throws Exception {
            final HttpResponse<String> response = rest.await(NODE + "?content=nonconfig",
                r -> r.statusCode() == 200 && done.test(node(r)), WAIT);
            return node(response);
        }

        @Override
        public void close() {
            sextant.close();
            database.close();
        }
    }

    private static JsonObject node(final HttpResponse<String> response) {
        return JsonParser.parseString(response.body()).getAsJsonObject().getAsJsonArray("network-topology:node")
            .get(0).getAsJsonObject();
    }

    private static boolean connected(final JsonObject node) {
        return node.has("netconf-node-topology:connection-status")
            && "connected".equals(node.get("netconf-node-topology:connection-status").getAsString());
    }

    private static String message(final JsonObject node) {
        return node.has("netconf-node-topology:connected-message")
            ? node.get("netconf-node-topology:connected-message").getAsString() : "";
    }

    @Test
    void aKeyChangedWhileTheControllerWasDownIsRefusedAfterTheRestartAndAnAcceptedKeyIsKept() throws Exception {
        final String firstKey = OpenSshKeys.fingerprintOf(netconfd.hostPublicKey());
        try (Run first = new Run()) {
            final HttpResponse<String> mount = first.rest.send("PUT", NODE, RestconfClient.netconfMount("kept",
                netconfd.host(), netconfd.port(), netconfd.username(), netconfd.password()));
            assertEquals(201, mount.statusCode(), mount.body());
            first.await(HostKeysSurviveARestartTest::connected);
        }

        final String secondKey = OpenSshKeys.fingerprintOf(netconfd.changeHostKey());
        try (Run second = new Run()) {
            final JsonObject refused = second.await(node -> message(node).contains(secondKey));
            assertTrue(message(refused).contains(firstKey), refused.toString());
            assertTrue(!connected(refused), refused.toString());
            final JsonObject accepted = second.rest.rpcWithInput("sextant-host-keys:accept-host-key",
                "{\"input\":{\"node-id\":\"kept\"}}");
            assertTrue(accepted.toString().contains(secondKey), accepted.toString());
            second.await(HostKeysSurviveARestartTest::connected);
        }

        try (Run third = new Run()) {
            // the accepted key is the known one: connected at once, nothing refused
            third.await(HostKeysSurviveARestartTest::connected);
            assertEquals(secondKey, third.database.call("read the kept key", tx -> new HostKeyRepository()
                .find(tx, "topology-netconf", "kept")).orElseThrow().fingerprint());
        }
    }
}
