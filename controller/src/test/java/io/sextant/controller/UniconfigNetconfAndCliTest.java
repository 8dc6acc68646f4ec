package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import io.sextant.spi.ControllerSettings;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfTestTool;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.frr.FrrRouter;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * One UniConfig commit spanning a NETCONF device (the test tool, staged in its candidate) and a
 * CLI device (FRRouting over SSH, which applies line by line): both change, or neither does.
 * The router is checked with its own vtysh, the NETCONF device through an independent session.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class UniconfigNetconfAndCliTest {
    private static final String PASSWORD = "uniconfig-mixed-test";

    @TempDir
    static Path dataDir;
    private static NetconfTestTool testTool;
    private static FrrRouter router;
    private static Sextant sextant;
    private static RestconfClient rest;

    @BeforeAll
    static void start() throws Exception {
        testTool = NetconfTestTool.builder().deviceCount(1).ssh(true).models(ModelSets.OPENCONFIG_INTERFACES).start();
        router = FrrRouter.builder().interfaces(2).start();
        sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD));
        rest = new RestconfClient(sextant, PASSWORD);
        assertEquals(201, rest.send("PUT", RestconfClient.NETCONF_NODE + "nc1", RestconfClient.netconfMount("nc1",
            "127.0.0.1", testTool.port(0), "admin", "admin")).statusCode());
        final HttpResponse<String> cli = rest.send("PUT", RestconfClient.CLI_NODE + "frr1",
            RestconfClient.frrMount("frr1", router, ""));
        assertEquals(201, cli.statusCode(), cli.body());
        for (String node : List.of("nc1", "frr1")) {
            rest.await(RestconfClient.UNICONFIG_NODE + node + RestconfClient.CONFIGURATION + "?content=config",
                r -> r.statusCode() == 200, Duration.ofSeconds(90));
        }
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable closeable : new AutoCloseable[] { sextant, router, testTool }) {
            if (closeable != null) {
                try {
                    closeable.close();
                } catch (Exception e) {
                    // keep closing the others
                }
            }
        }
    }

    @AfterEach
    void resetIntent() throws Exception {
        rest.rpc("uniconfig-manager:replace-config-with-operational", List.of());
    }

    private static List<String> netconfDescriptions() throws Exception {
        try (NetconfVerifier device = NetconfVerifier.connect(testTool, 0)) {
            return NetconfVerifier.values(device.getConfig("running"), "data", "interfaces", "interface",
                "description");
        }
    }

    private static void putIntent(final String node, final String path, final String body) throws Exception {
        final HttpResponse<String> response = rest.send("PUT", RestconfClient.UNICONFIG_NODE + node
            + RestconfClient.CONFIGURATION + path, body);
        assertTrue(response.statusCode() == 201 || response.statusCode() == 204, response.body());
    }

    private static void putNetconf(final String name, final String description) throws Exception {
        putIntent("nc1", "/ietf-interfaces:interfaces/interface=" + name, "{\"ietf-interfaces:interface\":[{"
            + "\"name\":\"" + name + "\",\"type\":\"iana-if-type:ethernetCsmacd\",\"description\":\"" + description
            + "\"}]}");
    }

    private static void putFrr(final String name, final String description) throws Exception {
        putIntent("frr1", "/openconfig-interfaces:interfaces/interface=" + name, "{\"openconfig-interfaces:interface\""
            + ":[{\"name\":\"" + name + "\",\"config\":{\"name\":\"" + name + "\",\"type\":\"iana-if-type:"
            + "ethernetCsmacd\",\"description\":\"" + description + "\"}}]}");
    }

    @Test
    void oneCommitChangesTheNetconfDeviceAndTheRouter() throws Exception {
        final String iface = router.interfaces().get(1);
        putNetconf("mixed-ok", "netconf side");
        putFrr(iface, "cli side");

        final JsonObject dryRun = rest.rpc("uniconfig-manager:dry-run-commit", List.of("nc1", "frr1"));
        final JsonObject frrPlan = RestconfClient.nodeResult(dryRun, "frr1");
        assertEquals("cli", frrPlan.get("protocol").getAsString());
        assertEquals("interface " + iface + "\ndescription cli side\nexit", frrPlan.get("configuration").getAsString());
        final JsonObject netconfPlan = RestconfClient.nodeResult(dryRun, "nc1");
        assertEquals("netconf", netconfPlan.get("protocol").getAsString());
        assertTrue(netconfPlan.get("configuration").getAsString().contains("<edit-config"), netconfPlan.toString());
        assertFalse(router.runningConfig().contains("cli side"), "dry-run sent nothing");

        final JsonObject commit = rest.rpc("uniconfig-manager:commit", List.of());
        assertEquals("complete", commit.get("overall-status").getAsString(), commit.toString());
        assertTrue(router.runningConfig().contains(" description cli side"), router.runningConfig());
        assertTrue(netconfDescriptions().contains("netconf side"));
        // the router's read shows the interface's enabled leaf at its default, which the intent does not
        // hold: the same configuration, so both are in sync right after the commit
        final JsonObject inSync = rest.rpc("uniconfig-manager:is-in-sync", List.of("nc1", "frr1"));
        assertTrue(RestconfClient.nodeResult(inSync, "frr1").get("is-in-sync").getAsBoolean(), inSync.toString());
        assertTrue(RestconfClient.nodeResult(inSync, "nc1").get("is-in-sync").getAsBoolean(), inSync.toString());
        // and a checked commit of the next change is not refused for it
        putFrr(iface, "cli side, checked");
        final JsonObject checked = rest.rpc("uniconfig-manager:checked-commit", List.of("frr1"));
        assertEquals("complete", checked.get("overall-status").getAsString(), checked.toString());
        assertTrue(router.runningConfig().contains(" description cli side, checked"), router.runningConfig());
    }

    @Test
    void configCoverageNamesTheLinesNoUnitUnderstood() throws Exception {
        router.configure("ip prefix-list COVERAGE-TEST seq 5 permit 10.0.0.0/8");
        final JsonObject coverage = rest.rpcWithInput("cli-topology:config-coverage",
            "{\"input\":{\"node-id\":\"frr1\"}}");
        final String lines = coverage.getAsJsonArray("uncovered-line").toString();
        assertTrue(lines.contains("ip prefix-list COVERAGE-TEST"), lines);
        assertFalse(lines.contains("interface " + router.interfaces().get(0) + "\""), lines);
        final HttpResponse<String> unknown = rest.send("POST", "/rests/operations/cli-topology:config-coverage",
            "{\"input\":{\"node-id\":\"nobody\"}}");
        assertEquals(404, unknown.statusCode(), unknown.body());
    }

    @Test
    void whenTheRouterRejectsALineNeitherDeviceChanges() throws Exception {
        final String routerBefore = router.runningConfig();
        final List<String> netconfBefore = netconfDescriptions();
        putNetconf("mixed-fail", "must not stay");
        putFrr(router.interfaces().get(0), "applied then undone");
        putFrr("thisnameiswaytoolong", "rejected by FRR");

        final JsonObject commit = rest.rpc("uniconfig-manager:commit", List.of());
        assertEquals("fail", commit.get("overall-status").getAsString(), commit.toString());
        final JsonObject frr = RestconfClient.nodeResult(commit, "frr1");
        assertEquals("device-error", frr.get("error-type").getAsString(), frr.toString());
        assertTrue(frr.get("error-message").getAsString().contains("%"), "FRR's own error text: " + frr);

        assertEquals(routerBefore, router.runningConfig(), "the router is back as it was");
        assertEquals(netconfBefore, netconfDescriptions(), "the NETCONF device did not change");
    }
}
