package io.sextant.persistence;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.metrics.prometheus.PrometheusMetrics;
import io.sextant.testing.PostgresServer;
import java.nio.charset.StandardCharsets;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A measured {@link Database} on a real PostgreSQL: its work timed, its pool's waits and figures. */
class DatabaseMetricsTest {
    private static PostgresServer server;

    @BeforeAll
    static void startPostgres() throws Exception {
        server = PostgresServer.start();
    }

    @AfterAll
    static void stopPostgres() {
        server.close();
    }

    @Test
    void workIsTimedByKindAndOutcomeAndThePoolIsMeasured() throws Exception {
        final PrometheusMetrics metrics = new PrometheusMetrics(true);
        try (Database database = new Database(PostgresFixture.settings(server), metrics)) {
            database.check();
            database.callStatement("select one", tx -> {
                try (Statement statement = tx.connection().createStatement()) {
                    return statement.execute("SELECT 1");
                }
            });
            assertThrows(PersistenceException.class, () -> database.run("fail", tx -> {
                try (Statement statement = tx.connection().createStatement()) {
                    statement.execute("SELECT * FROM no_such_table");
                }
            }));
            final String text = scrape(metrics);
            assertTrue(text.contains("sextant_db_work_duration_seconds_count{kind=\"transaction\",outcome=\"ok\"} 1"),
                text);
            assertTrue(text.contains("sextant_db_work_duration_seconds_count{kind=\"statement\",outcome=\"ok\"} 1"),
                text);
            assertTrue(text.contains(
                "sextant_db_work_duration_seconds_count{kind=\"transaction\",outcome=\"failed\"} 1"), text);
            assertTrue(text.contains("sextant_db_connection_wait_seconds_count 3"), text);
            assertTrue(text.contains("sextant_db_connections_max 10"), text);
        }
        // a closed pool is no longer asked
        assertTrue(!scrape(metrics).contains("sextant_db_connections_max"), scrape(metrics));
    }

    private static String scrape(final PrometheusMetrics metrics) {
        return new String(metrics.scrape("text/plain").orElseThrow().body(), StandardCharsets.UTF_8);
    }
}
