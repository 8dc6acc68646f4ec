package io.sextant.persistence.internal;

import io.sextant.persistence.Database;
import io.sextant.persistence.DatabaseSettings;
import io.sextant.persistence.PersistenceException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * In Karaf: when {@code sextant.db.url} is set ({@code ./sextant run} sets it unless
 * {@code --in-memory}), opens the {@link Database}, brings its schema up to date and then
 * publishes it as a service, so components that keep durable state reference {@code Database}.
 * A database that is not reachable yet is retried every few seconds (logged once), so the
 * controller starts with PostgreSQL and follows it when it comes later. Without the property
 * nothing is published: the controller keeps its state in memory. Plain-Java assemblies
 * construct {@link Database} with {@code new} instead.
 */
@Component(immediate = true, service = {})
public final class DatabaseComponent {
    private static final Logger LOG = LoggerFactory.getLogger(DatabaseComponent.class);
    private static final long RETRY_SECONDS = 5;

    private final BundleContext context;
    private final Database database;
    private final ScheduledExecutorService retries;
    private volatile ServiceRegistration<Database> registration;
    private volatile boolean reportedUnavailable;

    @Activate
    public DatabaseComponent(final BundleContext context) {
        this.context = context;
        Optional<DatabaseSettings> settings;
        try {
            settings = DatabaseSettings.fromSystem(System.getProperties(), System.getenv());
        } catch (IllegalArgumentException e) {
            LOG.error("Database settings are incomplete, keeping state in memory: {}", e.getMessage());
            settings = Optional.empty();
        }
        if (settings.isEmpty()) {
            LOG.info("No {} set: state is kept in memory", DatabaseSettings.URL_PROPERTY);
            database = null;
            retries = null;
            return;
        }
        database = new Database(settings.orElseThrow());
        retries = Executors.newSingleThreadScheduledExecutor(runnable -> {
            final Thread thread = new Thread(runnable, "sextant-db-start");
            thread.setDaemon(true);
            return thread;
        });
        retries.execute(this::migrateAndPublish);
    }

    private void migrateAndPublish() {
        try {
            database.migrate();
        } catch (PersistenceException e) {
            if (e.unavailable()) {
                if (!reportedUnavailable) {
                    reportedUnavailable = true;
                    LOG.warn("{}; retrying every {} s", e.getMessage(), RETRY_SECONDS);
                }
                retries.schedule(this::migrateAndPublish, RETRY_SECONDS, TimeUnit.SECONDS);
            } else {
                LOG.error("Database {} cannot be used: {}", database.settings().url(), e.getMessage(), e);
            }
            return;
        }
        registration = context.registerService(Database.class, database,
            FrameworkUtil.asDictionary(Map.of(DatabaseSettings.URL_PROPERTY, database.settings().url())));
        LOG.info("Database {} ready", database.settings().url());
    }

    @Deactivate
    void deactivate() {
        if (retries != null) {
            retries.shutdownNow();
            try {
                retries.awaitTermination(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        final ServiceRegistration<Database> published = registration;
        if (published != null) {
            published.unregister();
        }
        if (database != null) {
            database.close();
        }
    }
}
