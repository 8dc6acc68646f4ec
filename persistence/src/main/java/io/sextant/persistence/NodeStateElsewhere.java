package io.sextant.persistence;

import org.eclipse.jdt.annotation.Nullable;

/**
 * A node whose device this controller instance does not connect, with the connection state the
 * live instance holding it last reported.
 *
 * @param holderOrNull the live instance holding the node's lease; null when none does now (its
 *     holder died or left and no instance has taken the node over yet, or none has claimed it since
 *     it was mounted)
 * @param statusOrNull the connection status the holder reported (the topology's own words, for
 *     example {@code connected}); null when it has reported none since it took the node
 * @param message the message it reported with the status (empty for none)
 */
public record NodeStateElsewhere(String nodeId, @Nullable LeaseHolder holderOrNull, @Nullable String statusOrNull,
        String message) {

    /** The connection status to show: the holder's, or {@code connecting} while it reported none. */
    public String status(final String connecting) {
        return statusOrNull != null ? statusOrNull : connecting;
    }

    /** The connected-message to show: the holder's with who it is, or why no instance connects the node. */
    public String describe() {
        final LeaseHolder holder = holderOrNull;
        if (holder == null) {
            return "No controller instance holds the node now: one takes it over within seconds";
        }
        final String held = "held by controller instance " + holder.instanceId() + " (" + holder.address() + ")";
        return message.isEmpty() ? "Connection " + held : message + " (" + held + ")";
    }
}
