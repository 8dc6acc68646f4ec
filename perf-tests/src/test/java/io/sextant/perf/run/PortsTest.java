package io.sextant.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class PortsTest {
    private static final Path RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");

    /** The controller's port and its console's SSH port were both 10000 when this read "3". */
    @Test
    void ephemeralRangeStartIsTheKernelsWholeNumber() throws Exception {
        final Process cat = new ProcessBuilder("cat", RANGE.toString()).start();
        final String text = new String(cat.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        assertEquals(0, cat.waitFor());
        assertEquals(Integer.parseInt(text.trim().split("\\s+")[0]), Ports.ephemeralLow());
    }
}
