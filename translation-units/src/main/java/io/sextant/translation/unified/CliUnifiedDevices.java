package io.sextant.translation.unified;

import io.sextant.datastore.Registration;
import io.sextant.southbound.cli.topology.CliMountListener;
import io.sextant.southbound.cli.topology.CliMountedDevice;
import io.sextant.translation.CliDevices;
import io.sextant.unified.UnifiedDeviceRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
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
    private final Map<String, Registration> published = new ConcurrentHashMap<>();
    private final Registration listener;

    @Activate
    public CliUnifiedDevices(@Reference final CliDevices devices, @Reference final UnifiedDeviceRegistry registry) {
        this.listener = devices.mounts().registerListener(new CliMountListener() {
            @Override
            public void connected(final CliMountedDevice mounted) {
                devices.device(mounted).ifPresent(device -> {
                    final Registration previous = published.put(mounted.nodeId(),
                        registry.register(new CliUnifiedDevice(device)));
                    if (previous != null) {
                        previous.close();
                    }
                });
            }

            @Override
            public void disconnected(final String nodeId) {
                final Registration registration = published.remove(nodeId);
                if (registration != null) {
                    registration.close();
                }
            }
        });
    }

    @Deactivate
    @Override
    public void close() {
        listener.close();
        published.values().forEach(Registration::close);
        published.clear();
    }
}
