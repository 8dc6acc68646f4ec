package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.persistence.HostKeyRepository;
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
    private static DurableController run() throws Exception {
        return new DurableController(postgres, dataDir, PASSWORD);
    }

    /** The kept node's status once {@code done} holds for it. */
    private static JsonObject await(final DurableController run, final Predicate<JsonObject> done) throws Exception {
        final HttpResponse<String> response = run.rest.await(NODE + "?content=nonconfig",
            r -> r.statusCode() == 200 && done.test(node(r)), WAIT);
        return node(response);
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
        try (DurableController first = run()) {
            final HttpResponse<String> mount = first.rest.send("PUT", NODE, RestconfClient.netconfMount("kept",
                netconfd.host(), netconfd.port(), netconfd.username(), netconfd.password()));
            assertEquals(201, mount.statusCode(), mount.body());
            await(first, HostKeysSurviveARestartTest::connected);
        }

        final String secondKey = OpenSshKeys.fingerprintOf(netconfd.changeHostKey());
        try (DurableController second = run()) {
            final JsonObject refused = await(second, node -> message(node).contains(secondKey));
            assertTrue(message(refused).contains(firstKey), refused.toString());
            assertTrue(!connected(refused), refused.toString());
            final JsonObject accepted = second.rest.rpcWithInput("sextant-host-keys:accept-host-key",
                "{\"input\":{\"node-id\":\"kept\"}}");
            assertTrue(accepted.toString().contains(secondKey), accepted.toString());
            await(second, HostKeysSurviveARestartTest::connected);
        }

        try (DurableController third = run()) {
            // the accepted key is the known one: connected at once, nothing refused
            await(third, HostKeysSurviveARestartTest::connected);
            assertEquals(secondKey, third.database.call("read the kept key", tx -> new HostKeyRepository()
                .find(tx, "topology-netconf", "kept")).orElseThrow().fingerprint());
        }
    }
}
