package io.sextant.controller;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * without a template name, naming a template not stored, or without a value for one of its
 * template's variables is refused when written, and nothing of it is stored or applied.
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

            // an entry missing a value for one of its template's variables, or naming no stored template, is
            // refused when written (not when its device connects, maybe weeks later): nothing stored or applied
            final HttpResponse<String> missing = rest.send("PUT", ENTRY + "ncd", entry("ncd", "pp-2", null));
            assertEquals(400, missing.statusCode(), missing.body());
            assertTrue(missing.body().contains("template 'site' needs a value for variable description"),
                missing.body());
            final HttpResponse<String> unknown = rest.send("PUT", ENTRY + "later", entry("later", "pp-3", "x")
                .replace("\"site\"", "\"no-such-template\""));
            assertEquals(400, unknown.statusCode(), unknown.body());
            assertTrue(unknown.body().contains("no template named 'no-such-template' is stored"), unknown.body());
            assertEquals(404, rest.send("GET", ENTRY + "ncd").statusCode());
            assertEquals(404, rest.send("GET", ENTRY + "later").statusCode());
            try (NetconfVerifier other = NetconfVerifier.connect(device)) {
                assertTrue(!other.getConfig("running").contains("pp-2"), "nothing of it on the device");
            }
        }
    }
}
