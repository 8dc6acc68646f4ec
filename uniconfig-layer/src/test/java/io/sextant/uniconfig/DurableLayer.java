package io.sextant.uniconfig;

import io.sextant.datastore.ControllerStores;
import io.sextant.metrics.SextantMetrics;
import io.sextant.persistence.Database;
import io.sextant.persistence.DatabaseSettings;
import io.sextant.persistence.StateBackend;
import io.sextant.spi.IntentAccess;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.RpcRegistry;
import io.sextant.testing.PostgresServer;
import io.sextant.unified.UnifiedDeviceRegistry;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;

/**
 * For tests: one controller's UniConfig layer with its state in a PostgreSQL of its own (started,
 * migrated), its devices registered by the test; closed in the reverse order.
 */
final class DurableLayer implements AutoCloseable {
    final PostgresServer postgres;
    final Database database;
    final ControllerStores stores = new ControllerStores();
    final MountPointRegistry mounts = new MountPointRegistry();
    final UnifiedDeviceRegistry devices = new UnifiedDeviceRegistry();
    final UniconfigService service;

    private DurableLayer(final PostgresServer postgres, final Database database) {
        this.postgres = postgres;
        this.database = database;
        this.service = new UniconfigService(stores, new RpcRegistry(), mounts, devices, Duration.ofMinutes(5),
            StateBackend.durable(database), SextantMetrics.NONE, "", IntentAccess.Policy.UNRESTRICTED);
    }

    static DurableLayer start() throws Exception {
        final PostgresServer postgres = PostgresServer.start();
        Database database = null;
        try {
            database = new Database(DatabaseSettings.of(postgres.jdbcUrl(), postgres.user(), postgres.password()));
            database.migrate(Duration.ofSeconds(60));
            return new DurableLayer(postgres, database);
        } catch (Exception | Error e) {
            if (database != null) {
                database.close();
            }
            postgres.close();
            throw e;
        }
    }

    /** A connection of the test's own to the layer's database. */
    Connection connect() throws SQLException {
        return DriverManager.getConnection(postgres.jdbcUrl(), postgres.user(), postgres.password());
    }

    @Override
    public void close() {
        try {
            service.close();
            stores.close();
        } finally {
            database.close();
            postgres.close();
        }
    }
}
