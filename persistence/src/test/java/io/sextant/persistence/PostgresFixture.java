package io.sextant.persistence;

import io.sextant.testing.PostgresServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/** A private PostgreSQL with the schema applied, and a few raw SQL helpers for assertions. */
final class PostgresFixture implements AutoCloseable {
    /** How long a test waits for its new database to take a first connection (the machine may be loaded). */
    static final Duration PATIENCE = Duration.ofSeconds(60);

    final PostgresServer server;
    final Database database;

    private PostgresFixture(final PostgresServer server, final DatabaseSettings settings) {
        this.server = server;
        this.database = new Database(settings);
    }

    static PostgresFixture start() {
        try {
            final PostgresServer server = PostgresServer.start();
            return new PostgresFixture(server, settings(server));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static DatabaseSettings settings(final PostgresServer server) {
        return DatabaseSettings.of(server.jdbcUrl(), server.user(), server.password());
    }

    /** The schema applied, waiting for the database as a starting controller does. */
    PostgresFixture migrated() throws PersistenceException {
        try {
            database.migrate(PATIENCE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return this;
    }

    /**
     * Wait until the pool connects again after the server was stopped and restarted. Once the
     * server has been down a while, the pool tries to connect only every few seconds (HikariCP
     * backs off up to 5 s between attempts), so the first request after a restart may wait longer
     * than the pool's 5 s connection timeout: the database is unavailable to it, as to a
     * controller's request in the seconds after an outage, and answers again at the next attempt.
     */
    void awaitAnswering() {
        final long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!database.healthy()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("The test database did not answer within " + PATIENCE
                    + " of its restart");
            }
        }
    }

    /** Empty every table but the schema version. */
    void clear() throws PersistenceException {
        database.run("clear", tx -> {
            try (Statement statement = tx.connection().createStatement()) {
                statement.execute("TRUNCATE config_entry, config_entry_gone, uniconfig_node, node_config, "
                    + "node_config_base, node_config_journal, commit_record, transaction_log, transaction_log_node, "
                    + "snapshot, snapshot_node, yang_source, yang_module_set, known_host_key, audit_event, node_lease, "
                    + "node_connection, controller_instance, node_history, node_history_journal");
            }
        });
    }

    long queryLong(final String sql) throws PersistenceException {
        return database.call("query", tx -> longOf(tx, sql));
    }

    static long longOf(final Tx tx, final String sql) throws SQLException {
        try (Statement statement = tx.connection().createStatement(); ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    @Override
    public void close() {
        database.close();
        server.close();
    }
}
