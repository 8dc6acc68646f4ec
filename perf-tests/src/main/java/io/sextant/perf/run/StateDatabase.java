package io.sextant.perf.run;

import io.sextant.testing.PostgresServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.eclipse.jdt.annotation.Nullable;

/**
 * The PostgreSQL that a {@code --state postgres} run keeps the controller's state in: by default a
 * private throwaway cluster ({@code testing}'s {@link PostgresServer}: initdb into a temporary
 * directory, 127.0.0.1 and a free port, fsync and synchronous_commit on, 32 MB shared buffers),
 * or with {@code --postgres-url} an external server the operator runs, reached through the same
 * code; the credentials file the controller reads, and the WAL counters the report quotes. Closing
 * a private cluster stops it and deletes its files; an external server is left as it is, with the
 * run's tables in its database.
 */
public final class StateDatabase implements AutoCloseable {
    /** Environment variables of an external server's credentials, as {@code ./sextant run --postgres} reads them. */
    public static final String USER_ENV = "SEXTANT_DB_USER";
    public static final String PASSWORD_ENV = "SEXTANT_DB_PASSWORD";

    private final @Nullable PostgresServer server;
    private final String jdbcUrl;
    private final String user;
    private final String password;
    private final Path credentials;

    private StateDatabase(final @Nullable PostgresServer server, final String jdbcUrl, final String user,
            final String password, final Path credentials) {
        this.server = server;
        this.jdbcUrl = jdbcUrl;
        this.user = user;
        this.password = password;
        this.credentials = credentials;
    }

    /** Starts a new cluster; the credentials file goes to {@code dir} (mode 600). */
    public static StateDatabase start(final Path dir) throws IOException {
        final PostgresServer server = PostgresServer.start();
        try {
            return new StateDatabase(server, server.jdbcUrl(), server.user(), server.password(),
                credentialsFile(dir, server.user(), server.password()));
        } catch (IOException e) {
            server.close();
            throw e;
        }
    }

    /**
     * The database of a run's {@code --state postgres} phase: the external server of {@code
     * --postgres-url} when given (it must be empty: the controller creates its tables in it), else
     * a private cluster ({@link #start}).
     */
    public static StateDatabase forRun(final Options options, final Path dir) throws IOException {
        final String url = options.postgresUrl().orElse(null);
        return url == null ? start(dir) : external(url, System.getenv(USER_ENV), System.getenv(PASSWORD_ENV), dir);
    }

    /** An external server's empty database at {@code jdbcUrl}, with the role {@code user}. */
    static StateDatabase external(final String jdbcUrl, final @Nullable String user, final @Nullable String password,
            final Path dir) throws IOException {
        if (user == null || password == null) {
            throw new IOException("--postgres-url needs the credentials in the environment: " + USER_ENV + " and "
                + PASSWORD_ENV);
        }
        final StateDatabase db = new StateDatabase(null, jdbcUrl, user, password, credentialsFile(dir, user, password));
        try (Connection connection = db.connect(); Statement statement = connection.createStatement();
             ResultSet rs = statement.executeQuery("SELECT count(*) FROM pg_class c JOIN pg_namespace n"
                 + " ON n.oid = c.relnamespace WHERE n.nspname = 'public'")) {
            rs.next();
            if (rs.getLong(1) > 0) {
                throw new IOException("the database at " + jdbcUrl + " is not empty (" + rs.getLong(1)
                    + " relations in schema public): give the run an empty database, for example one made with"
                    + " createdb for it");
            }
        } catch (SQLException e) {
            throw new IOException("cannot use the database at " + jdbcUrl + ": " + e.getMessage(), e);
        }
        return db;
    }

    private static Path credentialsFile(final Path dir, final String user, final String password) throws IOException {
        final Path file = dir.resolve("db-credentials");
        Files.writeString(file, "", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        Files.writeString(file, "user=" + user + "\npassword=" + password + "\n", StandardCharsets.UTF_8);
        return file;
    }

    /** The controller's system properties for this database. */
    public List<String> controllerSettings() {
        return List.of("-Dsextant.db.url=" + jdbcUrl, "-Dsextant.db.credentials-file=" + credentials);
    }

    /** The server, with the settings that decide what a durable write costs (read from it). */
    public String describe() throws IOException {
        final String settings;
        try (Connection connection = connect(); Statement statement = connection.createStatement();
             ResultSet rs = statement.executeQuery("SELECT current_setting('server_version'),"
                 + " current_setting('fsync'), current_setting('synchronous_commit'),"
                 + " current_setting('shared_buffers'), current_setting('wal_sync_method')")) {
            rs.next();
            settings = "PostgreSQL " + rs.getString(1) + ": fsync=" + rs.getString(2) + ", synchronous_commit="
                + rs.getString(3) + ", shared_buffers=" + rs.getString(4) + ", wal_sync_method=" + rs.getString(5);
        } catch (SQLException e) {
            throw new IOException("reading the settings of " + jdbcUrl + " failed: " + e.getMessage(), e);
        }
        return (server != null ? "private PostgreSQL the harness started (testing/PostgresServer) on 127.0.0.1:"
            + server.port() : "external PostgreSQL at " + jdbcUrl.replaceFirst("^jdbc:postgresql://", "")
            + " (--postgres-url)") + "; " + settings;
    }

    /**
     * The cluster's WAL position and pg_stat_wal counters. The position is exact at once; the
     * counters are cluster-wide and each backend adds its share when it goes idle, at the latest
     * about 10 s later (PostgreSQL 15's idle statistics interval).
     */
    public record Wal(long lsn, long records, long fullPageImages, long bytes, long writes, long syncs) {
        public Wal minus(final Wal before) {
            return new Wal(lsn - before.lsn, records - before.records, fullPageImages - before.fullPageImages,
                bytes - before.bytes, writes - before.writes, syncs - before.syncs);
        }
    }

    public Wal wal() throws IOException {
        try (Connection connection = connect(); Statement statement = connection.createStatement();
             ResultSet rs = statement.executeQuery("SELECT pg_current_wal_lsn() - '0/0'::pg_lsn, wal_records,"
                 + " wal_fpi, wal_bytes, wal_write, wal_sync FROM pg_stat_wal")) {
            rs.next();
            return new Wal(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5), rs.getLong(6));
        } catch (SQLException e) {
            throw new IOException("reading the WAL counters of " + jdbcUrl + " failed: " + e.getMessage(), e);
        }
    }

