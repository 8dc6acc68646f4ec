package io.sextant.southbound.netconf;

/**
 * Told when mounted devices connect and disconnect. Calls come from the controller's worker
 * threads, one node's events in order; listeners must not block.
 */
public interface NetconfDeviceListener {

    /** The node's session is up and its schema resolved; {@code session} is ready to use. */
    void onConnected(NetconfDeviceSession session);

    /** The node's session went down (it reconnects unless {@code removed}). */
    void onDisconnected(String nodeId, boolean removed);
}
