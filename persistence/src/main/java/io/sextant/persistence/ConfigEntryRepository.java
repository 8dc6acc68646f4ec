package io.sextant.persistence;

import io.sextant.persistence.codec.BinaryCodec;
import io.sextant.persistence.codec.ConfigEntry;
import io.sextant.persistence.codec.EntryChanges;
import io.sextant.persistence.codec.EntryLayout;
import io.sextant.persistence.codec.EntryKeys;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;

/**
 * The controller's configuration datastore (mount requests, and whatever later lives there), as
 * rows cut by an {@link EntryLayout}: a commit writes only the rows it changed.
 */
public final class ConfigEntryRepository {
    private final EntryLayout layout;

    public ConfigEntryRepository(final EntryLayout layout) {
        this.layout = layout;
    }

    public EntryLayout layout() {
        return layout;
    }

    /** Store what a commit of the datastore changed ({@code candidate} rooted at the datastore root). */
    public void apply(final Tx tx, final DataTreeCandidate candidate) throws SQLException {
        write(tx, layout.changes(candidate));
    }

    /** Replace every row by the rows of {@code root} (the datastore's root container). */
    public void replaceAll(final Tx tx, final NormalizedNode root) throws SQLException {
        write(tx, new EntryChanges(true, List.of(), layout.split(root)));
    }

    public void write(final Tx tx, final EntryChanges changes) throws SQLException {
        if (changes.isEmpty()) {
            return;
        }
        final var connection = tx.connection();
        if (changes.deleteAll()) {
            try (Statement statement = connection.createStatement()) {
                statement.executeUpdate("DELETE FROM config_entry");
            }
        }
        if (!changes.deletedTrees().isEmpty()) {
            try (PreparedStatement delete = connection.prepareStatement("""
                    DELETE FROM config_entry WHERE entry_key = ?
                        OR entry_key >= ? AND entry_key < ? OR entry_key >= ? AND entry_key < ?""")) {
                for (String key : changes.deletedTrees()) {
                    // every key below: key + "/" ... (children) and key + "[" ... (entries of a list)
                    delete.setString(1, key);
                    delete.setString(2, key + "/");
                    delete.setString(3, key + "0");
                    delete.setString(4, key + "[");
                    delete.setString(5, key + "\\");
                    delete.addBatch();
                }
                delete.executeBatch();
            }
        }
        if (!changes.written().isEmpty()) {
            try (PreparedStatement upsert = connection.prepareStatement("""
                    INSERT INTO config_entry (entry_key, depth, path, data) VALUES (?, ?, ?, ?)
                    ON CONFLICT (entry_key) DO UPDATE
                        SET depth = EXCLUDED.depth, path = EXCLUDED.path, data = EXCLUDED.data, updated_at = now()""")) {
                for (ConfigEntry entry : changes.written()) {
                    upsert.setString(1, entry.key());
                    upsert.setInt(2, entry.depth());
                    upsert.setBytes(3, BinaryCodec.encode(entry.path()));
                    upsert.setBytes(4, BinaryCodec.encode(entry.data()));
                    upsert.addBatch();
                }
                upsert.executeBatch();
            }
        }
    }

    /** Delete the rows of {@code keys} only (not the rows below them). */
    public void deleteRows(final Tx tx, final Collection<String> keys) throws SQLException {
        if (keys.isEmpty()) {
            return;
        }
        try (PreparedStatement delete = tx.connection().prepareStatement(
                "DELETE FROM config_entry WHERE entry_key = ?")) {
            for (String key : keys) {
                delete.setString(1, key);
                delete.addBatch();
            }
            delete.executeBatch();
        }
    }

    /** Every row, parents before the rows below them (by depth, then key). */
    public static List<ConfigEntry> loadAll(final Tx tx) throws SQLException, PersistenceException {
        final List<ConfigEntry> entries = new ArrayList<>();
        try (Statement statement = tx.connection().createStatement();
             ResultSet rows = statement.executeQuery(
                 "SELECT entry_key, depth, path, data FROM config_entry ORDER BY depth, entry_key")) {
            while (rows.next()) {
                entries.add(entry(rows));
            }
        }
        return entries;
    }

