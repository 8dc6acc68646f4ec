package io.sextant.console;

import io.sextant.southbound.netconf.NodeStatus;
import io.sextant.southbound.netconf.UnavailableCapability;

/** The text of {@code sextant:node-status} for a NETCONF node. */
public final class NetconfNodesReport {
    private NetconfNodesReport() {
    }

    /** Everything known about one NETCONF node. */
    public static String status(final NodeStatus node) {
        final StringBuilder sb = new StringBuilder();
        sb.append("Node:              ").append(node.nodeId()).append('\n');
        sb.append("Status:            ").append(node.status().yangName()).append(" (since ").append(node.since())
            .append(")\n");
        node.connectedMessage().ifPresent(m -> sb.append("Last error:        ").append(m).append('\n'));
        if (node.failedAttempts() > 0) {
            sb.append("Failed attempts:   ").append(node.failedAttempts()).append('\n');
        }
        node.sessionId().ifPresent(id -> sb.append("Session id:        ").append(id).append('\n'));
        node.schemaContextId().ifPresent(id -> sb.append("Schema context:    ").append(id).append('\n'));
        if (!node.availableCapabilities().isEmpty()) {
            sb.append("Available capabilities (").append(node.availableCapabilities().size()).append("):\n");
            node.availableCapabilities().stream().sorted().forEach(c -> sb.append("  ").append(c).append('\n'));
        }
        if (!node.unavailableCapabilities().isEmpty()) {
            sb.append("Unavailable capabilities (").append(node.unavailableCapabilities().size()).append("):\n");
            for (UnavailableCapability c : node.unavailableCapabilities()) {
                sb.append("  ").append(c.capability()).append("\n    ").append(c.reason().yangName()).append(": ")
                    .append(c.detail()).append('\n');
            }
        }
        return sb.toString();
    }
}
