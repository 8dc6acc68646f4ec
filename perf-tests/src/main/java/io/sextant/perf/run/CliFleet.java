package io.sextant.perf.run;

import io.sextant.perf.cli.CliSimulatorMain;
import io.sextant.perf.run.DeviceFleet.Device;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Simulated IOS CLI devices for a run: one JVM running {@link CliSimulatorMain} (the project's
 * {@code CliDeviceSimulator}, one SSH server with a port per device on 127.0.0.1), on the harness's
 * own JDK and class path. Device ids are {@code cpe-00001}, {@code cpe-00002}, ...
 */
public final class CliFleet implements AutoCloseable {
    /** Login of every simulated device. */
    public static final String USERNAME = "admin";
    public static final String PASSWORD = "admin";

    private static final Pattern READY = Pattern.compile(Pattern.quote(CliSimulatorMain.READY));

    private final ManagedProcess process;
    private final List<Device> devices;

    private CliFleet(final ManagedProcess process, final List<Device> devices) {
        this.process = process;
        this.devices = List.copyOf(devices);
    }

    /** Starts {@code count} devices and waits until every one listens. */
    public static CliFleet start(final RunContext run, final int count) throws IOException, InterruptedException {
        final Path ports = run.outputDir().resolve("cli-devices.csv");
        final long heapMib = heapMib(count);
        final List<String> command = List.of(PerfHome.currentJava().toString(), "-Xmx" + heapMib + "m",
            "-XX:+UseG1GC", "-XX:+ExitOnOutOfMemoryError", "-cp", run.home().classpath(),
            CliSimulatorMain.class.getName(), "--devices", Integer.toString(count), "--out", ports.toString(),
            "--username", USERNAME, "--password", PASSWORD);
        run.log("cli devices: starting %,d simulated IOS devices in one JVM (-Xmx%dm)", count, heapMib);
        final long started = System.nanoTime();
        final ManagedProcess process = run.own(ManagedProcess.start("cli-devices", command, Map.of(),
            run.outputDir(), run.outputDir().resolve("cli-devices.log"), Duration.ofSeconds(10)));
        process.awaitLog(READY, Duration.ofMinutes(5));
        final List<Device> devices = new ArrayList<>(count);
        for (String line : Files.readAllLines(ports)) {
            final String[] hostPort = line.split(",");
            devices.add(new Device(nodeId(devices.size() + 1), hostPort[0], Integer.parseInt(hostPort[1])));
        }
        if (devices.size() != count) {
            throw new IOException("the CLI simulator listed " + devices.size() + " devices, not " + count);
        }
        run.log("cli devices: %,d listening after %.1f s", count, (System.nanoTime() - started) / 1e9);
        return run.own(new CliFleet(process, devices));
    }

    /** The node id of device {@code number} (1, 2, ...). */
    static String nodeId(final int number) {
        return String.format("cpe-%05d", number);
    }

    /**
     * Simulator heap: a 128 MiB base plus 0.25 MiB per device. Measured after a full GC with every
     * device connected and synced: 73 KiB per device at 1,000 devices (71 MiB in all; the "Simulator
     * heap" fact of a run's summary), so this leaves room for garbage and bursts of sessions.
     */
    static long heapMib(final int devices) {
        return 128 + Math.round(devices * 0.25);
    }

    public List<Device> devices() {
        return devices;
    }

    public ManagedProcess process() {
        return process;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** CPU time the simulator JVM used so far, in milliseconds. */
    public long cpuMillis() {
        return process.process().toHandle().info().totalCpuDuration().map(Duration::toMillis).orElse(0L);
    }

    /** Used heap of the simulator after a full GC, in KiB. */
    public long heapAfterFullGcKib() throws IOException, InterruptedException {
        return JvmMonitor.heapAfterFullGcKib(PerfHome.currentJdkTool("jcmd"), process.pid());
    }

    @Override
    public void close() {
        process.close();
    }

    @Override
    public String toString() {
        return devices.size() + " simulated CLI devices (pid " + process.pid() + ")";
    }
}
