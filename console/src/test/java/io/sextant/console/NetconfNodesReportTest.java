package io.sextant.console;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.southbound.netconf.ConnectionStatus;
import io.sextant.southbound.netconf.NodeStatus;
import io.sextant.southbound.netconf.UnavailableCapability;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class NetconfNodesReportTest {
    private static final Instant SINCE = Instant.parse("2024-11-01T10:00:00Z");

    private static NodeStatus connected(final String id) {
        return new NodeStatus(id, ConnectionStatus.CONNECTED, null,
            Set.of("urn:ietf:params:netconf:base:1.1", "urn:x?module=x&revision=2024-01-01"),
            List.of(new UnavailableCapability("urn:y?module=y", UnavailableCapability.Reason.MISSING_SOURCE,
                "No source for y")), "abc123", 7L, 0, SINCE);
    }

    private static NodeStatus failing(final String id) {
        return new NodeStatus(id, ConnectionStatus.UNABLE_TO_CONNECT, "Cannot connect: Connection refused",
            Set.of(), List.of(), null, null, 3, SINCE);
    }

    @Test
    void statusShowsSessionSchemaAndCapabilitiesWithReasons() {
        final String status = NetconfNodesReport.status(connected("r1"));
        assertTrue(status.contains("Status:            connected"), status);
        assertTrue(status.contains("Session id:        7"), status);
        assertTrue(status.contains("Schema context:    abc123"), status);
        assertTrue(status.contains("Available capabilities (2)"), status);
        assertTrue(status.contains("missing-source: No source for y"), status);
        final String failed = NetconfNodesReport.status(failing("r2"));
        assertTrue(failed.contains("Last error:        Cannot connect: Connection refused"), failed);
        assertTrue(failed.contains("Failed attempts:   3"), failed);
    }
}
