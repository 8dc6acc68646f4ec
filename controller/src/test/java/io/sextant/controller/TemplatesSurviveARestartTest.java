package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.persistence.Database;
import io.sextant.persistence.StateBackend;
import io.sextant.spi.ControllerSettings;
import io.sextant.testing.PostgresServer;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Templates are configuration data kept in PostgreSQL: a controller started again on the same
 * database, with an empty data directory, still has them, and one deleted stays deleted.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class TemplatesSurviveARestartTest {
    private static final String PASSWORD = "templates-restart-test";
    private static final String TEMPLATE = "/rests/data/sextant-templates:templates/template=";

    @TempDir
    Path firstDir;
    @TempDir
    Path secondDir;

    private static String body(final String name) {
        return "{\"sextant-templates:template\":[{\"name\":\"" + name + "\",\"configuration\":"
            + "\"{\\\"openconfig-interfaces:interfaces\\\":{\\\"interface\\\":[{\\\"name\\\":\\\"{$ifname}\\\"}]}}\","
            + "\"operation\":[{\"path\":\"openconfig-interfaces:interfaces/interface={$ifname}\",\"operation\":"
            + "\"replace\"}]}]}";
    }

    @Test
    void aRestartedControllerHasTheStoredTemplates() throws Exception {
        try (PostgresServer postgres = PostgresServer.start();
                Database database = DurableController.migratedDatabase(postgres)) {
            try (Sextant first = Sextant.start(ControllerSettings.forTests(firstDir, PASSWORD),
                    StateBackend.durable(database))) {
                final RestconfClient rest = new RestconfClient(first, PASSWORD);
                assertEquals(201, rest.send("PUT", TEMPLATE + "kept", body("kept")).statusCode());
                assertEquals(201, rest.send("PUT", TEMPLATE + "gone", body("gone")).statusCode());
                assertEquals(204, rest.send("DELETE", TEMPLATE + "gone").statusCode());
            }
            try (Sextant second = Sextant.start(ControllerSettings.forTests(secondDir, PASSWORD),
                    StateBackend.durable(database))) {
                final RestconfClient rest = new RestconfClient(second, PASSWORD);
                final HttpResponse<String> kept = rest.send("GET", TEMPLATE + "kept");
                assertEquals(200, kept.statusCode(), kept.body());
                assertTrue(kept.body().contains("interface={$ifname}"), kept.body());
                assertEquals(404, rest.send("GET", TEMPLATE + "gone").statusCode());
            }
        }
    }
}
