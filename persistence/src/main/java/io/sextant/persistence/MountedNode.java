package io.sextant.persistence;

import java.util.Comparator;
import java.util.Objects;

/**
 * A mounted node: the unit of device ownership among controller instances (one lease each).
 * Ordered by topology, then node id (the order claims take nodes in).
 */
public record MountedNode(String topologyId, String nodeId) implements Comparable<MountedNode> {
    private static final Comparator<MountedNode> ORDER = Comparator.comparing(MountedNode::topologyId)
        .thenComparing(MountedNode::nodeId);

    public MountedNode {
        Objects.requireNonNull(topologyId, "topologyId");
        Objects.requireNonNull(nodeId, "nodeId");
    }

    @Override
    public int compareTo(final MountedNode other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return topologyId + "/" + nodeId;
    }
}
