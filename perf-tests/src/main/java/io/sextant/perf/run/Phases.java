package io.sextant.perf.run;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.perf.run.DeviceFleet.Device;
import io.sextant.perf.run.Options.Transport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The phases scenarios are made of: mount devices and wait until they are connected, seed their
 * configurations, run the request mix, and read the controller's resources.
 */
public final class Phases {
    private Phases() {
    }

    /** A running controller and the monitor sampling its JVM. */
    public record Monitored(ControllerProcess controller, JvmMonitor monitor) {
        public long heapAfterFullGcKib() throws IOException, InterruptedException {
            return monitor.heapAfterFullGcKib();
        }
    }

    /** Starts the controller the options ask for (else {@code defaultKind}) and samples its JVM. */
    public static Monitored controller(final RunContext run, final Options.ControllerKind defaultKind,
            final String defaultHeap) throws IOException, InterruptedException {
        return controller(run, run.options().controller().orElse(defaultKind), run.options().heap().orElse(defaultHeap),
            "controller");
    }

    /** Starts {@code kind} with {@code heap}, its files prefixed {@code name}, and samples its JVM. */
    public static Monitored controller(final RunContext run, final Options.ControllerKind kind, final String heap,
            final String name) throws IOException, InterruptedException {
        return controller(run, kind, heap, name, List.of());
    }

    /** As {@link #controller(RunContext, Options.ControllerKind, String, String)} with {@code -D} settings of the scenario's. */
    public static Monitored controller(final RunContext run, final Options.ControllerKind kind, final String heap,
            final String name, final List<String> settings) throws IOException, InterruptedException {
        final ControllerProcess controller = ControllerProcess.start(run, kind, heap, Duration.ofMinutes(5), name,
            settings);
        final JvmMonitor monitor = run.own(new JvmMonitor(controller.jvmPid(), controller.jcmd(),
            run.outputDir().resolve(name + "-samples.csv")));
        return new Monitored(controller, monitor);
    }

    /**
     * Outcome of mounting: how many connected, how long it took from the first PUT until the last
     * device connected, and the mount requests' statistics (all batches together).
     */
    public record MountOutcome(int requested, int connected, int failed, long startMillis, long millis,
            int batchSize, JtlStats requests, List<Progress> progress) {
        public MountOutcome {
            progress = List.copyOf(progress);
        }

        public double devicesPerSecond() {
            return millis == 0 ? 0 : connected * 1000.0 / millis;
        }

        public boolean complete() {
            return connected == requested;
        }

        /**
         * Milliseconds from the first mount request (JMeter's first sample, not the start of the
         * JMeter JVM a few seconds earlier) until the topology first showed at least {@code count}
         * devices connected (polled once a second); empty when it never did.
         */
        public OptionalLong millisUntilConnected(final int count) {
            final long offset = requests.total().count() == 0 ? 0 : Math.max(0, requests.firstStart() - startMillis);
            return progress.stream().filter(p -> p.connected() >= count)
                .mapToLong(p -> Math.max(0, p.elapsedMillis() - offset)).findFirst();
        }
    }

    /** One poll of the topology while mounting that saw the connected count change. */
    public record Progress(long elapsedMillis, int connected) {
    }

