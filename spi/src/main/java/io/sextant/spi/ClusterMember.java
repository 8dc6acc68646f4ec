package io.sextant.spi;

import java.time.Instant;

/**
 * A controller instance sharing the database, as {@code sextant:status} shows it: times are the
 * database's clock.
 *
 * @param address where its RESTCONF server listens, empty when unknown
 * @param live whether its registration has not expired
 * @param ownedNodes how many nodes it owns now
 */
public record ClusterMember(String instanceId, String address, Instant startedAt, Instant heartbeatAt,
        Instant expiresAt, boolean live, int ownedNodes) {
}
