package io.sextant.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A port chosen for a server to bind later lies below the kernel's ephemeral ports, where no
 * outgoing connection can be given it before the server binds it, and can be bound.
 */
class FreePortsTest {

    @Test
    void aPortForAServerIsBelowTheEphemeralRangeAndCanBeBound() throws IOException {
        final int ephemeralLow = Integer.parseInt(Files.readAllLines(
            Path.of("/proc/sys/net/ipv4/ip_local_port_range")).get(0).trim().split("\\s+")[0]);
        for (int i = 0; i < 20; i++) {
            final int port = FreePorts.one();
            assertTrue(port < ephemeralLow, () -> port + " is in the ephemeral range from " + ephemeralLow);
            try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                assertTrue(socket.isBound());
            }
        }
    }
}
