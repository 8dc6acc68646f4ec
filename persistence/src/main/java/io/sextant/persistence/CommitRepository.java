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

    /**
     * Record a commit as pending before any device is touched.
     *
     * @param instanceId the controller instance running it (its registration's start is recorded
     *     with it); null for a controller without one
     */
    public void begin(final Tx tx, final String commitId, final String operation, final String user,
            final List<String> nodeIds, final @Nullable String instanceId) throws SQLException {
        try (PreparedStatement insert = tx.connection().prepareStatement("""
                INSERT INTO commit_record (commit_id, operation, user_name, node_ids, state, instance_id, instance_started)
                VALUES (?, ?, ?, ?, 'pending', ?, (SELECT started_at FROM controller_instance WHERE instance_id = ?))""")) {
            insert.setString(1, commitId);
            insert.setString(2, operation);
            insert.setString(3, user);
            insert.setArray(4, tx.connection().createArrayOf("text", nodeIds.toArray()));
            insert.setString(5, instanceId);
            insert.setString(6, instanceId);
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
        if (!end(tx, commitId, state, message)) {
            throw PersistenceException.badData("Commit " + commitId + " is not pending", null);
        }
    }

    /**
     * Record a pending commit {@code state} in one statement; a commit that is not pending (ended
     * by an earlier attempt whose answer was lost) is left as it is, so this can run twice.
     *
     * @param state {@link State#DONE} or {@link State#FAILED}
     * @param message why it failed (or null)
     * @return whether the commit was pending
     */
    public boolean end(final Tx tx, final String commitId, final State state, final @Nullable String message)
            throws SQLException {
        if (state == State.PENDING) {
            throw new IllegalArgumentException("a commit finishes as done or failed");
        }
        try (PreparedStatement update = tx.connection().prepareStatement("""
                UPDATE commit_record SET state = ?, message = ?, finished_at = now()
                WHERE commit_id = ? AND state = 'pending'""")) {
            update.setString(1, state.column());
            update.setString(2, message);
            update.setString(3, commitId);
            return update.executeUpdate() == 1;
        }
    }

    /** What {@link #endUnflushed} did and found. */
    public record UnflushedEnd(boolean ended, boolean markerFound) {
    }

    /**
     * {@link #end} as {@link State#DONE} without waiting for the server to flush it to disk
     * ({@code synchronous_commit} off for this statement alone), in one statement that also tells
     * whether the run marker {@code marker} ({@link #markRun}) is still there: the server's crash
     * recovery empties the markers, and may have lost ends written shortly before the crash. The
     * server flushes such a write within three times {@code wal_writer_delay} (600 ms by default).
     */
    public UnflushedEnd endUnflushed(final Tx tx, final String commitId, final String marker) throws SQLException {
        try (PreparedStatement update = tx.connection().prepareStatement("""
                WITH ended AS (
                    UPDATE commit_record SET state = 'done', message = NULL, finished_at = now()
                    WHERE commit_id = ? AND state = 'pending' RETURNING 1)
                SELECT (SELECT count(*) FROM ended) = 1,
                    EXISTS (SELECT 1 FROM server_run_marker WHERE token = ?),
                    set_config('synchronous_commit', 'off', true)""")) {
            update.setString(1, commitId);
            update.setString(2, marker);
            try (ResultSet row = update.executeQuery()) {
                row.next();
                return new UnflushedEnd(row.getBoolean(1), row.getBoolean(2));
            }
        }
    }

    /**
     * Record {@code commitIds} {@link State#DONE} again, waiting for the flush as every write does
     * unless told otherwise: ends written by {@link #endUnflushed} that a crash of the server may
     * have lost (such a commit is pending again). Every row is written, so that the flush covers the
     * ends still in the server's memory too; a commit ended otherwise since (failed) is left as it is.
     */
    public void endAgain(final Tx tx, final List<String> commitIds) throws SQLException {
        try (PreparedStatement update = tx.connection().prepareStatement("""
                UPDATE commit_record SET state = 'done', message = NULL, finished_at = coalesce(finished_at, now())
                WHERE commit_id = ANY (?) AND state IN ('pending', 'done')""")) {
            update.setArray(1, tx.connection().createArrayOf("text", commitIds.toArray()));
            update.executeUpdate();
        }
    }

    /** Write a run marker for {@link #endUnflushed}: a row of an unlogged table, gone after a crash of the server. */
    public void markRun(final Tx tx, final String marker) throws SQLException {
        try (PreparedStatement insert = tx.connection().prepareStatement(
                "INSERT INTO server_run_marker (token) VALUES (?) ON CONFLICT DO NOTHING")) {
            insert.setString(1, marker);
            insert.executeUpdate();
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

    /**
     * A pending commit is orphaned when the instance that runs it is not live any more in the start
     * that recorded it (expired, retired, gone, or started again since).
     */
    private static final String ORPHANED = """
        NOT EXISTS (SELECT 1 FROM controller_instance i WHERE i.instance_id = c.instance_id
            AND i.started_at = c.instance_started AND NOT i.retired AND i.expires_at > clock_timestamp())""";

    /**
     * Commits left pending by an earlier run, oldest first, as a controller starting with
     * {@code instanceId} (null: none) finds them: those of this instance id (an earlier start of
     * it), those recorded without an instance, and those of instances no longer live in the start
     * that recorded them. The pending commits of live instances are running, not interrupted.
     */
    public List<PendingCommit> pending(final Tx tx, final @Nullable String instanceId) throws SQLException {
        try (PreparedStatement select = tx.connection().prepareStatement("""
                SELECT commit_id, operation, user_name, node_ids, started_at FROM commit_record c
                WHERE state = 'pending' AND (instance_id IS NULL OR instance_id = ? OR %s)
                ORDER BY started_at, commit_id""".formatted(ORPHANED))) {
            select.setString(1, instanceId);
            return read(select);
        }
    }

    /**
     * The pending commits of {@code nodeId} left by another instance that is no longer live in the
     * start that recorded them, oldest first: the instance taking the node settles them.
     */
    public List<PendingCommit> orphaned(final Tx tx, final String nodeId, final String instanceId)
            throws SQLException {
        try (PreparedStatement select = tx.connection().prepareStatement("""
                SELECT commit_id, operation, user_name, node_ids, started_at FROM commit_record c
                WHERE state = 'pending' AND node_ids @> ARRAY[?]::text[] AND instance_id IS NOT NULL
                AND instance_id <> ? AND %s ORDER BY started_at, commit_id""".formatted(ORPHANED))) {
            select.setString(1, nodeId);
            select.setString(2, instanceId);
            return read(select);
        }
    }

    /**
     * Pending commit {@code commitId} waits for confirm-commit until {@code deadline} (a gated
     * commit), or no longer waits ({@code deadline} null).
     */
    public void waiting(final Tx tx, final String commitId, final @Nullable Instant deadline) throws SQLException {
        try (PreparedStatement update = tx.connection().prepareStatement(
                "UPDATE commit_record SET confirm_deadline = ? WHERE commit_id = ? AND state = 'pending'")) {
            update.setTimestamp(1, deadline == null ? null : Rows.timestamp(deadline));
            update.setString(2, commitId);
            update.executeUpdate();
        }
    }

    /**
     * The gated commits waiting for confirm-commit in live controller instances other than
     * {@code instanceId} (in the start of theirs that began them), by deadline.
     */
    public List<WaitingCommit> waitingElsewhere(final Tx tx, final String instanceId) throws SQLException {
        try (PreparedStatement select = tx.connection().prepareStatement("""
                SELECT c.commit_id, c.user_name, c.confirm_deadline, c.node_ids, c.instance_id FROM commit_record c
                JOIN controller_instance i ON i.instance_id = c.instance_id AND i.started_at = c.instance_started
                WHERE c.state = 'pending' AND c.confirm_deadline IS NOT NULL AND c.instance_id <> ?
                AND NOT i.retired AND i.expires_at > clock_timestamp()
                ORDER BY c.confirm_deadline, c.commit_id""")) {
            select.setString(1, instanceId);
            final List<WaitingCommit> waiting = new ArrayList<>();
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    final Array nodes = rows.getArray(4);
                    waiting.add(new WaitingCommit(rows.getString(1), rows.getString(2) == null ? ""
                        : rows.getString(2), Rows.instant(rows.getTimestamp(3)),
                        Arrays.asList((String[]) nodes.getArray()), rows.getString(5)));
                }
            }
            return waiting;
        }
    }

    private static List<PendingCommit> read(final PreparedStatement select) throws SQLException {
        final List<PendingCommit> pending = new ArrayList<>();
        try (ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
                final Array nodes = rows.getArray(4);
                pending.add(new PendingCommit(rows.getString(1), rows.getString(2), rows.getString(3),
                    Arrays.asList((String[]) nodes.getArray()), Rows.instant(rows.getTimestamp(5))));
            }
        }
        return pending;
    }

    /**
     * The live controller instance running the pending commit {@code commitId} (the start of it
     * that began the commit); empty when the commit is not pending or that start of its instance
     * is gone.
     */
    public Optional<LeaseHolder> runner(final Tx tx, final String commitId) throws SQLException {
        try (PreparedStatement select = tx.connection().prepareStatement("""
                SELECT i.instance_id, i.address FROM commit_record c
                JOIN controller_instance i ON i.instance_id = c.instance_id AND i.started_at = c.instance_started
                WHERE c.commit_id = ? AND c.state = 'pending' AND NOT i.retired
                AND i.expires_at > clock_timestamp()""")) {
            select.setString(1, commitId);
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? Optional.of(new LeaseHolder(row.getString(1), row.getString(2)))
                    : Optional.empty();
            }
        }
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
