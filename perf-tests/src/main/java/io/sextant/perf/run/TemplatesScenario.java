package io.sextant.perf.run;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import io.sextant.perf.run.DeviceFleet.Device;
import io.sextant.perf.run.Options.ControllerKind;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code templates}: {@code sextant-templates:apply-template} on {@code --devices N} (default
 * 1,000) simulated NETCONF devices. One request applies a template (an OpenConfig interface with
 * three variables) to every node with its own values in a transaction, which is then committed;
 * then {@code N} requests apply it to one node each at once (no transaction), one client, for the
 * latency per node.
 */
final class TemplatesScenario implements Scenario {
    private static final String TEMPLATE = "{\"openconfig-interfaces:interfaces\":{\"interface\":[{\"name\":"
        + "\"{$ifname}\",\"config\":{\"name\":\"{$ifname}\",\"type\":\"iana-if-type:ethernetCsmacd\",\"mtu\":"
        + "\"{$mtu}\",\"description\":\"{$description}\"}}]}}";
    private static final String APPLY = "/rests/operations/sextant-templates:apply-template";

    @Override
    public void run(final RunContext run, final RunSummary summary) throws Exception {
        final Options options = run.options();
        final int count = options.devices().orElse(1_000);
        final int threads = options.threads().orElse(5);
        summary.withoutTable();
        final DeviceFleet fleet = DeviceFleet.start(run, 1, count, options.transport(), 2_500,
            DeviceFleet.heapPerDeviceMib(options.lines().orElse(1_000)));
        final Phases.Monitored c = Phases.controller(run, ControllerKind.JAVA, "2g");
        summary.controller(c.controller()).transport(options.transport()).scale(count, count, 0, 1);
        final Phases.MountOutcome mount = Phases.mount(run, c.controller(), fleet, fleet.devices(),
            options.transport(), threads, "mount", Duration.ofMinutes(3));
        summary.auxiliary(mount.requests());
        if (!mount.complete()) {
            summary.errors(mount.requested() - mount.connected());
            throw new IOException((mount.requested() - mount.connected()) + " devices did not connect");
        }
        final RestconfClient rest = c.controller().client();
        awaitNodes(run, rest, fleet.devices());
        check(rest.put("/rests/data/sextant-templates:templates/template=port", "{\"sextant-templates:template\":[{"
            + "\"name\":\"port\",\"configuration\":" + new JsonPrimitive(TEMPLATE) + "}]}"), "store the template");

        final String tx = output(check(rest.post("/rests/operations/transaction-manager:create-transaction",
            "{\"input\":{}}"), "create-transaction")).get("transaction-id").getAsString();
        final String all = fleet.devices().stream().map(d -> node(d, "tpl-bulk", 1500 + d.port() % 1000))
            .collect(Collectors.joining(","));
        final long applyStart = System.nanoTime();
        final JsonObject bulk = output(check(rest.post(APPLY, input(all), tx), "apply-template"));
        final long applyMillis = (System.nanoTime() - applyStart) / 1_000_000;
        final long commitStart = System.nanoTime();
        final JsonObject commit = output(check(rest.post("/rests/operations/uniconfig-manager:commit",
            "{\"input\":{\"target-nodes\":{\"node\":[]}}}", tx), "commit"));
        final long commitMillis = (System.nanoTime() - commitStart) / 1_000_000;
        long errors = failed(bulk) + failed(commit);
        run.log("templates: apply-template to %d nodes in %d ms, commit in %d ms", count, applyMillis, commitMillis);

        final long[] perNode = new long[count];
        final long start = System.currentTimeMillis();
        for (int i = 0; i < count; i++) {
            final Device device = fleet.devices().get(i);
            final long t0 = System.nanoTime();
            final JsonObject one = output(check(rest.post(APPLY, input(node(device, "tpl-one", 1400))),
                "apply-template"));
            perNode[i] = (System.nanoTime() - t0) / 1_000;
            errors += failed(one);
        }
        final long end = System.currentTimeMillis();
        Arrays.sort(perNode);
        final double p50 = perNode[count / 2] / 1000.0;
        final double p95 = perNode[Math.min(count - 1, (int) Math.ceil(count * 0.95) - 1)] / 1000.0;
        summary.errors(errors);
        summary.fact("apply-template, one request to " + count + " nodes (in a transaction)", applyMillis + " ms ("
            + String.format("%.2f", applyMillis / (double) count) + " ms per node)")
            .fact("commit of it (" + count + " devices)", commitMillis + " ms")
            .fact("apply-template to one node, " + count + " requests, 1 client: p50 / p95 / max",
                String.format("%.1f / %.1f / %.1f ms", p50, p95, perNode[count - 1] / 1000.0))
            .fact("Node results that failed (target 0)", Long.toString(errors));
        summary.headline(String.format("apply-template %d nodes: %d ms in one request, commit %d ms; one node per "
            + "request p95 %.1f ms", count, applyMillis, commitMillis, p95));
        summary.data("templates", Map.of("nodes", count, "bulkApplyMillis", applyMillis, "commitMillis",
            commitMillis, "perNodeP50Millis", p50, "perNodeP95Millis", p95));
        summary.resources(Math.round(c.monitor().peakCpu(start, end)), 0, c.heapAfterFullGcKib(),
            c.monitor().peakRssKib(start, end));
        summary.files("controller.log, mount*.jtl, devices/");
    }