    /** A row that was deleted. */
    public record Gone(String key, YangInstanceIdentifier path) {
    }

    /**
     * What changed since a horizon: the rows deleted, and the rows written (the current rows, by
     * depth then key), with the horizon to read from next time.
     */
    public record Changed(long horizon, List<Gone> gone, List<ConfigEntry> written) {
        public Changed {
            gone = List.copyOf(gone);
            written = List.copyOf(written);
        }
    }

    /**
     * The rows deleted and written by transactions at or after {@code since} (a {@link ChangeHorizon}),
     * and, when rows were deleted, every row below them (a row written below a deleted one by a
     * transaction that ran beside the deletion must not be lost with it).
     */
    public Changed changedSince(final Tx tx, final long since) throws SQLException, PersistenceException {
        final long horizon = ChangeHorizon.now(tx);
        final List<Gone> gone = new ArrayList<>();
        try (PreparedStatement select = tx.connection().prepareStatement(
                "SELECT entry_key, path FROM config_entry_gone WHERE gone_xid >= " + ChangeHorizon.parameter()
                    + " ORDER BY gone_xid")) {
            select.setString(1, Long.toString(since));
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    final String key = rows.getString(1);
                    gone.add(new Gone(key, Rows.path(rows.getBytes(2), "deleted configuration entry " + key)));
                }
            }
        }
        final String written = gone.isEmpty()
            ? "SELECT entry_key, depth, path, data FROM config_entry WHERE changed_xid >= " + ChangeHorizon.parameter()
                + " ORDER BY depth, entry_key"
            : """
                SELECT entry_key, depth, path, data FROM config_entry e WHERE e.changed_xid >= %1$s
                    OR EXISTS (SELECT 1 FROM config_entry_gone g WHERE g.gone_xid >= %1$s
                        AND (starts_with(e.entry_key, g.entry_key || '/') OR starts_with(e.entry_key, g.entry_key || '[')))
                    ORDER BY depth, entry_key""".formatted(ChangeHorizon.parameter());
        final List<ConfigEntry> entries = new ArrayList<>();
        try (PreparedStatement select = tx.connection().prepareStatement(written)) {
            select.setString(1, Long.toString(since));
            if (!gone.isEmpty()) {
                select.setString(2, Long.toString(since));
            }
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    entries.add(entry(rows));
                }
            }
        }
        return new Changed(horizon, gone, entries);
    }

    /** Forget the deleted rows older than {@code keep} (readers behind by more compare every row). */
    public int pruneGone(final Tx tx, final Duration keep) throws SQLException {
        try (PreparedStatement delete = tx.connection().prepareStatement(
                "DELETE FROM config_entry_gone WHERE gone_at < clock_timestamp() - ? * interval '1 millisecond'")) {
            delete.setLong(1, keep.toMillis());
            return delete.executeUpdate();
        }
    }

    private static ConfigEntry entry(final ResultSet rows) throws SQLException, PersistenceException {
        final String key = rows.getString(1);
        final var path = Rows.path(rows.getBytes(3), "configuration entry " + key);
        if (!EntryKeys.of(path).equals(key)) {
            throw PersistenceException.badData("Configuration entry " + key + " holds the path of "
                + EntryKeys.of(path), null);
        }
        return new ConfigEntry(key, rows.getInt(2), path, Rows.node(rows.getBytes(4), "configuration entry " + key));
    }

    public int count(final Tx tx) throws SQLException {
        try (Statement statement = tx.connection().createStatement();
             ResultSet rows = statement.executeQuery("SELECT count(*) FROM config_entry")) {
            rows.next();
            return rows.getInt(1);
        }
    }
}
