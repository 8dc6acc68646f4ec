package io.sextant.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PortsTest {

    @Test
    void ephemeralRangeStartIsReadFromTheKernel() throws Exception {
        final String range = Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).get(0);
        assertEquals(Integer.parseInt(range.trim().split("\\s+")[0]), Ports.ephemeralLow(), range);
    }

    @Test
    void portsPickedBeforeAnyoneBindsThemAreAllDifferent() throws Exception {
        final Set<Integer> ports = new HashSet<>();
        for (int i = 0; i < 20; i++) {
            final int port = Ports.free("127.0.0.1");
            assertTrue(port >= 10_000 && port < Ports.ephemeralLow(), "below the ephemeral range: " + port);
            assertTrue(ports.add(port), "port " + port + " handed out twice");
        }
        final int block = Ports.freeBlock("127.0.0.1", 50);
        for (int port = block; port < block + 50; port++) {
            assertTrue(!ports.contains(port), "block overlaps a single port handed out before: " + port);
        }
    }
}
