package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.spi.ControllerSettings;
import io.sextant.testing.FreePorts;
import io.sextant.testing.JavaIsms;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfTestTool;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.TrustedTls;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A NETCONF device mounted, read and written over RESTCONF exactly as the contract shows, on the
 * plain-Java assembly; the device is checked with an independent NETCONF session.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class NetconfRestconfTest {
    private static final String PASSWORD = "netconf-restconf-test";
    private static final String NODE = "/rests/data/network-topology:network-topology/topology=topology-netconf/node=";
    private static final String IETF_IF = "urn:ietf:params:xml:ns:yang:ietf-interfaces";

    @TempDir
    static Path dataDir;
    private static NetconfTestTool device;
    private static Sextant sextant;
    private final HttpClient client = TrustedTls.forDataDir(dataDir);

    @BeforeAll
    static void start() throws Exception {
        device = NetconfTestTool.builder().ssh(true).deviceCount(4).models(ModelSets.OPENCONFIG_INTERFACES).start();
        sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD));
    }

    @AfterAll
    static void stop() {
        if (sextant != null) {
            sextant.close();
        }
        if (device != null) {
            device.close();
        }
    }

    private HttpResponse<String> send(final String method, final String path, final String json) throws Exception {
        final HttpRequest.Builder request = HttpRequest.newBuilder(sextant.restconfUri().resolve(path))
            .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(("admin:" + PASSWORD)
                .getBytes(StandardCharsets.UTF_8)))
            .header("Accept", "application/yang-data+json");
        if (json != null) {
            request.header("Content-Type", "application/yang-data+json");
        }
        request.method(method, json == null ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(json));
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String mountBody(final String nodeId, final int port) {
        return "{\"node\":[{\"node-id\":\"" + nodeId + "\",\"netconf-node-topology:host\":\"127.0.0.1\","
            + "\"netconf-node-topology:port\":" + port + ",\"netconf-node-topology:tcp-only\":false,"
            + "\"netconf-node-topology:login-password-unencrypted\":{\"username\":\"admin\",\"password\":\"admin\"},"
            + "\"netconf-node-topology:keepalive-delay\":120}]}";
    }

    private String awaitConnected(final String nodeId) throws Exception {
        final long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        HttpResponse<String> status = null;
        while (System.nanoTime() < deadline) {
            status = send("GET", NODE + nodeId + "?content=nonconfig", null);
            if (status.statusCode() == 200 && status.body().contains("connection-status\":\"connected\"")) {
                return status.body();
            }
            Thread.sleep(200);
        }
        throw new AssertionError("Node " + nodeId + " did not connect: " + (status == null ? "" : status.body()));
    }

    @Test
    void mountReadAndWriteADeviceOverRestconf() throws Exception {
        final HttpResponse<String> mount = send("PUT", NODE + "d1", mountBody("d1", device.port(0)));
        assertEquals(201, mount.statusCode(), mount.body());
        final String status = awaitConnected("d1");
        assertTrue(status.contains("available-capabilities"), status);
        assertTrue(status.contains("schema-context-id"), status);

        // ietf-interfaces: the test tool's datastore rejects later commits once an OpenConfig interface exists
        // (it demands the config-false state/type leaf), so the writes here use the IETF model.
        try (NetconfVerifier verifier = NetconfVerifier.connect(device, 0)) {
            verifier.editAndCommit("<interfaces xmlns=\"" + IETF_IF + "\"><interface><name>eth0</name>"
                + "<type xmlns:ift=\"urn:ietf:params:xml:ns:yang:iana-if-type\">ift:ethernetCsmacd</type>"
                + "<description>first</description></interface></interfaces>");
        }
        final HttpResponse<String> read = send("GET", NODE + "d1/yang-ext:mount/ietf-interfaces:interfaces"
            + "/interface=eth0?content=config", null);
        assertEquals(200, read.statusCode(), read.body());
        assertTrue(read.body().contains("\"description\":\"first\""), read.body());

        final HttpResponse<String> write = send("PATCH", NODE + "d1/yang-ext:mount/ietf-interfaces:interfaces"
            + "/interface=eth0", "{\"ietf-interfaces:interface\":[{\"name\":\"eth0\",\"description\":\"second\"}]}");
        assertTrue(write.statusCode() == 200 || write.statusCode() == 204, write.statusCode() + " " + write.body());
        try (NetconfVerifier verifier = NetconfVerifier.connect(device, 0)) {
            assertEquals(List.of("second"), NetconfVerifier.values(verifier.getConfig("running"),
                "data", "interfaces", "interface", "description"));
        }

        final HttpResponse<String> delete = send("DELETE", NODE + "d1", null);
        assertEquals(204, delete.statusCode(), delete.body());
        final long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (sextant.netconf().nodeIds().contains("d1") && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertTrue(sextant.netconf().nodeIds().isEmpty(), "unmounted");
    }

    @Test
    void devicesWithTheSameModulesShareOneSchemaContextAsSextantStatusReports() throws Exception {
        for (String id : List.of("s1", "s2")) {
            final HttpResponse<String> mount = send("PUT", NODE + id, mountBody(id, device.port(id.equals("s1") ? 1 : 2)));
            assertEquals(201, mount.statusCode(), mount.body());
        }
        awaitConnected("s1");
        awaitConnected("s2");
        // sextant:status is republished every StatusService.REFRESH
        final long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        String body = "";
        while (System.nanoTime() < deadline) {
            final HttpResponse<String> status = send("GET", "/rests/data/sextant:status?content=nonconfig", null);
            assertEquals(200, status.statusCode(), status.body());
            body = status.body();
            if (body.contains("\"connected-nodes\":2")) {
                break;
            }
            Thread.sleep(200);
        }
        assertTrue(body.contains("\"mounted-nodes\":2") && body.contains("\"connected-nodes\":2"), body);
        assertTrue(body.contains("\"schema-contexts\":1"), "two devices, one module set, one context: " + body);
        assertTrue(body.contains("\"uptime-seconds\":"), body);
        for (String id : List.of("s1", "s2")) {
            assertEquals(204, send("DELETE", NODE + id, null).statusCode());
        }
        final long gone = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!sextant.netconf().nodeIds().isEmpty() && System.nanoTime() < gone) {
            Thread.sleep(100);
        }
    }

    @Test
    void aDeviceRejectingAnEditThroughItsMountPointIsReportedInItsOwnTerms() throws Exception {
        // device 3 only: a rejected commit leaves the test tool's candidate unusable for later tests
        assertEquals(201, send("PUT", NODE + "r3", mountBody("r3", device.port(3))).statusCode());
        awaitConnected("r3");
        // ietf-interfaces' type is mandatory: the controller passes the edit on, the device refuses it
        try {
            final String resource = NODE + "r3/yang-ext:mount/ietf-interfaces:interfaces/interface=eth9";
            final HttpResponse<String> refused = send("PUT", resource,
                "{\"ietf-interfaces:interface\":[{\"name\":\"eth9\",\"description\":\"no type\"}]}");
            assertTrue(refused.statusCode() >= 400, refused.body());
            final JsonObject error = JsonParser.parseString(refused.body()).getAsJsonObject()
                .getAsJsonObject("ietf-restconf:errors").getAsJsonArray("error").get(0).getAsJsonObject();
            assertEquals(List.of(), JavaIsms.in(refused.body()), refused.body());
            assertEquals("operation-failed", error.get("error-tag").getAsString(), "the device's own error-tag");
            assertTrue(error.get("error-message").getAsString().contains("missing mandatory descendant"),
                "the device's own message: " + refused.body());
            assertTrue(error.get("error-info").getAsString().contains("<node-id>r3</node-id>"), refused.body());
            try (NetconfVerifier verifier = NetconfVerifier.connect(device, 3)) {
                assertTrue(NetconfVerifier.values(verifier.getConfig("running"), "data", "interfaces", "interface",
                    "name").isEmpty(), "the device has nothing of the refused edit");
            }
        } finally {
            assertEquals(204, send("DELETE", NODE + "r3", null).statusCode());
            final long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (sextant.netconf().nodeIds().contains("r3") && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
        }
    }

    @Test
    void aMountRequestWithoutHostIsRefusedWithAnRfc8040Error() throws Exception {
        final HttpResponse<String> refused = send("PUT", NODE + "bad", "{\"node\":[{\"node-id\":\"bad\","
            + "\"netconf-node-topology:port\":830,\"netconf-node-topology:tcp-only\":true}]}");
        assertEquals(400, refused.statusCode(), refused.body());
        assertTrue(refused.body().contains("invalid-value"), refused.body());
        assertTrue(refused.body().contains("host"), refused.body());
    }

    @Test
    void theMountPointOfANodeThatIsNotConnectedSaysSo() throws Exception {
        final HttpResponse<String> mount = send("PUT", NODE + "down", "{\"node\":[{\"node-id\":\"down\","
            + "\"netconf-node-topology:host\":\"127.0.0.1\",\"netconf-node-topology:port\":"
            + FreePorts.one() + ",\"netconf-node-topology:tcp-only\":true,"
            + "\"netconf-node-topology:max-connection-attempts\":1}]}");
        assertEquals(201, mount.statusCode(), mount.body());
        final long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        HttpResponse<String> read;
        do {
            Thread.sleep(200);
            read = send("GET", NODE + "down/yang-ext:mount/openconfig-interfaces:interfaces", null);
        } while (!read.body().contains("unable-to-connect") && System.nanoTime() < deadline);
        assertTrue(read.statusCode() >= 400, read.body());
        assertTrue(read.body().contains("not connected"), read.body());
        send("DELETE", NODE + "down", null);
    }
}
