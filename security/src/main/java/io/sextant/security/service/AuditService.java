package io.sextant.security.service;

import io.sextant.datastore.service.ControllerSettings;
import io.sextant.persistence.StateBackend;
import io.sextant.security.audit.AuditEvent;
import io.sextant.security.audit.AuditLog;
import io.sextant.security.audit.AuditSettings;
import io.sextant.security.audit.DatabaseAuditLog;
import io.sextant.security.audit.JsonLinesAuditLog;
import io.sextant.security.audit.RefusalAggregator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The controller's one audit log, shared by everything that audits: logins, host keys, device
 * connections, RESTCONF writes and RPCs, console commands. Every record goes to
 * {@code <data-dir>/audit/audit.log} (JSON lines, mode 0600, rotated) before {@link #record}
 * returns and, when the controller keeps its state in PostgreSQL, to the {@code audit_event}
 * table too, in batches written off the caller's thread ({@link DatabaseAuditLog}). Logins refused
 * by the rate limit are counted per source and interval after the first ({@link RefusalAggregator}).
 * A record that cannot be written to the file is logged at ERROR; the event it records still
 * happens (an audit log that fills the disk must not stop the network).
 */
@Component(service = AuditLog.class, immediate = true)
public final class AuditService implements AuditLog, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(AuditService.class);
    /** Sources whose rate-limited logins are counted at once at most. */
    private static final int MAX_COUNTED_SOURCES = 10_000;

    private final JsonLinesAuditLog file;
    private final DatabaseAuditLog database;
    private final RefusalAggregator refusals;
    private final ScheduledExecutorService ticks;

    @Activate
    public AuditService(@Reference final StateBackend backend) {
        this(ControllerSettings.fromSystemProperties().dataDir(), backend, AuditSettings.fromSystemProperties());
    }

    /**
     * @param backend with a database, records go to its {@code audit_event} table too
     * @throws UncheckedIOException when the audit log cannot be opened (the start fails: a
     *     controller that cannot audit is not started)
     */
    public AuditService(final Path dataDir, final StateBackend backend, final AuditSettings settings) {
        try {
            file = JsonLinesAuditLog.inDataDir(dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot open the audit log in " + dataDir + ": " + e.getMessage(), e);
        }
        database = backend.database().map(db -> new DatabaseAuditLog(db, settings, file.file().toString()))
            .orElse(null);
        refusals = new RefusalAggregator(this::write, settings.refusalInterval(), MAX_COUNTED_SOURCES,
            InstantSource.system());
        ticks = Executors.newSingleThreadScheduledExecutor(runnable -> {
            final Thread thread = new Thread(runnable, "sextant-audit-refusals");
            thread.setDaemon(true);
            return thread;
        });
        final long period = Math.max(1, Math.min(10, settings.refusalInterval().toSeconds()));
        ticks.scheduleWithFixedDelay(this::flushDue, period, period, TimeUnit.SECONDS);
        LOG.info("Audit log in {}{}", file.file(), database == null ? ""
            : " and in the database's audit_event table (kept " + settings.retentionDays() + " days)");
    }

    public Path file() {
        return file.file();
    }

    @Override
    public void record(final AuditEvent event) {
        refusals.record(event);
    }

    private void flushDue() {
        try {
            refusals.flushDue();
        } catch (RuntimeException e) {
            LOG.error("Counted login refusals not recorded: {}", e.getMessage(), e);
        }
    }

    private void write(final AuditEvent event) {
        try {
            file.record(event);
        } catch (UncheckedIOException e) {
            LOG.error("Audit record not written ({} {} by {}): {}", event.type().jsonName(),
                event.outcome().jsonName(), event.user(), e.getMessage());
        }
        if (database != null) {
            database.record(event);
        }
    }

    @Deactivate
    @Override
    public void close() {
        ticks.shutdownNow();
        refusals.flushAll();
        if (database != null) {
            database.close();
        }
        try {
            file.close();
        } catch (IOException e) {
            LOG.warn("Closing the audit log {}: {}", file.file(), e.getMessage());
        }
    }
}
