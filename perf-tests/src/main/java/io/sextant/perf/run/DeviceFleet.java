package io.sextant.perf.run;

import io.sextant.perf.config.DeviceModels;
import io.sextant.perf.run.Options.Transport;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Simulated NETCONF devices: OpenDaylight's netconf-testtool (10.x, on a JDK of at least 21), many
 * devices per JVM, each device on its own port with its own schema-checked datastore carrying the
 * OpenConfig modules of {@link DeviceModels}. Each testtool JVM gets its own loopback address and a
 * block of free ports.
 */
public final class DeviceFleet implements AutoCloseable {
    /** One simulated device as the controller mounts it. */
    public record Device(String id, String host, int port) {
    }

    private static final Pattern STARTED = Pattern.compile("All simulated devices started successfully");

    private final List<ManagedProcess> processes;
    private final List<Device> devices;
    private final Path java;

    DeviceFleet(final List<ManagedProcess> processes, final List<Device> devices, final Path java) {
        this.processes = processes;
        this.devices = devices;
        this.java = java;
    }

    /**
     * Starts {@code count} devices, numbered from {@code firstIndex} (ids dev-00001, ...), in JVMs of
     * at most {@code perProcess} devices each.
     *
     * @param heapPerDeviceMib simulator heap per device on top of a 512 MiB base (its config lives there)
     */
    public static DeviceFleet start(final RunContext run, final int firstIndex, final int count,
            final Transport transport, final int perProcess, final double heapPerDeviceMib)
            throws IOException, InterruptedException {
        return start(run, firstIndex, count, transport, perProcess, heapPerDeviceMib, 0);
    }

    /**
     * As above; with {@code baseLines} above 0 every device of the project's simulator starts with the
     * same generated CPE configuration of about that many lines (shared, not copied; the test tool
     * cannot be given one and starts empty as always).
     */
    public static DeviceFleet start(final RunContext run, final int firstIndex, final int count,
            final Transport transport, final int perProcess, final double heapPerDeviceMib, final int baseLines)
            throws IOException, InterruptedException {
        if (run.options().simulator() == Options.Simulator.SEXTANT) {
            return SimulatorFleet.start(run, firstIndex, count, transport, perProcess, baseLines);
        }
        final Path schemas = DeviceModels.writeSimulatorSchemas(run.outputDir().resolve("device-schemas"));
        final Path java = PerfHome.javaAtLeast(21);
        final Path jar = run.home().testtoolJar();
        // refuse a scale whose simulators would exhaust the machine: the kernel's OOM killer then takes
        // a simulator (or anything else running here) and the whole machine stalls on the way
        final long processCount = (count + perProcess - 1) / perProcess;
        final double totalMib = processCount * 512 + count * heapPerDeviceMib;
        final double budgetMib = Machine.current().memoryGib() * 1024 * MEMORY_SHARE;
        if (totalMib > budgetMib) {
            throw new IOException(String.format("%,d simulated devices need about %,.0f MiB of simulator heap "
                + "(%.2f MiB each); this machine allows %,.0f MiB (%.0f%% of its memory). Use fewer --devices.",
                count, totalMib, heapPerDeviceMib, budgetMib, MEMORY_SHARE * 100));
        }
        final List<ManagedProcess> processes = new ArrayList<>();
        final List<Device> devices = new ArrayList<>();
        final long started = System.nanoTime();
        int index = firstIndex;
        for (int offset = 0; offset < count; offset += perProcess) {
            final int size = Math.min(perProcess, count - offset);
            final int group = (firstIndex + offset) / perProcess;
            // one loopback address per simulator JVM: 47,000 ports per address are not enough for B1
            final String host = "127.0." + (100 + group / 250) + "." + (1 + group % 250);
            final int port = Ports.freeBlock(host, size);
            final long heapMib = 512 + Math.round(size * heapPerDeviceMib);
            final List<String> command = List.of(java.toString(), "-Xmx" + heapMib + "m", "-XX:+UseG1GC",
                "-XX:+ExitOnOutOfMemoryError", "-jar", jar.toString(),
                "--device-count", Integer.toString(size), "--starting-port", Integer.toString(port),
                "--ip", host, "--schemas-dir", schemas.toString(), "--md-sal", "true",
                "--ssh", Boolean.toString(transport == Transport.SSH));
            final String name = "devices-" + group;
            run.log("devices: starting %d %s devices on %s:%d-%d (%s, -Xmx%dm)", size, transport, host, port,
                port + size - 1, name, heapMib);
            final ManagedProcess process = run.own(ManagedProcess.start(name, command, Map.of(), run.outputDir(),
                run.outputDir().resolve(name + ".log"), Duration.ofSeconds(15)));
            processes.add(process);
            for (int i = 0; i < size; i++) {
                devices.add(new Device(String.format("dev-%05d", index++), host, port + i));
            }
        }
        for (ManagedProcess process : processes) {
            process.awaitLog(STARTED, Duration.ofMinutes(10));
        }
        run.log("devices: %d listening after %.1f s in %d simulator JVM(s)", devices.size(),
            (System.nanoTime() - started) / 1e9, processes.size());
        return run.own(new DeviceFleet(processes, devices, java));
    }

    public List<Device> devices() {
        return devices;
    }

    public List<ManagedProcess> processes() {
        return processes;
    }

    /**
     * Simulator heap to give per device: measured (after a full GC) 0.9 MiB per connected device
     * with an empty or a 1,000-line configuration (netconf-testtool 10.0.2 builds a configuration
     * and an operational data store per session), and 19 MiB per 600,000-line router once seeded.
     * 25 MiB per router was too little while a second controller seeded them (C1 {@code --state
     * both} with 8 routers ran out of its 912 MiB on 2026-12-07, 4 routers fit), so routers get
     * 60 MiB each.
     */
    public static double heapPerDeviceMib(final int configLines) {
        return 1.0 + configLines / 10_000.0;
    }

    /** The share of physical memory all simulator heaps together may take; the rest is the controller's and JMeter's. */
    static final double MEMORY_SHARE = 0.6;

    /** Used heap of all simulator JVMs after a full GC, in KiB (their own JDK's jcmd). */
    public long heapAfterFullGcKib() throws IOException, InterruptedException {
        long total = 0;
        for (ManagedProcess process : processes) {
            total += JvmMonitor.heapAfterFullGcKib(java.resolveSibling("jcmd"), process.pid());
        }
        return total;
    }

    /** Whether every simulator JVM is still running. */
    public boolean allAlive() {
        return processes.stream().allMatch(ManagedProcess::isAlive);
    }

    @Override
    public void close() {
        processes.forEach(ManagedProcess::close);
    }

    @Override
    public String toString() {
        return devices.size() + " simulated devices in " + processes.size() + " JVM(s)";
    }
}
