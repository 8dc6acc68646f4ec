package io.sextant.persistence;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.sextant.metrics.SextantMetrics;
import io.sextant.persistence.internal.Migrations;
import io.sextant.persistence.internal.SqlErrors;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import org.postgresql.ds.PGSimpleDataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A PostgreSQL database behind a bounded HikariCP pool. Every piece of work runs in one SQL
 * transaction ({@link #call}, {@link #run}): it commits as a whole and is acknowledged only once
 * durable ({@code synchronous_commit=on} is set on every connection, whatever the server's
 * default), or rolls back as a whole. Failures come out as {@link PersistenceException}:
 * unavailable (down, unreachable, too slow, no free connection) or bad data.
 *
 * <p>No call ever hangs: a connection is waited for at most {@code poolWait}, a statement runs at
 * most {@code statementTimeout} on the server, and a server that stops answering altogether is
 * given up after {@code socketTimeout}. The pool opens connections on demand, so a database that
 * is down when the controller starts, or goes away and comes back, needs nothing but time.
 *
 * <p>Constructed with {@code new} (plain Java) or by whatever component wires the controller.
 */
public final class Database implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Database.class);

    /**
     * The work of one SQL transaction, with a result. It touches nothing but the database: when the
     * connection is found lost before the commit, the server has rolled the transaction back and
     * the work runs once more on a fresh connection.
     */
    @FunctionalInterface
    public interface Work<T> {
        T run(Tx tx) throws SQLException, PersistenceException;
    }

    /** The work of one SQL transaction. */
    @FunctionalInterface
    public interface Action {
        void run(Tx tx) throws SQLException, PersistenceException;
    }

    private final DatabaseSettings settings;
    private final HikariDataSource pool;
    private final PGSimpleDataSource source;
    private final SextantMetrics metrics;
    private final ChangeHints hints;
    private final StartReads startReads = new StartReads(this);

    /** Not measured. */
    public Database(final DatabaseSettings settings) {
        this(settings, SextantMetrics.NONE);
    }

    /** Measured: each piece of work timed, the pool's waits and figures ({@link PoolTracking}). */
    public Database(final DatabaseSettings settings, final SextantMetrics metrics) {
        this.settings = settings;
        this.metrics = metrics;
        source = new PGSimpleDataSource();
        source.setURL(settings.url());
        source.setUser(settings.user());
        source.setPassword(settings.password());
        source.setApplicationName("sextant");
        source.setConnectTimeout(seconds(settings.connectTimeout().toMillis()));
        source.setLoginTimeout(seconds(settings.connectTimeout().toMillis()));
        source.setSocketTimeout(seconds(settings.socketTimeout().toMillis()));
        source.setTcpKeepAlive(true);
        source.setReWriteBatchedInserts(true);
        // durable acknowledgements and a server-side bound on every statement and lock wait
        source.setOptions("-c synchronous_commit=on -c statement_timeout=" + settings.statementTimeout().toMillis()
            + " -c lock_timeout=" + settings.statementTimeout().toMillis()
            + " -c idle_in_transaction_session_timeout=" + settings.socketTimeout().toMillis());

        final HikariConfig config = new HikariConfig();
        config.setPoolName("sextant-db");
        config.setDataSource(source);
        config.setAutoCommit(false);
        config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        config.setMaximumPoolSize(settings.poolSize());
        config.setMinimumIdle(Math.min(2, settings.poolSize()));
        config.setConnectionTimeout(Math.max(250, settings.poolWait().toMillis()));
        config.setValidationTimeout(Math.max(250, Math.min(settings.poolWait().toMillis(),
            settings.connectTimeout().toMillis())));
        // start without the database; connections are opened (and re-opened) on demand
        config.setInitializationFailTimeout(-1);
        config.setKeepaliveTime(60_000);
        config.setMaxLifetime(1_800_000);
        if (metrics.enabled()) {
            config.setMetricsTrackerFactory(new PoolTracking(metrics));
        }
        this.pool = new HikariDataSource(config);
        this.hints = new ChangeHints(this, ChangeHints.FALLBACK);
    }

    /**
     * What tells this controller instance that another one changed kept state: nothing runs until
     * something subscribes, and it stops when the database is closed.
     */
    public ChangeHints hints() {
        return hints;
    }

    /** The kept state a start loads first, read ahead once the start begins it ({@link StartReads}). */
    public StartReads startReads() {
        return startReads;
    }

    /**
     * A connection of its own, outside the pool, in autocommit mode, for the caller to keep as long
     * as it likes and close ({@link ChangeHints} listens on one).
     */
    Connection openDedicated(final String applicationName) throws PersistenceException {
        try {
            final Connection connection = source.getConnection();
            try (Statement statement = connection.createStatement()) {
                statement.execute("SET application_name = '" + applicationName.replace("'", "''") + "'");
            } catch (SQLException e) {
                connection.close();
                throw e;
            }
            return connection;
        } catch (SQLException e) {
            throw SqlErrors.map(e, "open a connection of its own (" + applicationName + ")");
        }
    }

    public DatabaseSettings settings() {
        return settings;
    }

    /**
     * Bring the schema up to date (see {@code db/migration/}). Safe to call at every start and
     * from several controllers at once.
     *
     * @return how many migrations were applied
     */
    public int migrate() throws PersistenceException {
        try (Connection connection = pool.getConnection()) {
            final int applied = Migrations.apply(connection, Migrations.bundled());
            if (applied > 0) {
                LOG.info("Database {}: applied {} schema migration(s)", settings.url(), applied);
            }
            return applied;
        } catch (SQLException e) {
            throw SqlErrors.map(e, "bring the database schema up to date");
        }
    }

    /**
     * {@link #migrate()}, tried again every 2 s while the database cannot be used: not up yet,
     * down, or slow to open a first connection (on a loaded machine that can take longer than the
     * pool's wait). The first failure is logged once. A schema the database refuses fails at once.
     *
     * @param patience how long to keep trying before the last failure is thrown
     * @return how many migrations were applied
     */
    public int migrate(final Duration patience) throws PersistenceException, InterruptedException {
        final long deadline = System.nanoTime() + patience.toNanos();
        boolean reported = false;
        while (true) {
            try {
                return migrate();
            } catch (PersistenceException e) {
                if (!e.unavailable() || System.nanoTime() - deadline > 0) {
                    throw e;
                }
                if (!reported) {
                    reported = true;
                    LOG.warn("{}; trying again every 2 s", e.getMessage());
                }
                Thread.sleep(2_000);
            }
        }
    }

    /**
     * Run {@code work} in one SQL transaction and commit it.
     *
     * @param doing what the work does, in the user's words, for error messages ("record commit 12")
     */
    public <T> T call(final String doing, final Work<T> work) throws PersistenceException {
        return timed("transaction", doing, work);
    }

    /** {@code work} run and timed as a {@code kind} ({@code transaction} or {@code statement}). */
    private <T> T timed(final String kind, final String doing, final Work<T> work) throws PersistenceException {
        final long started = System.nanoTime();
        boolean ok = false;
        try {
            final T result = retried(doing, work);
            ok = true;
            return result;
        } finally {
            metrics.databaseWork(kind, ok, System.nanoTime() - started);
        }
    }

    private <T> T retried(final String doing, final Work<T> work) throws PersistenceException {
        try {
            return attempt(doing, work);
        } catch (ConnectionLost lost) {
            // a pooled connection from before a server restart: its siblings are as dead, open fresh ones
            LOG.debug("Connection lost before commit while trying to {}; trying once more", doing, lost.getCause());
            final var mx = pool.getHikariPoolMXBean();
            if (mx != null) {
                mx.softEvictConnections();
            }
            try {
                return attempt(doing, work);
            } catch (ConnectionLost again) {
                throw SqlErrors.map(again.failure, doing);
            }
        }
    }

    /** The connection was found gone before anything was committed on it. */
    private static final class ConnectionLost extends Exception {
        private static final long serialVersionUID = 1L;

        private final SQLException failure;

        ConnectionLost(final SQLException cause) {
            super(cause);
            this.failure = cause;
        }
    }

    private <T> T attempt(final String doing, final Work<T> work) throws PersistenceException, ConnectionLost {
        final Connection connection;
        try {
            connection = pool.getConnection();
        } catch (SQLException e) {
            throw SqlErrors.map(e, doing);
        }
        try (connection) {
            final T result;
            try {
                result = work.run(new Tx(connection));
            } catch (UncheckedIOException | IllegalArgumentException e) {
                // data that cannot be encoded, or values the repositories refuse: a bug, not an outage
                rollback(connection);
                throw PersistenceException.badData("Cannot " + doing + ": " + e.getMessage(), e);
            } catch (SQLException e) {
                rollback(connection);
                if (SqlErrors.connectionLost(e)) {
                    throw new ConnectionLost(e);
                }
                throw e;
            } catch (PersistenceException | RuntimeException e) {
                rollback(connection);
                throw e;
            }
            try {
                connection.commit();
            } catch (SQLException e) {
                // an error the server answered means it rolled back; a connection that failed
                // meanwhile leaves unknown whether the server got the COMMIT and kept it
                throw SqlErrors.connectionLost(e) ? PersistenceException.outcomeUnknown(SqlErrors.map(e, doing))
                    : SqlErrors.map(e, doing);
            }
            return result;
        } catch (SQLException e) {
            throw SqlErrors.map(e, doing);
        }
    }

    /**
     * Run {@code work}, which runs exactly one SQL statement, as that statement's own transaction
     * (autocommit): one round trip to the server, where {@link #call} needs a second one for the
     * {@code COMMIT}. For frequent small writes such as heartbeats. The work must be safe to run
     * twice: when the connection is lost, the statement may or may not have been committed, and it
     * runs once more on a fresh connection, as in {@link #call}.
     */
    public <T> T callStatement(final String doing, final Work<T> work) throws PersistenceException {
        return timed("statement", doing, tx -> {
            // pgjdbc: no BEGIN is sent in autocommit mode, and the COMMIT after the work is skipped
            // because no transaction is open; switching the mode sends nothing
            tx.connection().setAutoCommit(true);
            final T result = work.run(tx);
            tx.connection().setAutoCommit(false);
            return result;
        });
    }

    /**
     * Run {@code work}, which runs exactly one SQL statement, as that statement's own transaction
     * (autocommit): one round trip to the server, durable when it returns, where {@link #call}
     * needs a second one for the {@code COMMIT}. For a write on a request's path. Unlike
     * {@link #callStatement} the work is never run twice: a connection lost while the statement ran
     * leaves unknown whether the server kept it ({@link PersistenceException#outcomeUnknown}), as a
     * connection lost during {@link #call}'s {@code COMMIT} does.
     */
    public <T> T callAlone(final String doing, final Work<T> work) throws PersistenceException {
        return timed("statement", doing, tx -> {
            tx.connection().setAutoCommit(true);
            final T result;
            try {
                result = work.run(tx);
            } catch (SQLException e) {
                if (SqlErrors.connectionLost(e)) {
                    throw PersistenceException.outcomeUnknown(SqlErrors.map(e, doing));
                }
                throw e;
            }
            // as in callStatement: no transaction is open, so the COMMIT after the work sends nothing
            tx.connection().setAutoCommit(false);
            return result;
        });
    }

    /** {@link #call} without a result. */
    public void run(final String doing, final Action action) throws PersistenceException {
        call(doing, tx -> {
            action.run(tx);
            return Boolean.TRUE;
        });
    }

    /** Fails with {@link PersistenceException.Reason#UNAVAILABLE} unless the database answers now. */
    public void check() throws PersistenceException {
        call("check the database", tx -> {
            try (Statement statement = tx.connection().createStatement()) {
                statement.execute("SELECT 1");
            }
            return Boolean.TRUE;
        });
    }

    /** Whether the database answers now. */
    public boolean healthy() {
        try {
            check();
            return true;
        } catch (PersistenceException e) {
            return false;
        }
    }

    /** Size, version, schema and pool figures, and the last compaction. */
    public DatabaseStatus status() throws PersistenceException {
        return call("read the database status", tx -> {
            try (Statement statement = tx.connection().createStatement();
                 ResultSet rows = statement.executeQuery("""
                     SELECT current_setting('server_version'), pg_database_size(current_database()),
                            (SELECT coalesce(max(version), 0) FROM schema_version),
                            (SELECT max(compacted_at) FROM node_config)""")) {
                rows.next();
                final Timestamp compacted = rows.getTimestamp(4);
                final var mx = pool.getHikariPoolMXBean();
                return new DatabaseStatus(settings.url(), rows.getString(1), rows.getLong(2), rows.getInt(3),
                    mx == null ? 0 : mx.getActiveConnections(), settings.poolSize(),
                    compacted == null ? null : compacted.toInstant());
            }
        });
    }

    @Override
    public void close() {
        startReads.close();
        hints.close();
        pool.close();
    }

    private static void rollback(final Connection connection) {
        try {
            connection.rollback();
        } catch (SQLException e) {
            LOG.debug("Rollback failed (the connection is gone; the server rolls back by itself)", e);
        }
    }

    private static int seconds(final long millis) {
        return (int) Math.max(1, (millis + 999) / 1000);
    }
}