    /**
     * Mounts {@code devices} with mount.jmx in batches of {@code --mount-batch} (default 1,000),
     * each batch sent once the previous one is connected, and polls the topology until every device
     * is connected, nothing changes for {@code stall}, or a simulator or the controller dies.
     * (All at once, thousands of simultaneous session set-ups overload a simulator sharing two
     * cores with the controller, and its hellos miss the 20 s negotiation timeout.)
     */
    public static MountOutcome mount(final RunContext run, final ControllerProcess controller,
            final DeviceFleet fleet, final List<Device> devices, final Transport transport, final int threads,
            final String name, final Duration stall) throws IOException, InterruptedException {
        final int batch = run.options().mountBatch().orElse(1_000);
        final long start = System.currentTimeMillis();
        final List<Path> jtls = new ArrayList<>();
        final List<String> mounted = new ArrayList<>();
        final List<Progress> progress = new ArrayList<>();
        int connected = 0;
        int failed = 0;
        for (int from = 0; from < devices.size(); from += batch) {
            final List<Device> slice = devices.subList(from, Math.min(devices.size(), from + batch));
            final String batchName = devices.size() <= batch ? name : name + "-" + (from / batch + 1);
            final Path csv = Workload.devices(run.outputDir().resolve(batchName + "-devices.csv"), slice);
            final JMeter.Result requests = JMeter.run(run, "mount.jmx", batchName, Map.of(
                "host", "127.0.0.1", "port", Integer.toString(controller.port()), "devices", csv.toString(),
                "threads", Integer.toString(threads), "tcpOnly", Boolean.toString(transport == Transport.TCP),
                "layout", controller.nodeLayout().property()),
                slice.size(), false);
            jtls.add(requests.jtl());
            slice.forEach(d -> mounted.add(d.id()));
            final int[] counts = awaitConnected(run, controller, fleet, mounted, name, start, stall, progress);
            connected = counts[0];
            failed = counts[1];
            if (connected < mounted.size()) {
                break;
            }
        }
        final long millis = System.currentTimeMillis() - start;
        if (!controller.isAlive()) {
            throw new IOException("the controller died while mounting; see controller.log:\n"
                + controller.process().tail(20));
        }
        for (ManagedProcess simulator : fleet.processes()) {
            if (!simulator.isAlive()) {
                throw new IOException("simulator " + simulator.name() + " died while mounting (status "
                    + simulator.process().exitValue() + "); see " + simulator.log().getFileName() + ":\n"
                    + simulator.tail(3));
            }
        }
        return new MountOutcome(devices.size(), connected, failed, start, millis, batch, JtlStats.parse(jtls), progress);
    }

    /**
     * After a restart, polls until every device of {@code fleet} (mounted before) is connected again,
     * nothing changes for {@code stall}, or something died; {connected, unable-to-connect}.
     */
    public static int[] awaitReconnected(final RunContext run, final ControllerProcess controller,
            final DeviceFleet fleet, final Duration stall) throws IOException, InterruptedException {
        return awaitConnected(run, controller, fleet, fleet.devices().stream().map(Device::id).toList(), "reconnect",
            System.currentTimeMillis(), stall, new ArrayList<>());
    }

    private static int[] awaitConnected(final RunContext run, final ControllerProcess controller,
            final DeviceFleet fleet, final List<String> ids, final String name, final long start, final Duration stall,
            final List<Progress> progress) throws IOException, InterruptedException {
        int[] counts = {0, 0};
        int lastConnected = -1;
        long lastChange = System.currentTimeMillis();
        long lastLog = 0;
        while (true) {
            counts = connectionCounts(controller, ids);
            if (counts[0] != lastConnected) {
                progress.add(new Progress(System.currentTimeMillis() - start, counts[0]));
                lastConnected = counts[0];
                lastChange = System.currentTimeMillis();
            }
            if (System.currentTimeMillis() - lastLog > 10_000 || counts[0] == ids.size()) {
                run.log("mount (%s): %d/%d connected, %d unable to connect, %.0f s", name, counts[0], ids.size(),
                    counts[1], (System.currentTimeMillis() - start) / 1000.0);
                lastLog = System.currentTimeMillis();
            }
            if (counts[0] == ids.size() || System.currentTimeMillis() - lastChange > stall.toMillis()
                    || !controller.isAlive() || !fleet.allAlive()) {
                return counts;
            }
            Thread.sleep(1000);
        }
    }

    /** {connected, unable-to-connect} among {@code ids}, read from topology-netconf. */
    static int[] connectionCounts(final ControllerProcess controller, final List<String> ids)
            throws IOException, InterruptedException {
        final Map<String, String> states = connectionStates(controller, ids);
        final int connected = (int) states.values().stream().filter("connected"::equals).count();
        final int failed = (int) states.values().stream().filter("unable-to-connect"::equals).count();
        return new int[] {connected, failed};
    }

