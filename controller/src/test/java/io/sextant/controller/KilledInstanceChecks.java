package io.sextant.controller;

import io.sextant.testing.NetconfTestTool;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.PostgresServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Set;

/**
 * What the tests that kill controller instances among test-tool devices (nodes {@code d0},
 * {@code d1}...) read to check the outcome: the commits left pending in the database, and the
 * devices read through sessions of the test's own.
 */
final class KilledInstanceChecks {
    private KilledInstanceChecks() {
    }

    /** Commits the database still holds as pending. */
    static int pendingCommits(final PostgresServer postgres) {
        try (Connection connection = DriverManager.getConnection(postgres.jdbcUrl(), postgres.user(),
                postgres.password());
             Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery("SELECT count(*) FROM commit_record WHERE state = 'pending'")) {
            row.next();
            return row.getInt(1);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The device index of a node named {@code d<index>}. */
    static int index(final String node) {
        return Integer.parseInt(node.substring(1));
    }

    /** The node's intended configuration (RESTCONF path). */
    static String config(final String node) {
        return RestconfClient.UNICONFIG_NODE + node + RestconfClient.CONFIGURATION + "?content=config";
    }

    /** The interface names on the node's device, read through a session of the test's own (not through a proxy). */
    static Set<String> interfacesOnTheDevice(final NetconfTestTool devices, final String node) throws Exception {
        try (NetconfVerifier session = NetconfVerifier.connect(devices, index(node))) {
            return new HashSet<>(NetconfVerifier.values(session.getConfig("running"), "data", "interfaces",
                "interface", "name"));
        }
    }
}
