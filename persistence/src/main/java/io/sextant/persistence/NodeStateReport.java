package io.sextant.persistence;

import java.time.Instant;

/**
 * A node's connection state as the controller instance connecting its device reported it
 * ({@link NodeStates}).
 *
 * @param status the topology's own word (connecting, connected, unable-to-connect)
 * @param reported when the report was written
 */
public record NodeStateReport(String topologyId, String nodeId, String status, Instant reported) {
}
