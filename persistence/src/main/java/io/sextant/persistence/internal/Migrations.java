package io.sextant.persistence.internal;

import io.sextant.persistence.PersistenceException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Versioned plain-SQL migrations: {@code db/migration/V<n>__<description>.sql} on the class path,
 * listed in order in {@code db/migration/index} (a bundle's class loader cannot list a folder).
 * Versions increase but need not be contiguous (branches developed side by side may each add one):
 * every listed migration the database lacks is applied, in version order, even below the newest
 * one applied, so each must stand on its own (its own tables, nothing of a neighbour's).
 * They are applied in one SQL transaction under a PostgreSQL advisory lock, so two controllers
 * starting at once on the same database apply each migration exactly once; each applied
 * migration is recorded with its checksum in {@code schema_version}. A migration changed after it
 * was applied, or a database with a migration this code does not know (a newer controller's),
 * stops the start with a clear error.
 *
 * <p>Versions must grow along the index but may have gaps: work done in parallel adds its
 * migrations under versions reserved for it, and one that arrives later with a lower version
 * than a migration already applied is applied then (its version is missing from the database).
 * Migrations written in parallel must therefore not depend on each other.
 */
public final class Migrations {
    /** The advisory lock key: "sextant" in ASCII. */
    private static final long LOCK_KEY = 0x73657874616e74L;
    private static final String FOLDER = "db/migration/";
    private static final Pattern NAME = Pattern.compile("V(\\d+)__([A-Za-z0-9_]+)\\.sql");

    /** One migration script. */
    public record Migration(int version, String description, String script, String sql) {
        String checksum() {
            try {
                return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(sql.getBytes(StandardCharsets.UTF_8)));
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
            }
        }
    }

    private Migrations() {
    }

    /** The migrations shipped with this bundle, in version order. */
    public static List<Migration> bundled() {
        final ClassLoader loader = Migrations.class.getClassLoader();
        final List<Migration> migrations = new ArrayList<>();
        for (String script : readLines(loader, FOLDER + "index")) {
            final Matcher name = NAME.matcher(script);
            if (!name.matches()) {
                throw new IllegalStateException("migration " + script + " is not named V<n>__<description>.sql");
            }
            final int version = Integer.parseInt(name.group(1));
            final int previous = migrations.isEmpty() ? 0 : migrations.get(migrations.size() - 1).version();
            if (version <= previous) {
                throw new IllegalStateException("migration " + script + " is out of order: expected a version above "
                    + previous);
            }
            migrations.add(new Migration(version, name.group(2).replace('_', ' '), script,
                String.join("\n", readLines(loader, FOLDER + script))));
        }
        return migrations;
    }

    /**
     * Apply the migrations the database does not have yet.
     *
     * @return how many were applied (0 when the schema was up to date)
     */
    public static int apply(final Connection connection, final List<Migration> migrations)
            throws SQLException, PersistenceException {
        connection.setAutoCommit(false);
        try {
            final int applied = applyLocked(connection, migrations);
            connection.commit();
            return applied;
        } catch (SQLException | PersistenceException | RuntimeException e) {
            try {
                connection.rollback();
            } catch (SQLException rollback) {
                // a connection the server ended cannot roll back: the failure to report is the first one
                e.addSuppressed(rollback);
            }
            throw e;
        }
    }

    /** The newest version recorded in the database, 0 for an empty one. */
    public static int currentVersion(final Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT coalesce(max(version), 0) FROM schema_version")) {
            rows.next();
            return rows.getInt(1);
        }
    }

    private static int applyLocked(final Connection connection, final List<Migration> migrations)
            throws SQLException, PersistenceException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("SELECT pg_advisory_xact_lock(" + LOCK_KEY + ")");
            statement.execute("""
                CREATE TABLE IF NOT EXISTS schema_version (
                    version     integer PRIMARY KEY,
                    description text NOT NULL,
                    script      text NOT NULL,
                    checksum    text NOT NULL,
                    applied_at  timestamptz NOT NULL DEFAULT now()
                )""");
        }
        final TreeMap<Integer, String> applied = new TreeMap<>();
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT version, checksum FROM schema_version")) {
            while (rows.next()) {
                applied.put(rows.getInt(1), rows.getString(2));
            }
        }
        final Map<Integer, Migration> byVersion = new HashMap<>();
        migrations.forEach(migration -> byVersion.put(migration.version(), migration));
        final int newestKnown = migrations.isEmpty() ? 0 : migrations.get(migrations.size() - 1).version();
        for (var entry : applied.entrySet()) {
            final Migration known = byVersion.get(entry.getKey());
            if (known == null) {
                throw PersistenceException.badData("The database schema has migration " + entry.getKey()
                    + (entry.getKey() > newestKnown ? ", newer than this controller knows (" + newestKnown + ")"
                        : ", which this controller does not know (it knows " + byVersion.keySet() + ")")
                    + ": use a newer controller or another database", null);
            }
            if (!known.checksum().equals(entry.getValue())) {
                throw PersistenceException.badData("Migration " + known.script() + " was changed after it was "
                    + "applied to this database; add a new migration instead", null);
            }
        }
        int count = 0;
        for (Migration migration : migrations) {
            if (applied.containsKey(migration.version())) {
                continue;
            }
            try (Statement statement = connection.createStatement()) {
                statement.execute(migration.sql());
            }
            try (PreparedStatement record = connection.prepareStatement(
                    "INSERT INTO schema_version (version, description, script, checksum) VALUES (?, ?, ?, ?)")) {
                record.setInt(1, migration.version());
                record.setString(2, migration.description());
                record.setString(3, migration.script());
                record.setString(4, migration.checksum());
                record.executeUpdate();
            }
            count++;
        }
        return count;
    }

    private static List<String> readLines(final ClassLoader loader, final String resource) {
        final List<String> lines = new ArrayList<>();
        final InputStream in = loader.getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalStateException("resource " + resource + " is missing from the persistence bundle");
        }
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (!resource.endsWith("index") || !line.isBlank() && !line.startsWith("#")) {
                    lines.add(resource.endsWith("index") ? line.strip() : line);
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + resource, e);
        }
        return lines;
    }
}
