package io.sextant.southbound.cli.topology;

/** Told when mounted CLI devices connect and disconnect. Called on the topology's thread; be quick. */
public interface CliConnectionListener {

    /** The device connected (first time or after a reconnect, then with a new session). */
    void connected(CliConnection device);

    /** The device's session is gone: lost (a reconnect may follow) or unmounted. */
    void disconnected(String nodeId);

    /**
     * Commands sent to the device on a user's behalf, outside the node's intent (raw CLI with
     * configuration mode allowed), may have changed its configuration.
     */
    default void configurationTouched(final String nodeId) {
        // most listeners only follow sessions
    }
}
