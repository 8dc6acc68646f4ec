package io.sextant.perf.faults;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.perf.run.RestconfClient;
import io.sextant.perf.run.TopologyLeaves;
import java.io.IOException;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The harness's RESTCONF view of the controller's UniConfig layer, as a user drives it. */
final class Uniconfig {
    static final String UNICONFIG = "/rests/data/network-topology:network-topology/topology=uniconfig/node=";
    static final String CONFIGURATION = "/uniconfig-topology:configuration";

    /** The answer of a UniConfig RPC. */
    record Outcome(int status, JsonObject body, String text, long millis) {
        boolean complete() {
            return status == 200 && body != null && body.has("overall-status")
                && body.get("overall-status").getAsString().equals("complete");
        }

        /** The error message of a failed RPC, one line. */
        String error() {
            if (body != null && body.has("error-message")) {
                return body.get("error-message").getAsString();
            }
            return status + " " + text.replaceAll("\\s+", " ");
        }
    }

    private final RestconfClient client;

    Uniconfig(final RestconfClient client) {
        this.client = client;
    }

    RestconfClient client() {
        return client;
    }

    /** One intent write; returns an error description, or null when it was accepted. */
    String write(final String nodeId, final FaultDevice.Request request) throws IOException, InterruptedException {
        final String path = UNICONFIG + nodeId + CONFIGURATION + request.path();
        final RestconfClient.Response response = switch (request.method()) {
            case "PUT" -> client.put(path, request.body());
            case "DELETE" -> client.delete(path);
            default -> throw new IllegalArgumentException(request.method());
        };
        // deleting what is not there is fine: the intent is what was asked
        if (response.ok() || (request.method().equals("DELETE") && response.status() == 404)) {
            return null;
        }
        return request.method() + " " + request.path() + ": " + response.status() + " " + response.body()
            .replaceAll("\\s+", " ");
    }

    /** The intended configuration of a node as JSON (null when it cannot be read). */
    JsonElement intent(final String nodeId) throws IOException, InterruptedException {
        return read(nodeId, "config");
    }

    /** The actual configuration of a node as the controller last saw it. */
    JsonElement actual(final String nodeId) throws IOException, InterruptedException {
        return read(nodeId, "nonconfig");
    }

    private JsonElement read(final String nodeId, final String content) throws IOException, InterruptedException {
        final RestconfClient.Response response = client.get(UNICONFIG + nodeId + CONFIGURATION + "?content="
            + content);
        return response.status() == 200 ? JsonParser.parseString(response.body()) : null;
    }

    Outcome rpc(final String rpc, final Collection<String> nodes) throws IOException, InterruptedException {
        final String input = "{\"input\":{\"target-nodes\":{\"node\":[" + nodes.stream().map(n -> "\"" + n + "\"")
            .collect(Collectors.joining(",")) + "]}}}";
        final long start = System.nanoTime();
        final RestconfClient.Response response = client.post("/rests/operations/uniconfig-manager:" + rpc, input);
        final long millis = (System.nanoTime() - start) / 1_000_000;
        JsonObject output = null;
        if (response.status() == 200) {
            final JsonElement parsed = JsonParser.parseString(response.body());
            if (parsed.isJsonObject()) {
                final JsonObject object = parsed.getAsJsonObject();
                final String key = object.keySet().stream().filter(k -> k.endsWith("output")).findFirst().orElse(null);
                output = key == null ? object : object.getAsJsonObject(key);
            }
        }
        return new Outcome(response.status(), output, response.body(), millis);
    }

    /** connection-status of every mounted node of both topologies. */
    Map<String, String> connectionStatus() throws IOException, InterruptedException {
        final Map<String, String> status = new HashMap<>(TopologyLeaves.byNode(client, "topology-netconf",
            "netconf-node-topology:connection-status"));
        status.putAll(TopologyLeaves.byNode(client, "topology-cli", "cli-topology:connection-status"));
        return status;
    }

    /**
     * Waits until every node of {@code nodes} is connected; returns those that were not within
     * {@code timeout}.
     */
    List<String> awaitConnected(final Collection<String> nodes, final Duration timeout)
            throws IOException, InterruptedException {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            final Map<String, String> status = connectionStatus();
            final List<String> missing = nodes.stream().filter(n -> !"connected".equals(status.get(n))).toList();
            if (missing.isEmpty() || System.nanoTime() > deadline) {
                return missing;
            }
            Thread.sleep(100);
        }
    }

    /** Whether the node's UniConfig configuration can be read (the node exists, first sync done). */
    boolean hasNode(final String nodeId) throws IOException, InterruptedException {
        return client.get(UNICONFIG + nodeId + CONFIGURATION + "?content=config").status() == 200;
    }

    /** Whether is-in-sync answers that the device holds what the node last synced. */
    boolean inSync(final String nodeId) throws IOException, InterruptedException {
        final Outcome outcome = rpc("is-in-sync", List.of(nodeId));
        if (!outcome.complete() || !outcome.body().has("node-results")) {
            return false;
        }
        for (JsonElement result : outcome.body().getAsJsonObject("node-results").getAsJsonArray("node-result")) {
            final JsonObject node = result.getAsJsonObject();
            if (node.get("node-id").getAsString().equals(nodeId)) {
                return node.has("is-in-sync") && node.get("is-in-sync").getAsBoolean();
            }
        }
        return false;
    }
}
