package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import io.sextant.spi.ControllerSettings;
import io.sextant.testing.frr.FrrPair;
import io.sextant.testing.frr.FrrRouter;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two FRR routers linked by a veth pair, mounted over SSH and configured through the UniConfig
 * layer in OpenConfig: one commit over both brings a real BGP session up.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class UniconfigBgpTest {
    private static final String PASSWORD = "uniconfig-bgp-test";

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

    private static void intendBgp(final String node, final String address, final int as, final String peer,
            final int peerAs) throws Exception {
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
                      "config": {"neighbor-address": "%s", "peer-as": %d, "enabled": true}}]}}}]}}]}
            }}""".formatted(pair.linkInterface(), pair.linkInterface(), address, address, as, address, peer, peer,
            peerAs);
        final HttpResponse<String> response = rest.send("PATCH", RestconfClient.UNICONFIG_NODE + node
            + RestconfClient.CONFIGURATION, body);
        assertEquals(204, response.statusCode(), response.body());
    }

    @Test
    void bgpConfiguredThroughUniconfigReachesEstablished() throws Exception {
        intendBgp("R1", "10.99.0.1", 65101, "10.99.0.2", 65102);
        intendBgp("R2", "10.99.0.2", 65102, "10.99.0.1", 65101);
        final JsonObject dryRun = rest.rpc("uniconfig-manager:dry-run-commit", List.of("R1"));
        final String lines = RestconfClient.nodeResult(dryRun, "R1").get("configuration").getAsString();
        assertTrue(lines.contains("router bgp 65101") && lines.contains("neighbor 10.99.0.2 remote-as 65102"), lines);

        final JsonObject commit = rest.rpc("uniconfig-manager:commit", List.of("R1", "R2"));
        assertEquals("complete", commit.get("overall-status").getAsString(), commit.toString());
        assertEquals("Established", pair.first().awaitBgpState("10.99.0.2", "Established", Duration.ofSeconds(90)));
        assertEquals("Established", pair.second().bgpNeighborState("10.99.0.1"));
        assertTrue(pair.first().runningConfig().contains("router bgp 65101"), pair.first().runningConfig());
    }
}
