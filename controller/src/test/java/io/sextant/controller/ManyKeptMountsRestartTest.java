package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.JsonParser;
import io.sextant.spi.ControllerSettings;
import io.sextant.persistence.Database;
import io.sextant.persistence.StateBackend;
import io.sextant.testing.FreePorts;
import io.sextant.testing.PostgresServer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * More mounted nodes than one store transaction of the start-up load takes (the kept
 * configuration is put back in batches, parents first): a controller started again on the same
 * database has every one of them, with the settings it was given.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ManyKeptMountsRestartTest {
    private static final String TOPOLOGY = "/rests/data/network-topology:network-topology/topology=topology-netconf";
    private static final int NODES = 450;
    private static final String PASSWORD = "many-mounts-admin";

    @TempDir
    Path dataDir;

    @Test
    void everyKeptMountComesBackAfterARestart() throws Exception {
        // nobody listens there: the nodes stay unable to connect, which is all this needs
        final int closedPort = FreePorts.one();
        final List<String> nodes = new ArrayList<>();
        for (int i = 0; i < NODES; i++) {
            nodes.add("{\"node-id\":\"m" + i + "\",\"netconf-node-topology:host\":\"127.0.0.1\","
                + "\"netconf-node-topology:port\":" + closedPort + ",\"netconf-node-topology:tcp-only\":true,"
                + "\"netconf-node-topology:login-password-unencrypted\":{\"username\":\"u\",\"password\":\"p" + i
                + "\"},\"netconf-node-topology:keepalive-delay\":" + (100 + i) + "}");
        }
        try (PostgresServer postgres = PostgresServer.start();
                Database database = DurableController.migratedDatabase(postgres)) {
            final ControllerSettings settings = ControllerSettings.forTests(dataDir, PASSWORD);
            try (Sextant first = Sextant.start(settings, StateBackend.durable(database))) {
                final var put = new RestconfClient(first, PASSWORD).send("PUT", TOPOLOGY,
                    "{\"network-topology:topology\":[{\"topology-id\":\"topology-netconf\",\"node\":["
                        + String.join(",", nodes) + "]}]}");
                assertEquals(201, put.statusCode(), put.body());
            }
            try (Sextant second = Sextant.start(settings, StateBackend.durable(database))) {
                final var kept = new RestconfClient(second, PASSWORD).send("GET", TOPOLOGY + "?content=config");
                assertEquals(200, kept.statusCode());
                final var list = JsonParser.parseString(kept.body()).getAsJsonObject()
                    .getAsJsonArray("network-topology:topology").get(0).getAsJsonObject().getAsJsonArray("node");
                assertEquals(NODES, list.size());
                for (var element : list) {
                    final var node = element.getAsJsonObject();
                    final int i = Integer.parseInt(node.get("node-id").getAsString().substring(1));
                    assertEquals(100 + i, node.get("netconf-node-topology:keepalive-delay").getAsInt(),
                        node.toString());
                }
            }
        }
    }
}
