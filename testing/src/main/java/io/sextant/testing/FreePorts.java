package io.sextant.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Free TCP ports chosen at run time, never fixed numbers. A port found free may still be taken by
 * someone else before it is used; launchers retry with a new choice when their process cannot bind.
 */
public final class FreePorts {
    private static final int LOWEST = 20_000;
    private static final int HIGHEST = 60_000;

    private FreePorts() {
    }

    /**
     * One free port for a server to listen on: below the kernel's range of ephemeral ports when
     * there is room, so that no outgoing connection is given it between this choice and the
     * server's bind (a server process binds seconds later). Chosen from that range, a Karaf started
     * beside thousands of device connections lost its SSH port to one of them ("Address already
     * in use").
     */
    public static int one() {
        final int below = ephemeralLow();
        if (below - LOWEST > 1_000) {
            final ThreadLocalRandom random = ThreadLocalRandom.current();
            for (int attempt = 0; attempt < 500; attempt++) {
                final int port = LOWEST + random.nextInt(below - LOWEST);
                if (isFree(port)) {
                    return port;
                }
            }
        }
        return assigned();
    }

    /** A free port on the loopback interface as the kernel assigns it (in its ephemeral range). */
    private static int assigned() {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("No free port", e);
        }
    }

    /** The lowest ephemeral port (Linux; 32768, its default, when it cannot be read). */
    private static int ephemeralLow() {
        try {
            // readAllLines: readString stops at the size procfs reports for its files (the first byte or none)
            final String range = Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).get(0).trim();
            return Integer.parseInt(range.split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return 32_768;
        }
    }

    /**
     * The first of {@code count} consecutive free ports, for tools that take a starting port (the
     * NETCONF test tool opens one port per simulated device): below the kernel's range of ephemeral
     * ports when they fit there with room to spare, for the reason {@link #one()} gives (a device
     * port taken by an outgoing connection before the tool binds it fails that device).
     */
    public static int range(final int count) {
        if (count < 1 || count > HIGHEST - LOWEST) {
            throw new IllegalArgumentException("Cannot find " + count + " consecutive ports");
        }
        final int below = ephemeralLow();
        final int highest = below - LOWEST > count + 1_000 ? below : HIGHEST;
        final ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int attempt = 0; attempt < 500; attempt++) {
            final int first = LOWEST + random.nextInt(highest - LOWEST - count);
            if (allFree(first, count)) {
                return first;
            }
        }
        throw new IllegalStateException("No " + count + " consecutive free ports between " + LOWEST + " and "
            + highest);
    }

    private static boolean allFree(final int first, final int count) {
        for (int port = first; port < first + count; port++) {
            if (!isFree(port)) {
                return false;
            }
        }
        return true;
    }

    /** Whether nothing listens on {@code port} (any address) and it can be bound now. */
    public static boolean isFree(final int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress(port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether something accepts TCP connections on {@code host:port}. */
    public static boolean accepts(final String host, final int port, final Duration timeout) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), (int) timeout.toMillis());
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
