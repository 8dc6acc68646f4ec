package io.sextant.security.service;

import io.sextant.spi.ControllerSettings;
import io.sextant.persistence.StateBackend;
import io.sextant.security.audit.AuditEvent;
import io.sextant.security.audit.AuditLog;
import io.sextant.security.audit.AuditSettings;
import io.sextant.security.audit.BackgroundAuditLog;
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
import org.eclipse.jdt.annotation.Nullable;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The controller's one audit log, shared by everything that audits: logins, host keys, device
 * connections, RESTCONF writes and RPCs, console commands. Every record goes to
 * {@code <data-dir>/audit/audit.log} (JSON lines, mode 0600, rotated), written in order by a
 * thread of its own ({@link BackgroundAuditLog}), and, when the controller keeps its state in
 * PostgreSQL, to the {@code audit_event} table too, in batches written by another
 * ({@link DatabaseAuditLog}): {@link #record} never waits for a disk or the database. Logins
 * refused by the rate limit are counted per source and interval after the first
 * ({@link RefusalAggregator}). What a copy cannot take (its queue is full, its disk fails) is
 * counted into an {@code audit-gap} record of that copy and logged at ERROR or WARN; the event it
 * records still happens (an audit log that fills the disk must not stop the network).
 */
@Component(service = AuditLog.class, immediate = true)
public final class AuditService implements AuditLog, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(AuditService.class);
    /** Sources whose rate-limited logins are counted at once at most. */
    private static final int MAX_COUNTED_SOURCES = 10_000;

    private final Path path;
    private final BackgroundAuditLog file;
    /** Null without a database. */
    private final @Nullable DatabaseAuditLog database;
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
        final JsonLinesAuditLog lines;
        try {
            lines = JsonLinesAuditLog.inDataDir(dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot open the audit log in " + dataDir + ": " + e.getMessage(), e);
        }
        path = lines.file();
        database = backend.database().map(db -> new DatabaseAuditLog(db, settings, path.toString())).orElse(null);
        file = new BackgroundAuditLog(lines, path.toString(), database == null ? "nowhere else"
            : "in the database's audit_event table", settings.queueCapacity());
        refusals = new RefusalAggregator(this::write, settings.refusalInterval(), MAX_COUNTED_SOURCES,
            InstantSource.system());
        ticks = Executors.newSingleThreadScheduledExecutor(runnable -> {
            final Thread thread = new Thread(runnable, "sextant-audit-refusals");
            thread.setDaemon(true);
            return thread;
        });
        final long period = Math.max(1, Math.min(10, settings.refusalInterval().toSeconds()));
        ticks.scheduleWithFixedDelay(this::flushDue, period, period, TimeUnit.SECONDS);
        LOG.info("Audit log in {}{}", path, database == null ? ""
            : " and in the database's audit_event table (kept " + settings.retentionDays() + " days)");
    }

    public Path file() {
        return path;
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
        file.record(event);
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
        file.close();
    }
}
