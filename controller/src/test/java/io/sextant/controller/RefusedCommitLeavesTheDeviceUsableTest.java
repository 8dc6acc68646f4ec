package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import io.sextant.simulator.BaseConfig;
import io.sextant.simulator.DeviceSchema;
import io.sextant.simulator.DeviceSimulator;
import io.sextant.spi.ControllerSettings;
import io.sextant.testing.FreePorts;
import io.sextant.testing.NetconfVerifier;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A commit the device refuses at its {@code <commit>} (the project's simulator, as {@code ./sextant
 * device} runs it: an OpenConfig interface without its mandatory {@code config/type}) fails with
 * the device's error, in its terms (no Java exception), is rolled back cleanly, and leaves the
 * device usable: the device's candidate lock is given back, so the node's next commit goes
 * through, read back through an independent session. Found by trying a gated commit on a
 * two-instance cluster by hand: the rollback's reverse edits could not apply to the refused
 * candidate, and the lock stayed held, so every later commit of the node got {@code lock-denied}.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class RefusedCommitLeavesTheDeviceUsableTest {
    private static final String PASSWORD = "refused-commit-admin";

    @TempDir
    Path dataDir;

    @Test
    void aCommitRefusedByTheDeviceIsRolledBackAndTheNextCommitGoesThrough() throws Exception {
        final DeviceSchema schema = DeviceSchema.of(List.of("openconfig-interfaces", "iana-if-type"), true);
        try (DeviceSimulator device = DeviceSimulator.start(schema, BaseConfig.empty(),
                new DeviceSimulator.Settings("127.0.0.1", FreePorts.one(), 1, true, "admin", "admin", 1));
             Sextant sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD))) {
            final RestconfClient rest = new RestconfClient(sextant, PASSWORD);
            final HttpResponse<String> mounted = rest.send("PUT", RestconfClient.NETCONF_NODE + "sim",
                RestconfClient.netconfMount("sim", "127.0.0.1", device.port(0), "admin", "admin"));
            assertEquals(201, mounted.statusCode(), mounted.body());
            rest.await(RestconfClient.UNICONFIG_NODE + "sim" + RestconfClient.CONFIGURATION + "?content=config",
                read -> read.statusCode() == 200, Duration.ofSeconds(90));

            // no config/type: the controller's schema takes it (the device's models say mandatory only at commit)
            final HttpResponse<String> untyped = rest.send("PUT", RestconfClient.intentInterface("sim", "eth7"),
                "{\"openconfig-interfaces:interface\":[{\"name\":\"eth7\",\"config\":{\"name\":\"eth7\","
                    + "\"description\":\"no type\"}}]}");
            assertEquals(201, untyped.statusCode(), untyped.body());
            final JsonObject refused = rest.rpc("uniconfig-manager:commit", List.of("sim"));
            assertEquals("fail", refused.get("overall-status").getAsString(), refused.toString());
            final String why = RestconfClient.nodeResult(refused, "sim").get("error-message").getAsString();
            assertTrue(why.contains("mandatory"), why);
            assertFalse(why.contains("java.lang") || why.contains("Exception"), "in the device's terms: " + why);
            assertFalse(why.contains("ROLLBACK FAILED") || why.contains("rollback failed"), why);

            // the same interface with its type: the node's next commit is not refused by a lock left held
            final HttpResponse<String> typed = rest.send("PUT", RestconfClient.intentInterface("sim", "eth7"),
                RestconfClient.ethernetInterface("eth7", "typed"));
            assertTrue(typed.statusCode() == 204 || typed.statusCode() == 201, typed.body());
            final JsonObject committed = rest.rpc("uniconfig-manager:commit", List.of("sim"));
            assertEquals("complete", committed.get("overall-status").getAsString(), committed.toString());
            try (NetconfVerifier other = NetconfVerifier.ssh("127.0.0.1", device.port(0), "admin", "admin")) {
                final String running = other.getConfig("running");
                assertTrue(running.contains("<description>typed</description>"), running);
            }
        }
    }
}
