package io.sextant.persistence;

import java.sql.Array;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.eclipse.jdt.annotation.Nullable;

/**
 * Commit records for crash recovery. A commit is recorded {@link State#PENDING} with its node ids
 * before any device is touched ({@link #begin}), and {@link State#DONE} or {@link State#FAILED}
 * once the devices confirmed or rolled back ({@link #finish}). After a crash,
 * {@link #pending} lists the commits whose devices may or may not have the change.
 */
public final class CommitRepository {
    /** Where a commit stands. */
    public enum State {
        PENDING, DONE, FAILED;

        String column() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public void begin(final Tx tx, final String commitId, final String operation, final String user,
            final List<String> nodeIds) throws SQLException {
        try (PreparedStatement insert = tx.connection().prepareStatement("""
                INSERT INTO commit_record (commit_id, operation, user_name, node_ids, state) VALUES (?, ?, ?, ?, 'pending')""")) {
            insert.setString(1, commitId);
            insert.setString(2, operation);
            insert.setString(3, user);
            insert.setArray(4, tx.connection().createArrayOf("text", nodeIds.toArray()));
            insert.executeUpdate();
        }
    }

    /**
     * @param state {@link State#DONE} or {@link State#FAILED}
     * @param message why it failed (or null)
     * @throws PersistenceException (bad data) when the commit is not pending
     */
    public void finish(final Tx tx, final String commitId, final State state, final @Nullable String message)
            throws SQLException, PersistenceException {
        if (state == State.PENDING) {
            throw new IllegalArgumentException("a commit finishes as done or failed");
        }
        try (PreparedStatement update = tx.connection().prepareStatement("""
                UPDATE commit_record SET state = ?, message = ?, finished_at = now()
                WHERE commit_id = ? AND state = 'pending'""")) {
            update.setString(1, state.column());
            update.setString(2, message);
            update.setString(3, commitId);
            if (update.executeUpdate() != 1) {
                throw PersistenceException.badData("Commit " + commitId + " is not pending", null);
            }
        }
    }

    /**
     * A commit whose {@link #begin} may or may not have been kept (the connection failed while it
     * committed) touched no device: make sure it is not left pending. Recorded {@link State#FAILED}
     * with {@code message} whether or not the begin was kept; a begin still committing when this
     * runs is waited for (its row conflicts with this one's).
     */
    public void abandon(final Tx tx, final String commitId, final String operation, final String user,
            final List<String> nodeIds, final String message) throws SQLException {
        try (PreparedStatement upsert = tx.connection().prepareStatement("""
                INSERT INTO commit_record (commit_id, operation, user_name, node_ids, state, message, finished_at)
                VALUES (?, ?, ?, ?, 'failed', ?, now())
                ON CONFLICT (commit_id) DO UPDATE SET state = 'failed', message = EXCLUDED.message,
                    finished_at = now()
                WHERE commit_record.state = 'pending'""")) {
            upsert.setString(1, commitId);
            upsert.setString(2, operation);
            upsert.setString(3, user);
            upsert.setArray(4, tx.connection().createArrayOf("text", nodeIds.toArray()));
            upsert.setString(5, message);
            upsert.executeUpdate();
        }
    }

    /** Commits left pending, oldest first. */
    public List<PendingCommit> pending(final Tx tx) throws SQLException {
        final List<PendingCommit> pending = new ArrayList<>();
        try (PreparedStatement select = tx.connection().prepareStatement("""
                SELECT commit_id, operation, user_name, node_ids, started_at FROM commit_record
                WHERE state = 'pending' ORDER BY started_at, commit_id""");
             ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
                final Array nodes = rows.getArray(4);
                pending.add(new PendingCommit(rows.getString(1), rows.getString(2), rows.getString(3),
                    Arrays.asList((String[]) nodes.getArray()), Rows.instant(rows.getTimestamp(5))));
            }
        }
        return pending;
    }

    public Optional<State> state(final Tx tx, final String commitId) throws SQLException {
        try (PreparedStatement select = tx.connection().prepareStatement(
                "SELECT state FROM commit_record WHERE commit_id = ?")) {
            select.setString(1, commitId);
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? Optional.of(State.valueOf(row.getString(1).toUpperCase(Locale.ROOT)))
                    : Optional.empty();
            }
        }
    }

    /** Forget finished commits older than {@code before}. @return how many */
    public int deleteFinishedBefore(final Tx tx, final Instant before) throws SQLException {
        try (PreparedStatement delete = tx.connection().prepareStatement(
                "DELETE FROM commit_record WHERE state <> 'pending' AND finished_at < ?")) {
            delete.setTimestamp(1, Rows.timestamp(before));
            return delete.executeUpdate();
        }
    }
}
