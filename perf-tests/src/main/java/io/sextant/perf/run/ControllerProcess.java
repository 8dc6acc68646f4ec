package io.sextant.perf.run;

import io.sextant.perf.run.Options.ControllerKind;
import io.sextant.testing.TrustedTls;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The controller under test, in its own JVM: the Karaf distribution as users run it, the
 * plain-Java assembly with the same components, or (only in the compare scenario) the lighty.io
 * peer of perf-tests/lighty-peer. All get the same JVM flags ({@link #jvmFlags}), listen on loopback
 * on a free port, and keep their data in the run's output directory.
 */
public final class ControllerProcess implements AutoCloseable {
    /** Where Sextant keeps the certificate it generated, in its data directory. */
    private static final String GENERATED_CERT = TrustedTls.GENERATED_CERT;

    /**
     * How a controller lays out the NETCONF node of topology-netconf (mount body and status). Sextant
     * follows netconf 7 (Calcium): the leaves sit directly in the node
     * ({@code netconf-node-topology:host}, ...). lighty.io 21.1.0 carries netconf 8.0.3 (Scandium),
     * whose netconf-node-topology@2024-09-11 wraps them in a container
     * ({@code netconf-node-topology:netconf-node {host, ...}}) and rejects the flat form.
     */
    public enum NodeLayout {
        FLAT("flat"), NETCONF_NODE("netconf-node");

        private final String property;

        NodeLayout(final String property) {
            this.property = property;
        }

        /** The value of mount.jmx's {@code layout} property. */
        public String property() {
            return property;
        }
    }

    private final ManagedProcess process;
    private final ControllerKind kind;
    private final int port;
    private final long jvmPid;
    private final List<String> flags;
    private final RestconfClient client;
    private final Path java;
    private final long startupMillis;
    private final String scheme;

    private ControllerProcess(final ManagedProcess process, final ControllerKind kind, final int port,
            final long jvmPid, final List<String> flags, final RestconfClient client, final Path java,
            final long startupMillis, final String scheme) {
        this.process = process;
        this.kind = kind;
        this.port = port;
        this.jvmPid = jvmPid;
        this.flags = flags;
        this.client = client;
        this.java = java;
        this.startupMillis = startupMillis;
        this.scheme = scheme;
    }

    /**
     * The JVM flags of every measured controller: a maximum heap (no minimum, so that RSS shows what
     * the controller needs rather than what was reserved), G1, a GC log, and exit on
     * OutOfMemoryError so that a run that runs out of heap fails instead of limping on.
     */
    public static List<String> jvmFlags(final String heap, final Path gcLog) {
        return List.of("-Xmx" + heap, "-XX:+UseG1GC", "-XX:+ExitOnOutOfMemoryError",
            "-Xlog:gc:file=" + gcLog + ":uptime,level");
    }

    /** Starts the controller and waits until RESTCONF answers (at most {@code timeout}). */
    public static ControllerProcess start(final RunContext run, final ControllerKind kind, final String heap,
            final Duration timeout) throws IOException, InterruptedException {
        return start(run, kind, heap, timeout, "controller");
    }

    /** Environment variable with further system properties for Sextant (not the lighty.io peer). */
    public static final String EXTRA_SETTINGS_ENV = "SEXTANT_PERF_CONTROLLER_OPTS";

    /**
     * {@code -D} settings from {@link #EXTRA_SETTINGS_ENV}, for trying a controller setting
     * (for example {@code -Dsextant.netconf.max-concurrent-setups=0}) under a benchmark; anything
     * but {@code -Dname=value} is refused, so that JVM flags stay the same for every run.
     */
    static List<String> extraSettings() {
        final String value = System.getenv(EXTRA_SETTINGS_ENV);
        if (value == null || value.isBlank()) {
            return List.of();
        }
        final List<String> settings = List.of(value.trim().split("\\s+"));
        for (String setting : settings) {
            if (!setting.matches("-D[\\w.-]+=\\S*")) {
                throw new IllegalArgumentException(EXTRA_SETTINGS_ENV + " takes only -Dname=value settings, not "
                    + setting);
            }
        }
        return settings;
    }

    /**
     * Starts the controller and waits until RESTCONF answers (at most {@code timeout}).
     *
     * @param name prefix of its files in the output directory (name.log, name-gc.log, name-data/), so
     *             that one run can start several controllers one after the other
     */
    public static ControllerProcess start(final RunContext run, final ControllerKind kind, final String heap,
            final Duration timeout, final String name) throws IOException, InterruptedException {
        return start(run, kind, heap, timeout, name, List.of());
    }

    /**
     * As {@link #start(RunContext, ControllerKind, String, Duration, String)}, with {@code -Dname=value}
     * settings of the scenario's own (the fuzz scenario's smaller body limit), which the report shows
     * among the flags.
     */
    public static ControllerProcess start(final RunContext run, final ControllerKind kind, final String heap,
            final Duration timeout, final String name, final List<String> scenarioSettings)
            throws IOException, InterruptedException {
        return start(run, kind, heap, timeout, name, scenarioSettings, run.outputDir().resolve(name + "-data"));
    }

    /**
     * As {@link #start(RunContext, ControllerKind, String, Duration, String, List)} on a given data
     * directory (its TLS certificate, admin password and keys): a restarted controller keeps it.
     */
    public static ControllerProcess start(final RunContext run, final ControllerKind kind, final String heap,
            final Duration timeout, final String name, final List<String> scenarioSettings, final Path dataDir)
            throws IOException, InterruptedException {
        final int port = freePort();
        Files.createDirectories(dataDir);
        final List<String> flags = jvmFlags(heap, run.outputDir().resolve(name + "-gc.log"));
        final List<String> settings = new ArrayList<>(List.of("-Dsextant.port=" + port, "-Dsextant.bind=127.0.0.1",
            "-Dsextant.data-dir=" + dataDir));
        settings.addAll(scenarioSettings);
        settings.addAll(extraSettings());
        final Map<String, String> env = new HashMap<>();
        env.put("SEXTANT_ADMIN_PASSWORD", run.password());
        final List<String> command = new ArrayList<>();
        Path java = PerfHome.currentJava();
        Path workDir = run.outputDir();
        switch (kind) {
            case JAVA -> {
                command.add(PerfHome.currentJava().toString());
                command.addAll(flags);
                command.addAll(settings);
                command.addAll(List.of("-cp", run.home().classpath(), "io.sextant.controller.SextantMain"));
            }
            case KARAF -> {
                final Path karaf = run.home().karafScript();
                if (!Files.isExecutable(karaf)) {
                    throw new IOException(karaf + " is missing: build the distribution (./sextant build) or use"
                        + " --controller java");
                }
                checkFeaturesBoot(karaf);
                command.addAll(List.of(karaf.toString(), "server"));
                // every flag, -Xmx included, goes through EXTRA_JAVA_OPTS: Karaf 4.4's bin/karaf ignores
                // JAVA_MAX_MEM (only the .bat scripts read it), and the JVM then took a quarter of the machine's memory
                env.put("JAVA_HOME", System.getProperty("java.home"));
                // the console's SSH port is fixed (8101) unless told otherwise: take a free one
                env.put("EXTRA_JAVA_OPTS", String.join(" ", flags) + " " + String.join(" ", settings)
                    + " -Dsextant.ssh.port=" + freePort());
                // a fresh Karaf data directory per run (bundle cache, logs), as on a first start
                env.put("KARAF_DATA", Files.createDirectories(run.outputDir().resolve(
                    name.equals("controller") ? "karaf-data" : name + "-karaf-data")).toString());
            }
            case LIGHTY -> {
                // lighty.io 21 needs Java >= 21; it writes its Akka journal and schema cache to its working directory
                java = PerfHome.javaAtLeast(21);
                workDir = dataDir;
                command.add(java.toString());
                command.addAll(flags);
                command.addAll(List.of("-jar", run.home().lightyPeerJar().toString(), "--port", Integer.toString(port),
                    "--bind", "127.0.0.1", "--akka-port", Integer.toString(freePort()),
                    "--management-port", Integer.toString(freePort())));
            }
            default -> throw new IllegalStateException();
        }
        run.log("controller: starting %s on port %d (heap %s)", describe(kind), port, heap);
        final long started = System.nanoTime();
        final ManagedProcess process = run.own(ManagedProcess.start(name, command, env, workDir,
            run.outputDir().resolve(name + ".log"), Duration.ofSeconds(30)));
        // Sextant serves HTTPS with the certificate it generates into its data directory; lighty.io plain HTTP
        final boolean plain = kind == ControllerKind.LIGHTY || settings.contains("-Dsextant.insecure-http=true");
        final RestconfClient client = plain ? RestconfClient.plain("127.0.0.1", port, run.password())
            : RestconfClient.trusting(dataDir.resolve(GENERATED_CERT), "127.0.0.1", port, run.password());
        run.protocol(plain ? "http" : "https");
        try {
            process.await("RESTCONF answering on port " + port, p -> client.isUp(), timeout);
        } catch (IOException | InterruptedException e) {
            // a scenario that goes on after a failed start (compare) must not have this one running beside the next
            run.release(process);
            throw e;
        }
        final long startup = (System.nanoTime() - started) / 1_000_000;
        final long jvm = process.javaPid().orElseThrow(() -> new IOException("no java process under " + process));
        run.log("controller: up after %.1f s (JVM pid %d)", startup / 1000.0, jvm);
        // the run context owns (and in the end stops) the process
        return new ControllerProcess(process, kind, port, jvm, flags, client, java, startup, plain ? "http" : "https");
    }

    /**
     * Fails at once when the assembly's etc/org.apache.karaf.features.cfg has no featuresBoot: once
     * (2026-11-22, cause not found) a rebuilt assembly had lost that part of the file, and Karaf then
     * starts its framework, installs no feature, logs nothing and never answers.
     */
    private static void checkFeaturesBoot(final Path karaf) throws IOException {
        final Path cfg = karaf.getParent().resolveSibling("etc/org.apache.karaf.features.cfg");
        if (!Files.exists(cfg) || Files.readAllLines(cfg).stream().noneMatch(l -> l.startsWith("featuresBoot"))) {
            throw new IOException(cfg + " has no featuresBoot, so Karaf would start no feature: rebuild the"
                + " distribution (mvn -pl distribution -am package, or ./sextant build)");
        }
    }

    public static String describe(final ControllerKind kind) {
        return switch (kind) {
            case KARAF -> "Karaf distribution";
            case JAVA -> "plain-Java assembly (SextantMain)";
            case LIGHTY -> "lighty.io 21.1.0 peer (perf-tests/lighty-peer)";
        };
    }

    static int freePort() throws IOException {
        return Ports.free("127.0.0.1");
    }

    public ControllerKind kind() {
        return kind;
    }

    public int port() {
        return port;
    }

    public long jvmPid() {
        return jvmPid;
    }

    public List<String> flags() {
        return flags;
    }

    public RestconfClient client() {
        return client;
    }

    /** {@code https}, or {@code http} for the lighty.io peer and a Sextant started with insecure-http. */
    public String scheme() {
        return scheme;
    }

    /** How this controller lays out the NETCONF node in topology-netconf. */
    public NodeLayout nodeLayout() {
        return kind == ControllerKind.LIGHTY ? NodeLayout.NETCONF_NODE : NodeLayout.FLAT;
    }

    /** The jcmd of the JDK the controller runs on (attach works best within one JDK version). */
    public Path jcmd() {
        return java.resolveSibling("jcmd");
    }

    /** From starting the process until RESTCONF answered. */
    public long startupMillis() {
        return startupMillis;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public ManagedProcess process() {
        return process;
    }

    @Override
    public void close() {
        process.close();
    }

    @Override
    public String toString() {
        return "controller " + describe(kind) + " pid " + process.pid();
    }
}
