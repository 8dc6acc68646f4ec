package io.sextant.datastore;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.persistence.Database;
import io.sextant.persistence.DatabaseSettings;
import io.sextant.spi.OperationErrorsException;
import io.sextant.testing.FaultProxy;
import io.sextant.testing.PostgresServer;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A configuration commit whose SQL {@code COMMIT} PostgreSQL kept but whose answer never came
 * back (a proxy cuts the connection once the server has answered it) is refused, so the kept rows
 * hold a mount the store does not: they are written again whole, by the next commit or by the
 * store's own empty commit, and a restart then finds only what the store held.
 */
class LostConfigCommitAnswerTest {
    private static final List<String> IDS = List.of("r1", "lost", "r3");

    private PostgresServer postgres;
    private FaultProxy proxy;
    private Database database;

    @BeforeEach
    void start() throws Exception {
        postgres = PostgresServer.start();
        proxy = FaultProxy.start("127.0.0.1", postgres.port());
        database = new Database(DatabaseSettings.of("jdbc:postgresql://127.0.0.1:" + proxy.port() + "/"
            // every COMMIT sent as text (pgjdbc names a statement it has run five times, then sends only the name)
            + PostgresServer.DATABASE + "?prepareThreshold=0", postgres.user(), postgres.password()));
        database.migrate(Duration.ofSeconds(60));
    }

    @AfterEach
    void stop() {
        database.close();
        proxy.close();
        postgres.close();
    }

    private static Set<String> mounted(final DataStore store) {
        return KeptMounts.mounted(store, IDS);
    }

    private Set<String> keptMounts() throws Exception {
        return KeptMounts.kept(postgres, IDS);
    }

    private void mountLosingTheAnswer(final DataStore store) {
        final FaultProxy.Armed lost = proxy.arm(FaultProxy.Trigger.of("COMMIT", FaultProxy.Moment.REPLY_LOST,
            "COMMIT", FaultProxy.Effect.CUT));
        assertThrows(OperationErrorsException.class, () -> KeptMounts.mount(store, "lost"), "the mount is refused");
        assertTrue(lost.hasFired());
    }

    @Test
    void theNextCommitWritesTheConfigurationAgainWithoutTheRefusedMount() throws Exception {
        try (DurableConfig durable = new DurableConfig(database, Duration.ofHours(1))) {
            final InMemoryDataStore store = KeptMounts.storeOn(durable);
            KeptMounts.mount(store, "r1");
            mountLosingTheAnswer(store);
            assertEquals(Set.of("r1"), mounted(store));
            assertEquals(Set.of("r1", "lost"), keptMounts(), "the server kept it (else this test shows nothing)");
            assertTrue(durable.repairOwed());

            KeptMounts.mount(store, "r3");
            assertFalse(durable.repairOwed());
            assertEquals(Set.of("r1", "r3"), keptMounts(), "kept as the store holds it");
        }
    }

    @Test
    void withoutAnotherCommitTheConfigurationIsWrittenAgainSoon() throws Exception {
        try (DurableConfig durable = new DurableConfig(database, Duration.ofMillis(200))) {
            final InMemoryDataStore store = KeptMounts.storeOn(durable);
            KeptMounts.mount(store, "r1");
            mountLosingTheAnswer(store);
            await("the configuration is written again").atMost(30, TimeUnit.SECONDS)
                .until(() -> !durable.repairOwed());
            assertEquals(Set.of("r1"), keptMounts());
        }
    }

    @Test
    void stoppingWritesTheConfigurationAgainWithoutTheRefusedMount() throws Exception {
        try (DurableConfig durable = new DurableConfig(database, Duration.ofHours(1))) {
            final InMemoryDataStore store = KeptMounts.storeOn(durable);
            KeptMounts.mount(store, "r1");
            mountLosingTheAnswer(store);
            assertTrue(durable.repairOwed(), "owed, and not retried before the stop");
        }
        assertEquals(Set.of("r1"), keptMounts(), "the next start finds what the controller held, not the refused "
            + "mount");
    }
}
