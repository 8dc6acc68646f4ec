package io.sextant.datastore.service;

/** Implemented by each southbound: how many devices it has mounted, and how many are connected. */
public interface MountedNodes {

    int mountedNodes();

    int connectedNodes();

    /** Distinct device schema contexts in use now (0 for a southbound that builds none). */
    default int schemaContexts() {
        return 0;
    }

    /** Device schema contexts built since start. */
    default long schemaContextsBuilt() {
        return 0;
    }
}
