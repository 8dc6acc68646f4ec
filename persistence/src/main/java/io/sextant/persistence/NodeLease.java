package io.sextant.persistence;

import java.time.Instant;
import org.eclipse.jdt.annotation.Nullable;

/**
 * A node's lease as the database has it, for status and tests.
 *
 * @param owner the owning instance's id, or null when no instance ever claimed it or its owner
 *     released it
 * @param expiresAt until when the owner holds it: its registration's expiry (database clock), or null
 * @param held whether an owner holds it now: its registration is live by the database's clock
 */
public record NodeLease(MountedNode node, String owner, long epoch, @Nullable Instant expiresAt, boolean held) {
}
