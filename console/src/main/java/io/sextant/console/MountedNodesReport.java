package io.sextant.console;

import io.sextant.spi.MountedNode;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/** The text of {@code sextant:node-list}, and of {@code sextant:node-status} for a node that is not NETCONF. */
public final class MountedNodesReport {
    private MountedNodesReport() {
    }

    /** One line per node, sorted by id: id, protocol over transport, address, status, message. */
    public static String list(final Collection<MountedNode> nodes) {
        if (nodes.isEmpty()) {
            return "No nodes are mounted.\n";
        }
        final List<MountedNode> sorted = nodes.stream()
            .sorted(Comparator.comparing(MountedNode::nodeId).thenComparing(MountedNode::protocol)).toList();
        final String format = "%-" + width(sorted.stream().map(MountedNode::nodeId).toList(), "Node id") + "s  %-"
            + width(sorted.stream().map(MountedNodesReport::protocol).toList(), "Protocol") + "s  %-"
            + width(sorted.stream().map(MountedNode::address).toList(), "Address") + "s  %-17s  %s";
        final StringBuilder sb = new StringBuilder();
        sb.append(String.format(format, "Node id", "Protocol", "Address", "Status", "Message").stripTrailing())
            .append('\n');
        for (MountedNode node : sorted) {
            sb.append(String.format(format, node.nodeId(), protocol(node), node.address(), node.status(),
                node.message()).stripTrailing()).append('\n');
        }
        final long connected = sorted.stream().filter(MountedNode::isConnected).count();
        sb.append(sorted.size()).append(sorted.size() == 1 ? " node, " : " nodes, ").append(connected)
            .append(" connected\n");
        return sb.toString();
    }

    /** What is known about a node of any protocol. */
    public static String status(final MountedNode node) {
        final StringBuilder sb = new StringBuilder();
        sb.append("Node:              ").append(node.nodeId()).append('\n');
        sb.append("Protocol:          ").append(protocol(node)).append('\n');
        sb.append("Address:           ").append(node.address()).append('\n');
        sb.append("Status:            ").append(node.status()).append('\n');
        if (!node.message().isEmpty()) {
            sb.append("Message:           ").append(node.message()).append('\n');
        }
        return sb.toString();
    }

    /** {@code netconf/ssh}, {@code cli/telnet}, ... */
    private static String protocol(final MountedNode node) {
        return node.protocol() + "/" + node.transport();
    }

    private static int width(final List<String> values, final String heading) {
        return Math.max(heading.length(), values.stream().mapToInt(String::length).max().orElse(0));
    }
}
