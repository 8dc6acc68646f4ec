package io.sextant.persistence;

/**
 * A node's lease as its owner holds it.
 *
 * @param epoch the fencing epoch: it grows on every change of owner, so it names this term of
 *     ownership; see {@link NodeOwnership#owns}
 */
public record Lease(MountedNode node, long epoch) {
}
