package io.sextant.unified;

import io.sextant.spi.Registration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a southbound adapter has published in the {@link UnifiedDeviceRegistry}: one device per
 * node, replaced when the node reconnects, withdrawn when it disconnects, all withdrawn on close.
 */
public final class DevicePublisher implements AutoCloseable {
    private final UnifiedDeviceRegistry registry;
    private final Map<String, Registration> published = new ConcurrentHashMap<>();

    public DevicePublisher(final UnifiedDeviceRegistry registry) {
        this.registry = registry;
    }

    /** Publish {@code device}, replacing what this publisher had for the same node. */
    public void publish(final UnifiedDevice device) {
        final Registration previous = published.put(device.nodeId(), registry.register(device));
        if (previous != null) {
            // the registry already holds the new device; this only forgets the old one
            previous.close();
        }
    }

    public void withdraw(final String nodeId) {
        final Registration registration = published.remove(nodeId);
        if (registration != null) {
            registration.close();
        }
    }

    @Override
    public void close() {
        published.values().forEach(Registration::close);
        published.clear();
    }
}
