package io.sextant.persistence;

import java.util.Objects;
import java.util.UUID;

/**
 * One run of a controller instance: its id, and a token fresh for every start. Only the
 * incarnation that registered an id renews it and its leases while it is live; another one
 * (a second process configured with the same id, or a restart before the old registration
 * expired) is refused until the registration expires, and then claims the nodes anew.
 */
public record Incarnation(String instanceId, String token) {
    public Incarnation {
        Objects.requireNonNull(instanceId, "instanceId");
        Objects.requireNonNull(token, "token");
        if (instanceId.isBlank()) {
            throw new IllegalArgumentException("an instance id cannot be blank");
        }
    }

    /** A new incarnation of {@code instanceId}. */
    public static Incarnation fresh(final String instanceId) {
        return new Incarnation(instanceId, UUID.randomUUID().toString());
    }

    @Override
    public String toString() {
        return instanceId;
    }
}
