package io.sextant.persistence;

import io.sextant.persistence.codec.BinaryCodec;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The transaction log: finished commits with each node's outcome and diff, in commit order. */
public final class TransactionLogRepository {

    public void append(final Tx tx, final LoggedCommit commit) throws SQLException {
        final Connection connection = tx.connection();
        final int size = commit.nodes().size();
        final String[] nodeIds = new String[size];
        final String[] statuses = new String[size];
        final String[] errorTypes = new String[size];
        final String[] messages = new String[size];
        final byte[][] diffs = new byte[size][];
        for (int i = 0; i < size; i++) {
            final LoggedNode node = commit.nodes().get(i);
            nodeIds[i] = node.nodeId();
            statuses[i] = node.status();
            errorTypes[i] = node.errorTypeOrNull();
            messages[i] = node.messageOrNull();
            diffs[i] = node.diff().isEmpty() ? null : BinaryCodec.encode(node.diff());
        }
        // the commit and its nodes in one statement: one round trip however many nodes
        try (PreparedStatement insert = connection.prepareStatement("""
                WITH logged AS (
                    INSERT INTO transaction_log (commit_id, finished_at, user_name, operation, status)
                    VALUES (?, ?, ?, ?, ?) RETURNING commit_id)
                INSERT INTO transaction_log_node (commit_id, node_id, status, error_type, message, diff)
                SELECT logged.commit_id, node.node_id, node.status, node.error_type, node.message, node.diff
                FROM logged, unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::bytea[])
                    AS node(node_id, status, error_type, message, diff)""")) {
            insert.setString(1, commit.commitId());
            insert.setTimestamp(2, Rows.timestamp(commit.finished()));
            insert.setString(3, commit.user());
            insert.setString(4, commit.operation());
            insert.setString(5, commit.status());
            insert.setArray(6, connection.createArrayOf("text", nodeIds));
            insert.setArray(7, connection.createArrayOf("text", statuses));
            insert.setArray(8, connection.createArrayOf("text", errorTypes));
            insert.setArray(9, connection.createArrayOf("text", messages));
            insert.setArray(10, connection.createArrayOf("bytea", diffs));
            insert.executeUpdate();
        }
    }

    /** Take commit {@code commitId} out of the log, with its nodes. @return whether it was there */
    public boolean remove(final Tx tx, final String commitId) throws SQLException {
        try (PreparedStatement delete = tx.connection().prepareStatement(
                "DELETE FROM transaction_log WHERE commit_id = ?")) {
            delete.setString(1, commitId);
            return delete.executeUpdate() > 0;
        }
    }

    /** Whether commit {@code commitId} is in the log (a commit is logged in the same SQL transaction that keeps it). */
    public boolean contains(final Tx tx, final String commitId) throws SQLException {
        try (PreparedStatement select = tx.connection().prepareStatement(
                "SELECT 1 FROM transaction_log WHERE commit_id = ?")) {
            select.setString(1, commitId);
            try (ResultSet rows = select.executeQuery()) {
                return rows.next();
            }
        }
    }

    /** The newest {@code limit} commits, oldest of them first. */
    public List<LoggedCommit> latest(final Tx tx, final int limit) throws SQLException, PersistenceException {
        final Connection connection = tx.connection();
        final Map<String, LoggedCommit> commits = new LinkedHashMap<>();
        try (PreparedStatement select = connection.prepareStatement("""
                SELECT commit_id, finished_at, user_name, operation, status FROM
                    (SELECT * FROM transaction_log ORDER BY seq DESC LIMIT ?) newest
                ORDER BY seq""")) {
            select.setInt(1, limit);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    final String id = rows.getString(1);
                    commits.put(id, new LoggedCommit(id, Rows.instant(rows.getTimestamp(2)), rows.getString(3),
                        rows.getString(4), rows.getString(5), List.of()));
                }
            }
        }
        if (commits.isEmpty()) {
            return List.of();
        }
        return withNodes(connection, commits);
    }

    /**
     * The commits logged by transactions at or after {@code since} (a {@link ChangeHorizon}), in
     * log order, with their nodes' outcomes and diffs, and the horizon to read from next.
     */
    public record Logged(long horizon, List<LoggedCommit> commits) {
        public Logged {
            commits = List.copyOf(commits);
        }
    }

    /** {@link Logged} since {@code since}. */
    public Logged loggedSince(final Tx tx, final long since) throws SQLException, PersistenceException {
        final long horizon = ChangeHorizon.now(tx);
        final Connection connection = tx.connection();
        final Map<String, LoggedCommit> commits = new LinkedHashMap<>();
        try (PreparedStatement select = connection.prepareStatement("""
                SELECT commit_id, finished_at, user_name, operation, status FROM transaction_log
                WHERE logged_xid >= %s ORDER BY seq""".formatted(ChangeHorizon.parameter()))) {
            select.setString(1, Long.toString(since));
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    final String id = rows.getString(1);
                    commits.put(id, new LoggedCommit(id, Rows.instant(rows.getTimestamp(2)), rows.getString(3),
                        rows.getString(4), rows.getString(5), List.of()));
                }
            }
        }
        if (commits.isEmpty()) {
            return new Logged(horizon, List.of());
        }
        return new Logged(horizon, withNodes(connection, commits));
    }

    /** {@code commits} (in their order) with their nodes' outcomes and diffs, read in one query. */
    private static List<LoggedCommit> withNodes(final Connection connection, final Map<String, LoggedCommit> commits)
            throws SQLException, PersistenceException {
        final Map<String, List<LoggedNode>> nodes = new LinkedHashMap<>();
        try (PreparedStatement select = connection.prepareStatement("""
                SELECT commit_id, node_id, status, error_type, message, diff FROM transaction_log_node
                WHERE commit_id = ANY (?) ORDER BY commit_id, node_id""")) {
            select.setArray(1, connection.createArrayOf("text", commits.keySet().toArray()));
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    final String id = rows.getString(1);
                    final String node = rows.getString(2);
                    final byte[] diff = rows.getBytes(6);
                    nodes.computeIfAbsent(id, commit -> new ArrayList<>()).add(new LoggedNode(node, rows.getString(3),
                        rows.getString(4), rows.getString(5),
                        diff == null ? List.of() : Rows.diff(diff, "commit " + id + " on node " + node)));
                }
            }
        }
        final List<LoggedCommit> result = new ArrayList<>(commits.size());
        for (LoggedCommit commit : commits.values()) {
            result.add(new LoggedCommit(commit.commitId(), commit.finished(), commit.user(), commit.operation(),
                commit.status(), nodes.getOrDefault(commit.commitId(), List.of())));
        }
        return result;
    }

    /** Keep only the newest {@code keep} commits. @return how many were removed */
    public int trim(final Tx tx, final int keep) throws SQLException {
        try (PreparedStatement delete = tx.connection().prepareStatement("""
                DELETE FROM transaction_log
                WHERE seq <= (SELECT seq FROM transaction_log ORDER BY seq DESC OFFSET ? LIMIT 1)""")) {
            delete.setInt(1, keep);
            return delete.executeUpdate();
        }
    }
}
