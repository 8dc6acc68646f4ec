package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import io.sextant.spi.ControllerSettings;
import io.sextant.testing.frr.FrrPair;
import io.sextant.testing.frr.FrrRouter;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The network-wide confirmed commit with a verification gate (module sextant-gate) on a real
 * BGP session between two FRR routers mounted over SSH: a change that breaks the session is put
 * back on both routers by itself, one that keeps it is confirmed, and one left unconfirmed is
 * put back. What the routers run is read through vtysh directly, not through the controller.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class GatedCommitBgpTest {
    private static final String PASSWORD = "gated-commit-test";
    private static final Duration BGP_WAIT = Duration.ofSeconds(240);
    private static final String R1_ADDRESS = "10.99.1.1";
    private static final String R2_ADDRESS = "10.99.1.2";
    private static final String PENDING = "/rests/data/sextant-gate:pending-commits?content=nonconfig";

    @TempDir
    static Path dataDir;
    private static FrrPair pair;
    private static Sextant sextant;
    private static RestconfClient rest;

    @BeforeAll
    static void start() throws Exception {
        pair = FrrPair.start(1);
        sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD));
        rest = new RestconfClient(sextant, PASSWORD);
        mount("R1", pair.first());
        mount("R2", pair.second());
        intendBgp("R1", R1_ADDRESS, 65201, R2_ADDRESS, 65202, "");
        intendBgp("R2", R2_ADDRESS, 65202, R1_ADDRESS, 65201, "");
        final JsonObject commit = rest.rpc("uniconfig-manager:commit", List.of("R1", "R2"));
        assertEquals("complete", commit.get("overall-status").getAsString(), commit.toString());
        assertFalse(commit.has("sextant-gate:gate"), "a plain commit is answered as before: " + commit);
    }

    private static void mount(final String node, final FrrRouter router) throws Exception {
        final HttpResponse<String> response = rest.send("PUT", RestconfClient.CLI_NODE + node,
            RestconfClient.frrMount(node, router, ""));
        assertEquals(201, response.statusCode(), response.body());
        rest.await(RestconfClient.UNICONFIG_NODE + node + RestconfClient.CONFIGURATION + "?content=config",
            r -> r.statusCode() == 200, Duration.ofSeconds(90));
    }

    @AfterAll
    static void stop() {
        if (sextant != null) {
            sextant.close();
        }
        if (pair != null) {
            pair.close();
        }
    }

    @BeforeEach
    void bgpIsUp() {
        assertEquals("Established", pair.first().awaitBgpState(R2_ADDRESS, "Established", BGP_WAIT));
        assertEquals("Established", pair.second().awaitBgpState(R1_ADDRESS, "Established", BGP_WAIT));
    }

    @AfterEach
    void intentIsWhatTheRoutersRun() throws Exception {
        // a change that was put back stays intended: take the intent back from the routers
        rest.rpc("uniconfig-manager:replace-config-with-operational", List.of("R1", "R2"));
    }

    /** The BGP intent of a router; {@code neighborExtra} goes into the neighbor's config as it is. */
    private static void intendBgp(final String node, final String address, final int as, final String peer,
            final int peerAs, final String neighborExtra) throws Exception {
        final String body = """
            {"uniconfig-topology:configuration": {
              "openconfig-interfaces:interfaces": {"interface": [{"name": "%s",
                "config": {"name": "%s", "type": "iana-if-type:ethernetCsmacd"},
                "subinterfaces": {"subinterface": [{"index": 0, "config": {"index": 0},
                  "openconfig-if-ip:ipv4": {"addresses": {"address": [
                    {"ip": "%s", "config": {"ip": "%s", "prefix-length": 30}}]}}}]}}]},
              "openconfig-network-instance:network-instances": {"network-instance": [
                {"name": "default", "config": {"name": "default"},
                 "protocols": {"protocol": [{"identifier": "openconfig-policy-types:BGP",
                  "name": "default", "config": {"identifier": "openconfig-policy-types:BGP", "name": "default"},
                  "bgp": {"global": {"config": {"as": %d, "router-id": "%s"}},
                    "neighbors": {"neighbor": [{"neighbor-address": "%s",
                      "config": {"neighbor-address": "%s", "peer-as": %d%s}}]}}}]}}]}
            }}""".formatted(pair.linkInterface(), pair.linkInterface(), address, address, as, address, peer, peer,
            peerAs, neighborExtra);
        final HttpResponse<String> response = rest.send("PATCH", RestconfClient.UNICONFIG_NODE + node
            + RestconfClient.CONFIGURATION, body);
        assertEquals(204, response.statusCode(), response.body());
    }

    /** A commit of both routers, gated by {@code gate} (members of the input) and a BGP check on each. */
    private static JsonObject gatedCommit(final String gate) throws Exception {
        return rest.rpcWithInput("uniconfig-manager:commit", """
            {"input": {"target-nodes": {"node": ["R1", "R2"]}, %s
              "sextant-gate:check": [
                {"name": "r1-bgp", "node-id": "R1", "command": "show ip bgp neighbors %s",
                 "expect": "BGP state = Established"},
                {"name": "r2-bgp", "node-id": "R2", "command": "show ip bgp neighbors %s",
                 "expect": "BGP state = Established"}]}}""".formatted(gate, R2_ADDRESS, R1_ADDRESS));
    }

    /** The gate's outcome: prefixed in commit's output, not in those of sextant-gate's own RPCs. */
    private static JsonObject gate(final JsonObject output) {
        final String member = output.has("sextant-gate:gate") ? "sextant-gate:gate" : "gate";
        assertTrue(output.has(member), output.toString());
        return output.getAsJsonObject(member);
    }

    private static JsonObject checkResult(final JsonObject gate, final String name) {
        for (var result : gate.getAsJsonArray("check-result")) {
            if (name.equals(result.getAsJsonObject().get("name").getAsString())) {
                return result.getAsJsonObject();
            }
        }
        throw new AssertionError("No check-result " + name + " in " + gate);
    }

    @Test
    void changeThatBreaksBgpIsPutBackOnBothRouters() throws Exception {
        // R1 shuts its neighbor down (the session drops), R2 only gains a description
        intendBgp("R1", R1_ADDRESS, 65201, R2_ADDRESS, 65202, ", \"enabled\": false");
        intendBgp("R2", R2_ADDRESS, 65202, R1_ADDRESS, 65201, ", \"description\": \"gate-broken\"");

        final JsonObject commit = gatedCommit("\"sextant-gate:check-timeout\": 15,");

        assertEquals("fail", commit.get("overall-status").getAsString(), commit.toString());
        assertTrue(commit.get("error-message").getAsString().contains("did not hold within 15 s"),
            commit.toString());
        final JsonObject gate = gate(commit);
        assertEquals("put-back", gate.get("state").getAsString(), gate.toString());
        assertFalse(checkResult(gate, "r1-bgp").get("passed").getAsBoolean(), gate.toString());
        // both routers run what they ran before, read through vtysh
        final String r1 = pair.first().runningConfig();
        final String r2 = pair.second().runningConfig();
        assertFalse(r1.contains("neighbor " + R2_ADDRESS + " shutdown"), r1);
        assertFalse(r2.contains("gate-broken"), r2);
        assertTrue(r1.contains("neighbor " + R2_ADDRESS + " remote-as 65202"), r1);
        assertEquals("Established", pair.first().awaitBgpState(R2_ADDRESS, "Established", BGP_WAIT));
        assertEquals("Established", pair.second().awaitBgpState(R1_ADDRESS, "Established", BGP_WAIT));
    }

    @Test
    void changeThatKeepsBgpIsConfirmedAndStays() throws Exception {
        intendBgp("R1", R1_ADDRESS, 65201, R2_ADDRESS, 65202, ", \"description\": \"gate-kept-r1\"");
        intendBgp("R2", R2_ADDRESS, 65202, R1_ADDRESS, 65201, ", \"description\": \"gate-kept-r2\"");

        final JsonObject commit = gatedCommit("\"sextant-gate:confirm-timeout\": 600,");

        assertEquals("complete", commit.get("overall-status").getAsString(), commit.toString());
        final JsonObject gate = gate(commit);
        assertEquals("awaiting-confirmation", gate.get("state").getAsString(), gate.toString());
        assertTrue(checkResult(gate, "r1-bgp").get("passed").getAsBoolean(), gate.toString());
        assertTrue(checkResult(gate, "r2-bgp").get("passed").getAsBoolean(), gate.toString());
        final String commitId = gate.get("commit-id").getAsString();
        assertTrue(pair.first().runningConfig().contains("gate-kept-r1"), "applied while it waits");

        // it is listed as pending, and its nodes are refused to other commits, naming it
        final HttpResponse<String> pending = rest.send("GET", PENDING);
        assertEquals(200, pending.statusCode(), pending.body());
        assertTrue(pending.body().contains(commitId), pending.body());
        final JsonObject other = rest.rpc("uniconfig-manager:commit", List.of("R1"));
        assertEquals("fail", other.get("overall-status").getAsString(), other.toString());
        final JsonObject refused = RestconfClient.nodeResult(other, "R1");
        assertEquals("conflict", refused.get("error-type").getAsString(), other.toString());
        assertTrue(refused.get("error-message").getAsString().contains(commitId), other.toString());

        final JsonObject confirmed = rest.rpcWithInput("sextant-gate:confirm-commit",
            "{\"input\": {\"commit-id\": \"" + commitId + "\"}}");

        assertEquals("complete", confirmed.get("overall-status").getAsString(), confirmed.toString());
        assertEquals("confirmed", gate(confirmed).get("state").getAsString(), confirmed.toString());
        assertTrue(pair.first().runningConfig().contains("neighbor " + R2_ADDRESS + " description gate-kept-r1"),
            pair.first().runningConfig());
        assertTrue(pair.second().runningConfig().contains("neighbor " + R1_ADDRESS + " description gate-kept-r2"),
            pair.second().runningConfig());
        assertEquals("Established", pair.first().bgpNeighborState(R2_ADDRESS));
        final HttpResponse<String> after = rest.send("GET", PENDING);
        assertFalse(after.body().contains(commitId), after.body());
        final JsonObject inSync = rest.rpc("uniconfig-manager:calculate-diff", List.of("R1", "R2"));
        assertFalse(RestconfClient.nodeResult(inSync, "R1").has("updated-data"), "the intent is now actual: "
            + inSync);
    }

    @Test
    void commitNotConfirmedInTimeIsPutBack() throws Exception {
        intendBgp("R1", R1_ADDRESS, 65201, R2_ADDRESS, 65202, ", \"description\": \"gate-unconfirmed\"");

        final JsonObject commit = gatedCommit("\"sextant-gate:confirm-timeout\": 5,");

        assertEquals("awaiting-confirmation", gate(commit).get("state").getAsString(), commit.toString());
        final String commitId = gate(commit).get("commit-id").getAsString();
        assertTrue(awaitRunning(pair.first(), config -> !config.contains("gate-unconfirmed"),
            Duration.ofSeconds(120)), pair.first().runningConfig());
        final HttpResponse<String> late = rest.send("POST", "/rests/operations/sextant-gate:confirm-commit",
            "{\"input\": {\"commit-id\": \"" + commitId + "\"}}");
        assertNotEquals(200, late.statusCode(), late.body());
        assertTrue(late.body().contains("No gated commit " + commitId), late.body());
    }

    @Test
    void cancelledCommitIsPutBack() throws Exception {
        intendBgp("R2", R2_ADDRESS, 65202, R1_ADDRESS, 65201, ", \"description\": \"gate-cancelled\"");
        final JsonObject commit = gatedCommit("\"sextant-gate:confirm-timeout\": 600,");
        final String commitId = gate(commit).get("commit-id").getAsString();
        assertTrue(pair.second().runningConfig().contains("gate-cancelled"), "applied while it waits");

        final JsonObject cancelled = rest.rpcWithInput("sextant-gate:cancel-commit",
            "{\"input\": {\"commit-id\": \"" + commitId + "\"}}");

        assertEquals("fail", cancelled.get("overall-status").getAsString(), cancelled.toString());
        assertEquals("put-back", gate(cancelled).get("state").getAsString(), cancelled.toString());
        assertFalse(pair.second().runningConfig().contains("gate-cancelled"), pair.second().runningConfig());
    }

    private static boolean awaitRunning(final FrrRouter router, final Predicate<String> done, final Duration timeout)
            throws InterruptedException {
        final Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            if (done.test(router.runningConfig())) {
                return true;
            }
            Thread.sleep(250);
        }
        return false;
    }
}
