package io.sextant.persistence;

import io.sextant.persistence.codec.BinaryCodec;
import io.sextant.persistence.codec.ConfigChange;
import io.sextant.persistence.codec.TreeDelta;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * UniConfig nodes' intended and actual configuration. Each is a base (the whole tree, written at
 * creation and at compaction) plus a journal of {@link ConfigChange}s since the base: recording a
 * change writes only what changed ({@link TreeDelta} between the trees before and after, which
 * costs what the change costs when the trees share unchanged subtrees), so the bytes written per
 * change follow the size of the change, not of the node. When the journal passes the
 * {@link Compaction} limits, the tree after the change becomes the new base and the journal is
 * emptied, in the same SQL transaction. Loading reads the base and replays the journal.
 *
 * <p>The caller serializes changes to one node (the UniConfig layer's node lock) and passes as
 * {@code before} what it last recorded for that node and kind.
 */
public final class NodeConfigRepository {
    private static final YangInstanceIdentifier ROOT = YangInstanceIdentifier.of();

    private final Compaction compaction;

    public NodeConfigRepository(final Compaction compaction) {
        this.compaction = compaction;
    }

    /** Store a new node (or replace a stored one) with both configurations as fresh bases. */
    public void create(final Tx tx, final String nodeId, final String schemaKey, final NormalizedNode intended,
            final NormalizedNode actual) throws SQLException {
        final Connection connection = tx.connection();
        delete(tx, nodeId);
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO uniconfig_node (node_id, schema_key) VALUES (?, ?)")) {
            insert.setString(1, nodeId);
            insert.setString(2, schemaKey);
            insert.executeUpdate();
        }
        try (PreparedStatement header = connection.prepareStatement("""
                INSERT INTO node_config (node_id, kind, last_seq, journal_entries, journal_bytes)
                VALUES (?, ?, 0, 0, 0)""")) {
            for (ConfigKind kind : ConfigKind.values()) {
                header.setString(1, nodeId);
                header.setString(2, kind.column());
                header.addBatch();
            }
            header.executeBatch();
        }
        final byte[] intendedBytes = BinaryCodec.encode(intended);
        final byte[] actualBytes = actual == intended ? intendedBytes : BinaryCodec.encode(actual);
        try (PreparedStatement base = connection.prepareStatement(
                "INSERT INTO node_config_base (node_id, kind, data) VALUES (?, ?, ?)")) {
            base.setString(1, nodeId);
            base.setString(2, ConfigKind.INTENDED.column());
            base.setBytes(3, intendedBytes);
            base.addBatch();
            base.setString(1, nodeId);
            base.setString(2, ConfigKind.ACTUAL.column());
            base.setBytes(3, actualBytes);
            base.addBatch();
            base.executeBatch();
        }
    }

    /**
     * What {@link #record} did.
     *
     * @param version the configuration's version now ({@link NodeVersion})
     * @param compacted whether the journal was compacted into a new base by this change
     */
    public record Recorded(long version, boolean compacted) {
    }

    /**
     * Record that a node's {@code kind} configuration went from {@code before}, which was its
     * version {@code version}, to {@code after}. One statement unless the journal is due for
     * compaction or the configuration is not at {@code version}.
     *
     * @throws PersistenceException bad data when the node is not stored; a conflict when its
     *     configuration is no longer at {@code version} (another writer recorded a change since)
     */
    public Recorded record(final Tx tx, final String nodeId, final ConfigKind kind, final long version,
            final NormalizedNode before, final NormalizedNode after) throws SQLException, PersistenceException {
        final Delta delta = Delta.between(before, after);
        if (delta.isEmpty()) {
            return new Recorded(version, false);
        }
        final Recorded alone = journal(tx, nodeId, kind, version, delta);
        if (alone != null) {
            return alone;
        }
        final Connection connection = tx.connection();
        final long seq;
        final boolean due;
        try (PreparedStatement header = connection.prepareStatement("""
                UPDATE node_config SET last_seq = last_seq + 1, journal_entries = journal_entries + ?,
                    journal_bytes = journal_bytes + ?
                WHERE node_id = ? AND kind = ? AND last_seq = ? RETURNING last_seq, journal_entries, journal_bytes""")) {
            header.setInt(1, delta.size());
            header.setLong(2, delta.bytes());
            header.setString(3, nodeId);
            header.setString(4, kind.column());
            header.setLong(5, version);
            try (ResultSet row = header.executeQuery()) {
                if (!row.next()) {
                    throw notAt(tx, nodeId, kind, version);
                }
                seq = row.getLong(1);
                due = compaction.due(row.getLong(2), row.getLong(3));
            }
        }
        if (!due) {
            // a concurrent compaction of the same node cannot happen (the caller serializes its writes)
            throw PersistenceException.badData("Node " + nodeId + "'s " + kind.column() + " journal was neither "
                + "written nor due for compaction", null);
        }
        compact(tx, nodeId, kind, after);
        return new Recorded(seq, true);
    }

    /**
     * {@link #record} in exactly one statement, for a caller that runs it as its own transaction
     * ({@link Database#callAlone}): the journal entries and the node's new version, or nothing at
     * all when the configuration is not at {@code version} or its journal is due for compaction.
     *
     * @return what was recorded, or null when nothing was (then {@link #record} says why, or
     *     compacts)
     */
    public @Nullable Recorded recordAlone(final Tx tx, final String nodeId, final ConfigKind kind,
            final long version, final NormalizedNode before, final NormalizedNode after) throws SQLException {
        final Delta delta = Delta.between(before, after);
        return delta.isEmpty() ? new Recorded(version, false) : journal(tx, nodeId, kind, version, delta);
    }

    /**
     * The journal entries of {@code delta} and the node's next version in one statement, unless
     * that would make the journal due for compaction or the configuration is not at {@code version}.
     */
    private @Nullable Recorded journal(final Tx tx, final String nodeId, final ConfigKind kind, final long version,
            final Delta delta) throws SQLException {
        final Connection connection = tx.connection();
        try (PreparedStatement insert = connection.prepareStatement("""
                WITH header AS (
                    UPDATE node_config SET last_seq = last_seq + 1, journal_entries = journal_entries + ?,
                        journal_bytes = journal_bytes + ?
                    WHERE node_id = ? AND kind = ? AND last_seq = ?
                        AND journal_entries + ? <= ? AND journal_bytes + ? <= ?
                    RETURNING node_id, kind, last_seq)
                INSERT INTO node_config_journal (node_id, kind, seq, position, operation, path, data)
                SELECT header.node_id, header.kind, header.last_seq, change.n - 1, change.operation, change.path,
                    change.data
                FROM header, unnest(?::text[], ?::bytea[], ?::bytea[]) WITH ORDINALITY
                    AS change(operation, path, data, n)
                RETURNING seq""")) {
            insert.setInt(1, delta.size());
            insert.setLong(2, delta.bytes());
            insert.setString(3, nodeId);
            insert.setString(4, kind.column());
            insert.setLong(5, version);
            insert.setInt(6, delta.size());
            insert.setInt(7, compaction.maxEntries());
            insert.setLong(8, delta.bytes());
            insert.setLong(9, compaction.maxBytes());
            insert.setArray(10, connection.createArrayOf("text", delta.operations()));
            insert.setArray(11, connection.createArrayOf("bytea", delta.paths()));
            insert.setArray(12, connection.createArrayOf("bytea", delta.data()));
            try (ResultSet rows = insert.executeQuery()) {
                return rows.next() ? new Recorded(rows.getLong(1), false) : null;
            }
        }
    }

    /** The changes from one tree to another, encoded as the journal keeps them. */
    private record Delta(String[] operations, byte[][] paths, byte[][] data, long bytes) {
        static Delta between(final NormalizedNode before, final NormalizedNode after) {
            final List<ConfigChange> changes = TreeDelta.between(ROOT, before, after);
            final int size = changes.size();
            final String[] operations = new String[size];
            final byte[][] paths = new byte[size][];
            final byte[][] data = new byte[size][];
            long bytes = 0;
            for (int i = 0; i < size; i++) {
                final ConfigChange change = changes.get(i);
                final NormalizedNode value = change.dataOrNull();
                operations[i] = change.operation() == ConfigChange.Operation.PUT ? "put" : "delete";
                paths[i] = BinaryCodec.encode(change.path());
                data[i] = value == null ? null : BinaryCodec.encode(value);
                bytes += paths[i].length + (value == null ? 0 : data[i].length);
            }
            return new Delta(operations, paths, data, bytes);
        }

        int size() {
            return operations.length;
        }

        boolean isEmpty() {
            return operations.length == 0;
        }
    }

    private static PersistenceException changedElsewhere(final String nodeId, final ConfigKind kind,
            final long stored, final long held) {
        return PersistenceException.conflict("The " + kind.column() + " configuration of node " + nodeId
            + " was changed through another controller instance (version " + stored + ", this instance holds "
            + "version " + held + ")");
    }

    /** Why a node's {@code kind} configuration is not at {@code version}: not stored, or changed since. */
    private static PersistenceException notAt(final Tx tx, final String nodeId, final ConfigKind kind,
            final long version) throws SQLException {
        try (PreparedStatement select = tx.connection().prepareStatement(
                "SELECT last_seq FROM node_config WHERE node_id = ? AND kind = ?")) {
            select.setString(1, nodeId);
            select.setString(2, kind.column());
            try (ResultSet row = select.executeQuery()) {
                if (!row.next()) {
                    return PersistenceException.badData("Node " + nodeId + " has no stored " + kind.column()
                        + " configuration to change", null);
                }
                return changedElsewhere(nodeId, kind, row.getLong(1), version);
            }
        }
    }

    /**
     * Put a stored node back to {@code intended} and {@code actual} at {@code version}, as fresh
     * bases with empty journals, after a change of it whose outcome is unknown: the change was
     * based on {@code version} and may have been recorded (one version later) or not.
     *
     * @return false (and nothing written) when the node is not stored
     * @throws PersistenceException a conflict when a configuration is more than one version past
     *     {@code version} (changed through another instance since: putting it back would undo that)
     */
    public boolean rebase(final Tx tx, final String nodeId, final NormalizedNode intended,
            final NormalizedNode actual, final NodeVersion version) throws SQLException, PersistenceException {
        for (ConfigKind kind : ConfigKind.values()) {
            try (PreparedStatement select = tx.connection().prepareStatement(
                    "SELECT last_seq FROM node_config WHERE node_id = ? AND kind = ? FOR UPDATE")) {
                select.setString(1, nodeId);
                select.setString(2, kind.column());
                try (ResultSet row = select.executeQuery()) {
                    if (!row.next()) {
                        return false;
                    }
                    final long stored = row.getLong(1);
                    if (stored != version.of(kind) && stored != version.of(kind) + 1) {
                        throw changedElsewhere(nodeId, kind, stored, version.of(kind));
                    }
                }
            }
        }
        for (ConfigKind kind : ConfigKind.values()) {
            compact(tx, nodeId, kind, kind == ConfigKind.INTENDED ? intended : actual);
            try (PreparedStatement header = tx.connection().prepareStatement(
                    "UPDATE node_config SET last_seq = ? WHERE node_id = ? AND kind = ?")) {
                header.setLong(1, version.of(kind));
                header.setString(2, nodeId);
                header.setString(3, kind.column());
                header.executeUpdate();
            }
        }
        return true;
    }

    /** Make {@code current} the new base of a node's {@code kind} configuration and empty its journal. */
    public void compact(final Tx tx, final String nodeId, final ConfigKind kind, final NormalizedNode current)
            throws SQLException, PersistenceException {
        final Connection connection = tx.connection();
        try (PreparedStatement base = connection.prepareStatement(
                "UPDATE node_config_base SET data = ? WHERE node_id = ? AND kind = ?")) {
            base.setBytes(1, BinaryCodec.encode(current));
            base.setString(2, nodeId);
            base.setString(3, kind.column());
            if (base.executeUpdate() != 1) {
                throw PersistenceException.badData("Node " + nodeId + " has no stored " + kind.column()
                    + " configuration to compact", null);
            }
        }
        try (PreparedStatement journal = connection.prepareStatement(
                "DELETE FROM node_config_journal WHERE node_id = ? AND kind = ?")) {
            journal.setString(1, nodeId);
            journal.setString(2, kind.column());
            journal.executeUpdate();
        }
        try (PreparedStatement header = connection.prepareStatement("""
                UPDATE node_config SET journal_entries = 0, journal_bytes = 0, compacted_at = now()
                WHERE node_id = ? AND kind = ?""")) {
            header.setString(1, nodeId);
            header.setString(2, kind.column());
            header.executeUpdate();
        }
    }

    /** Forget a node and everything stored for it. @return whether it was stored */
    public boolean delete(final Tx tx, final String nodeId) throws SQLException {
        try (PreparedStatement delete = tx.connection().prepareStatement(
                "DELETE FROM uniconfig_node WHERE node_id = ?")) {
            delete.setString(1, nodeId);
            return delete.executeUpdate() > 0;
        }
    }

    /** Forget {@code nodeIds} and everything stored for them (one statement). @return how many were stored */
    public int deleteAll(final Tx tx, final Collection<String> nodeIds) throws SQLException {
        if (nodeIds.isEmpty()) {
            return 0;
        }
        try (PreparedStatement delete = tx.connection().prepareStatement(
                "DELETE FROM uniconfig_node WHERE node_id = ANY (?)")) {
            delete.setArray(1, tx.connection().createArrayOf("text", nodeIds.toArray()));
            return delete.executeUpdate();
        }
    }
}
