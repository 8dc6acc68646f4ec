package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.spi.ControllerSettings;
import io.sextant.security.hostkeys.OpenSshKeys;
import io.sextant.testing.ModelSets;
import io.sextant.testing.Netconfd;
import io.sextant.testing.frr.FrrRouter;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Devices' SSH host keys are checked per node, against real OpenSSH servers whose key is changed
 * between two connections: netconfd's sshd (NETCONF) and an FRR router's sshd (CLI). Trust on
 * first use (the default) learns the first key and refuses a changed one with a status naming
 * both fingerprints until accept-host-key (over RESTCONF) takes the device's current key; strict
 * connects only with a key the mount request gives; none connects whatever the key.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class DeviceHostKeyVerificationTest {
    private static final String PASSWORD = "device-host-keys-test";
    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final String NETCONF = "netconf-node-topology";
    private static final String CLI = "cli-topology";

    @TempDir
    static Path dataDir;
    private static Netconfd netconfd;
    private static FrrRouter router;
    private static Sextant sextant;
    private static RestconfClient rest;

    @BeforeAll
    static void start() throws Exception {
        netconfd = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
        router = FrrRouter.builder().interfaces(1).start();
        sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD));
        rest = new RestconfClient(sextant, PASSWORD);
    }

    @AfterAll
    static void stop() throws Exception {
        for (AutoCloseable closeable : new AutoCloseable[] {sextant, router, netconfd}) {
            if (closeable != null) {
                closeable.close();
            }
        }
    }

    @Test
    void trustOnFirstUseRefusesAChangedNetconfKeyUntilAnOperatorAcceptsIt() throws Exception {
        final String oldKey = netconfd.hostPublicKey();
        mountNetconf("nc-tofu", "");
        final String firstSession = awaitStatus(NETCONF, "nc-tofu", "connected").get(NETCONF + ":session-id")
            .getAsString();

        final String newKey = netconfd.changeHostKey();
        netconfd.dropSessions();
        final JsonObject refused = awaitMessage(NETCONF, "nc-tofu", message -> message.contains(fingerprint(newKey)));
        final String message = refused.get(NETCONF + ":connected-message").getAsString();
        assertTrue(message.contains(fingerprint(oldKey)) && message.contains("connection refused")
            && message.contains("accept-host-key"), message);
        assertNotEquals("connected", refused.get(NETCONF + ":connection-status").getAsString());
        awaitAudit(audit -> audit.contains("\"host-key\":\"changed\"") && audit.contains(fingerprint(newKey)));

        final JsonObject accepted = acceptHostKey("topology-netconf", "nc-tofu");
        assertEquals(fingerprint(newKey), member(accepted, "fingerprint"));
        assertEquals(newKey, member(accepted, "public-key"));
        final JsonObject connected = awaitStatus(NETCONF, "nc-tofu", "connected");
        assertNotEquals(firstSession, connected.get(NETCONF + ":session-id").getAsString());
        delete(RestconfClient.NETCONF_NODE, "nc-tofu");
    }

    @Test
    void strictConnectsANetconfDeviceOnlyWithAKeyTheMountRequestGives() throws Exception {
        final String deviceKey = netconfd.hostPublicKey();
        mountNetconf("nc-strict", hostKeys(NETCONF, "strict", deviceKey));
        awaitStatus(NETCONF, "nc-strict", "connected");

        final String otherKey = anotherKey();
        mountNetconf("nc-strict-wrong", hostKeys(NETCONF, "strict", otherKey));
        final JsonObject refused = awaitMessage(NETCONF, "nc-strict-wrong",
            message -> message.contains(fingerprint(deviceKey)));
        assertTrue(refused.get(NETCONF + ":connected-message").getAsString().contains(fingerprint(otherKey)),
            refused.toString());
        assertNotEquals("connected", refused.get(NETCONF + ":connection-status").getAsString());
        // strict keys are the mount request's business: the RPC does not override them
        final HttpResponse<String> rpc = rest.send("POST", "/rests/operations/sextant-host-keys:accept-host-key",
            "{\"input\":{\"node-id\":\"nc-strict-wrong\"}}");
        assertEquals(400, rpc.statusCode(), rpc.body());
        assertTrue(rpc.body().contains("strict"), rpc.body());
        // strict without a key is refused before anything is stored
        final HttpResponse<String> noKey = rest.send("PUT", RestconfClient.NETCONF_NODE + "nc-strict-nokey",
            netconfBody("nc-strict-nokey", ",\"" + NETCONF + ":host-key-verification\":\"strict\""));
        assertEquals(400, noKey.statusCode(), noKey.body());
        assertEquals(404, rest.send("GET", RestconfClient.NETCONF_NODE + "nc-strict-nokey").statusCode());
        delete(RestconfClient.NETCONF_NODE, "nc-strict");
        delete(RestconfClient.NETCONF_NODE, "nc-strict-wrong");
    }

    @Test
    void verificationNoneConnectsANetconfDeviceWhateverItsKey() throws Exception {
        mountNetconf("nc-none", ",\"" + NETCONF + ":host-key-verification\":\"none\"");
        final String first = awaitStatus(NETCONF, "nc-none", "connected").get(NETCONF + ":session-id").getAsString();
        netconfd.changeHostKey();
        netconfd.dropSessions();
        // connected again, on a new session with the new key
        await(NETCONF, "nc-none", node -> node.has(NETCONF + ":session-id")
            && !first.equals(node.get(NETCONF + ":session-id").getAsString())
            && "connected".equals(node.get(NETCONF + ":connection-status").getAsString()));
        delete(RestconfClient.NETCONF_NODE, "nc-none");
    }

    @Test
    void trustOnFirstUseRefusesAChangedCliKeyUntilAnOperatorAcceptsIt() throws Exception {
        final String oldKey = router.sshHostPublicKey();
        mountCli("frr-tofu", "");
        mountCli("frr-none", ",\"" + CLI + ":host-key-verification\":\"none\"");
        awaitStatus(CLI, "frr-tofu", "connected");
        awaitStatus(CLI, "frr-none", "connected");

        final String newKey = router.changeSshHostKey();
        router.dropSshSessions();
        final JsonObject refused = awaitMessage(CLI, "frr-tofu", message -> message.contains(fingerprint(newKey)));
        assertTrue(refused.get(CLI + ":connected-message").getAsString().contains(fingerprint(oldKey)),
            refused.toString());
        assertNotEquals("connected", refused.get(CLI + ":connection-status").getAsString());
        // the node that does not check connects again with the new key
        awaitStatus(CLI, "frr-none", "connected");
        assertNotEquals("connected", status(CLI, "frr-tofu").get(CLI + ":connection-status").getAsString());

        final JsonObject accepted = acceptHostKey("topology-cli", "frr-tofu");
        assertEquals(fingerprint(newKey), member(accepted, "fingerprint"));
        awaitStatus(CLI, "frr-tofu", "connected");
        delete(RestconfClient.CLI_NODE, "frr-tofu");
        delete(RestconfClient.CLI_NODE, "frr-none");
    }

    @Test
    void strictConnectsACliDeviceOnlyWithAKeyTheMountRequestGives() throws Exception {
        final String deviceKey = router.sshHostPublicKey();
        mountCli("frr-strict", hostKeys(CLI, "strict", fingerprint(deviceKey)));
        awaitStatus(CLI, "frr-strict", "connected");
        final String otherKey = anotherKey();
        mountCli("frr-strict-wrong", hostKeys(CLI, "strict", otherKey));
        final JsonObject refused = awaitMessage(CLI, "frr-strict-wrong",
            message -> message.contains(fingerprint(deviceKey)) && message.contains(fingerprint(otherKey)));
        assertNotEquals("connected", refused.get(CLI + ":connection-status").getAsString());
        delete(RestconfClient.CLI_NODE, "frr-strict");
        delete(RestconfClient.CLI_NODE, "frr-strict-wrong");
    }

    // ---- helpers

    private static String fingerprint(final String publicKey) {
        return OpenSshKeys.fingerprintOf(publicKey);
    }

    /** A key no device here has. */
    private static String anotherKey() throws Exception {
        final KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(256);
        return OpenSshKeys.publicKeyLine(generator.generateKeyPair().getPublic());
    }

    private static String hostKeys(final String module, final String mode, final String key) {
        return ",\"" + module + ":host-key-verification\":\"" + mode + "\",\"" + module + ":host-key\":[\"" + key
            + "\"]";
    }

    private static String netconfBody(final String nodeId, final String extra) {
        final String body = RestconfClient.netconfMount(nodeId, netconfd.host(), netconfd.port(),
            netconfd.username(), netconfd.password());
        return body.substring(0, body.length() - "}]}".length()) + extra + "}]}";
    }

    private static void mountNetconf(final String nodeId, final String extra) throws Exception {
        final HttpResponse<String> response = rest.send("PUT", RestconfClient.NETCONF_NODE + nodeId,
            netconfBody(nodeId, extra));
        assertEquals(201, response.statusCode(), response.body());
    }

    private static void mountCli(final String nodeId, final String extra) throws Exception {
        final HttpResponse<String> response = rest.send("PUT", RestconfClient.CLI_NODE + nodeId,
            RestconfClient.frrMount(nodeId, router, extra));
        assertEquals(201, response.statusCode(), response.body());
    }

    private static void delete(final String topologyPath, final String nodeId) throws Exception {
        assertEquals(204, rest.send("DELETE", topologyPath + nodeId).statusCode());
    }

    private static JsonObject acceptHostKey(final String topologyId, final String nodeId) throws Exception {
        return rest.rpcWithInput("sextant-host-keys:accept-host-key", "{\"input\":{\"topology-id\":\"" + topologyId
            + "\",\"node-id\":\"" + nodeId + "\"}}");
    }

    private static String member(final JsonObject output, final String name) {
        final JsonElement value = output.has(name) ? output.get(name) : output.get("sextant-host-keys:" + name);
        assertTrue(value != null, name + " missing in " + output);
        return value.getAsString();
    }

    private static String path(final String module, final String nodeId) {
        return (NETCONF.equals(module) ? RestconfClient.NETCONF_NODE : RestconfClient.CLI_NODE) + nodeId
            + "?content=nonconfig";
    }

    /** The node's operational entry (an empty object while there is none). */
    private static JsonObject status(final String module, final String nodeId) throws Exception {
        final HttpResponse<String> response = rest.send("GET", path(module, nodeId));
        if (response.statusCode() != 200) {
            return new JsonObject();
        }
        return JsonParser.parseString(response.body()).getAsJsonObject().getAsJsonArray("network-topology:node")
            .get(0).getAsJsonObject();
    }

    private static JsonObject awaitStatus(final String module, final String nodeId, final String wanted)
            throws Exception {
        return await(module, nodeId, node -> node.has(module + ":connection-status")
            && wanted.equals(node.get(module + ":connection-status").getAsString()));
    }

    private static JsonObject awaitMessage(final String module, final String nodeId,
            final Predicate<String> wanted) throws Exception {
        return await(module, nodeId, node -> node.has(module + ":connected-message")
            && wanted.test(node.get(module + ":connected-message").getAsString()));
    }

    /** Waits for the audit log (written by a thread of its own) to hold what {@code done} looks for. */
    private static void awaitAudit(final Predicate<String> done) throws Exception {
        final long deadline = System.nanoTime() + WAIT.toNanos();
        String audit = "";
        while (System.nanoTime() < deadline) {
            audit = Files.readString(dataDir.resolve("audit").resolve("audit.log"));
            if (done.test(audit)) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("Not in the audit log: " + audit);
    }

    private static JsonObject await(final String module, final String nodeId, final Predicate<JsonObject> done)
            throws Exception {
        final long deadline = System.nanoTime() + WAIT.toNanos();
        JsonObject last = new JsonObject();
        while (System.nanoTime() < deadline) {
            last = status(module, nodeId);
            if (done.test(last)) {
                return last;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("Gave up waiting on " + module + " node " + nodeId + ": "
            + last.get(module + ":connection-status") + ", " + last.get(module + ":connected-message"));
    }
}
