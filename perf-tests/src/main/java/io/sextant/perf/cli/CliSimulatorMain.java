package io.sextant.perf.cli;

import io.sextant.testing.cli.CliDeviceSimulator;
import io.sextant.testing.cli.SimulatedDevice;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * The CLI device simulator as a process of its own, for scale runs: {@code --devices N} simulated
 * IOS 15 CPEs ({@link IosCpeConfig}) in one {@link CliDeviceSimulator} (one SSH server, one port per
 * device on 127.0.0.1). Once every device listens, it writes {@code --out FILE} (one line per device,
 * in device order: {@code host,port}) and prints {@link #READY}; it runs until it is terminated.
 *
 * <pre>
 * java -cp ... io.sextant.perf.cli.CliSimulatorMain --devices 1000 --out devices.csv \
 *   [--username admin --password admin]
 * </pre>
 */
public final class CliSimulatorMain {
    /** Printed (followed by the device count) once the device file is written. */
    public static final String READY = "CLI simulator ready:";

    private CliSimulatorMain() {
    }

    public static void main(final String[] args) throws IOException, InterruptedException {
        int devices = 1;
        Path out = null;
        String username = "admin";
        String password = "admin";
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--devices" -> devices = Integer.parseInt(args[i + 1]);
                case "--out" -> out = Path.of(args[i + 1]);
                case "--username" -> username = args[i + 1];
                case "--password" -> password = args[i + 1];
                default -> {
                    System.err.println("unknown option " + args[i]);
                    System.exit(2);
                }
            }
        }
        if (out == null || devices < 1 || args.length % 2 != 0) {
            System.err.println("usage: CliSimulatorMain --devices N --out FILE [--username U --password P]");
            System.exit(2);
            return;
        }
        final long start = System.nanoTime();
        final CliDeviceSimulator simulator = CliDeviceSimulator.builder().devices(devices)
            .credentials(username, password).hostnamePrefix("CPE").initialConfig(i -> IosCpeConfig.of(i + 1))
            .start();
        final CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            simulator.close();
            stopped.countDown();
        }, "cli-simulator-stop"));
        final List<String> lines = new ArrayList<>(devices);
        for (SimulatedDevice device : simulator.devices()) {
            lines.add(device.host() + "," + device.port());
        }
        // written under another name first, so that a reader never sees half a file
        final Path partial = out.resolveSibling(out.getFileName() + ".partial");
        Files.write(partial, lines);
        Files.move(partial, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        System.out.printf("%s %d devices listening after %.1f s, ports in %s%n", READY, devices,
            (System.nanoTime() - start) / 1e9, out);
        System.out.flush();
        stopped.await();
    }
}
