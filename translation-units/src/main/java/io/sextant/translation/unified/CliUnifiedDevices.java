package io.sextant.translation.unified;

import io.sextant.datastore.Registration;
import io.sextant.southbound.cli.topology.CliMountListener;
import io.sextant.southbound.cli.topology.CliMountedDevice;
import io.sextant.translation.CliDevices;
import io.sextant.unified.DevicePublisher;
import io.sextant.unified.UnifiedDeviceRegistry;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * Publishes every connected CLI device (mounted at {@code topology=topology-cli}) to the unified
 * layer, and withdraws it when its session is lost or it is unmounted.
 */
@Component(service = CliUnifiedDevices.class, immediate = true)
public final class CliUnifiedDevices implements AutoCloseable {
    private final DevicePublisher published;
    private final Registration listener;

    @Activate
    public CliUnifiedDevices(@Reference final CliDevices devices, @Reference final UnifiedDeviceRegistry registry) {
        this.published = new DevicePublisher(registry);
        this.listener = devices.mounts().registerListener(new CliMountListener() {
            @Override
            public void connected(final CliMountedDevice mounted) {
                devices.device(mounted).ifPresent(device -> published.publish(new CliUnifiedDevice(device)));
            }

            @Override
            public void disconnected(final String nodeId) {
                published.withdraw(nodeId);
            }
        });
    }

    @Deactivate
    @Override
    public void close() {
        listener.close();
        published.close();
    }
}
