package io.sextant.persistence;

import java.util.List;

/**
 * Which nodes this controller instance owns now: the check every device action makes first.
 *
 * <p>The fencing rule: before acting on a node's device (opening its session, sending it an
 * edit or a commit), the caller checks {@code owns(node, epoch)} with the epoch it got when the
 * lease was won; when that is false it must not act, and a session it keeps for the node must be
 * closed. An instance that lost a lease (expired while it could not reach the database, taken
 * over, released) can never pass the check with its old epoch again, even when it wins the node
 * back later: a new claim has a new epoch.
 */
public interface NodeOwnership {

    /** Whether this instance holds {@code node}'s lease in term {@code epoch}, valid by its own clock now. */
    boolean owns(MountedNode node, long epoch);

    /** The leases held now (valid by this instance's clock), in node order. */
    List<Lease> owned();
}
