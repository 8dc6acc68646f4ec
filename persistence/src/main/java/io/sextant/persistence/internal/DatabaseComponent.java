package io.sextant.persistence.internal;

import io.sextant.metrics.SextantMetrics;
import io.sextant.persistence.Database;
import io.sextant.persistence.DatabaseSettings;
import io.sextant.persistence.PersistenceException;
import io.sextant.persistence.StateBackend;
import io.sextant.persistence.StateReport;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.jdt.annotation.Nullable;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * In Karaf: publishes the {@link StateBackend} the controller's components keep their state in.
 * When {@code sextant.db.url} is set ({@code ./sextant run} sets it unless {@code --in-memory}),
 * it opens the {@link Database}, brings its schema up to date and only then publishes a durable
 * backend (and the {@code Database} itself); a database that is not reachable yet is retried
 * every few seconds (logged once), so the controller waits for PostgreSQL instead of starting
 * without its state. Without the property an in-memory backend is published at once.
 * Plain-Java assemblies construct {@link Database} and {@link StateBackend} with {@code new}.
 */
@Component(immediate = true, service = {})
public final class DatabaseComponent {
    private static final Logger LOG = LoggerFactory.getLogger(DatabaseComponent.class);
    private static final long RETRY_SECONDS = 5;

    private final BundleContext context;
    private final @Nullable Database database;
    private final @Nullable ScheduledExecutorService retries;
    private volatile @Nullable ServiceRegistration<Database> registration;
    private volatile @Nullable ServiceRegistration<StateBackend> backend;
    private final ServiceRegistration<StateReport> report;
    private volatile boolean reportedUnavailable;
    /** What the controller waits for, or why it cannot start; null once the backend is published. */
    private volatile @Nullable String waiting;

    @Activate
    public DatabaseComponent(final BundleContext context, @Reference final SextantMetrics metrics) {
        this.context = context;
        Optional<DatabaseSettings> settings;
        try {
            settings = DatabaseSettings.fromSystem(System.getProperties(), System.getenv());
        } catch (IllegalArgumentException e) {
            // never fall back to memory: the operator asked for a database and would lose everything
            LOG.error("Database settings are incomplete, the controller does not start: {}", e.getMessage());
            waiting = "cannot start: database settings are incomplete: " + e.getMessage();
            database = null;
            retries = null;
            report = context.registerService(StateReport.class, this::describe, null);
            return;
        }
        if (settings.isEmpty()) {
            LOG.info("No {} set: state is kept in memory", DatabaseSettings.URL_PROPERTY);
            database = null;
            retries = null;
            report = context.registerService(StateReport.class, this::describe, null);
            backend = context.registerService(StateBackend.class, StateBackend.inMemory(), null);
            return;
        }
        final Database db = new Database(settings.orElseThrow(), metrics);
        database = db;
        waiting = "waiting for PostgreSQL at " + db.settings().url();
        report = context.registerService(StateReport.class, this::describe, null);
        final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            final Thread thread = new Thread(runnable, "sextant-db-start");
            thread.setDaemon(true);
            return thread;
        });
        retries = timer;
        timer.execute(() -> migrateAndPublish(db, timer));
    }

    private void migrateAndPublish(final Database db, final ScheduledExecutorService timer) {
        try {
            db.migrate();
        } catch (PersistenceException e) {
            if (e.unavailable()) {
                waiting = "waiting for PostgreSQL at " + db.settings().url() + ": " + e.getMessage();
                if (!reportedUnavailable) {
                    reportedUnavailable = true;
                    LOG.warn("{}; retrying every {} s", e.getMessage(), RETRY_SECONDS);
                }
                timer.schedule(() -> migrateAndPublish(db, timer), RETRY_SECONDS, TimeUnit.SECONDS);
            } else {
                waiting = "cannot start: PostgreSQL at " + db.settings().url() + " cannot be used: "
                    + e.getMessage();
                LOG.error("Database {} cannot be used: {}", db.settings().url(), e.getMessage(), e);
            }
            return;
        }
        // the kept configuration is read while the controller's schema is built and its stores wait for this
        // backend; not the UniConfig nodes: RESTCONF may serve (and unmount) before the layer loads them here
        db.startReads().beginConfiguration();
        registration = context.registerService(Database.class, db,
            FrameworkUtil.asDictionary(Map.of(DatabaseSettings.URL_PROPERTY, db.settings().url())));
        backend = context.registerService(StateBackend.class, StateBackend.durable(db),
            FrameworkUtil.asDictionary(Map.of(DatabaseSettings.URL_PROPERTY, db.settings().url())));
        waiting = null;
        LOG.info("Database {} ready", db.settings().url());
    }

    private String describe() {
        final String now = waiting;
        if (now != null) {
            return now;
        }
        final Database db = database;
        return db == null ? StateReport.describe(StateBackend.inMemory()) : StateReport.describe(db);
    }

    @Deactivate
    void deactivate() {
        final ScheduledExecutorService timer = retries;
        if (timer != null) {
            timer.shutdownNow();
            try {
                timer.awaitTermination(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        report.unregister();
        final ServiceRegistration<StateBackend> publishedBackend = backend;
        if (publishedBackend != null) {
            publishedBackend.unregister();
        }
        final ServiceRegistration<Database> published = registration;
        if (published != null) {
            published.unregister();
        }
        final Database db = database;
        if (db != null) {
            db.close();
        }
    }
}
