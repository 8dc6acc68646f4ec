package io.sextant.persistence;

import static java.util.Objects.requireNonNull;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.eclipse.jdt.annotation.Nullable;

/**
 * The audit log's table {@code audit_event}: records are inserted in batches (a batch inserted
 * again, after a commit whose outcome was unknown, is kept once: rows are keyed by the event id
 * the controller gave them), and rows older than the retention are deleted.
 */
public final class AuditEventRepository {

    /**
     * One audit record as stored.
     *
     * @param eventId unique per record, given by the controller
     * @param type {@code login}, {@code write}, ..., {@code audit-gap}
     * @param user null for device events; likewise {@code source}; {@code requestId} null when none
     * @param outcome {@code success}, {@code failure} or {@code denied}
     * @param detailsJson a JSON object (secrets already redacted)
     */
    public record AuditRow(UUID eventId, Instant time, String type, @Nullable String user, @Nullable String source,
            @Nullable String requestId, String outcome, List<String> paths, String message, String detailsJson) {
        public AuditRow {
            requireNonNull(eventId);
            requireNonNull(time);
            requireNonNull(type);
            requireNonNull(outcome);
            paths = List.copyOf(paths);
            message = message == null ? "" : message;
            detailsJson = detailsJson == null ? "{}" : detailsJson;
        }
    }

    /** Inserts the rows (in one statement batch); rows whose event id is stored already are skipped. */
    public void insert(final Tx tx, final List<AuditRow> rows) throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        try (PreparedStatement insert = tx.connection().prepareStatement("""
                INSERT INTO audit_event (event_id, time, type, user_name, source, request_id, outcome, paths,
                    message, details)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb) ON CONFLICT (event_id) DO NOTHING""")) {
            for (AuditRow row : rows) {
                insert.setObject(1, row.eventId());
                insert.setTimestamp(2, Rows.timestamp(row.time()));
                insert.setString(3, row.type());
                insert.setString(4, row.user());
                insert.setString(5, row.source());
                insert.setString(6, row.requestId());
                insert.setString(7, row.outcome());
                insert.setArray(8, tx.connection().createArrayOf("text", row.paths().toArray()));
                insert.setString(9, row.message());
                insert.setString(10, row.detailsJson());
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    /**
     * Deletes up to {@code limit} rows older than {@code before} (the oldest first), so that one
     * call stays short however much is due.
     *
     * @return how many were deleted
     */
    public int deleteOlderThan(final Tx tx, final Instant before, final int limit) throws SQLException {
        try (PreparedStatement delete = tx.connection().prepareStatement("""
                DELETE FROM audit_event WHERE id IN (
                    SELECT id FROM audit_event WHERE time < ? ORDER BY time LIMIT ?)""")) {
            delete.setTimestamp(1, Rows.timestamp(before));
            delete.setInt(2, limit);
            return delete.executeUpdate();
        }
    }

    /** The newest {@code limit} rows, newest first (for status and tests; operators query with SQL). */
    public List<AuditRow> newest(final Tx tx, final int limit) throws SQLException {
        final List<AuditRow> rows = new ArrayList<>();
        try (PreparedStatement select = tx.connection().prepareStatement("""
                SELECT event_id, time, type, user_name, source, request_id, outcome, paths, message, details::text
                FROM audit_event ORDER BY time DESC, id DESC LIMIT ?""")) {
            select.setInt(1, limit);
            try (ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    final String[] paths = (String[]) row.getArray(8).getArray();
                    rows.add(new AuditRow(row.getObject(1, UUID.class), Rows.instant(row.getTimestamp(2)),
                        row.getString(3), row.getString(4), row.getString(5), row.getString(6), row.getString(7),
                        Arrays.asList(paths), row.getString(9), row.getString(10)));
                }
            }
        }
        return rows;
    }

    /** How many rows the table holds. */
    public long count(final Tx tx) throws SQLException {
        try (Statement statement = tx.connection().createStatement();
             ResultSet row = statement.executeQuery("SELECT count(*) FROM audit_event")) {
            row.next();
            return row.getLong(1);
        }
    }
}