    /** Those of {@code devices} that topology-netconf shows connected. */
    public static List<Device> connected(final ControllerProcess controller, final List<Device> devices)
            throws IOException, InterruptedException {
        final Map<String, String> states = connectionStates(controller, devices.stream().map(Device::id).toList());
        return devices.stream().filter(d -> "connected".equals(states.get(d.id()))).toList();
    }

    /** connection-status by node-id, for those of {@code ids} that topology-netconf lists with one. */
    private static Map<String, String> connectionStates(final ControllerProcess controller, final List<String> ids)
            throws IOException, InterruptedException {
        final String base = "/rests/data/network-topology:network-topology/topology=topology-netconf?content=nonconfig";
        final String status = controller.nodeLayout() == ControllerProcess.NodeLayout.FLAT
            ? "netconf-node-topology:connection-status" : "netconf-node-topology:netconf-node/connection-status";
        RestconfClient.Response response = controller.client().get(base + "&fields=node(node-id;" + status + ")");
        if (response.status() == 400) {
            response = controller.client().get(base);
        }
        if (response.status() == 404) {
            return Map.of();
        }
        if (!response.ok()) {
            throw new IOException("reading the NETCONF topology failed: " + response.status() + " " + response.body());
        }
        final Set<String> wanted = new HashSet<>(ids);
        final Map<String, String> states = new HashMap<>();
        for (JsonObject node : nodes(JsonParser.parseString(response.body()))) {
            final JsonElement id = node.get("node-id");
            final JsonElement state = connectionStatus(node);
            if (id != null && state != null && wanted.contains(id.getAsString())) {
                states.put(id.getAsString(), state.getAsString());
            }
        }
        return states;
    }

    /** connection-status of a node in either layout (flat: netconf 7 and Sextant; in netconf-node: netconf 8). */
    private static JsonElement connectionStatus(final JsonObject node) {
        final JsonElement flat = node.get("netconf-node-topology:connection-status");
        if (flat != null) {
            return flat;
        }
        final JsonElement container = node.get("netconf-node-topology:netconf-node");
        return container != null && container.isJsonObject() ? container.getAsJsonObject().get("connection-status")
            : null;
    }

    private static List<JsonObject> nodes(final JsonElement root) {
        final List<JsonObject> found = new ArrayList<>();
        collectNodes(root, found);
        return found;
    }

    private static void collectNodes(final JsonElement element, final List<JsonObject> found) {
        if (element.isJsonObject()) {
            final JsonObject object = element.getAsJsonObject();
            if (object.has("node-id")) {
                found.add(object);
                return;
            }
            object.entrySet().forEach(e -> collectNodes(e.getValue(), found));
        } else if (element.isJsonArray()) {
            final JsonArray array = element.getAsJsonArray();
            array.forEach(e -> collectNodes(e, found));
        }
    }

    /** Generates configurations and gives them to {@code devices} with seed.jmx. */
    public static JMeter.Result seed(final RunContext run, final ControllerProcess controller,
            final List<Device> devices, final int lines, final int threads, final String name)
            throws IOException, InterruptedException {
        return seed(run, controller.port(), devices, lines, threads, name);
    }

    /** As above, through whatever listens on {@code port} of 127.0.0.1 (a controller, or a load balancer). */
    public static JMeter.Result seed(final RunContext run, final int port, final List<Device> devices,
            final int lines, final int threads, final String name) throws IOException, InterruptedException {
        final Path dir = Files.createDirectories(run.outputDir().resolve(name + "-configs"));
        final long start = System.nanoTime();
        // every CPE gets a configuration of its own; the large routers share 16 (20 MB of JSON each)
        final int variants = lines <= 10_000 ? devices.size() : 16;
        final Path csv = Workload.seed(dir, devices, lines, run.options().seed(), variants);
        run.log("seed %s: generated %,d configurations of %,d lines in %.1f s", name, Math.min(variants, devices.size()),
            lines, (System.nanoTime() - start) / 1e9);
        return JMeter.run(run, "seed.jmx", name, Map.of(
            "host", "127.0.0.1", "port", Integer.toString(port), "seed", csv.toString(),
            "configs", dir.toString(), "threads", Integer.toString(threads)), devices.size() * 5L, false);
    }

