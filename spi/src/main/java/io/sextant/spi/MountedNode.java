package io.sextant.spi;

/**
 * One node a southbound has mounted, whatever its protocol: what {@code sextant:node-list} shows.
 *
 * @param nodeId the node's id in its topology
 * @param protocol how the controller manages the device: {@code netconf} or {@code cli}
 * @param transport what carries the protocol: {@code ssh}, {@code tcp} or {@code telnet}
 * @param host the device's address
 * @param port the device's port
 * @param status {@code connecting}, {@code connected} or {@code unable-to-connect}
 * @param message the last connection error, or what the connection found; empty when there is none
 */
public record MountedNode(String nodeId, String protocol, String transport, String host, int port, String status,
        String message) {
    /** The {@code status} of a node whose session is up. */
    public static final String CONNECTED = "connected";

    public boolean isConnected() {
        return CONNECTED.equals(status);
    }

    /** {@code host:port}, with an IPv6 address in brackets. */
    public String address() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }
}
