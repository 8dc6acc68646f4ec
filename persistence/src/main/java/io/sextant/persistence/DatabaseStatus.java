package io.sextant.persistence;

import java.time.Instant;
import java.util.Optional;
import org.eclipse.jdt.annotation.Nullable;

/**
 * What {@code sextant:status} shows about the database.
 *
 * @param url where it is (JDBC URL, no credentials)
 * @param serverVersion PostgreSQL's version
 * @param sizeBytes size of the database on disk
 * @param schemaVersion newest migration applied
 * @param connectionsInUse connections of the pool in use now
 * @param poolSize most connections the pool opens
 */
public record DatabaseStatus(String url, String serverVersion, long sizeBytes, int schemaVersion,
        int connectionsInUse, int poolSize, @Nullable Instant lastCompactionOrNull) {

    /** When a UniConfig node's configuration was last compacted into a new base, if ever. */
    public Optional<Instant> lastCompaction() {
        return Optional.ofNullable(lastCompactionOrNull);
    }
}