    /** The measured request mix (uniconfig-mix.jmx) over {@code devices}, {@code rounds} times each. */
    public static JMeter.Result mix(final RunContext run, final ControllerProcess controller,
            final List<Device> devices, final int rounds, final int threads, final String name)
            throws IOException, InterruptedException {
        return mix(run, controller.port(), devices, rounds, threads, name);
    }

    /** As above, through whatever listens on {@code port} of 127.0.0.1 (a controller, or a load balancer). */
    public static JMeter.Result mix(final RunContext run, final int port, final List<Device> devices,
            final int rounds, final int threads, final String name) throws IOException, InterruptedException {
        final Path csv = Workload.mix(run.outputDir().resolve(name + ".csv"), devices, rounds, run.options().seed());
        final Map<String, String> properties = new TreeMap<>(Map.of(
            "host", "127.0.0.1", "port", Integer.toString(port), "mix", csv.toString(),
            "threads", Integer.toString(threads)));
        final long requests = 8L * devices.size() * rounds;
        if (run.options().rate().isEmpty()) {
            return JMeter.run(run, "uniconfig-mix.jmx", name, properties, requests, true);
        }
        // paced below what the machine can take: the latencies are the requests' own, not a queue's
        properties.put("perMinute", Integer.toString(run.options().rate().orElseThrow() * 60));
        return JMeter.run(run, SoakScenario.pacedPlan(run), name, properties, requests, true);
    }

    /** PUT/GET through the mount points of {@code devices} (round-robin), {@code loops} per thread. */
    public static JMeter.Result mountPointPutGet(final RunContext run, final ControllerProcess controller,
            final List<Device> devices, final int threads, final int loops, final String name, final boolean dashboard)
            throws IOException, InterruptedException {
        final Path csv = Workload.devices(run.outputDir().resolve(name + "-devices.csv"), devices);
        return JMeter.run(run, "mountpoint-put-get.jmx", name, Map.of(
            "host", "127.0.0.1", "port", Integer.toString(controller.port()), "devices", csv.toString(),
            "threads", Integer.toString(threads), "loops", Integer.toString(loops)),
            2L * threads * loops, dashboard);
    }

    /** PUT/GET of a small subtree in the controller's own datastore (datastore-put-get.jmx), as admin. */
    public static JMeter.Result datastorePutGet(final RunContext run, final ControllerProcess controller,
            final int threads, final int loops, final String name, final boolean dashboard)
            throws IOException, InterruptedException {
        return JMeter.run(run, "datastore-put-get.jmx", name, Map.of(
            "host", "127.0.0.1", "port", Integer.toString(controller.port()),
            "threads", Integer.toString(threads), "loops", Integer.toString(loops), "prefix", name),
            2L * threads * loops, dashboard);
    }

    /**
     * Who sends datastore-put-get.jmx's requests: the user and its password, and the prefix of the
     * interface names (thread N writes and reads {@code <prefix>-N}).
     */
    public record PutGetClient(String user, String password, String prefix) {
    }

    /**
     * As {@link #datastorePutGet(RunContext, ControllerProcess, int, int, String, boolean)}, as
     * {@code client}, over the scheme of {@code controller} (not that of the controller started last).
     */
    public static JMeter.Result datastorePutGet(final RunContext run, final ControllerProcess controller,
            final int threads, final int loops, final String name, final boolean dashboard, final PutGetClient client)
            throws IOException, InterruptedException {
        return JMeter.run(run, "datastore-put-get.jmx", name, Map.of(
            "host", "127.0.0.1", "port", Integer.toString(controller.port()), "protocol", controller.scheme(),
            "user", client.user(), "password", client.password(),
            "threads", Integer.toString(threads), "loops", Integer.toString(loops), "prefix", client.prefix()),
            2L * threads * loops, dashboard);
    }
}
