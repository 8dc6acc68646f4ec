package io.sextant.persistence;

/**
 * A live controller instance that holds what a request needs: a node's lease (it connects the
 * node's device), or a gated commit it runs and waits to have decided.
 *
 * @param instanceId its id
 * @param address where operators and other instances reach it (host:port)
 */
public record LeaseHolder(String instanceId, String address) {
}
