package io.sextant.controller;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import io.sextant.spi.ControllerSettings;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.Netconfd;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pre-provisioning over RESTCONF: a node's template and values stored before the node is even
 * mounted are applied and committed once its netconfd device connects (read back through an
 * independent session, logged under the user pre-provisioning), and the entry goes; an entry
 * that cannot be applied stays with why in its state and changes nothing; an entry without a
 * template is refused.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class PreProvisioningTest {
    private static final String PASSWORD = "pre-provisioning-admin";
    private static final String ENTRY = "/rests/data/sextant-pre-provisioning:pre-provisioned/node=";

    @TempDir
    Path dataDir;

    private static String entry(final String node, final String ifname, final String description) {
        return "{\"sextant-pre-provisioning:node\":[{\"node-id\":\"" + node + "\",\"template-name\":\"site\","
            + "\"commit\":true,\"variable\":[{\"name\":\"ifname\",\"value\":\"" + ifname + "\"}"
            + (description == null ? "" : ",{\"name\":\"description\",\"value\":\"" + description + "\"}") + "]}]}";
    }

    @Test
    void anEntryStoredBeforeTheMountIsCommittedWhenTheDeviceConnects() throws Exception {
        try (Netconfd device = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
             Sextant sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD))) {
            final RestconfClient rest = new RestconfClient(sextant, PASSWORD);
            final HttpResponse<String> template = rest.send("PUT", "/rests/data/sextant-templates:templates/"
                + "template=site", "{\"sextant-templates:template\":[{\"name\":\"site\",\"configuration\":"
                + new JsonPrimitive(RestconfClient.INTERFACE_TEMPLATE) + "}]}");
            assertEquals(201, template.statusCode(), template.body());

            final HttpResponse<String> noTemplate = rest.send("PUT", ENTRY + "other",
                "{\"sextant-pre-provisioning:node\":[{\"node-id\":\"other\"}]}");
            assertEquals(400, noTemplate.statusCode(), noTemplate.body());
            assertTrue(noTemplate.body().contains("template-name is missing"), noTemplate.body());

            assertEquals(201, rest.send("PUT", ENTRY + "ncd", entry("ncd", "pp-1", "ready at first contact"))
                .statusCode());
            assertEquals(201, rest.send("PUT", RestconfClient.NETCONF_NODE + "ncd", RestconfClient.netconfMount("ncd",
                device.host(), device.port(), device.username(), device.password())).statusCode());

            try (NetconfVerifier other = NetconfVerifier.connect(device)) {
                await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(250)).until(() ->
                    other.getConfig("running").contains("<description>ready at first contact</description>"));
            }
            await().atMost(Duration.ofSeconds(10)).until(() -> rest.send("GET", ENTRY + "ncd").statusCode() == 404);
            final String intent = rest.send("GET", RestconfClient.UNICONFIG_NODE + "ncd" + RestconfClient.CONFIGURATION
                + "?content=config").body();
            assertTrue(intent.contains("pp-1"), "the intent holds the pre-provisioned interface: " + intent);
            final String logged = rest.send("GET", "/rests/data/uniconfig-manager:transaction-log").body();
            assertTrue(logged.contains("\"pre-provisioning\""), "the commit is logged under its user: " + logged);

            // the node is mounted and connected now: an entry is applied at once; one missing a value fails and stays
            assertEquals(201, rest.send("PUT", ENTRY + "ncd", entry("ncd", "pp-2", null)).statusCode());
            await().atMost(Duration.ofSeconds(30)).until(() -> rest.send("GET", ENTRY + "ncd/state").statusCode()
                == 200);
            final JsonObject state = JsonParser.parseString(rest.send("GET", ENTRY + "ncd/state").body())
                .getAsJsonObject().getAsJsonObject("sextant-pre-provisioning:state");
            assertEquals("failed", state.get("outcome").getAsString(), state.toString());
            assertTrue(state.get("message").getAsString().contains("Variable 'description' has no value"),
                state.toString());
            try (NetconfVerifier other = NetconfVerifier.connect(device)) {
                assertTrue(!other.getConfig("running").contains("pp-2"), "nothing of it on the device");
            }
        }
    }
}
