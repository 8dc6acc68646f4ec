package io.sextant.southbound.netconf;

import io.sextant.spi.Registration;
import io.sextant.security.audit.AuditEvent;
import io.sextant.security.audit.AuditEvent.Outcome;
import io.sextant.security.audit.AuditLog;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * Records in the audit log every NETCONF session that comes up or goes down (a failed attempt
 * is in the node's status and the log; a refused host key is audited by the host-key check).
 */
@Component(service = NetconfConnectionAudit.class, immediate = true)
public final class NetconfConnectionAudit implements NetconfDeviceListener, AutoCloseable {
    private final AuditLog audit;
    private final Registration registration;

    @Activate
    public NetconfConnectionAudit(@Reference final NetconfDevices devices, @Reference final AuditLog audit) {
        this.audit = audit;
        this.registration = devices.registerListener(this);
    }

    @Override
    public void onConnected(final NetconfDeviceSession session) {
        audit.record(AuditEvent.deviceConnection(session.nodeId(), "connected", Outcome.SUCCESS,
            "NETCONF session " + session.sessionId() + " up").with("protocol", "netconf")
            .with("session-id", session.sessionId()));
    }

    @Override
    public void onDisconnected(final String nodeId, final boolean removed) {
        audit.record(AuditEvent.deviceConnection(nodeId, removed ? "unmounted" : "disconnected",
            removed ? Outcome.SUCCESS : Outcome.FAILURE, removed ? "NETCONF node unmounted"
                : "NETCONF session lost; reconnecting").with("protocol", "netconf"));
    }

    @Deactivate
    @Override
    public void close() {
        registration.close();
    }
}
