package io.sextant.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A port (or a range of them) chosen for a server to bind later lies below the kernel's ephemeral
 * ports, where no outgoing connection can be given it before the server binds it, and can be bound.
 */
class FreePortsTest {

    private static int ephemeralLow() throws IOException {
        return Integer.parseInt(Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).get(0).trim()
            .split("\\s+")[0]);
    }

    @Test
    void aRangeOfPortsForTheTestToolIsBelowTheEphemeralRangeAndFree() throws IOException {
        final int ephemeralLow = ephemeralLow();
        for (int i = 0; i < 20; i++) {
            final int first = FreePorts.range(200);
            assertTrue(first + 200 <= ephemeralLow, () -> first + "-" + (first + 199) + " reaches the ephemeral range from "
                + ephemeralLow);
            for (int port = first; port < first + 200; port++) {
                assertTrue(FreePorts.isFree(port), "port " + port);
            }
        }
    }

    @Test
    void aPortForAServerIsBelowTheEphemeralRangeAndCanBeBound() throws IOException {
        final int ephemeralLow = ephemeralLow();
        for (int i = 0; i < 20; i++) {
            final int port = FreePorts.one();
            assertTrue(port < ephemeralLow, () -> port + " is in the ephemeral range from " + ephemeralLow);
            try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                assertTrue(socket.isBound());
            }
        }
    }
}
