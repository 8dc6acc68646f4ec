package io.sextant.persistence;

import io.sextant.persistence.codec.BinaryCodec;
import io.sextant.persistence.codec.ConfigChange;
import io.sextant.persistence.codec.DiffEntry;
import io.sextant.persistence.codec.TreeEdits;
import java.io.IOException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/** Decoding of stored values; a row that does not decode is bad data, never an outage. */
final class Rows {
    private Rows() {
    }

    static NormalizedNode node(final byte[] bytes, final String what) throws PersistenceException {
        try {
            return BinaryCodec.decodeNode(bytes);
        } catch (IOException | IllegalArgumentException | IllegalStateException e) {
            throw PersistenceException.badData("Stored data of " + what + " cannot be read: " + e.getMessage(), e);
        }
    }

    static YangInstanceIdentifier path(final byte[] bytes, final String what) throws PersistenceException {
        try {
            return BinaryCodec.decodePath(bytes);
        } catch (IOException | IllegalArgumentException | IllegalStateException e) {
            throw PersistenceException.badData("Stored path of " + what + " cannot be read: " + e.getMessage(), e);
        }
    }

    /**
     * A journal entry's change ({@code node_config_journal} and {@code node_history_journal}) put on
     * {@code tree}: what it becomes.
     */
    static NormalizedNode replayed(final NormalizedNode tree, final String operation, final byte[] path,
            final byte @Nullable [] data, final String what) throws PersistenceException {
        final YangInstanceIdentifier at = path(path, what);
        final ConfigChange change;
        if ("put".equals(operation)) {
            if (data == null) {
                throw PersistenceException.badData("The journal of the " + what + " has a put without data", null);
            }
            change = ConfigChange.put(at, node(data, what));
        } else {
            change = ConfigChange.delete(at);
        }
        try {
            return TreeEdits.apply(tree, change);
        } catch (IllegalArgumentException e) {
            throw PersistenceException.badData("The journal of the " + what + " does not apply: " + e.getMessage(), e);
        }
    }

    static List<DiffEntry> diff(final byte[] bytes, final String what) throws PersistenceException {
        try {
            return BinaryCodec.decodeDiff(bytes);
        } catch (IOException | IllegalArgumentException | IllegalStateException e) {
            throw PersistenceException.badData("Stored diff of " + what + " cannot be read: " + e.getMessage(), e);
        }
    }

    static Timestamp timestamp(final Instant instant) {
        return Timestamp.from(instant);
    }

    /** A time from a {@code NOT NULL} column. */
    static Instant instant(final Timestamp timestamp) {
        return timestamp.toInstant();
    }

    /** A time from a column that may be null (or an outer join). */
    static @Nullable Instant instantOrNull(final @Nullable Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }
}
