package io.sextant.restconf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sextant.datastore.ControllerStores;
import io.sextant.spi.HttpLimits;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.RpcRegistry;
import io.sextant.model.ControllerSchema;
import io.sextant.restconf.http.RestconfHttpServer;
import io.sextant.restconf.server.DefaultRestconfServer;
import io.sextant.security.service.HostKeys;
import io.sextant.southbound.netconf.NetconfSettings;
import io.sextant.southbound.netconf.NetconfTopology;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfTestTool;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The OpenAPI documents served at {@code /openapi} are valid OpenAPI 3 (checked by
 * openapi-spec-validator from PyPI) and describe the API as it is: the controller's own
 * modules, and the schema context of a real mounted device (netconf-testtool), served through
 * its mount point. Starts a device: run it under the shared device lock.
 */
class OpenApiDocumentsAreValidTest {
    private static final String PASSWORD = "openapi-secret";
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String NODE = "/rests/data/network-topology:network-topology/topology=topology-netconf"
        + "/node=oa1";

    private static NetconfTestTool device;
    private static NetconfTopology topology;
    private static RestconfHttpServer http;
    private static PythonTool validator;
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        validator = PythonTool.install("openapi-spec-validator-venv", "openapi-spec-validator==0.9.0");
        device = NetconfTestTool.builder().ssh(false).models(ModelSets.OPENCONFIG_INTERFACES).start();
        final ControllerStores datastores = new ControllerStores();
        final MountPointRegistry mounts = new MountPointRegistry();
        final RpcRegistry rpcs = new RpcRegistry();
        topology = NetconfTopology.withDefaultParser(datastores, mounts, rpcs, new NetconfSettings(
            Files.createTempDirectory("sextant-openapi-schemas-"), 2, 2, Duration.ofSeconds(30),
            NetconfSettings.DEFAULT_MAX_CONCURRENT_SETUPS, NetconfSettings.DEFAULT_MAX_REPLY_BYTES), HostKeys.inMemory());
        http = new RestconfHttpServer(new DefaultRestconfServer(ControllerSchema.get(), datastores.data(), rpcs,
            mounts), OneUser.authenticator("admin", PASSWORD), RestconfHttpServer.Settings.of("127.0.0.1", 0,
                HttpLimits.DEFAULTS));
    }

    @AfterAll
    static void stop() {
        if (http != null) {
            http.close();
        }
        if (topology != null) {
            topology.close();
        }
        if (device != null) {
            device.close();
        }
    }

    private static HttpResponse<String> send(final String method, final String path, final String body)
        throws Exception {
        final HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + http.port() + path))
            .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(("admin:" + PASSWORD)
                .getBytes(StandardCharsets.UTF_8)))
            .header("Content-Type", "application/yang-data+json");
        return CLIENT.send(body == null ? request.GET().build()
            : request.method(method, HttpRequest.BodyPublishers.ofString(body)).build(),
            HttpResponse.BodyHandlers.ofString());
    }

    private static void validate(final String name, final String document) throws Exception {
        final Path file = Path.of("target", name + "-openapi.json").toAbsolutePath();
        Files.writeString(file, document);
        final PythonTool.Result result = validator.run("openapi-spec-validator", file.toString());
        assertEquals(0, result.status(), name + " document is not valid OpenAPI: " + result.output());
        assertTrue(result.output().contains("OK"), result.output());
    }

    @Test
    void controllerAndDeviceDocumentsAreValidOpenApi() throws Exception {
        final var mount = send("PUT", NODE, "{\"network-topology:node\":[{\"node-id\":\"oa1\","
            + "\"netconf-node-topology:host\":\"" + device.host() + "\",\"netconf-node-topology:port\":"
            + device.port(0) + ",\"netconf-node-topology:tcp-only\":true}]}");
        assertEquals(201, mount.statusCode(), mount.body());
        final Instant deadline = Instant.now().plusSeconds(60);
        while (!send("GET", NODE + "?content=nonconfig", null).body().contains("\"connected\"")) {
            assertTrue(Instant.now().isBefore(deadline), "the device did not connect within 60 s");
            Thread.sleep(200);
        }

        final var list = send("GET", "/openapi", null);
        assertEquals(200, list.statusCode(), list.body());
        assertEquals("application/json", list.headers().firstValue("Content-Type").orElseThrow());
        final JsonNode documents = MAPPER.readTree(list.body()).get("documents");
        assertEquals("/openapi/controller", documents.get(0).get("url").asText());
        assertEquals(2, documents.size(), list.body());
        final JsonNode deviceEntry = documents.get(1);
        assertTrue(deviceEntry.get("modules").toString().contains("openconfig-interfaces@"), list.body());
        final String deviceUrl = deviceEntry.get("mount-points").get(0).get("url").asText();
        assertEquals("/openapi/data/network-topology:network-topology/topology=topology-netconf/node=oa1"
            + "/yang-ext:mount", deviceUrl);

        final var controller = send("GET", "/openapi/controller", null);
        assertEquals(200, controller.statusCode());
        final JsonNode controllerDoc = MAPPER.readTree(controller.body());
        assertEquals("3.0.3", controllerDoc.get("openapi").asText());
        final JsonNode paths = controllerDoc.get("paths");
        // a list entry with its key as a path parameter, an RPC with input and output
        final JsonNode node = paths.get("/data/network-topology:network-topology/topology={topology-id}/node={node-id}");
        assertTrue(node.has("put") && node.has("get") && node.has("delete"), node.toString());
        assertTrue(paths.get("/operations/uniconfig-manager:commit").has("post"));
        validate("controller", controller.body());

        final var deviceDoc = send("GET", deviceUrl, null);
        assertEquals(200, deviceDoc.statusCode(), deviceDoc.body());
        final JsonNode devicePaths = MAPPER.readTree(deviceDoc.body()).get("paths");
        final String mountPath = "/data/network-topology:network-topology/topology=topology-netconf/node=oa1"
            + "/yang-ext:mount";
        assertTrue(devicePaths.has(mountPath + "/openconfig-interfaces:interfaces/interface={name}"),
            devicePaths.toString().substring(0, 2000));
        validate("device", deviceDoc.body());

        // not a mount point
        assertEquals(400, send("GET", "/openapi/data/network-topology:network-topology", null).statusCode());
    }
}
