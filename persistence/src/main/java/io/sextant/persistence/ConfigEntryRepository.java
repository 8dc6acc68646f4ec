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
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
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
    public List<ConfigEntry> load(final Tx tx) throws SQLException, PersistenceException {
        final List<ConfigEntry> entries = new ArrayList<>();
        try (Statement statement = tx.connection().createStatement();
             ResultSet rows = statement.executeQuery(
                 "SELECT entry_key, depth, path, data FROM config_entry ORDER BY depth, entry_key")) {
            while (rows.next()) {
                final String key = rows.getString(1);
                final var path = Rows.path(rows.getBytes(3), "configuration entry " + key);
                if (!EntryKeys.of(path).equals(key)) {
                    throw PersistenceException.badData("Configuration entry " + key + " holds the path of "
                        + EntryKeys.of(path), null);
                }
                entries.add(new ConfigEntry(key, rows.getInt(2), path,
                    Rows.node(rows.getBytes(4), "configuration entry " + key)));
            }
        }
        return entries;
    }

    public int count(final Tx tx) throws SQLException {
        try (Statement statement = tx.connection().createStatement();
             ResultSet rows = statement.executeQuery("SELECT count(*) FROM config_entry")) {
            rows.next();
            return rows.getInt(1);
        }
    }
}
