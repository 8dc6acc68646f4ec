package io.sextant.uniconfig;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sextant.persistence.Database;
import io.sextant.persistence.DatabaseSettings;
import io.sextant.testing.PostgresServer;
import io.sextant.uniconfig.NodeResult.ErrorKind;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Commit ends against a real PostgreSQL: an end recorded while the database is stopped is
 * recorded once it is back, so the commit is not left pending (its nodes would be in doubt at the
 * next start); and recording an end again (an earlier attempt was kept but its answer was lost)
 * changes nothing.
 */
class CommitEndsInPostgresTest {

    @Test
    void aCommitThatEndedWhileTheDatabaseWasDownIsNotLeftPendingOnceItIsBack() throws Exception {
        try (PostgresServer server = PostgresServer.start();
             Database database = new Database(DatabaseSettings.of(server.jdbcUrl(), server.user(),
                 server.password()))) {
            database.migrate(Duration.ofSeconds(60));
            final DurableUniconfigStore store = new DurableUniconfigStore(database);
            store.commitStarted("c1", "commit", "alice", List.of("r1"));
            store.commitStarted("c2", "commit", "alice", List.of("r2"));
            server.stop();
            try (CommitEnds ends = new CommitEnds(store, Duration.ofMillis(200))) {
                ends.record("c1", true, null);
                ends.record("c2", false, failed("c2", "r2"));
                assertEquals(2, ends.owed(), "the database is down: both ends are owed");
                server.restart();
                await("the owed ends are recorded").atMost(Duration.ofSeconds(60)).until(() -> ends.owed() == 0);
            }
            assertEquals(List.of(), store.interrupted(), "no commit is left pending");
            assertEquals(List.of("c2"), store.loadLog(10).stream().map(CommitRecord::id).toList(),
                "the failed commit is in the transaction log once");
        }
    }

    @Test
    void recordingAnEndAgainChangesNothing() throws Exception {
        try (PostgresServer server = PostgresServer.start();
             Database database = new Database(DatabaseSettings.of(server.jdbcUrl(), server.user(),
                 server.password()))) {
            database.migrate(Duration.ofSeconds(60));
            final DurableUniconfigStore store = new DurableUniconfigStore(database);
            store.commitStarted("c1", "commit", "alice", List.of("r1"));
            store.commitFinished("c1", false, failed("c1", "r1"));
            store.commitFinished("c1", false, failed("c1", "r1"));
            assertEquals(List.of("c1"), store.loadLog(10).stream().map(CommitRecord::id).toList());
            assertEquals(List.of(), store.interrupted());
        }
    }

    private static CommitRecord failed(final String commitId, final String nodeId) {
        return new CommitRecord(commitId, Instant.now(), "alice", "commit", OperationResult.failed("The device refused",
            List.of(NodeResult.failed(nodeId, ErrorKind.PROCESSING_ERROR, "The device refused"))), Map.of());
    }
}
