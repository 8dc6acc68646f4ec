package io.sextant.uniconfig;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sextant.persistence.CommitRepository;
import io.sextant.persistence.Database;
import io.sextant.persistence.DatabaseSettings;
import io.sextant.testing.PostgresServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Commit ends written without waiting for the flush: a crash of the database server may lose
 * them, and its crash recovery empties the controller's run marker, which tells the controller
 * to record again every end not known to be flushed; a clean restart of the server keeps the
 * marker. A crash is simulated by what it leaves (the end undone, the marker gone) where the
 * test must be sure that an end was lost, and made real (SIGKILL) to show what the server does.
 */
class UnflushedEndsTest {
    private static final CommitRepository COMMITS = new CommitRepository();
    private static PostgresServer postgres;

    private Database database;
    private UnflushedEnds ends;

    @BeforeAll
    static void start() throws Exception {
        postgres = PostgresServer.start();
    }

    @AfterAll
    static void stop() {
        postgres.close();
    }

    @BeforeEach
    void open() throws Exception {
        database = new Database(DatabaseSettings.of(postgres.jdbcUrl(), postgres.user(), postgres.password()));
        database.migrate(Duration.ofSeconds(60));
        sql("TRUNCATE commit_record, server_run_marker");
        ends = new UnflushedEnds(database, COMMITS);
    }

    @AfterEach
    void close() {
        database.close();
    }

    private void begin(final String... commitIds) throws Exception {
        for (String commitId : commitIds) {
            database.run("begin " + commitId, tx -> COMMITS.begin(tx, commitId, "commit", "alice", List.of("d1"),
                null));
        }
    }

    /** The commits' states, read through a connection of the test's own. */
    private static Map<String, String> states() throws Exception {
        final Map<String, String> states = new TreeMap<>();
        try (Connection connection = connect(); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT commit_id, state FROM commit_record")) {
            while (rows.next()) {
                states.put(rows.getString(1), rows.getString(2));
            }
        }
        return states;
    }

    private static long markers() throws Exception {
        try (Connection connection = connect(); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT count(*) FROM server_run_marker")) {
            rows.next();
            return rows.getLong(1);
        }
    }

    /** What a crash of the server that lost {@code commitId}'s end leaves. */
    private static void lose(final String commitId) throws Exception {
        sql("UPDATE commit_record SET state = 'pending', finished_at = NULL WHERE commit_id = '" + commitId + "';"
            + "TRUNCATE server_run_marker");
    }

    private static void sql(final String statements) throws Exception {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute(statements);
        }
    }

    private static Connection connect() throws Exception {
        return DriverManager.getConnection(postgres.jdbcUrl(), postgres.user(), postgres.password());
    }

    @Test
    void anEndEndsThePendingCommitAndIsRememberedUntilKnownFlushed() throws Exception {
        begin("c1", "c2");
        ends.done("c1");
        assertEquals(Map.of("c1", "done", "c2", "pending"), states());
        assertEquals(1, ends.unflushed());
        assertEquals(1, markers(), "this run's marker, written before its first end");

        Thread.sleep(UnflushedEnds.FLUSHED.toMillis() + 100);
        ends.done("c2");
        assertEquals(1, ends.unflushed(), "c1 is known flushed: an end written long after it found the marker");
        ends.done("c2");
        assertEquals(1, ends.unflushed(), "an end of a commit no longer pending is not remembered");
    }

    @Test
    void endsTheServerLostAreRecordedAgainOnceItsMarkerIsFoundGone() throws Exception {
        begin("c1", "c2", "c3");
        ends.done("c1");
        lose("c1");

        ends.done("c2");
        assertEquals(Map.of("c1", "done", "c2", "done", "c3", "pending"), states(), "c1 recorded again");
        assertEquals(0, ends.unflushed(), "both recorded waiting for the flush");
        assertEquals(0, markers(), "a new marker is written before the next end");

        ends.done("c3");
        assertEquals(1, markers());
        assertEquals(Map.of("c1", "done", "c2", "done", "c3", "done"), states());
    }

    @Test
    void endsNotKnownFlushedAtTheStopAreRecordedAgain() throws Exception {
        begin("c1");
        ends.done("c1");
        lose("c1");
        ends.close();
        assertEquals(Map.of("c1", "done"), states());
    }

    @Test
    void aCrashOfTheServerEmptiesTheMarkersWhereAStopKeepsThem() throws Exception {
        begin("c1", "c2", "c3");
        ends.done("c1");
        postgres.stop();
        postgres.restart();
        // the pool's connections from before are gone: the first transaction replaces them
        database.check();
        assertEquals(1, markers(), "a clean restart keeps the marker");
        ends.done("c2");
        assertEquals(2, ends.unflushed(), "nothing was lost: nothing is recorded again");

        postgres.kill();
        postgres.restart();
        database.check();
        assertEquals(0, markers(), "crash recovery empties the unlogged table");
        ends.done("c3");
        assertEquals(0, ends.unflushed(), "every end not known flushed was recorded again, waiting for the flush");
        assertEquals(Map.of("c1", "done", "c2", "done", "c3", "done"), states());
    }
}
