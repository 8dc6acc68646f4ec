package io.sextant.simulator;

import java.util.Set;
import org.opendaylight.netconf.server.api.monitoring.Capability;
import org.opendaylight.netconf.server.api.monitoring.CapabilityListener;
import org.opendaylight.netconf.server.api.operations.NetconfOperation;
import org.opendaylight.netconf.server.api.operations.NetconfOperationService;
import org.opendaylight.netconf.server.api.operations.NetconfOperationServiceFactory;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.netconf.base._1._0.rev110601.SessionIdType;
import org.opendaylight.yangtools.concepts.NoOpObjectRegistration;
import org.opendaylight.yangtools.concepts.Registration;

/**
 * One simulated device as the NETCONF server sees it: the source of each session's operations. The
 * capabilities of the hello are the simulator's, shared ({@link SharedMonitoring}).
 */
final class SimulatedDevice implements NetconfOperationServiceFactory {
    private final DeviceSchema schema;
    private final DeviceDatastore datastore;

    SimulatedDevice(final DeviceSchema schema, final DeviceDatastore datastore) {
        this.schema = schema;
        this.datastore = datastore;
    }

    DeviceSchema schema() {
        return schema;
    }

    DeviceDatastore datastore() {
        return datastore;
    }

    @Override
    public Set<Capability> getCapabilities() {
        return Set.of();
    }

    @Override
    public Registration registerCapabilityListener(final CapabilityListener listener) {
        return NoOpObjectRegistration.of(listener);
    }

    @Override
    public NetconfOperationService createService(final SessionIdType sessionId) {
        return new NetconfOperationService() {
            @Override
            public Set<NetconfOperation> getNetconfOperations() {
                return Set.copyOf(Operations.forSession(SimulatedDevice.this, sessionId));
            }

            @Override
            public void close() {
                // the session is gone: its locks and an unconfirmed commit without persist go with it
                datastore.sessionClosed(sessionId.getValue().longValue());
            }
        };
    }
}
