package io.sextant.controller;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.testing.TrustedTls;
import io.sextant.testing.frr.FrrRouter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.function.Predicate;

/** A small RESTCONF client for the integration tests: JSON in, JSON out, admin credentials. */
final class RestconfClient {
    static final String NETCONF_NODE = "/rests/data/network-topology:network-topology/topology=topology-netconf/node=";
    static final String CLI_NODE = "/rests/data/network-topology:network-topology/topology=topology-cli/node=";
    static final String UNICONFIG_NODE = "/rests/data/network-topology:network-topology/topology=uniconfig/node=";
    static final String CONFIGURATION = "/uniconfig-topology:configuration";

    private final HttpClient client;
    private final URI base;
    private final String authorization;

    RestconfClient(final Sextant sextant, final String password) {
        this(sextant, "admin", password);
    }

    /**
     * A client of {@code user} over HTTPS, trusting the certificate the controller generated into
     * its data directory; a null password sends no credentials.
     */
    RestconfClient(final Sextant sextant, final String user, final String password) {
        this(sextant.restconfUri(), sextant.dataDir(), user, password);
    }

    /**
     * A client of a controller at {@code base} (for example one in another JVM) over HTTPS,
     * trusting the certificate it generated into {@code dataDir}.
     */
    RestconfClient(final URI base, final Path dataDir, final String user, final String password) {
        this.client = TrustedTls.forDataDir(dataDir);
        this.base = base;
        this.authorization = password == null ? null : "Basic " + Base64.getEncoder().encodeToString(
            (user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /** A GET (or a DELETE) without a body. */
    HttpResponse<String> send(final String method, final String path) throws Exception {
        return send(method, path, null);
    }

    /** One HTTP exchange; {@code headers} are name, value pairs. */
    HttpResponse<String> send(final String method, final String path, final String json, final String... headers)
            throws Exception {
        final HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path))
            .header("Accept", "application/yang-data+json")
            .timeout(Duration.ofMinutes(2));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        if (json != null && !hasContentType(headers)) {
            request.header("Content-Type", "application/yang-data+json");
        }
        request.method(method, json == null ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(json));
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static boolean hasContentType(final String... headers) {
        for (int i = 0; i < headers.length; i += 2) {
            if (headers[i].equalsIgnoreCase("Content-Type")) {
                return true;
            }
        }
        return false;
    }

    /** Invoke an RPC with a target-nodes input; the parsed output. */
    JsonObject rpc(final String rpc, final List<String> nodes, final String... headers) throws Exception {
        return rpcWithInput(rpc, "{\"input\":{\"target-nodes\":{\"node\":[" + String.join(",", nodes.stream()
            .map(n -> "\"" + n + "\"").toList()) + "]}}}", headers);
    }

    JsonObject rpcWithInput(final String rpc, final String input, final String... headers) throws Exception {
        final HttpResponse<String> response = send("POST", "/rests/operations/" + rpc, input, headers);
        if (response.statusCode() != 200) {
            throw new AssertionError(rpc + " answered " + response.statusCode() + ": " + response.body());
        }
        final JsonObject body = JsonParser.parseString(response.body()).getAsJsonObject();
        return body.entrySet().iterator().next().getValue().getAsJsonObject();
    }

    /** The per-node result of an RPC output. */
    static JsonObject nodeResult(final JsonObject output, final String nodeId) {
        for (JsonElement result : output.getAsJsonObject("node-results").getAsJsonArray("node-result")) {
            if (nodeId.equals(result.getAsJsonObject().get("node-id").getAsString())) {
                return result.getAsJsonObject();
            }
        }
        throw new AssertionError("No result for " + nodeId + " in " + output);
    }

    /**
     * Wait until NETCONF node {@code nodeId}'s session is up. After a restart its kept intent is
     * readable at once, but its session is set up only once RESTCONF serves.
     */
    void awaitConnected(final String nodeId, final Duration timeout) throws Exception {
        await(NETCONF_NODE + nodeId + "?content=nonconfig", r -> r.statusCode() == 200
            && r.body().contains("connection-status\":\"connected\""), timeout);
    }

    /** Poll GET {@code path} until {@code done} accepts the response (or fail after {@code timeout}). */
    HttpResponse<String> await(final String path, final Predicate<HttpResponse<String>> done, final Duration timeout)
            throws Exception {
        final long deadline = System.nanoTime() + timeout.toNanos();
        HttpResponse<String> last = null;
        while (System.nanoTime() < deadline) {
            last = send("GET", path, null);
            if (done.test(last)) {
                return last;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("Gave up waiting on " + path + ": " + (last == null ? "" : last.statusCode() + " "
            + last.body()));
    }

    /** The intent of one OpenConfig interface of a UniConfig node. */
    static String intentInterface(final String node, final String iface) {
        return UNICONFIG_NODE + node + CONFIGURATION + "/openconfig-interfaces:interfaces/interface=" + iface;
    }

    /** An Ethernet OpenConfig interface whose description is its name, as a PUT body of {@link #intentInterface}. */
    static String ethernetInterface(final String name) {
        return ethernetInterface(name, name);
    }

    /**
     * A template's configuration (module sextant-templates): one OpenConfig Ethernet interface with
     * the variables {@code ifname} and {@code description}.
     */
    static final String INTERFACE_TEMPLATE = "{\"openconfig-interfaces:interfaces\":{\"interface\":[{\"name\":"
        + "\"{$ifname}\",\"config\":{\"name\":\"{$ifname}\",\"type\":\"iana-if-type:ethernetCsmacd\",\"description\":"
        + "\"{$description}\"}}]}}";

    /** An Ethernet OpenConfig interface with {@code description}, as a PUT body of {@link #intentInterface}. */
    static String ethernetInterface(final String name, final String description) {
        return "{\"openconfig-interfaces:interface\":[{\"name\":\"" + name + "\",\"config\":{\"name\":\"" + name
            + "\",\"type\":\"iana-if-type:ethernetCsmacd\",\"description\":\"" + description + "\"}}]}";
    }

    /** The output of an RPC answer (the body's one member). */
    static JsonObject output(final HttpResponse<String> answer) {
        final JsonObject body = JsonParser.parseString(answer.body()).getAsJsonObject();
        return body.entrySet().iterator().next().getValue().getAsJsonObject();
    }

    static String netconfMount(final String nodeId, final String host, final int port, final String user,
            final String password) {
        return "{\"node\":[{\"node-id\":\"" + nodeId + "\",\"netconf-node-topology:host\":\"" + host + "\","
            + "\"netconf-node-topology:port\":" + port + ",\"netconf-node-topology:tcp-only\":false,"
            + "\"netconf-node-topology:login-password-unencrypted\":{\"username\":\"" + user + "\",\"password\":\""
            + password + "\"},\"netconf-node-topology:keepalive-delay\":120}]}";
    }

    /**
     * A CLI mount of {@code router} (FRR 8.4 over SSH) as a PUT body of {@code CLI_NODE + nodeId};
     * {@code extraLeaves} (each {@code ,"cli-topology:leaf":value}) go into the node as they are.
     */
    static String frrMount(final String nodeId, final FrrRouter router, final String extraLeaves) {
        return "{\"node\":[{\"node-id\":\"" + nodeId + "\",\"cli-topology:host\":\"" + router.sshHost() + "\","
            + "\"cli-topology:port\":" + router.sshPort() + ",\"cli-topology:transport\":\"ssh\","
            + "\"cli-topology:device-type\":\"frr\",\"cli-topology:device-version\":\"8.4\","
            + "\"cli-topology:username\":\"" + router.username() + "\",\"cli-topology:password\":\""
            + router.password() + "\"" + extraLeaves + "}]}";
    }
}
