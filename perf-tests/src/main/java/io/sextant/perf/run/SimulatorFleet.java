package io.sextant.perf.run;

import io.sextant.perf.config.ConfigGenerator;
import io.sextant.perf.config.DeviceModels;
import io.sextant.perf.config.DeviceProfile;
import io.sextant.perf.config.GeneratedConfig;
import io.sextant.perf.run.DeviceFleet.Device;
import io.sextant.perf.run.Options.Transport;
import io.sextant.simulator.SimulatorMain;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Simulated NETCONF devices of the project's own simulator (module {@code simulator},
 * {@link SimulatorMain}): JVMs on the harness's JDK and class path, each with up to
 * {@code perProcess} devices on its own loopback address and a block of free ports, all devices of a
 * JVM sharing its schema, host key, event loops and base configuration. Same addresses, ports,
 * credentials (admin/admin) and device ids as the test tool's fleet.
 */
final class SimulatorFleet {
    private static final Pattern READY = Pattern.compile(Pattern.quote(SimulatorMain.READY));

    private SimulatorFleet() {
    }

    static DeviceFleet start(final RunContext run, final int firstIndex, final int count, final Transport transport,
            final int perProcess, final int baseLines) throws IOException, InterruptedException {
        // a connected device holds two sockets in its simulator JVM (listener and session), which
        // inherits this process's open-files limit
        final long maxFiles = SimulatorMain.maxOpenFiles();
        if (2L * Math.min(perProcess, count) + SimulatorMain.RESERVED_FILES > maxFiles) {
            throw new IOException(String.format("%,d devices per simulator JVM need %,d open files once connected, "
                + "but the limit here is %,d (ulimit -n): use --devices-per-process %,d or less", Math.min(perProcess,
                count), 2L * Math.min(perProcess, count) + SimulatorMain.RESERVED_FILES, maxFiles,
                (maxFiles - SimulatorMain.RESERVED_FILES) / 2));
        }
        final List<String> base = baseLines > 0 ? writeBase(run.outputDir(), baseLines) : List.of();
        final Path java = PerfHome.currentJava();
        final List<ManagedProcess> processes = new ArrayList<>();
        final List<Device> devices = new ArrayList<>();
        final long started = System.nanoTime();
        int index = firstIndex;
        for (int offset = 0; offset < count; offset += perProcess) {
            final int size = Math.min(perProcess, count - offset);
            final int group = (firstIndex + offset) / perProcess;
            final String host = "127.0." + (100 + group / 250) + "." + (1 + group % 250);
            final int port = Ports.freeBlock(host, size);
            final long heapMib = heapMib(size, baseLines);
            final List<String> command = new ArrayList<>(List.of(java.toString(), "-Xmx" + heapMib + "m",
                "-XX:+UseG1GC", "-XX:+ExitOnOutOfMemoryError", "-cp", run.home().classpath(),
                SimulatorMain.class.getName(), "--devices", Integer.toString(size), "--host", host,
                "--port", Integer.toString(port), "--ssh", Boolean.toString(transport == Transport.SSH),
                "--models", String.join(",", DeviceModels.MODULES), "--mandatory", "false", "--threads", "2"));
            for (String file : base) {
                command.add("--config");
                command.add(file);
            }
            final String name = "devices-" + group;
            run.log("devices: starting %d %s devices of the sextant simulator on %s:%d-%d (%s, -Xmx%dm)", size,
                transport, host, port, port + size - 1, name, heapMib);
            processes.add(run.own(ManagedProcess.start(name, command, Map.of(), run.outputDir(),
                run.outputDir().resolve(name + ".log"), Duration.ofSeconds(15))));
            for (int i = 0; i < size; i++) {
                devices.add(new Device(String.format("dev-%05d", index++), host, port + i));
            }
        }
        for (ManagedProcess process : processes) {
            process.awaitLog(READY, Duration.ofMinutes(10));
        }
        run.log("devices: %d listening after %.1f s in %d simulator JVM(s)", devices.size(),
            (System.nanoTime() - started) / 1e9, processes.size());
        return run.own(new DeviceFleet(processes, devices, java));
    }

    /**
     * Simulator heap: 256 MiB (schema, codecs, the base configuration) plus 0.15 MiB per device for a
     * connected session with its buffers; a device's own data is only what it changed.
     */
    static long heapMib(final int devices, final int baseLines) {
        return 256 + baseLines / 1_000 + Math.round(devices * 0.15);
    }

    /** The generated CPE configuration every device starts with, one file per top-level container. */
    private static List<String> writeBase(final Path dir, final int lines) throws IOException {
        final GeneratedConfig config = ConfigGenerator.generate(DeviceProfile.CPE, 1, lines);
        final List<String> files = new ArrayList<>();
        int i = 0;
        for (String part : config.parts().values()) {
            final Path file = dir.resolve("simulator-base-" + i++ + ".json");
            Files.writeString(file, part, StandardCharsets.UTF_8);
            files.add(file.toString());
        }
        return files;
    }
}
