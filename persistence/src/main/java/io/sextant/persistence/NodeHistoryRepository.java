package io.sextant.persistence;

import io.sextant.persistence.codec.BinaryCodec;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * The history of UniConfig nodes' committed configuration ({@code node_history}): per node, one
 * row per successful commit that changed it, some with a full copy of the configuration (after
 * the commit, or before it when the copy shares the node's stored configuration). A point is read
 * as the newest full copy at or before it plus the diffs after that copy, in order (and the copy's
 * own diff when the copy is from before its commit).
 */
public final class NodeHistoryRepository {

    /** Where each of {@code nodeIds}'s history ends; nodes without history are left out. */
    public Map<String, HistoryTail> tails(final Tx tx, final Collection<String> nodeIds) throws SQLException {
        final Connection connection = tx.connection();
        final Map<String, HistoryTail> tails = new HashMap<>();
        try (PreparedStatement select = connection.prepareStatement("""
                SELECT node_id, max(seq), coalesce(max(seq) FILTER (WHERE full_copy IS NOT NULL), 0)
                FROM node_history WHERE node_id = ANY (?) GROUP BY node_id""")) {
            select.setArray(1, connection.createArrayOf("text", nodeIds.toArray()));
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    tails.put(rows.getString(1), new HistoryTail(rows.getLong(2), rows.getLong(3)));
                }
            }
        }
        return tails;
    }

    /** Add points (each node's next seq, as {@link #tails} found it plus one). */
    public void append(final Tx tx, final Collection<HistoryRow> rows) throws SQLException {
        try (PreparedStatement insert = tx.connection().prepareStatement("""
                INSERT INTO node_history (node_id, seq, commit_id, committed_at, schema_key, diff, full_copy)
                VALUES (?, ?, ?, ?, ?, ?, ?)""")) {
            for (HistoryRow row : rows) {
                insert.setString(1, row.nodeId());
                insert.setLong(2, row.seq());
                insert.setString(3, row.commitId());
                insert.setTimestamp(4, Rows.timestamp(row.committedAt()));
                insert.setString(5, row.schemaKey());
                insert.setBytes(6, BinaryCodec.encode(row.diff()));
                if (row.fullCopyOrNull() == null) {
                    insert.setNull(7, Types.BINARY);
                } else {
                    insert.setBytes(7, BinaryCodec.encode(row.fullCopyOrNull()));
                }
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    /**
     * Add a point (without a full copy of its own) whose full copy is the bytes the node's actual
     * configuration is stored with ({@code node_config_base}) rather than an encoding of it: no
     * CPU spent on the whole configuration. When that base is the actual configuration at version
     * {@code actualVersion}, the one the point's commit kept, it is the configuration after the
     * commit; when it is an earlier version, the journal entries after it up to the version the
     * commit started from ({@code node_config_journal}) are copied with the point
     * ({@code node_history_journal}) and the copy with them replayed is the configuration before
     * the commit ({@link HistoryRow#copyBefore()}). Nothing is added when the stored configuration
     * no longer reaches that version (put back to an earlier one since, or compacted past it).
     *
     * @param actualVersion the version of the node's actual configuration the commit kept ({@link NodeVersion})
     * @return whether the point was added
     */
    public boolean appendSharingStoredCopy(final Tx tx, final HistoryRow row, final long actualVersion)
            throws SQLException {
        final Connection connection = tx.connection();
        final boolean before;
        try (PreparedStatement insert = connection.prepareStatement("""
                WITH base AS (
                    SELECT b.data, c.last_seq, (SELECT coalesce(min(j.seq) - 1, c.last_seq) FROM node_config_journal j
                                                WHERE j.node_id = c.node_id AND j.kind = c.kind) AS version
                    FROM node_config c JOIN node_config_base b USING (node_id, kind)
                    WHERE c.node_id = ? AND c.kind = 'actual')
                INSERT INTO node_history (node_id, seq, commit_id, committed_at, schema_key, diff, full_copy,
                                          copy_before)
                SELECT ?, ?, ?, ?, ?, ?, base.data, base.version < ? FROM base
                WHERE base.version <= ? AND base.last_seq >= ?
                RETURNING copy_before""")) {
            insert.setString(1, row.nodeId());
            insert.setString(2, row.nodeId());
            insert.setLong(3, row.seq());
            insert.setString(4, row.commitId());
            insert.setTimestamp(5, Rows.timestamp(row.committedAt()));
            insert.setString(6, row.schemaKey());
            insert.setBytes(7, BinaryCodec.encode(row.diff()));
            insert.setLong(8, actualVersion);
            insert.setLong(9, actualVersion);
            insert.setLong(10, actualVersion);
            try (ResultSet added = insert.executeQuery()) {
                if (!added.next()) {
                    return false;
                }
                before = added.getBoolean(1);
            }
        }
        if (before) {
            try (PreparedStatement copy = connection.prepareStatement("""
                    INSERT INTO node_history_journal (node_id, seq, journal_seq, position, operation, path, data)
                    SELECT node_id, ?, seq, position, operation, path, data FROM node_config_journal
                    WHERE node_id = ? AND kind = 'actual' AND seq < ?""")) {
                copy.setLong(1, row.seq());
                copy.setString(2, row.nodeId());
                copy.setLong(3, actualVersion);
                copy.executeUpdate();
            }
        }
        return true;
    }

    /** What commit {@code commitId} changed, per node (without full copies); empty when history has none of it. */
    public List<HistoryRow> ofCommit(final Tx tx, final String commitId) throws SQLException, PersistenceException {
        try (PreparedStatement select = tx.connection().prepareStatement("""
                SELECT node_id, seq, commit_id, committed_at, schema_key, diff, NULL, false FROM node_history
                WHERE commit_id = ? ORDER BY node_id""")) {
            select.setString(1, commitId);
            return rows(select);
        }
    }

    /** The node's point of commit {@code commitId}. */
    public OptionalLong seqOf(final Tx tx, final String nodeId, final String commitId) throws SQLException {
        return seq(tx, "SELECT seq FROM node_history WHERE node_id = ? AND commit_id = ?", nodeId, commitId);
    }

    /** The node's newest point committed at or before {@code time}. */
    public OptionalLong seqAt(final Tx tx, final String nodeId, final Instant time) throws SQLException {
        try (PreparedStatement select = tx.connection().prepareStatement(
                "SELECT max(seq) FROM node_history WHERE node_id = ? AND committed_at <= ?")) {
            select.setString(1, nodeId);
            select.setTimestamp(2, Rows.timestamp(time));
            return single(select);
        }
    }

    /**
     * The rows that rebuild the node's point {@code seq}: the newest full copy at or before it
     * (the first row, with its copy) and every point after it up to {@code seq}, in order. Empty
     * when no full copy is kept before that point (trimmed). When the first row's copy is the
     * configuration before its commit ({@link HistoryRow#copyBefore()}), its diff is replayed too.
     */
    public List<HistoryRow> replay(final Tx tx, final String nodeId, final long seq)
            throws SQLException, PersistenceException {
        try (PreparedStatement select = tx.connection().prepareStatement("""
                WITH base AS (SELECT max(seq) AS seq FROM node_history
                              WHERE node_id = ? AND seq <= ? AND full_copy IS NOT NULL)
                SELECT h.node_id, h.seq, h.commit_id, h.committed_at, h.schema_key, h.diff,
                       CASE WHEN h.seq = base.seq THEN h.full_copy END, h.seq = base.seq AND h.copy_before
                FROM node_history h, base
                WHERE h.node_id = ? AND h.seq BETWEEN base.seq AND ? ORDER BY h.seq""")) {
            select.setString(1, nodeId);
            select.setLong(2, seq);
            select.setString(3, nodeId);
            select.setLong(4, seq);
            final List<HistoryRow> rows = rows(select);
            if (rows.isEmpty() || !rows.get(0).copyBefore()) {
                return rows;
            }
            rows.set(0, withCopyJournal(tx, rows.get(0)));
            return rows;
        }
    }

    /** {@code row} with its full copy brought to the configuration before its commit ({@code node_history_journal}). */
    private static HistoryRow withCopyJournal(final Tx tx, final HistoryRow row)
            throws SQLException, PersistenceException {
        NormalizedNode copy = Objects.requireNonNull(row.fullCopyOrNull(), "a replay starts at a copy");
        final String what = "copy of point " + row.seq() + " in the history of node " + row.nodeId();
        try (PreparedStatement select = tx.connection().prepareStatement("""
                SELECT operation, path, data FROM node_history_journal WHERE node_id = ? AND seq = ?
                ORDER BY journal_seq, position""")) {
            select.setString(1, row.nodeId());
            select.setLong(2, row.seq());
            select.setFetchSize(500);
            try (ResultSet entries = select.executeQuery()) {
                while (entries.next()) {
                    copy = Rows.replayed(copy, entries.getString(1), entries.getBytes(2), entries.getBytes(3), what);
                }
            }
        }
        return new HistoryRow(row.nodeId(), row.seq(), row.commitId(), row.committedAt(), row.schemaKey(), row.diff(),
            copy, true);
    }

    /** The node's points, oldest first. */
    public List<HistoryMark> marks(final Tx tx, final String nodeId) throws SQLException {
        final List<HistoryMark> marks = new ArrayList<>();
        try (PreparedStatement select = tx.connection().prepareStatement("""
                SELECT seq, commit_id, committed_at, full_copy IS NOT NULL FROM node_history
                WHERE node_id = ? ORDER BY seq""")) {
            select.setString(1, nodeId);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    marks.add(new HistoryMark(rows.getLong(1), rows.getString(2), Rows.instant(rows.getTimestamp(3)),
                        rows.getBoolean(4)));
                }
            }
        }
        return marks;
    }

    /**
     * Forget what was committed before {@code cutoff}: per node, every point older than the
     * newest full copy committed before it (that copy stays, so the points after it can be read).
     *
     * @return how many points were removed
     */
    public int trim(final Tx tx, final Instant cutoff) throws SQLException {
        try (PreparedStatement delete = tx.connection().prepareStatement("""
                DELETE FROM node_history h USING (
                    SELECT node_id, max(seq) AS keep_from FROM node_history
                    WHERE full_copy IS NOT NULL AND committed_at < ? GROUP BY node_id) c
                WHERE h.node_id = c.node_id AND h.seq < c.keep_from""")) {
            delete.setTimestamp(1, Rows.timestamp(cutoff));
            return delete.executeUpdate();
        }
    }

    private static OptionalLong seq(final Tx tx, final String sql, final String nodeId, final String commitId)
            throws SQLException {
        try (PreparedStatement select = tx.connection().prepareStatement(sql)) {
            select.setString(1, nodeId);
            select.setString(2, commitId);
            return single(select);
        }
    }

    private static OptionalLong single(final PreparedStatement select) throws SQLException {
        try (ResultSet rows = select.executeQuery()) {
            if (!rows.next()) {
                return OptionalLong.empty();
            }
            final long value = rows.getLong(1);
            return rows.wasNull() ? OptionalLong.empty() : OptionalLong.of(value);
        }
    }

    private static List<HistoryRow> rows(final PreparedStatement select) throws SQLException, PersistenceException {
        final List<HistoryRow> rows = new ArrayList<>();
        try (ResultSet result = select.executeQuery()) {
            while (result.next()) {
                final String nodeId = result.getString(1);
                final String commitId = result.getString(3);
                final String what = "commit " + commitId + " in the history of node " + nodeId;
                final byte[] copy = result.getBytes(7);
                rows.add(new HistoryRow(nodeId, result.getLong(2), commitId, Rows.instant(result.getTimestamp(4)),
                    result.getString(5), Rows.diff(result.getBytes(6), what),
                    copy == null ? null : Rows.node(copy, what), result.getBoolean(8)));
            }
        }
        return rows;
    }
}
