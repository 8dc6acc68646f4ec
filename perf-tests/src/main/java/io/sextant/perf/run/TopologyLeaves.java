package io.sextant.perf.run;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/** One leaf of every node of a topology's operational data (connection-status, node-status ...). */
public final class TopologyLeaves {
    private static final String TOPOLOGY = "/rests/data/network-topology:network-topology/topology=";

    private TopologyLeaves() {
    }

    /** node-id to the value of {@code leaf} for the nodes of {@code topology} (nonconfig), with a fields query. */
    public static Map<String, String> byNode(final RestconfClient client, final String topology, final String leaf)
            throws IOException, InterruptedException {
        final RestconfClient.Response response = client.get(TOPOLOGY + topology
            + "?content=nonconfig&fields=node(node-id%3B" + leaf + ")");
        if (response.status() == 404) {
            return Map.of();
        }
        if (!response.ok()) {
            throw new IOException("reading topology " + topology + " failed: " + response.status() + " "
                + response.body());
        }
        return byNode(response.body(), leaf);
    }

    public static Map<String, String> byNode(final String body, final String leaf) {
        final Map<String, String> values = new HashMap<>();
        final JsonElement root = JsonParser.parseString(body);
        if (!root.isJsonObject()) {
            return values;
        }
        for (JsonElement topology : root.getAsJsonObject().getAsJsonArray("network-topology:topology")) {
            final JsonElement nodes = topology.getAsJsonObject().get("node");
            if (nodes == null) {
                continue;
            }
            for (JsonElement node : nodes.getAsJsonArray()) {
                final JsonObject object = node.getAsJsonObject();
                if (object.has("node-id") && object.has(leaf)) {
                    values.put(object.get("node-id").getAsString(), object.get(leaf).getAsString());
                }
            }
        }
        return values;
    }

}
