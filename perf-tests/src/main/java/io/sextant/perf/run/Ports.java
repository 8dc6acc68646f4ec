package io.sextant.perf.run;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Free listening ports for the controller and the simulated devices, taken below the kernel's
 * ephemeral range. A port the kernel hands out for "any free port" (bind to 0) is an ephemeral
 * one: between checking it and the controller binding it seconds later, an outgoing connection
 * on the machine may take it (this happened: Karaf failed with "Address already in use").
 */
final class Ports {
    private static final int LOWEST = 10_000;

    private Ports() {
    }

    /** One free port on {@code host}. */
    static int free(final String host) throws IOException {
        return freeBlock(host, 1);
    }

    /** A random block of {@code size} consecutive ports, all free on {@code host}. */
    static int freeBlock(final String host, final int size) throws IOException {
        final InetAddress address = InetAddress.getByName(host);
        final int highest = ephemeralLow() - size;
        for (int attempt = 0; attempt < 100; attempt++) {
            final int base = ThreadLocalRandom.current().nextInt(LOWEST, Math.max(LOWEST + 1, highest));
            if (allFree(address, base, size)) {
                return base;
            }
        }
        throw new IOException("no block of " + size + " free ports on " + host + " between " + LOWEST + " and "
            + ephemeralLow());
    }

    /** The first port of the kernel's ephemeral range (net.ipv4.ip_local_port_range), 32768 if unknown. */
    static int ephemeralLow() {
        try {
            // not Files.readString: procfs reports a size of 0, and readString then returned "3" of "32768\t60999"
            return Integer.parseInt(Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).get(0).trim()
                .split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return 32_768;
        }
    }

    private static boolean allFree(final InetAddress address, final int base, final int size) {
        for (int port = base; port < base + size; port++) {
            try (ServerSocket socket = new ServerSocket()) {
                socket.setReuseAddress(true);
                socket.bind(new InetSocketAddress(address, port));
            } catch (IOException e) {
                return false;
            }
        }
        return true;
    }
}
