package io.sextant.controller;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import io.sextant.spi.ControllerSettings;
import io.sextant.testing.frr.FrrRouter;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Templates on a CLI device (FRR through vtysh): an entry pre-provisioned before the router is
 * mounted is committed once it connects, and apply-template in a transaction, then its commit,
 * changes the router; each read back through the router's own vtysh.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class TemplatesOnFrrTest {
    private static final String PASSWORD = "templates-frr-admin";
    private static final String NODE = "frr-tpl";

    @TempDir
    Path dataDir;

    private static String variables(final String ifname, final String description) {
        return "[{\"name\":\"ifname\",\"value\":\"" + ifname + "\"},{\"name\":\"description\",\"value\":\""
            + description + "\"}]";
    }

    @Test
    void aPreProvisionedTemplateAndAnAppliedOneReachTheRouter() throws Exception {
        try (FrrRouter router = FrrRouter.builder().namePrefix("tp").interfaces(1).start();
             Sextant sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD))) {
            final RestconfClient rest = new RestconfClient(sextant, PASSWORD);
            final String iface = router.interfaces().get(0);
            assertEquals(201, rest.send("PUT", "/rests/data/sextant-templates:templates/template=port",
                "{\"sextant-templates:template\":[{\"name\":\"port\",\"configuration\":"
                    + new JsonPrimitive(RestconfClient.INTERFACE_TEMPLATE) + "}]}").statusCode());

            // stored before the router is mounted: committed once it connects
            assertEquals(201, rest.send("PUT", "/rests/data/sextant-pre-provisioning:pre-provisioned/node=" + NODE,
                "{\"sextant-pre-provisioning:node\":[{\"node-id\":\"" + NODE + "\",\"template-name\":\"port\","
                    + "\"commit\":true,\"variable\":" + variables(iface, "pre-provisioned on frr") + "}]}")
                .statusCode());
            final HttpResponse<String> mount = rest.send("PUT", RestconfClient.CLI_NODE + NODE,
                RestconfClient.frrMount(NODE, router, ""));
            assertEquals(201, mount.statusCode(), mount.body());
            await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(250))
                .until(() -> router.runningConfig().contains("description pre-provisioned on frr"));
            await().atMost(Duration.ofSeconds(10)).until(() -> rest.send("GET",
                "/rests/data/sextant-pre-provisioning:pre-provisioned/node=" + NODE).statusCode() == 404);

            // apply-template in a transaction: nothing reaches the router before the commit
            final String tx = rest.rpcWithInput("transaction-manager:create-transaction", "{\"input\":{}}")
                .get("transaction-id").getAsString();
            final JsonObject applied = rest.rpcWithInput("sextant-templates:apply-template",
                "{\"input\":{\"template-name\":\"port\",\"target-nodes\":{\"node\":[{\"node-id\":\"" + NODE
                    + "\",\"variable\":" + variables(iface, "applied on frr") + "}]}}}", "Sextant-Transaction", tx);
            assertEquals("complete", applied.get("overall-status").getAsString(), applied.toString());
            assertTrue(router.runningConfig().contains("description pre-provisioned on frr"), "not committed yet");
            final JsonObject committed = rest.rpc("uniconfig-manager:commit", List.of(NODE), "Sextant-Transaction", tx);
            assertEquals("complete", committed.get("overall-status").getAsString(), committed.toString());
            final String config = router.runningConfig();
            assertTrue(config.contains("description applied on frr") && !config.contains("pre-provisioned on frr"),
                config);
        }
    }
}
