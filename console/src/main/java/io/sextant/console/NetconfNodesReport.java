package io.sextant.console;

import io.sextant.southbound.netconf.NodeStatus;
import io.sextant.southbound.netconf.UnavailableCapability;
import org.eclipse.jdt.annotation.Nullable;

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
        line(sb, "Last error:        ", node.connectedMessage());
        if (node.failedAttempts() > 0) {
            sb.append("Failed attempts:   ").append(node.failedAttempts()).append('\n');
        }
        line(sb, "Session id:        ", node.sessionId());
        line(sb, "Schema context:    ", node.schemaContextId());
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

    private static void line(final StringBuilder sb, final String label, final @Nullable Object value) {
        if (value != null) {
            sb.append(label).append(value).append('\n');
        }
    }
}