    private static String node(final Device device, final String prefix, final int mtu) {
        return "{\"node-id\":\"" + device.id() + "\",\"variable\":[{\"name\":\"ifname\",\"value\":\"" + prefix
            + "\"},{\"name\":\"mtu\",\"value\":\"" + mtu + "\"},{\"name\":\"description\",\"value\":\"for "
            + device.id() + "\"}]}";
    }

    private static String input(final String nodes) {
        return "{\"input\":{\"template-name\":\"port\",\"target-nodes\":{\"node\":[" + nodes + "]}}}";
    }

    private static RestconfClient.Response check(final RestconfClient.Response response, final String what)
            throws IOException {
        if (!response.ok()) {
            throw new IOException(what + " answered " + response.status() + ": " + response.body());
        }
        return response;
    }

    private static JsonObject output(final RestconfClient.Response response) {
        final JsonObject body = JsonParser.parseString(response.body()).getAsJsonObject();
        return body.entrySet().iterator().next().getValue().getAsJsonObject();
    }

    private static long failed(final JsonObject output) {
        return "complete".equals(output.get("overall-status").getAsString()) ? 0 : 1;
    }

    /** Polls topology=uniconfig until every device is a node (its first sync done). */
    private static void awaitNodes(final RunContext run, final RestconfClient rest, final List<Device> devices)
            throws IOException, InterruptedException {
        final long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
        int seen = 0;
        while (System.nanoTime() < deadline) {
            final RestconfClient.Response response = rest.get("/rests/data/network-topology:network-topology/"
                + "topology=uniconfig?content=nonconfig&fields=node(node-id)");
            seen = response.ok() ? countNodes(JsonParser.parseString(response.body())) : 0;
            if (seen >= devices.size()) {
                run.log("templates: %d UniConfig nodes", seen);
                return;
            }
            Thread.sleep(1_000);
        }
        throw new IOException("only " + seen + " of " + devices.size() + " devices became UniConfig nodes");
    }

    private static int countNodes(final JsonElement root) {
        final List<JsonElement> found = new ArrayList<>();
        collect(root, found);
        return found.size();
    }

    private static void collect(final JsonElement element, final List<JsonElement> found) {
        if (element.isJsonObject()) {
            for (Map.Entry<String, JsonElement> member : element.getAsJsonObject().entrySet()) {
                if (member.getKey().endsWith("node-id")) {
                    found.add(member.getValue());
                } else {
                    collect(member.getValue(), found);
                }
            }
        } else if (element.isJsonArray()) {
            element.getAsJsonArray().forEach(e -> collect(e, found));
        }
    }
}
