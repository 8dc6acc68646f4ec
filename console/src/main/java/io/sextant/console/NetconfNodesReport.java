package io.sextant.console;

import io.sextant.southbound.netconf.NodeStatus;
import io.sextant.southbound.netconf.UnavailableCapability;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/** The text of {@code sextant:node-list} and {@code sextant:node-status}. */
public final class NetconfNodesReport {
    private NetconfNodesReport() {
    }

    /** One line per node: id, status, last error. */
    public static String list(final Collection<NodeStatus> nodes) {
        if (nodes.isEmpty()) {
            return "No NETCONF nodes are mounted.\n";
        }
        final List<NodeStatus> sorted = nodes.stream().sorted(Comparator.comparing(NodeStatus::nodeId)).toList();
        final int width = Math.max(7, sorted.stream().mapToInt(n -> n.nodeId().length()).max().orElse(0));
        final StringBuilder sb = new StringBuilder(String.format("%-" + width + "s  %-17s  %s%n", "Node id", "Status",
            "Message"));
        for (NodeStatus node : sorted) {
            sb.append(String.format("%-" + width + "s  %-17s  %s%n", node.nodeId(), node.status().yangName(),
                node.connectedMessage().orElse("")));
        }
        final long connected = sorted.stream().filter(NodeStatus::isConnected).count();
        sb.append(sorted.size()).append(" nodes, ").append(connected).append(" connected\n");
        return sb.toString();
    }

    /** Everything known about one node. */
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
