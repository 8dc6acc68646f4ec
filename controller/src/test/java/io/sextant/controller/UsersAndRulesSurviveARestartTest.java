package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.spi.ControllerSettings;
import io.sextant.persistence.Database;
import io.sextant.persistence.StateBackend;
import io.sextant.testing.PostgresServer;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Users and NACM rules are configuration data kept in PostgreSQL: a controller started again on
 * the same database knows the users (by their hashes) and applies the same rules, and the
 * admin's password follows {@code SEXTANT_ADMIN_PASSWORD}.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class UsersAndRulesSurviveARestartTest {
    private static final String INTERFACES = "/rests/data/openconfig-interfaces:interfaces";

    @TempDir
    Path dataDir;

    private Sextant start(final Database database, final String adminPassword) throws Exception {
        return Sextant.start(ControllerSettings.forTests(dataDir, adminPassword), StateBackend.durable(database));
    }

    @Test
    void aRestartedControllerKnowsTheUsersAndRules() throws Exception {
        try (PostgresServer postgres = PostgresServer.start();
                Database database = DurableController.migratedDatabase(postgres)) {
            try (Sextant first = start(database, "first-admin-password")) {
                final RestconfClient admin = new RestconfClient(first, "first-admin-password");
                assertEquals(204, admin.send("POST", "/rests/operations/sextant-users:set-password",
                    "{\"input\":{\"name\":\"olga\",\"password\":\"olga-password\"}}").statusCode());
                assertEquals(204, admin.send("PATCH", "/rests/data/ietf-netconf-acm:nacm",
                    "{\"ietf-netconf-acm:nacm\":{\"groups\":{\"group\":[{\"name\":\"operator\",\"user-name\":"
                        + "[\"olga\"]}]}}}").statusCode());
            }
            try (Sextant second = start(database, "second-admin-password")) {
                final RestconfClient olga = new RestconfClient(second, "olga", "olga-password");
                assertEquals(200, olga.send("GET", "/rests/data?content=config").statusCode());
                assertEquals(403, olga.send("PUT", INTERFACES, "{\"openconfig-interfaces:interfaces\":{}}")
                    .statusCode(), "olga is still a read-only operator");
                assertEquals(401, new RestconfClient(second, "first-admin-password").send("GET", INTERFACES)
                    .statusCode(), "the admin password follows SEXTANT_ADMIN_PASSWORD");
                final var users = new RestconfClient(second, "second-admin-password").send("GET",
                    "/rests/data/sextant-users:users");
                assertEquals(200, users.statusCode());
                assertTrue(users.body().contains("\"name\":\"olga\""), users.body());
            }
        }
    }
}
