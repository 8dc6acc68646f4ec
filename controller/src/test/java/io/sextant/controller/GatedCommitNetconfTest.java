package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import io.sextant.spi.ControllerSettings;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.Netconfd;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verification gate on a NETCONF device with a confirmed commit of its own (netconfd): a check
 * of a path read with a get that does not hold puts the device back, one that holds waits for
 * confirm-commit and stays, one left unconfirmed is put back. The device is read through an
 * independent NETCONF session.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class GatedCommitNetconfTest {
    private static final String PASSWORD = "gated-commit-netconf-test";
    private static final Duration WAIT = Duration.ofSeconds(90);

    @TempDir
    static Path dataDir;
    private static Netconfd netconfd;
    private static Sextant sextant;
    private static RestconfClient rest;

    @BeforeAll
    static void start() throws Exception {
        netconfd = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
        sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD));
        rest = new RestconfClient(sextant, PASSWORD);
        final HttpResponse<String> mounted = rest.send("PUT", RestconfClient.NETCONF_NODE + "ncd",
            RestconfClient.netconfMount("ncd", netconfd.host(), netconfd.port(), netconfd.username(),
                netconfd.password()));
        assertEquals(201, mounted.statusCode(), mounted.body());
        rest.await(RestconfClient.UNICONFIG_NODE + "ncd" + RestconfClient.CONFIGURATION + "?content=config",
            r -> r.statusCode() == 200, WAIT);
    }

    @AfterAll
    static void stop() throws Exception {
        if (sextant != null) {
            sextant.close();
        }
        if (netconfd != null) {
            netconfd.close();
        }
    }

    @AfterEach
    void intentIsWhatTheDeviceRuns() throws Exception {
        rest.rpc("uniconfig-manager:replace-config-with-operational", List.of("ncd"));
    }

    private static void intendInterface(final String name, final String description) throws Exception {
        final HttpResponse<String> response = rest.send("PUT", RestconfClient.intentInterface("ncd", name),
            RestconfClient.ethernetInterface(name, description));
        assertTrue(response.statusCode() == 201 || response.statusCode() == 204, response.body());
    }

    /** A gated commit of ncd with {@code gate} (members of the input) and a check of the interface's description. */
    private static JsonObject gatedCommit(final String name, final String expect, final String gate) throws Exception {
        return gated("uniconfig-manager:commit", name, expect, gate);
    }

    /** {@link #gatedCommit} through {@code rpc}: commit or checked-commit. */
    private static JsonObject gated(final String rpc, final String name, final String expect, final String gate)
            throws Exception {
        return rest.rpcWithInput(rpc, """
            {"input": {"target-nodes": {"node": ["ncd"]}, %s
              "sextant-gate:check": [{"name": "description", "node-id": "ncd",
                "path": "openconfig-interfaces:interfaces/interface=%s/config/description", "expect": "%s"}]}}"""
            .formatted(gate, name, expect));
    }

    private static List<String> interfacesOnTheDevice() throws Exception {
        try (NetconfVerifier device = NetconfVerifier.connect(netconfd)) {
            return NetconfVerifier.values(device.getConfig("running"), "data", "interfaces", "interface", "name");
        }
    }

    @Test
    void checkThatDoesNotHoldCancelsTheConfirmedCommit() throws Exception {
        intendInterface("gate-a", "first");

        final JsonObject commit = gatedCommit("gate-a", "^other$", "\"sextant-gate:check-timeout\": 3,");

        assertEquals("fail", commit.get("overall-status").getAsString(), commit.toString());
        final JsonObject gate = commit.getAsJsonObject("sextant-gate:gate");
        assertEquals("put-back", gate.get("state").getAsString(), commit.toString());
        final JsonObject check = gate.getAsJsonArray("check-result").get(0).getAsJsonObject();
        assertFalse(check.get("passed").getAsBoolean(), commit.toString());
        assertTrue(check.get("detail").getAsString().contains("first"), "the value read: " + commit);
        assertFalse(interfacesOnTheDevice().contains("gate-a"));
    }

    @Test
    void checkedCommitTakesTheGateAndACheckThatDoesNotHoldPutsTheDeviceBack() throws Exception {
        intendInterface("gate-c", "first");

        final JsonObject commit = gated("uniconfig-manager:checked-commit", "gate-c", "^other$",
            "\"sextant-gate:check-timeout\": 3,");

        assertEquals("fail", commit.get("overall-status").getAsString(), commit.toString());
        assertEquals("put-back", commit.getAsJsonObject("sextant-gate:gate").get("state").getAsString(),
            commit.toString());
        assertFalse(interfacesOnTheDevice().contains("gate-c"), "read through the test's own session");
    }

    @Test
    void checkThatHoldsWaitsForConfirmationAndStays() throws Exception {
        intendInterface("gate-b", "kept");

        final JsonObject commit = gatedCommit("gate-b", "^kept$", "\"sextant-gate:confirm-timeout\": 600,");

        final JsonObject gate = commit.getAsJsonObject("sextant-gate:gate");
        assertEquals("awaiting-confirmation", gate.get("state").getAsString(), commit.toString());
        assertTrue(interfacesOnTheDevice().contains("gate-b"), "the device runs it while it waits");
        final JsonObject confirmed = rest.rpcWithInput("sextant-gate:confirm-commit",
            "{\"input\": {\"commit-id\": \"" + gate.get("commit-id").getAsString() + "\"}}");
        assertEquals("complete", confirmed.get("overall-status").getAsString(), confirmed.toString());
        assertEquals("confirmed", confirmed.getAsJsonObject("gate").get("state").getAsString());
        assertTrue(interfacesOnTheDevice().contains("gate-b"));
        final JsonObject diff = rest.rpc("uniconfig-manager:calculate-diff", List.of("ncd"));
        assertFalse(diff.toString().contains("gate-b"), "intent and actual agree: " + diff);
    }

    @Test
    void unconfirmedCommitIsCancelledOnTheDevice() throws Exception {
        intendInterface("gate-c", "late");

        final JsonObject commit = gatedCommit("gate-c", "^late$", "\"sextant-gate:confirm-timeout\": 3,");

        assertEquals("awaiting-confirmation", commit.getAsJsonObject("sextant-gate:gate").get("state").getAsString(),
            commit.toString());
        final Instant deadline = Instant.now().plus(WAIT);
        while (interfacesOnTheDevice().contains("gate-c") && Instant.now().isBefore(deadline)) {
            Thread.sleep(250);
        }
        assertFalse(interfacesOnTheDevice().contains("gate-c"), "put back");
    }
}
