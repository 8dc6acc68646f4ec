package io.sextant.persistence;

import java.time.Duration;

/**
 * How long leases last and how often they are renewed.
 *
 * @param ttl how long a heartbeat keeps an instance registered and its leases held, on the
 *     database's clock; after that another instance may retire it and claim its nodes
 * @param heartbeatInterval how often an instance renews (and claims its share)
 * @param margin how much earlier than the database an instance gives its leases up, by its own
 *     monotonic clock: it covers the time between a check ({@link NodeOwnership#owns}) and the
 *     device action it guards, and the two clocks' drift over one {@code ttl}
 */
public record LeaseTimings(Duration ttl, Duration heartbeatInterval, Duration margin) {
    /** 6 s leases renewed every 2 s, given up 1 s early: a dead instance's nodes are claimable 6 s after its last heartbeat. */
    public static final LeaseTimings DEFAULT = new LeaseTimings(Duration.ofSeconds(6), Duration.ofSeconds(2),
        Duration.ofSeconds(1));

    public LeaseTimings {
        if (margin.isNegative() || margin.isZero() || margin.compareTo(ttl) >= 0) {
            throw new IllegalArgumentException("the margin (" + margin + ") must be above zero and below the lease "
                + "time (" + ttl + ")");
        }
        if (heartbeatInterval.isNegative() || heartbeatInterval.isZero()
                || heartbeatInterval.compareTo(ttl.minus(margin)) >= 0) {
            throw new IllegalArgumentException("the heartbeat interval (" + heartbeatInterval + ") must be above zero "
                + "and below the lease time minus the margin (" + ttl.minus(margin) + "), or leases lapse between "
                + "heartbeats");
        }
    }

    /** How long after sending a heartbeat or claim its owner may rely on what it renewed or won. */
    public Duration validity() {
        return ttl.minus(margin);
    }
}