    /** Size of every table in the public schema (with its indexes and TOAST), largest first, as Markdown rows. */
    public List<String> tableSizes() throws IOException {
        final List<String> rows = new ArrayList<>();
        try (Connection connection = connect(); Statement statement = connection.createStatement();
             ResultSet rs = statement.executeQuery("SELECT c.relname, pg_total_relation_size(c.oid), c.reltuples"
                 + " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'"
                 + " AND c.relkind = 'r' ORDER BY 2 DESC")) {
            while (rs.next()) {
                rows.add(String.format("| %s | %,d KiB | %,d |", rs.getString(1), rs.getLong(2) / 1024,
                    Math.max(0, rs.getLong(3))));
            }
        } catch (SQLException e) {
            throw new IOException("reading the table sizes of " + jdbcUrl + " failed: " + e.getMessage(), e);
        }
        return rows;
    }

    /**
     * Loads pg_stat_statements (a restart of the cluster with it preloaded, then the extension
     * created by the superuser), so that {@link #counters()} can count statements: the round
     * trips the controllers make. Call before any controller connects.
     */
    public void countStatements() throws IOException {
        final PostgresServer server = this.server;
        if (server == null) {
            throw new IOException("counting statements needs the private cluster (it restarts it), not an external"
                + " server");
        }
        server.stop();
        Files.writeString(server.dataDirectory().resolve("postgresql.conf"),
            "\nshared_preload_libraries = 'pg_stat_statements'\npg_stat_statements.track = all\n",
            StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        server.restart();
        try (Connection connection = DriverManager.getConnection(server.jdbcUrl(), "postgres", server.password());
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
            statement.execute("GRANT pg_read_all_stats TO " + server.user());
        } catch (SQLException e) {
            throw new IOException("loading pg_stat_statements failed: " + e.getMessage(), e);
        }
    }

    /**
     * Cumulative counters of the controllers' work in the database: statements executed (from
     * pg_stat_statements, 0 without {@link #countStatements()}), transactions committed or rolled
     * back, rows inserted, updated or deleted, and the WAL position. Transactions and rows of
     * pg_stat_database reach the counters when a backend goes idle, up to 10 s late (PostgreSQL 15).
     */
    public record Counters(long statements, long transactions, long rowsWritten, long walBytes) {
        public Counters minus(final Counters before) {
            return new Counters(statements - before.statements, transactions - before.transactions,
                rowsWritten - before.rowsWritten, walBytes - before.walBytes);
        }
    }

    public Counters counters() throws IOException {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            long statements = 0;
            try (ResultSet rs = statement.executeQuery("SELECT coalesce(sum(calls), 0) FROM pg_stat_statements s"
                    + " JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = current_database()")) {
                rs.next();
                statements = rs.getLong(1);
            } catch (SQLException notLoaded) {
                statements = 0;
            }
            try (ResultSet rs = statement.executeQuery("SELECT xact_commit + xact_rollback, tup_inserted + tup_updated"
                    + " + tup_deleted, pg_current_wal_lsn() - '0/0'::pg_lsn FROM pg_stat_database"
                    + " WHERE datname = current_database()")) {
                rs.next();
                return new Counters(statements, rs.getLong(1), rs.getLong(2), rs.getLong(3));
            }
        } catch (SQLException e) {
            throw new IOException("reading the counters of " + jdbcUrl + " failed: " + e.getMessage(), e);
        }
    }

    /** Node to the controller instance holding its lease, for the nodes held now (several instances on the database). */
    public Map<String, String> leaseOwners() throws IOException {
        final Map<String, String> owners = new TreeMap<>();
        try (Connection connection = connect(); Statement statement = connection.createStatement();
             ResultSet rs = statement.executeQuery("SELECT node_id, owner_instance FROM node_lease"
                 + " WHERE owner_instance IS NOT NULL")) {
            while (rs.next()) {
                owners.put(rs.getString(1), rs.getString(2));
            }
        } catch (SQLException e) {
            throw new IOException("reading the node leases of " + jdbcUrl + " failed: " + e.getMessage(), e);
        }
        return owners;
    }

    /** How many commits are recorded as pending (begun, neither done nor failed). */
    public int pendingCommits() throws IOException {
        try (Connection connection = connect(); Statement statement = connection.createStatement();
             ResultSet rs = statement.executeQuery("SELECT count(*) FROM commit_record WHERE state = 'pending'")) {
            rs.next();
            return rs.getInt(1);
        } catch (SQLException e) {
            throw new IOException("reading the commit records of " + jdbcUrl + " failed: " + e.getMessage(),
                e);
        }
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl, user, password);
    }

    @Override
    public void close() {
        if (server != null) {
            server.close();
        }
    }
}
