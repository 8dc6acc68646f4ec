package io.sextant.persistence;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * YANG sources fetched from devices with get-schema, by module and revision: each is stored once,
 * whichever device gave it and however many devices have it.
 */
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

    /**
     * Store sources in one statement; those stored before keep their first text.
     *
     * @return how many were new
     */
    public int saveAll(final Tx tx, final Collection<YangSourceText> sources) throws SQLException {
        if (sources.isEmpty()) {
            return 0;
        }
        try (PreparedStatement insert = tx.connection().prepareStatement("""
                INSERT INTO yang_source (module, revision, source)
                SELECT * FROM unnest(?::text[], ?::text[], ?::text[])
                ON CONFLICT (module, revision) DO NOTHING""")) {
            insert.setArray(1, tx.connection().createArrayOf("text",
                sources.stream().map(YangSourceText::module).toArray()));
            insert.setArray(2, tx.connection().createArrayOf("text",
                sources.stream().map(YangSourceText::revision).toArray()));
            insert.setArray(3, tx.connection().createArrayOf("text",
                sources.stream().map(YangSourceText::source).toArray()));
            return insert.executeUpdate();
        }
    }

    /**
     * The newest stored revision of {@code module}: its newest dated revision, or the one without
     * a revision when no dated one is stored.
     */
    public Optional<YangSourceText> newest(final Tx tx, final String module) throws SQLException {
        try (PreparedStatement select = tx.connection().prepareStatement("""
                SELECT revision, source FROM yang_source WHERE module = ?
                ORDER BY revision COLLATE "C" DESC LIMIT 1""")) {
            select.setString(1, module);
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? Optional.of(new YangSourceText(module, row.getString(1), row.getString(2)))
                    : Optional.empty();
            }
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
