package io.sextant.controller;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonPrimitive;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.Netconfd;
import io.sextant.testing.PostgresServer;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pre-provisioning with two controller instances on one PostgreSQL: an entry stored through one
 * instance before the node is mounted is applied and committed by whichever instance connects
 * the netconfd device (read through an independent session), once, and the entry goes on both;
 * an entry for the connected node written through the instance that does not connect it is
 * applied at once by the one that does.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class PreProvisioningThroughAnyInstanceTest {
    private static final String PASSWORD = "pre-provisioning-through-any-instance";
    private static final String ENTRY = "/rests/data/sextant-pre-provisioning:pre-provisioned/node=";
    private static final Duration WAIT = Duration.ofSeconds(90);

    @TempDir
    Path dirA;
    @TempDir
    Path dirB;

    private static String entry(final String node, final String ifname, final String description) {
        return "{\"sextant-pre-provisioning:node\":[{\"node-id\":\"" + node + "\",\"template-name\":\"site\","
            + "\"commit\":true,\"variable\":[{\"name\":\"ifname\",\"value\":\"" + ifname + "\"},"
            + "{\"name\":\"description\",\"value\":\"" + description + "\"}]}]}";
    }

    @Test
    void theInstanceConnectingTheDeviceAppliesTheEntryWhereverItWasStored() throws Exception {
        try (PostgresServer postgres = PostgresServer.start();
             Netconfd device = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
             InJvmInstance a = new InJvmInstance(dirA, DurableController.migratedDatabase(postgres), PASSWORD);
             InJvmInstance b = InJvmInstance.joining(a, dirB, DurableController.migratedDatabase(postgres),
                 PASSWORD);
             NetconfVerifier verifier = NetconfVerifier.connect(device)) {
            final HttpResponse<String> template = a.rest.send("PUT", "/rests/data/sextant-templates:templates/"
                + "template=site", "{\"sextant-templates:template\":[{\"name\":\"site\",\"configuration\":"
                + new JsonPrimitive(RestconfClient.INTERFACE_TEMPLATE) + "}]}");
            assertEquals(201, template.statusCode(), template.body());
            assertEquals(201, a.rest.send("PUT", ENTRY + "ppc", entry("ppc", "pp-1", "before the mount"))
                .statusCode());
            // the entry, like the template, reaches the other instance
            b.rest.await(ENTRY + "ppc", r -> r.statusCode() == 200, WAIT);

            assertEquals(201, a.rest.send("PUT", RestconfClient.NETCONF_NODE + "ppc", RestconfClient.netconfMount(
                "ppc", device.host(), device.port(), device.username(), device.password())).statusCode());
            await("the entry committed to the device").atMost(WAIT).pollInterval(Duration.ofMillis(250))
                .until(() -> verifier.getConfig("running").contains("<description>before the mount</description>"));
            for (InJvmInstance instance : List.of(a, b)) {
                instance.rest.await(ENTRY + "ppc", r -> r.statusCode() == 404, WAIT);
            }
            Waits.until("one instance connects the device", WAIT, () -> a.hasSession("ppc") != b.hasSession("ppc"),
                () -> "a: " + a.hasSession("ppc") + ", b: " + b.hasSession("ppc"));
            final InJvmInstance holder = a.hasSession("ppc") ? a : b;
            final InJvmInstance other = holder == a ? b : a;
            final String log = holder.rest.send("GET", "/rests/data/uniconfig-manager:transaction-log", null).body();
            assertEquals(1, log.split("\"pre-provisioning\"", -1).length - 1,
                "committed once, by the holder: " + log);

            // written through the instance without the device: applied at once by the holder
            assertEquals(201, other.rest.send("PUT", ENTRY + "ppc", entry("ppc", "pp-2", "while connected"))
                .statusCode());
            await("the second entry committed").atMost(WAIT).pollInterval(Duration.ofMillis(250))
                .until(() -> verifier.getConfig("running").contains("<description>while connected</description>"));
            for (InJvmInstance instance : List.of(a, b)) {
                instance.rest.await(ENTRY + "ppc", r -> r.statusCode() == 404, WAIT);
            }
            final String intent = other.rest.send("GET", RestconfClient.UNICONFIG_NODE + "ppc"
                + RestconfClient.CONFIGURATION + "?content=config", null).body();
            assertTrue(intent.contains("pp-1") && intent.contains("pp-2"), intent);
        }
    }
}
