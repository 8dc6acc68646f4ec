package io.sextant.persistence;

import java.sql.Array;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The module sets NETCONF schemas were built for, one per schema id, whatever the number of
 * nodes that use it. Its sources are in {@link YangSourceRepository}.
 */
public final class YangModuleSetRepository {

    /**
     * A kept module set.
     *
     * @param capabilities what a device of the set advertised in its hello
     * @param unavailable those of its modules that did not make it into the schema
     */
    public record StoredModuleSet(Set<String> capabilities, Set<String> unavailable) {
        public StoredModuleSet {
            capabilities = Set.copyOf(capabilities);
            unavailable = Set.copyOf(unavailable);
        }
    }

    public Optional<StoredModuleSet> find(final Tx tx, final String schemaId) throws SQLException {
        try (PreparedStatement select = tx.connection().prepareStatement(
                "SELECT capabilities, unavailable FROM yang_module_set WHERE schema_id = ?")) {
            select.setString(1, schemaId);
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? Optional.of(new StoredModuleSet(strings(row.getArray(1)), strings(row.getArray(2))))
                    : Optional.empty();
            }
        }
    }

    /** Store the set of {@code schemaId}, replacing the one stored for it. */
    public void put(final Tx tx, final String schemaId, final StoredModuleSet set) throws SQLException {
        try (PreparedStatement upsert = tx.connection().prepareStatement("""
                INSERT INTO yang_module_set (schema_id, capabilities, unavailable) VALUES (?, ?, ?)
                ON CONFLICT (schema_id) DO UPDATE
                SET capabilities = excluded.capabilities, unavailable = excluded.unavailable, kept_at = now()""")) {
            upsert.setString(1, schemaId);
            upsert.setArray(2, tx.connection().createArrayOf("text", new TreeSet<>(set.capabilities()).toArray()));
            upsert.setArray(3, tx.connection().createArrayOf("text", new TreeSet<>(set.unavailable()).toArray()));
            upsert.executeUpdate();
        }
    }

    /** The ids of every kept set, in order. */
    public List<String> ids(final Tx tx) throws SQLException {
        try (PreparedStatement select = tx.connection().prepareStatement(
                "SELECT schema_id FROM yang_module_set ORDER BY schema_id");
             ResultSet rows = select.executeQuery()) {
            final List<String> ids = new ArrayList<>();
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
            return ids;
        }
    }

    private static Set<String> strings(final Array array) throws SQLException {
        try {
            return Set.of((String[]) array.getArray());
        } finally {
            array.free();
        }
    }
}
