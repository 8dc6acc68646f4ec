package io.sextant.uniconfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.datastore.ControllerStores;
import io.sextant.persistence.Database;
import io.sextant.persistence.DatabaseSettings;
import io.sextant.testing.PostgresServer;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/**
 * Two controller instances on one database: a snapshot created through one is listed by the other
 * at its next catch-up, with what it holds; one deleted goes; one deleted and created again under
 * the same name is read again. An instance's own snapshots are not read back.
 */
class SnapshotsOfAnotherInstanceTest {
    private static SnapshotStore.Captured captured(final String description) {
        return new SnapshotStore.Captured("schema-1", ImmutableNodes.newContainerBuilder()
            .withNodeIdentifier(NodeIdentifier.create(TopologyPaths.CONFIGURATION))
            .withChild(ImmutableNodes.leafNode(TopologyPaths.NODE_ID, description)).build());
    }

    private static boolean listed(final ControllerStores stores, final String name) {
        return stores.operational().snapshot().read(TopologyPaths.node(TopologyPaths.SNAPSHOTS, name)).isPresent();
    }

    @Test
    void snapshotsCreatedAndDeletedThroughOneInstanceAreFollowedByTheOther() throws Exception {
        try (PostgresServer postgres = PostgresServer.start();
             Database database = new Database(DatabaseSettings.of(postgres.jdbcUrl(), postgres.user(),
                 postgres.password()))) {
            database.migrate(Duration.ofSeconds(60));
            try (DurableUniconfigStore oneStore = new DurableUniconfigStore(database);
                 DurableUniconfigStore otherStore = new DurableUniconfigStore(database);
                 ControllerStores oneData = new ControllerStores();
                 ControllerStores otherData = new ControllerStores()) {
                final SnapshotStore one = new SnapshotStore(oneData.operational(), oneStore);
                final SnapshotStore other = new SnapshotStore(otherData.operational(), otherStore);

                one.create("before-change", Map.of("R1", captured("first")));
                final SnapshotStore.Snapshot mine = one.get("before-change").orElseThrow();
                one.catchUp();
                assertSame(mine, one.get("before-change").orElseThrow(), "its own snapshot, not read back as "
                    + "another's (the creation time as the database keeps it)");
                assertTrue(other.get("before-change").isEmpty());
                other.catchUp();
                assertEquals(captured("first"), other.get("before-change").orElseThrow().nodes().get("R1"));
                assertTrue(listed(otherData, "before-change"), "listed under topology=snapshots");

                one.delete("before-change");
                one.create("before-change", Map.of("R2", captured("second")));
                other.catchUp();
                assertEquals(Set.of("R2"), other.get("before-change").orElseThrow().nodes().keySet(),
                    "deleted and created again: read again");

                other.delete("before-change");
                one.catchUp();
                assertTrue(one.get("before-change").isEmpty(), "deleted through the other");
                assertTrue(!listed(oneData, "before-change"));
            }
        }
    }
}
