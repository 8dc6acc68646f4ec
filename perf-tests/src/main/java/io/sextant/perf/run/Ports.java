package io.sextant.perf.run;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Free listening ports for the controller and the simulated devices, taken below the kernel's
 * ephemeral range. A port the kernel hands out for "any free port" (bind to 0) is an ephemeral
 * one: between checking it and the controller binding it seconds later, an outgoing connection
 * on the machine may take it (this happened: Karaf failed with "Address already in use").
 * A port handed out once is never handed out again by this process, even before its user binds it
 * (the controller's RESTCONF port and its console port are picked one after the other).
 */
final class Ports {
    private static final int LOWEST = 10_000;
    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private Ports() {
    }

    /** One free port on {@code host}. */
    static int free(final String host) throws IOException {
        return freeBlock(host, 1);
    }

    /** A random block of {@code size} consecutive ports, all free on {@code host}. */
    static synchronized int freeBlock(final String host, final int size) throws IOException {
        final InetAddress address = InetAddress.getByName(host);
        final int highest = ephemeralLow() - size;
        for (int attempt = 0; attempt < 100; attempt++) {
            final int base = ThreadLocalRandom.current().nextInt(LOWEST, Math.max(LOWEST + 1, highest));
            if (notHandedOut(base, size) && allFree(address, base, size)) {
                for (int port = base; port < base + size; port++) {
                    HANDED_OUT.add(port);
                }
                return base;
            }
        }
        throw new IOException("no block of " + size + " free ports on " + host + " between " + LOWEST + " and "
            + ephemeralLow());
    }

    /**
     * The first port of the kernel's ephemeral range (net.ipv4.ip_local_port_range), 32768 if unknown.
     * Read line by line: {@code Files.readString} returns only the first byte of a /proc file on
     * Java 17 (the file reports size 0), which made every port 10000.
     */
    static int ephemeralLow() {
        try {
            final List<String> lines = Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range"));
            final int low = Integer.parseInt(lines.get(0).trim().split("\\s+")[0]);
            return low > LOWEST + 1_000 ? low : 32_768;
        } catch (IOException | RuntimeException e) {
            return 32_768;
        }
    }

    private static boolean notHandedOut(final int base, final int size) {
        for (int port = base; port < base + size; port++) {
            if (HANDED_OUT.contains(port)) {
                return false;
            }
        }
        return true;
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
