package io.sextant.controller;

import io.sextant.spi.ControllerSettings;
import io.sextant.persistence.Database;
import io.sextant.persistence.DatabaseSettings;
import io.sextant.persistence.PersistenceException;
import io.sextant.persistence.StateBackend;
import io.sextant.security.service.SecuritySettings;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/**
 * Runs the plain-Java assembly in the foreground (benchmarks use it to measure the
 * controller without Karaf). Settings come from the same system properties as under Karaf:
 * with {@code sextant.db.url} (and its credentials) the state is kept in that PostgreSQL.
 */
public final class SextantMain {
    private SextantMain() {
    }

    /**
     * Loggers of yangtools' quieted for slf4j-simple, the benchmarks' logger, as Karaf quiets them (see
     * etc/org.ops4j.pax.logging.cfg for why): InMemoryDataTreeModification logs an ERROR with a stack
     * for every edit a read refuses, then throws, and the store answers that as the user's error;
     * XMLStreamWriterUtils logs a WARN with the whole type for every value of a union it has no codec
     * for, and writes the value's text form.
     */
    private static final Map<String, String> QUIETED = Map.of(
        "org.slf4j.simpleLogger.log.org.opendaylight.yangtools.yang.data.tree.impl.InMemoryDataTreeModification",
        "off",
        "org.slf4j.simpleLogger.log.org.opendaylight.yangtools.yang.data.codec.xml.XMLStreamWriterUtils", "error");

    /** How long the start waits for its database to be usable (Ctrl-C stops the wait). */
    private static final Duration DATABASE_PATIENCE = Duration.ofHours(1);

    /**
     * Benchmarks only: start without the audit log, to measure what it costs. Read here, in the
     * plain-Java launcher the benchmarks run, and nowhere else (Karaf never reads it).
     */
    public static final String NO_AUDIT_PROPERTY = "sextant.benchmark.no-audit";

    /** slf4j-simple's settings for a time on every line of the log, unless given. */
    private static final Map<String, String> LOG_TIMES = Map.of(
        "org.slf4j.simpleLogger.showDateTime", "true",
        "org.slf4j.simpleLogger.dateTimeFormat", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX");

    public static void main(final String[] args) throws InterruptedException, PersistenceException {
        QUIETED.forEach((key, value) -> {
            if (System.getProperty(key) == null) {
                System.setProperty(key, value);
            }
        });
        LOG_TIMES.forEach((key, value) -> {
            if (System.getProperty(key) == null) {
                System.setProperty(key, value);
            }
        });
        final Optional<DatabaseSettings> db = DatabaseSettings.fromSystem(System.getProperties(), System.getenv());
        final Database database = db.map(Database::new).orElse(null);
        final StateBackend backend;
        if (database != null) {
            // like the Karaf distribution: wait for PostgreSQL rather than start without the state
            database.migrate(DATABASE_PATIENCE);
            backend = StateBackend.durable(database);
        } else {
            backend = StateBackend.inMemory();
        }
        final Sextant sextant;
        try {
            if (Boolean.getBoolean(NO_AUDIT_PROPERTY)) {
                System.err.println("WARNING: " + NO_AUDIT_PROPERTY + " is set: NOTHING IS AUDITED (benchmarks only)");
                sextant = Sextant.startUnauditedForBenchmark(ControllerSettings.fromSystemProperties(),
                    SecuritySettings.fromSystemProperties(), backend);
            } else {
                sextant = Sextant.start(ControllerSettings.fromSystemProperties(),
                    SecuritySettings.fromSystemProperties(), backend);
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            // unusable TLS material or device-secret keys: say which and why, no stack trace
            System.err.println("Sextant did not start: " + e.getMessage());
            if (database != null) {
                database.close();
            }
            System.exit(1);
            return;
        }
        final CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            sextant.close();
            if (database != null) {
                database.close();
            }
            stopped.countDown();
        }, "sextant-shutdown"));
        System.out.println("Sextant (plain-Java assembly) serving RESTCONF at " + sextant.restconfUri()
            + ", state " + backend);
        stopped.await();
    }
}
