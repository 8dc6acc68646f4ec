package io.sextant.simulator;

import java.util.Optional;
import java.util.stream.Collectors;
import org.opendaylight.netconf.server.api.monitoring.NetconfManagementSession;
import org.opendaylight.netconf.server.api.monitoring.NetconfMonitoringService;
import org.opendaylight.netconf.server.api.monitoring.SessionEvent;
import org.opendaylight.netconf.server.api.monitoring.SessionListener;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.inet.types.rev130715.Uri;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.netconf.monitoring.rev101004.netconf.state.Capabilities;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.netconf.monitoring.rev101004.netconf.state.CapabilitiesBuilder;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.netconf.monitoring.rev101004.netconf.state.Schemas;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.netconf.monitoring.rev101004.netconf.state.SchemasBuilder;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.netconf.monitoring.rev101004.netconf.state.Sessions;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.netconf.monitoring.rev101004.netconf.state.SessionsBuilder;
import org.opendaylight.yangtools.concepts.NoOpObjectRegistration;
import org.opendaylight.yangtools.concepts.Registration;

/**
 * The one monitoring service of all simulated devices: the server's negotiator reads the hello's
 * capabilities from it, identical for every device, built once. Sessions are not tracked.
 */
final class SharedMonitoring implements NetconfMonitoringService {
    private static final SessionListener NO_LISTENER = new SessionListener() {
        @Override
        public void onSessionUp(final NetconfManagementSession session) {
            // not tracked
        }

        @Override
        public void onSessionDown(final NetconfManagementSession session) {
            // not tracked
        }

        @Override
        public void onSessionEvent(final SessionEvent event) {
            // not tracked
        }
    };

    private final DeviceSchema schema;
    private final Capabilities capabilities;

    SharedMonitoring(final DeviceSchema schema) {
        this.schema = schema;
        this.capabilities = new CapabilitiesBuilder()
            .setCapability(schema.capabilities().stream().map(Uri::new).collect(Collectors.toUnmodifiableSet()))
            .build();
    }

    @Override
    public Sessions getSessions() {
        return new SessionsBuilder().build();
    }

    @Override
    public SessionListener getSessionListener() {
        return NO_LISTENER;
    }

    @Override
    public Schemas getSchemas() {
        return new SchemasBuilder().build();
    }

    @Override
    public String getSchemaForCapability(final String moduleName, final Optional<String> revision) {
        return schema.source(moduleName, revision).orElseThrow(() -> new IllegalArgumentException(
            "No schema " + moduleName + revision.map(r -> "@" + r).orElse("")));
    }

    @Override
    public Capabilities getCapabilities() {
        return capabilities;
    }

    @Override
    public Registration registerCapabilitiesListener(final CapabilitiesListener listener) {
        return NoOpObjectRegistration.of(listener);
    }

    @Override
    public Registration registerSessionsListener(final SessionsListener listener) {
        return NoOpObjectRegistration.of(listener);
    }
}
