package io.sextant.persistence;

import io.sextant.persistence.codec.BinaryCodec;
import io.sextant.persistence.codec.DiffEntry;
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
