package io.sextant.southbound.netconf;

/** The {@code connection-status} of a mounted node, as netconf-node-topology names it. */
public enum ConnectionStatus {
    /** Connecting, or reconnecting after the session went down. */
    CONNECTING("connecting"),
    /** The session is up and the device schema is resolved. */
    CONNECTED("connected"),
    /** Gave up: every allowed connection attempt failed. */
    UNABLE_TO_CONNECT("unable-to-connect");

    private final String yangName;

    ConnectionStatus(final String yangName) {
        this.yangName = yangName;
    }

    /** The enum value in the YANG model. */
    public String yangName() {
        return yangName;
    }
}
