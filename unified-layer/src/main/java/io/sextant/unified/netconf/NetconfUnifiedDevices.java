package io.sextant.unified.netconf;

import io.sextant.datastore.Registration;
import io.sextant.southbound.netconf.NetconfDeviceListener;
import io.sextant.southbound.netconf.NetconfDeviceSession;
import io.sextant.southbound.netconf.NetconfDevices;
import io.sextant.unified.DevicePublisher;
import io.sextant.unified.UnifiedDeviceRegistry;
import java.time.Duration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * Publishes every connected NETCONF device in the {@link UnifiedDeviceRegistry} (and withdraws
 * it when its session goes down), so that the UniConfig layer syncs and commits it.
 */
@Component(service = NetconfUnifiedDevices.class, immediate = true)
public final class NetconfUnifiedDevices implements NetconfDeviceListener, AutoCloseable {
    /** How long a confirmed commit waits for its confirmation before the device rolls it back. */
    public static final Duration CONFIRM_TIMEOUT = Duration.ofSeconds(120);

    private final DevicePublisher published;
    private final Registration listener;

    @Activate
    public NetconfUnifiedDevices(@Reference final NetconfDevices devices,
            @Reference final UnifiedDeviceRegistry registry) {
        this.published = new DevicePublisher(registry);
        this.listener = devices.registerListener(this);
    }

    @Override
    public void onConnected(final NetconfDeviceSession session) {
        // replaces a device of the same node left from an earlier session
        published.publish(new NetconfUnifiedDevice(session, CONFIRM_TIMEOUT));
    }

    @Override
    public void onDisconnected(final String nodeId, final boolean removed) {
        published.withdraw(nodeId);
    }

    @Deactivate
    @Override
    public void close() {
        listener.close();
        published.close();
    }
}
