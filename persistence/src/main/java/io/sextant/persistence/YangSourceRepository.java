package io.sextant.persistence;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** YANG sources fetched from devices with get-schema, by module and revision. */
public final class YangSourceRepository {

    /** Store a source; a module and revision stored before keeps its first text (a revision never changes). */
    public void save(final Tx tx, final YangSourceText source) throws SQLException {
        try (PreparedStatement insert = tx.connection().prepareStatement("""
                INSERT INTO yang_source (module, revision, source) VALUES (?, ?, ?)
                ON CONFLICT (module, revision) DO NOTHING""")) {
            insert.setString(1, source.module());
            insert.setString(2, source.revision());
            insert.setString(3, source.source());
            insert.executeUpdate();
        }
    }

    /** @param revision the revision, or "" for none */
    public Optional<YangSourceText> find(final Tx tx, final String module, final String revision) throws SQLException {
        try (PreparedStatement select = tx.connection().prepareStatement(
                "SELECT source FROM yang_source WHERE module = ? AND revision = ?")) {
            select.setString(1, module);
            select.setString(2, revision);
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? Optional.of(new YangSourceText(module, revision, row.getString(1)))
                    : Optional.empty();
            }
        }
    }

    /** Every stored source, by module and revision. */
    public List<YangSourceText> all(final Tx tx) throws SQLException {
        final List<YangSourceText> sources = new ArrayList<>();
        try (PreparedStatement select = tx.connection().prepareStatement(
                "SELECT module, revision, source FROM yang_source ORDER BY module, revision");
             ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
                sources.add(new YangSourceText(rows.getString(1), rows.getString(2), rows.getString(3)));
            }
        }
        return sources;
    }
}
