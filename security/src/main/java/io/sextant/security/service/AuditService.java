package io.sextant.security.service;

import io.sextant.datastore.service.ControllerSettings;
import io.sextant.security.audit.AuditEvent;
import io.sextant.security.audit.AuditLog;
import io.sextant.security.audit.JsonLinesAuditLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The controller's one audit log, {@code <data-dir>/audit/audit.log} (JSON lines, mode 0600,
 * rotated), shared by everything that audits: logins, host keys, device connections, RESTCONF
 * writes and RPCs, console commands. A record that cannot be written is logged at ERROR; the
 * event it records still happens (an audit log that fills the disk must not stop the network).
 */
@Component(service = AuditLog.class, immediate = true)
public final class AuditService implements AuditLog, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(AuditService.class);

    private final JsonLinesAuditLog file;

    @Activate
    public AuditService() {
        this(ControllerSettings.fromSystemProperties().dataDir());
    }

    /**
     * @throws UncheckedIOException when the audit log cannot be opened (the start fails: a
     *     controller that cannot audit is not started)
     */
    public AuditService(final Path dataDir) {
        try {
            file = JsonLinesAuditLog.inDataDir(dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot open the audit log in " + dataDir + ": " + e.getMessage(), e);
        }
        LOG.info("Audit log in {}", file.file());
    }

    public Path file() {
        return file.file();
    }

    @Override
    public void record(final AuditEvent event) {
        try {
            file.record(event);
        } catch (UncheckedIOException e) {
            LOG.error("Audit record not written ({} {} by {}): {}", event.type().jsonName(),
                event.outcome().jsonName(), event.user(), e.getMessage());
        }
    }

    @Deactivate
    @Override
    public void close() {
        try {
            file.close();
        } catch (IOException e) {
            LOG.warn("Closing the audit log {}: {}", file.file(), e.getMessage());
        }
    }
}
