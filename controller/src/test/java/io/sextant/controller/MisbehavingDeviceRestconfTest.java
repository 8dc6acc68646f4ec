package io.sextant.controller;

import static io.sextant.controller.RestconfClient.NETCONF_NODE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.spi.ControllerSettings;
import io.sextant.southbound.netconf.NetconfSettings;
import io.sextant.testing.MisbehavingNetconfDevice;
import io.sextant.testing.MisbehavingNetconfDevice.Reply;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Over RESTCONF, a read through the mount point of a device that misbehaves mid-request fails
 * with an RFC 8040 errors body saying what the device did, within the request timeout (not a
 * hang, not a Java class name), the node's status says the same while it reconnects, and a
 * healthy node mounted next to it keeps answering.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class MisbehavingDeviceRestconfTest {
    private static final String PASSWORD = "misbehaving-device-test";
    private static final String INTERFACES = "/yang-ext:mount/openconfig-interfaces:interfaces?content=config";
    private static final long REQUEST_TIMEOUT_MILLIS = 2000;
    /**
     * Small, so that an endless reply trips the limit within milliseconds: with the default 64 MiB
     * the request timeout could win the race on a loaded machine.
     */
    private static final long MAX_REPLY_BYTES = 1 << 20;

    @TempDir
    static Path dataDir;
    private static MisbehavingNetconfDevice device;
    private static MisbehavingNetconfDevice healthyDevice;
    private static Sextant sextant;
    private static RestconfClient restconf;

    @BeforeAll
    static void start() throws Exception {
        device = MisbehavingNetconfDevice.builder().start();
        healthyDevice = MisbehavingNetconfDevice.builder().ssh(true).start();
        sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD),
            NetconfSettings.of(dataDir).withMaxReplyBytes(MAX_REPLY_BYTES));
        restconf = new RestconfClient(sextant, PASSWORD);
        mount("victim", device);
        mount("healthy", healthyDevice);
        awaitStatus("victim", "connected");
        awaitStatus("healthy", "connected");
    }

    @AfterAll
    static void stop() {
        if (sextant != null) {
            sextant.close();
        }
        for (MisbehavingNetconfDevice started : new MisbehavingNetconfDevice[] {device, healthyDevice}) {
            if (started != null) {
                started.close();
            }
        }
    }

    private static void mount(final String nodeId, final MisbehavingNetconfDevice target) throws Exception {
        final String login = target.ssh() ? ",\"netconf-node-topology:login-password-unencrypted\":{\"username\":\""
            + target.username() + "\",\"password\":\"" + target.password() + "\"}" : "";
        final HttpResponse<String> mount = restconf.send("PUT", NETCONF_NODE + nodeId, "{\"node\":[{\"node-id\":\""
            + nodeId + "\",\"netconf-node-topology:host\":\"" + target.host() + "\",\"netconf-node-topology:port\":"
            + target.port() + ",\"netconf-node-topology:tcp-only\":" + !target.ssh() + login
            + ",\"netconf-node-topology:keepalive-delay\":0"
            + ",\"netconf-node-topology:default-request-timeout-millis\":" + REQUEST_TIMEOUT_MILLIS
            + ",\"netconf-node-topology:between-attempts-timeout-millis\":3000}]}");
        assertEquals(201, mount.statusCode(), mount.body());
    }

    /** The node's status once {@code status} is its connection-status. */
    private static String awaitStatus(final String nodeId, final String status) throws Exception {
        final long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        String body = "";
        while (System.nanoTime() < deadline) {
            final HttpResponse<String> response = restconf.send("GET", NETCONF_NODE + nodeId + "?content=nonconfig",
                null);
            body = response.body();
            if (response.statusCode() == 200 && body.contains("connection-status\":\"" + status + "\"")) {
                return body;
            }
            Thread.sleep(25);
        }
        throw new AssertionError("Node " + nodeId + " did not become " + status + ": " + body);
    }

    private static void assertHealthyNodeAnswers() throws Exception {
        final HttpResponse<String> read = restconf.send("GET", NETCONF_NODE + "healthy" + INTERFACES, null);
        assertEquals(200, read.statusCode(), read.body());
        assertTrue(read.body().contains("\"description\":\"uplink\""), read.body());
    }

    /** Script {@code reply}, read through the mount point: the errors body's one error-message. */
    private static String failedRead(final Reply reply) throws Exception {
        device.next("get-config", reply);
        final long started = System.nanoTime();
        final HttpResponse<String> read = restconf.send("GET", NETCONF_NODE + "victim" + INTERFACES, null);
        final long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        assertTrue(millis < REQUEST_TIMEOUT_MILLIS + 3000, "answered after " + millis + " ms");
        assertTrue(read.statusCode() >= 400, read.statusCode() + " " + read.body());
        final JsonObject error = JsonParser.parseString(read.body()).getAsJsonObject()
            .getAsJsonObject("ietf-restconf:errors").getAsJsonArray("error").get(0).getAsJsonObject();
        assertEquals("operation-failed", error.get("error-tag").getAsString(), read.body());
        final String message = error.get("error-message").getAsString();
        assertFalse(message.matches(".*\\b(java|io\\.sextant|org\\.opendaylight)\\.\\w.*"),
            "no Java class names: " + message);
        return message;
    }

    private static void assertReportedAndReconnected(final String expected) throws Exception {
        final String status = awaitStatus("victim", "connecting");
        assertTrue(status.contains(expected), status);
        assertHealthyNodeAnswers();
        awaitStatus("victim", "connected");
        final HttpResponse<String> read = restconf.send("GET", NETCONF_NODE + "victim" + INTERFACES, null);
        assertEquals(200, read.statusCode(), read.body());
    }

    @Test
    void aReadTheDeviceNeverAnswersFailsWithAnErrorsBodyAtTheRequestTimeout() throws Exception {
        final String message = failedRead(Reply.NO_REPLY);
        assertEquals("Node victim did not answer get-config within " + REQUEST_TIMEOUT_MILLIS + " ms", message);
        assertReportedAndReconnected("did not answer get-config");
    }

    @Test
    void aDeviceClosingTheSessionMidReplyFailsTheReadAtOnce() throws Exception {
        final String message = failedRead(Reply.CLOSE_MID_REPLY);
        assertTrue(message.contains("closed the session in the middle of a message"), message);
        assertReportedAndReconnected("closed the session in the middle of a message");
    }

    @Test
    void aReplyOverTheSizeLimitFailsTheReadAtOnce() throws Exception {
        final String message = failedRead(Reply.ENDLESS);
        assertTrue(message.contains("sent a message larger than " + MAX_REPLY_BYTES + " bytes"), message);
        assertReportedAndReconnected("larger than");
    }
}
