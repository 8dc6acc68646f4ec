package io.sextant.unified;

import io.sextant.spi.Registration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.osgi.service.component.annotations.Component;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The {@link UnifiedDevices} registry that southbound adapters publish their devices to. */
@Component(service = { UnifiedDevices.class, UnifiedDeviceRegistry.class })
public final class UnifiedDeviceRegistry implements UnifiedDevices {
    private static final Logger LOG = LoggerFactory.getLogger(UnifiedDeviceRegistry.class);

    private final ConcurrentHashMap<String, UnifiedDevice> devices = new ConcurrentHashMap<>();
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private final ConcurrentHashMap<String, KnownSchemas> schemas = new ConcurrentHashMap<>();

    /** Publish a connected device; closing the registration withdraws it. */
    public Registration register(final UnifiedDevice device) {
        final UnifiedDevice previous = devices.put(device.nodeId(), device);
        if (previous != null && previous != device) {
            listeners.forEach(l -> notify(() -> l.disconnected(device.nodeId())));
        }
        listeners.forEach(l -> notify(() -> l.connected(device)));
        return () -> {
            if (devices.remove(device.nodeId(), device)) {
                listeners.forEach(l -> notify(() -> l.disconnected(device.nodeId())));
            }
        };
    }

    /**
     * Tell the listeners that an adapter may have changed node {@code nodeId}'s device
     * configuration outside its intent ({@link Listener#configurationTouched}).
     */
    public void configurationTouched(final String nodeId) {
        listeners.forEach(l -> notify(() -> l.configurationTouched(nodeId)));
    }

    /**
     * Let {@code known} build the schemas whose keys start with {@code prefix} (an adapter's, as
     * in {@link UnifiedDevice#schemaKey()}, for example {@code "netconf:"}); closing the
     * registration withdraws it.
     */
    public Registration registerSchemas(final String prefix, final KnownSchemas known) {
        if (schemas.putIfAbsent(prefix, known) != null) {
            throw new IllegalStateException("Schemas of " + prefix + " are already known by another adapter");
        }
        listeners.forEach(l -> notify(l::schemasKnown));
        return () -> schemas.remove(prefix, known);
    }

    @Override
    public Optional<EffectiveModelContext> schema(final String schemaKey) {
        for (var entry : schemas.entrySet()) {
            if (schemaKey.startsWith(entry.getKey())) {
                return entry.getValue().schema(schemaKey.substring(entry.getKey().length()));
            }
        }
        return Optional.empty();
    }

    @Override
    public Optional<UnifiedDevice> device(final String nodeId) {
        return Optional.ofNullable(devices.get(nodeId));
    }

    @Override
    public Collection<UnifiedDevice> devices() {
        return List.copyOf(devices.values());
    }

    @Override
    public Registration addListener(final Listener listener) {
        listeners.add(listener);
        if (!schemas.isEmpty()) {
            // schemas registered before the listener (or while it was being set up)
            notify(listener::schemasKnown);
        }
        devices.values().forEach(device -> notify(() -> listener.connected(device)));
        return () -> listeners.remove(listener);
    }

    private static void notify(final Runnable call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            // a broken listener must not stop others from learning about the device
            LOG.error("Device listener failed", e);
        }
    }
}
