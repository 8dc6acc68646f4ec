package io.sextant.southbound.cli.topology;

import io.sextant.spi.Registration;
import io.sextant.security.audit.AuditEvent;
import io.sextant.security.audit.AuditEvent.Outcome;
import io.sextant.security.audit.AuditLog;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/** Records in the audit log every CLI session that comes up or goes down. */
@Component(service = CliConnectionAudit.class, immediate = true)
public final class CliConnectionAudit implements CliConnectionListener, AutoCloseable {
    private final AuditLog audit;
    private final Registration registration;

    @Activate
    public CliConnectionAudit(@Reference final CliConnections mounts, @Reference final AuditLog audit) {
        this.audit = audit;
        this.registration = mounts.registerListener(this);
    }

    @Override
    public void connected(final CliConnection device) {
        audit.record(AuditEvent.deviceConnection(device.nodeId(), "connected", Outcome.SUCCESS,
            "CLI session up (" + device.deviceType().unit() + ")").with("protocol", "cli"));
    }

    @Override
    public void disconnected(final String nodeId) {
        audit.record(AuditEvent.deviceConnection(nodeId, "disconnected", Outcome.FAILURE,
            "CLI session gone (lost, or the node was unmounted)").with("protocol", "cli"));
    }

    @Deactivate
    @Override
    public void close() {
        registration.close();
    }
}
