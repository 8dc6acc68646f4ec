package io.sextant.datastore.service;

/** Implemented by each southbound: how many devices it has mounted, and how many are connected. */
public interface MountedNodes {

    int mountedNodes();

    int connectedNodes();
}
