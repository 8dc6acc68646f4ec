package io.sextant.persistence;

/**
 * The live controller instance holding a node's lease: the one connecting the node's device.
 *
 * @param instanceId its id
 * @param address where operators and other instances reach it (host:port)
 */
public record LeaseHolder(String instanceId, String address) {
}
