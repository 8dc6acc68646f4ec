package io.sextant.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.persistence.internal.Migrations;
import io.sextant.persistence.internal.Migrations.Migration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class MigrationsTest {
    private static PostgresFixture postgres;

    @BeforeAll
    static void start() {
        postgres = PostgresFixture.start();
    }

    @AfterAll
    static void stop() {
        postgres.close();
    }

    @BeforeEach
    void emptyDatabase() throws PersistenceException {
        // several tests stop and restart the server under the fixture's pool
        postgres.awaitAnswering();
        postgres.database.run("drop everything", tx -> {
            try (Statement statement = tx.connection().createStatement()) {
                statement.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public");
            }
        });
    }

    @Test
    void aStartWaitsForADatabaseThatComesUpLater() throws Exception {
        final int known = Migrations.bundled().size();
        postgres.server.stop();
        final ExecutorService starter = Executors.newSingleThreadExecutor();
        try {
            final Future<Integer> applied = starter.submit(() -> postgres.database.migrate(Duration.ofSeconds(60)));
            Thread.sleep(3_000);
            assertFalse(applied.isDone(), "the start waits while the database is down");
            postgres.server.restart();
            assertEquals(known, applied.get(60, TimeUnit.SECONDS), "the schema is applied once it is up");
        } finally {
            starter.shutdownNow();
            postgres.server.restart();
        }
    }

    @Test
    void aStartGivesUpOnADatabaseThatStaysDownAfterItsPatience() throws Exception {
        postgres.server.stop();
        try {
            final PersistenceException failure = assertThrows(PersistenceException.class,
                () -> postgres.database.migrate(Duration.ofSeconds(3)));
            assertTrue(failure.unavailable(), failure.getMessage());
        } finally {
            postgres.server.restart();
        }
    }

    @Test
    void migrationsApplyOnceAndNotAgainAfterARestart() throws Exception {
        final int known = Migrations.bundled().size();
        assertEquals(known, postgres.database.migrate());
        assertEquals(0, postgres.database.migrate());

        postgres.server.stop();
        postgres.server.restart();
        try (Database again = new Database(PostgresFixture.settings(postgres.server))) {
            assertEquals(0, again.migrate());
            assertEquals(Migrations.bundled().get(known - 1).version(), again.status().schemaVersion(),
                "the newest version applied");
        }
        assertEquals(known, postgres.queryLong("SELECT count(*) FROM schema_version"));
        assertEquals(0, postgres.queryLong("SELECT count(*) FROM config_entry"), "the tables exist");
    }

    @Test
    void controllersStartingTogetherApplyEachMigrationOnce() throws Exception {
        final ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            final List<Future<Integer>> results = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                final Callable<Integer> start = () -> {
                    try (Database own = new Database(PostgresFixture.settings(postgres.server))) {
                        return own.migrate();
                    }
                };
                results.add(pool.submit(start));
            }
            int applied = 0;
            for (Future<Integer> result : results) {
                applied += result.get();
            }
            assertEquals(Migrations.bundled().size(), applied);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aMigrationChangedAfterItWasAppliedStopsTheStart() throws Exception {
        postgres.database.migrate();
        final List<Migration> changed = new ArrayList<>(Migrations.bundled());
        final Migration first = changed.get(0);
        changed.set(0, new Migration(1, first.description(), first.script(), first.sql() + "\n-- edited"));
        final PersistenceException failure = assertThrows(PersistenceException.class,
            () -> postgres.database.call("migrate", tx -> Migrations.apply(tx.connection(), changed)));
        assertEquals(PersistenceException.Reason.BAD_DATA, failure.reason());
        assertTrue(failure.getMessage().contains("V1__initial_schema.sql was changed"), failure.getMessage());
    }

    @Test
    void aDatabaseNewerThanThisControllerIsRefused() throws Exception {
        final List<Migration> newer = new ArrayList<>(Migrations.bundled());
        final int future = newer.get(newer.size() - 1).version() + 1;
        newer.add(new Migration(future, "future", "V" + future + "__future.sql", "CREATE TABLE future (id integer)"));
        postgres.database.call("migrate ahead", tx -> Migrations.apply(tx.connection(), newer));
        final PersistenceException failure = assertThrows(PersistenceException.class, postgres.database::migrate);
        assertEquals(PersistenceException.Reason.BAD_DATA, failure.reason());
        assertTrue(failure.getMessage().contains("migration " + future + ", newer than this controller knows"),
            failure.getMessage());
        assertTrue(failure.getMessage().contains("use a newer controller"), failure.getMessage());
    }

    @Test
    void aMigrationWrittenInParallelWithALowerVersionIsAppliedWhenItArrivesAfterAHigherOne() throws Exception {
        // one branch's V(n+2) is applied first; the other branch's V(n+1) arrives with a later controller
        final int last = lastVersion();
        final List<Migration> withGap = new ArrayList<>(Migrations.bundled());
        withGap.add(migration(last + 2, "later_branch"));
        final int first = postgres.database.call("migrate with a gap", tx -> Migrations.apply(tx.connection(), withGap));
        assertEquals(withGap.size(), first);

        final List<Migration> filled = new ArrayList<>(Migrations.bundled());
        filled.add(migration(last + 1, "earlier_branch"));
        filled.add(withGap.get(withGap.size() - 1));
        final int second = postgres.database.call("migrate the filled gap",
            tx -> Migrations.apply(tx.connection(), filled));
        assertEquals(1, second, "only the missing lower migration is applied");
        final int third = postgres.database.call("migrate again", tx -> Migrations.apply(tx.connection(), filled));
        assertEquals(0, third);
        assertEquals(0, postgres.queryLong("SELECT count(*) FROM earlier_branch"), "its table exists");
        assertEquals(0, postgres.queryLong("SELECT count(*) FROM later_branch"));
        assertEquals(filled.size(), postgres.queryLong("SELECT count(*) FROM schema_version"));
    }

    @Test
    void bundledMigrationVersionsGrowAlongTheIndexAndMayHaveGaps() {
        final List<Integer> versions = Migrations.bundled().stream().map(Migration::version).toList();
        for (int i = 1; i < versions.size(); i++) {
            assertTrue(versions.get(i) > versions.get(i - 1), versions.toString());
        }
        assertTrue(versions.contains(5), "V5 (instances and leases) loads whether V3 and V4 are there or not: "
            + versions);
    }

    @Test
    void aMigrationNumberedBelowTheNewestAppliedOneIsAppliedWhenItArrivesLater() throws Exception {
        // one branch ships V1, V2, V4; the merge adds another branch's V3, which the database lacks
        final List<Migration> withoutThree = Migrations.bundled().stream().filter(m -> m.version() != 3).toList();
        final int newest = withoutThree.get(withoutThree.size() - 1).version();
        assertTrue(newest >= 4, "the bundled migrations reach V4: " + withoutThree);
        assertEquals(withoutThree.size(), postgres.database.<Integer>call("migrate without V3",
            tx -> Migrations.apply(tx.connection(), withoutThree)));
        assertEquals(0, postgres.queryLong("SELECT count(*) FROM audit_event"), "V4's table exists without V3");

        final List<Migration> withThree = new ArrayList<>(withoutThree);
        final Migration three = new Migration(3, "other branch", "V3__other_branch.sql",
            "CREATE TABLE other_branch (id integer)");
        withThree.add(2, three);
        assertEquals(1, postgres.database.<Integer>call("migrate with V3", tx -> Migrations.apply(tx.connection(), withThree)));
        assertEquals(0, postgres.queryLong("SELECT count(*) FROM other_branch"), "V3 was applied after V4");
        assertEquals(withThree.size(), postgres.queryLong("SELECT count(*) FROM schema_version"));
        assertEquals(0, postgres.database.<Integer>call("migrate again", tx -> Migrations.apply(tx.connection(), withThree)));

        // and the controller without V3 refuses the database that has it, naming it
        final PersistenceException older = assertThrows(PersistenceException.class, () -> postgres.database
            .call("migrate without V3 again", tx -> Migrations.apply(tx.connection(), withoutThree)));
        assertTrue(older.getMessage().contains("migration 3, which this controller does not know"),
            older.getMessage());
    }

    @Test
    void bundledMigrationVersionsIncrease() {
        final List<Integer> versions = Migrations.bundled().stream().map(Migration::version).toList();
        for (int i = 1; i < versions.size(); i++) {
            assertTrue(versions.get(i) > versions.get(i - 1), versions.toString());
        }
        assertEquals(1, versions.get(0));
    }

    @Test
    void everyMigrationFileIsListedInTheIndexInOrder() throws IOException {
        final List<String> files;
        try (Stream<Path> list = Files.list(Path.of("src/main/resources/db/migration"))) {
            files = list.map(path -> path.getFileName().toString()).filter(name -> name.endsWith(".sql"))
                .sorted((a, b) -> Integer.compare(version(a), version(b))).toList();
        }
        assertEquals(files, Migrations.bundled().stream().map(Migration::script).toList());
    }

    private static int lastVersion() {
        final List<Migration> bundled = Migrations.bundled();
        return bundled.get(bundled.size() - 1).version();
    }

    private static Migration migration(final int version, final String table) {
        return new Migration(version, table.replace('_', ' '), "V" + version + "__" + table + ".sql",
            "CREATE TABLE " + table + " (id integer)");
    }

    private static int version(final String script) {
        return Integer.parseInt(script.substring(1, script.indexOf("__")));
    }
}
