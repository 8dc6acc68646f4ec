package io.sextant.simulator;

import com.sun.management.UnixOperatingSystemMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;

/**
 * {@code java io.sextant.simulator.SimulatorMain --devices N --host H --port P [options]}: runs N
 * simulated devices until killed and prints one ready line once all of them listen.
 *
 * <pre>
 *   --devices N          how many devices (one port each, P .. P+N-1)
 *   --host H             the address they listen on (default 127.0.0.1)
 *   --port P             the first port
 *   --ssh true|false     NETCONF over SSH (default) or plain TCP
 *   --models a,b,c       bundled YANG modules (and their imports) the devices carry
 *   --config FILE        a JSON document (RFC 7951, one top-level node) of the base configuration; repeatable
 *   --mandatory true|false   whether commit and validate enforce mandatory nodes (default true)
 *   --threads T          event loop threads (default 2)
 *   --user U --password W    SSH credentials (default admin/admin)
 * </pre>
 */
public final class SimulatorMain {
    /** The line printed once every device listens; the harness waits for it. */
    public static final String READY = "sextant-simulator: all devices listening";

    /** Files the JVM keeps open besides the devices' sockets: class path, event loops, logs. */
    public static final int RESERVED_FILES = 200;

    private SimulatorMain() {
    }

    public static void main(final String[] args) throws InterruptedException {
        try {
            run(args);
        } catch (IllegalArgumentException | IOException e) {
            // bad options, a module that is not bundled, a port in use: one line, no stack trace
            System.err.println("sextant-simulator: " + e.getMessage());
            System.exit(2);
        }
    }

    private static void run(final String[] args) throws IOException, InterruptedException {
        // thousands of devices: log warnings only, and not yangtools' note on every union leaf it writes
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel",
            System.getProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn"));
        System.setProperty("org.slf4j.simpleLogger.log.org.opendaylight.yangtools.yang.data.codec.xml."
            + "XMLStreamWriterUtils", "error");
        int devices = 1;
        String host = "127.0.0.1";
        int port = -1;
        boolean ssh = true;
        List<String> models = List.of("openconfig-interfaces");
        final List<String> configs = new ArrayList<>();
        boolean mandatory = true;
        int threads = 2;
        String user = "admin";
        String password = "admin";
        if (args.length % 2 != 0) {
            throw new IllegalArgumentException("option " + args[args.length - 1] + " has no value");
        }
        for (int i = 0; i + 1 < args.length; i += 2) {
            final String value = args[i + 1];
            switch (args[i]) {
                case "--devices" -> devices = Integer.parseInt(value);
                case "--host" -> host = value;
                case "--port" -> port = Integer.parseInt(value);
                case "--ssh" -> ssh = Boolean.parseBoolean(value);
                case "--models" -> models = Arrays.asList(value.split(","));
                case "--config" -> configs.add(Files.readString(Path.of(value), StandardCharsets.UTF_8));
                case "--mandatory" -> mandatory = Boolean.parseBoolean(value);
                case "--threads" -> threads = Integer.parseInt(value);
                case "--user" -> user = value;
                case "--password" -> password = value;
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (port <= 0) {
            throw new IllegalArgumentException("--port is required");
        }
        final long maxFiles = maxOpenFiles();
        if (devices + RESERVED_FILES > maxFiles) {
            throw new IllegalArgumentException(String.format("%d devices need %d listening sockets, but this process "
                + "may open only %d files (ulimit -n); every connected session takes one more", devices, devices,
                maxFiles));
        }
        final long started = System.nanoTime();
        final DeviceSchema schema = DeviceSchema.of(models, mandatory);
        final ContainerNode base = configs.isEmpty() ? BaseConfig.empty() : BaseConfig.fromJson(schema, configs);
        final DeviceSimulator simulator = DeviceSimulator.start(schema, base,
            new DeviceSimulator.Settings(host, port, devices, ssh, user, password, threads));
        final CountDownLatch stop = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            simulator.close();
            stop.countDown();
        }, "sextant-simulator-shutdown"));
        System.out.printf("%s: %d %s devices on %s:%d-%d after %.1f s%n", READY, devices, ssh ? "SSH" : "TCP", host,
            port, port + devices - 1, (System.nanoTime() - started) / 1e9);
        System.out.flush();
        stop.await();
    }

    /** The open-files limit of this process (ulimit -n); unlimited where the JVM cannot tell. */
    public static long maxOpenFiles() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean unix
            ? unix.getMaxFileDescriptorCount() : Long.MAX_VALUE;
    }
}
