package io.sextant.spi;

import java.util.List;

/** Implemented by each southbound: how many devices it has mounted, and how many are connected. */
public interface MountedNodes {

    /** The protocol its nodes are mounted with ({@code netconf}, {@code cli}): the metrics' {@code protocol} label. */
    default String protocol() {
        return "other";
    }

    int mountedNodes();

    int connectedNodes();

    /** Every node this southbound has mounted, connected or not. */
    List<MountedNode> nodes();

    /** Distinct device schema contexts in use now (0 for a southbound that builds none). */
    default int schemaContexts() {
        return 0;
    }

    /** Device schema contexts built since start. */
    default long schemaContextsBuilt() {
        return 0;
    }

    /** Mounted devices waiting for their turn to set up a session (0 for a southbound without a limit). */
    default int setupsWaiting() {
        return 0;
    }
}
