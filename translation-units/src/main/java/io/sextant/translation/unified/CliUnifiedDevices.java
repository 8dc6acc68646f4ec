package io.sextant.translation.unified;

import io.sextant.spi.Registration;
import io.sextant.southbound.cli.topology.CliConnectionListener;
import io.sextant.southbound.cli.topology.CliConnection;
import io.sextant.translation.CliDevice;
import io.sextant.translation.CliDevices;
import io.sextant.unified.DevicePublisher;
import io.sextant.unified.UnifiedDeviceRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * Publishes every connected CLI device (mounted at {@code topology=topology-cli}) to the unified
 * layer, and withdraws it when its session is lost or it is unmounted. A change whose session was
 * lost mid-commit gets the node's next session from here for its rollback.
 */
@Component(service = CliUnifiedDevices.class, immediate = true)
public final class CliUnifiedDevices implements NextCliDevice, AutoCloseable {
    /** How long a rollback waits for a device whose session was lost to be connected again. */
    public static final Duration RECONNECT_WAIT = Duration.ofSeconds(30);
    /** What the schema keys of CLI devices start with (then the translation unit's name). */
    static final String SCHEMA_KEY_PREFIX = "cli:";

    private final CliDevices devices;
    private final DevicePublisher published;
    private final Map<String, Set<CompletableFuture<CliDevice>>> waiting = new ConcurrentHashMap<>();
    private final Registration listener;
    private final Registration schemas;

    @Activate
    public CliUnifiedDevices(@Reference final CliDevices devices, @Reference final UnifiedDeviceRegistry registry) {
        this.devices = devices;
        this.published = new DevicePublisher(registry);
        this.listener = devices.mounts().registerListener(new CliConnectionListener() {
            @Override
            public void connected(final CliConnection mounted) {
                devices.device(mounted).ifPresent(device -> {
                    published.publish(new CliUnifiedDevice(device, CliUnifiedDevices.this, RECONNECT_WAIT));
                    waiting.getOrDefault(device.nodeId(), Set.of()).forEach(next -> next.complete(device));
                });
            }

            @Override
            public void disconnected(final String nodeId) {
                published.withdraw(nodeId);
            }

            @Override
            public void configurationTouched(final String nodeId) {
                registry.configurationTouched(nodeId);
            }
        });
        this.schemas = registry.registerSchemas(SCHEMA_KEY_PREFIX, devices::unitSchema);
    }

    @Override
    public CompletionStage<CliDevice> after(final CliDevice lost, final Duration wait) {
        final CompletableFuture<CliDevice> next = new CompletableFuture<>();
        final Set<CompletableFuture<CliDevice>> waiters = waiting.computeIfAbsent(lost.nodeId(),
            id -> ConcurrentHashMap.newKeySet());
        waiters.add(next);
        next.whenComplete((device, failure) -> waiters.remove(next));
        // the node may have reconnected already
        devices.find(lost.nodeId()).filter(current -> current.session() != lost.session()
            && current.session().isOpen()).ifPresent(next::complete);
        return next.orTimeout(wait.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Deactivate
    @Override
    public void close() {
        schemas.close();
        listener.close();
        published.close();
    }
}
