package io.sextant.controller;

import io.sextant.spi.ControllerSettings;
import io.sextant.persistence.Database;
import io.sextant.persistence.DatabaseSettings;
import io.sextant.persistence.StateBackend;
import io.sextant.testing.PostgresServer;
import java.nio.file.Path;
import java.time.Duration;

/**
 * One run of the whole controller with its state in a test's PostgreSQL: a pool of its own on
 * the migrated database, the controller on {@code dataDir}, a RESTCONF client logged in as
 * {@code admin}; closed in reverse order. A test that restarts the controller opens one run after
 * the other on the same database and data directory.
 */
final class DurableController implements AutoCloseable {
    /** How long a run waits for its database to take a first connection (the machine may be loaded). */
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    final Database database;
    final Sextant sextant;
    final RestconfClient rest;

    DurableController(final PostgresServer postgres, final Path dataDir, final String adminPassword)
            throws Exception {
        database = migratedDatabase(postgres);
        try {
            sextant = Sextant.start(ControllerSettings.forTests(dataDir, adminPassword),
                StateBackend.durable(database));
        } catch (Exception | Error e) {
            database.close();
            throw e;
        }
        rest = new RestconfClient(sextant, adminPassword);
    }

    /** A pool on {@code postgres}'s database with this build's schema applied; the caller closes it. */
    static Database migratedDatabase(final PostgresServer postgres) throws Exception {
        final Database database = new Database(DatabaseSettings.of(postgres.jdbcUrl(), postgres.user(),
            postgres.password()));
        try {
            database.migrate(PATIENCE);
        } catch (Exception | Error e) {
            database.close();
            throw e;
        }
        return database;
    }

    @Override
    public void close() {
        sextant.close();
        database.close();
    }
}
