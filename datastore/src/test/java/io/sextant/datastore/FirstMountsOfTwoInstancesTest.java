package io.sextant.datastore;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sextant.persistence.Database;
import io.sextant.persistence.DatabaseSettings;
import io.sextant.persistence.PersistenceException;
import io.sextant.testing.PostgresServer;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Two controller instances' configuration stores on one PostgreSQL, both started before anything
 * was mounted: the first mount through each creates the NETCONF topology in its own store (the
 * second has not followed the first's mount yet). Each commit writes the rows of what appeared in
 * its store; neither may delete the other's node rows below the topology (the cluster benchmark
 * lost one of the first mounts that way).
 */
class FirstMountsOfTwoInstancesTest {
    private static final List<String> IDS = List.of("r1", "r2");

    @Test
    void theFirstMountsThroughTwoInstancesAreBothKept() throws Exception {
        try (PostgresServer postgres = PostgresServer.start();
             Database one = database(postgres);
             Database other = database(postgres);
             DurableConfig keptByOne = new DurableConfig(one);
             DurableConfig keptByOther = new DurableConfig(other)) {
            final InMemoryDataStore storeOfOne = KeptMounts.storeOn(keptByOne);
            final InMemoryDataStore storeOfOther = KeptMounts.storeOn(keptByOther);

            KeptMounts.mount(storeOfOne, "r1");
            KeptMounts.mount(storeOfOther, "r2");
            assertEquals(Set.of("r2"), KeptMounts.mounted(storeOfOther, IDS), "the other store has not followed");

            assertEquals(Set.of("r1", "r2"), KeptMounts.kept(postgres, IDS));
        }
    }

    private static Database database(final PostgresServer postgres) throws PersistenceException, InterruptedException {
        final Database database = new Database(DatabaseSettings.of(postgres.jdbcUrl(), postgres.user(),
            postgres.password()));
        database.migrate(Duration.ofSeconds(60));
        return database;
    }
}
