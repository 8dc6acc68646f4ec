package io.sextant.perf.run;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PortsTest {
    @Test
    void theEphemeralRangeIsReadWholeFromProcfs() {
        // Linux keeps it at 1024 or above; a truncated read of "32768\t60999" once gave 3
        assertTrue(Ports.ephemeralLow() >= 1024, "ephemeral range starts at " + Ports.ephemeralLow());
    }

    @Test
    void freePortsAreSpreadBelowTheEphemeralRangeNotAlwaysTheLowest() throws Exception {
        final Set<Integer> ports = new HashSet<>();
        for (int i = 0; i < 5; i++) {
            final int port = Ports.free("127.0.0.1");
            assertTrue(port >= 10_000 && port < Ports.ephemeralLow(), "port " + port);
            ports.add(port);
        }
        assertNotEquals(1, ports.size(), "five picks gave the same port " + ports);
    }
}
