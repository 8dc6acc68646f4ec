package io.sextant.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.testing.FreePorts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A database that dies, freezes or runs out of connections: calls fail as unavailable within
 * their timeouts (never hang), nothing acknowledged is lost, and the pool recovers by itself.
 * The preemptive timeouts below only guard against a hang; they are far above the configured ones.
 */
class FaultsTest {
    private static final Duration HANG = Duration.ofSeconds(60);

    private PostgresFixture postgres;
    private Database db;
    private final YangSourceRepository sources = new YangSourceRepository();

    @BeforeEach
    void start() throws PersistenceException {
        postgres = PostgresFixture.start().migrated();
        db = new Database(PostgresFixture.settings(postgres.server).withPoolSize(4)
            .withPoolWait(Duration.ofSeconds(2))
            .withTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(3), Duration.ofSeconds(5)));
    }

    @AfterEach
    void stop() {
        db.close();
        postgres.close();
    }

    @Test
    void aKilledDatabaseFailsCallsAsUnavailableKeepsWhatWasAcknowledgedAndIsUsedAgainWhenBack() throws Exception {
        final List<String> acknowledged = new CopyOnWriteArrayList<>();
        final CountDownLatch written = new CountDownLatch(20);
        final ExecutorService writer = Executors.newSingleThreadExecutor();
        try {
            final Future<PersistenceException> failure = writer.submit(() -> {
                for (int i = 0; ; i++) {
                    final YangSourceText source = new YangSourceText("module-" + i, "", "module module-" + i + " { }");
                    try {
                        db.run("save module-" + i, tx -> sources.save(tx, source));
                    } catch (PersistenceException e) {
                        return e;
                    }
                    acknowledged.add(source.module());
                    written.countDown();
                }
            });
            assertTrue(written.await(30, TimeUnit.SECONDS));
            postgres.server.kill();
            final PersistenceException writing = assertTimeoutPreemptively(HANG, () -> failure.get());
            assertEquals(PersistenceException.Reason.UNAVAILABLE, writing.reason(), writing.getMessage());
            assertTrue(writing.getMessage().startsWith("Database unavailable: cannot save module-"),
                writing.getMessage());
        } finally {
            writer.shutdownNow();
        }

        final PersistenceException whileDown = assertTimeoutPreemptively(HANG,
            () -> assertThrows(PersistenceException.class, db::check));
        assertEquals(PersistenceException.Reason.UNAVAILABLE, whileDown.reason());

        postgres.server.restart();
        assertTimeoutPreemptively(HANG, () -> {
            while (!db.healthy()) {
                Thread.sleep(200);
            }
        });
        final List<String> stored = db.call("list", sources::all).stream().map(YangSourceText::module).toList();
        assertTrue(stored.containsAll(acknowledged), "every acknowledged write survived kill -9: " + acknowledged
            + " in " + stored);
        db.run("write again", tx -> sources.save(tx, new YangSourceText("after", "", "module after { }")));
    }

    @Test
    void theFirstCallAfterACleanServerRestartSucceedsOnFreshConnections() throws Exception {
        // fill the pool with connections that were just used, then restart the server under them
        final ExecutorService users = Executors.newFixedThreadPool(4);
        try {
            final CountDownLatch inUse = new CountDownLatch(4);
            final List<Future<Long>> calls = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                calls.add(users.submit(() -> db.call("hold", tx -> {
                    inUse.countDown();
                    awaitUninterruptibly(inUse);
                    return PostgresFixture.longOf(tx, "SELECT 1");
                })));
            }
            for (Future<Long> call : calls) {
                assertEquals(1L, call.get(30, TimeUnit.SECONDS));
            }
        } finally {
            users.shutdownNow();
        }
        postgres.server.stop();
        postgres.server.restart();

        db.run("save after restart", tx -> sources.save(tx, new YangSourceText("again", "", "module again { }")));
        assertEquals(List.of("again"), db.call("list", sources::all).stream().map(YangSourceText::module).toList());
    }

    @Test
    void aDatabaseThatStopsAnsweringFailsCallsInsteadOfHangingThem() throws Exception {
        db.check();
        postgres.server.pause();
        try {
            final PersistenceException failure = assertTimeoutPreemptively(HANG,
                () -> assertThrows(PersistenceException.class,
                    () -> db.run("save", tx -> sources.save(tx, new YangSourceText("m", "", "module m { }")))));
            assertEquals(PersistenceException.Reason.UNAVAILABLE, failure.reason(), failure.getMessage());
        } finally {
            postgres.server.resume();
        }
        assertTimeoutPreemptively(HANG, () -> {
            while (!db.healthy()) {
                Thread.sleep(200);
            }
        });
        db.run("save", tx -> sources.save(tx, new YangSourceText("m", "", "module m { }")));
        assertEquals(1, db.call("list", sources::all).size());
    }

    @Test
    void anExhaustedPoolMakesACallWaitABoundedTimeThenSaysTheDatabaseIsBusy() throws Exception {
        final CountDownLatch holding = new CountDownLatch(2);
        final CountDownLatch release = new CountDownLatch(1);
        final ExecutorService holders = Executors.newFixedThreadPool(4);
        try (Database small = new Database(PostgresFixture.settings(postgres.server).withPoolSize(2)
                .withPoolWait(Duration.ofSeconds(1)))) {
            for (int i = 0; i < 2; i++) {
                holders.submit(() -> {
                    small.run("hold a connection", tx -> {
                        holding.countDown();
                        try {
                            release.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    });
                    return null;
                });
            }
            assertTrue(holding.await(30, TimeUnit.SECONDS));
            final PersistenceException busy = assertTimeoutPreemptively(HANG,
                () -> assertThrows(PersistenceException.class, small::check));
            assertEquals(PersistenceException.Reason.UNAVAILABLE, busy.reason());
            assertTrue(busy.getMessage().startsWith("Database busy: cannot check the database: no connection "
                + "became free in time"), busy.getMessage());
            release.countDown();
            holders.shutdown();
            assertTrue(holders.awaitTermination(30, TimeUnit.SECONDS));
            small.check();
        } finally {
            release.countDown();
            holders.shutdownNow();
        }
    }

    @Test
    void wrongCredentialsOrNoServerAreUnavailableWithTheReason() {
        try (Database wrong = new Database(DatabaseSettings.of(postgres.server.jdbcUrl(), postgres.server.user(),
                "not-the-password").withPoolWait(Duration.ofSeconds(1)))) {
            final PersistenceException failure = assertThrows(PersistenceException.class, wrong::check);
            assertEquals(PersistenceException.Reason.UNAVAILABLE, failure.reason());
            assertTrue(failure.getMessage().contains("password authentication failed"), failure.getMessage());
        }
        try (Database nowhere = new Database(DatabaseSettings.of("jdbc:postgresql://127.0.0.1:" + FreePorts.one()
                + "/sextant", "sextant", "x").withPoolWait(Duration.ofSeconds(1)))) {
            final PersistenceException failure = assertThrows(PersistenceException.class, nowhere::check);
            assertEquals(PersistenceException.Reason.UNAVAILABLE, failure.reason());
            assertTrue(failure.getMessage().startsWith("Database unavailable: cannot check the database: cannot "
                + "connect"), failure.getMessage());
        }
    }

    @Test
    void settingsComeFromSystemPropertiesAndACredentialsFile() throws Exception {
        final Path file = Files.createTempFile("credentials", ".properties");
        try {
            Files.writeString(file, "user=" + postgres.server.user() + "\npassword="
                + postgres.server.password() + "\n");
            final Properties system = new Properties();
            system.setProperty(DatabaseSettings.URL_PROPERTY, postgres.server.jdbcUrl());
            system.setProperty(DatabaseSettings.CREDENTIALS_FILE_PROPERTY, file.toString());
            final DatabaseSettings settings = DatabaseSettings.fromSystem(system, Map.of()).orElseThrow();
            try (Database fromFile = new Database(settings)) {
                fromFile.check();
            }
            assertFalse(settings.toString().contains(postgres.server.password()));
            assertEquals(Optional.empty(), DatabaseSettings.fromSystem(new Properties(), Map.of()));
        } finally {
            Files.delete(file);
        }
    }

    private static void awaitUninterruptibly(final CountDownLatch latch) {
        try {
            assertTrue(latch.await(30, TimeUnit.SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
