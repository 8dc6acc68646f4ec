package io.sextant.persistence;

import java.time.Instant;

/**
 * A registered controller instance, for status: times are the database's clock.
 *
 * @param live whether its registration has not expired
 * @param ownedNodes how many leases it holds now
 */
public record ControllerInstance(String instanceId, String address, Instant startedAt, Instant heartbeatAt,
        Instant expiresAt, boolean live, int ownedNodes) {
}
