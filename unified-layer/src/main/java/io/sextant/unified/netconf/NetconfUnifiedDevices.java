package io.sextant.unified.netconf;

import io.sextant.spi.Registration;
import io.sextant.southbound.netconf.NetconfDeviceListener;
import io.sextant.southbound.netconf.NetconfDeviceSession;
import io.sextant.southbound.netconf.NetconfDevices;
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
 * Publishes every connected NETCONF device in the {@link UnifiedDeviceRegistry} (and withdraws
 * it when its session goes down), so that the UniConfig layer syncs and commits it. A change
 * whose session was lost mid-commit gets the node's next session from here for its rollback.
 */
@Component(service = NetconfUnifiedDevices.class, immediate = true)
public final class NetconfUnifiedDevices implements NetconfDeviceListener, NextSession, AutoCloseable {
    /** How long a confirmed commit waits for its confirmation before the device rolls it back. */
    public static final Duration CONFIRM_TIMEOUT = Duration.ofSeconds(120);
    /** How long a rollback waits for a device whose session was lost to be connected again. */
    public static final Duration RECONNECT_WAIT = Duration.ofSeconds(30);
    /** What the schema keys of NETCONF devices start with. */
    static final String SCHEMA_KEY_PREFIX = "netconf:";

    private final NetconfDevices devices;
    private final DevicePublisher published;
    private final Map<String, Set<CompletableFuture<NetconfDeviceSession>>> waiting = new ConcurrentHashMap<>();
    private final Registration listener;
    private final Registration schemas;

    @Activate
    public NetconfUnifiedDevices(@Reference final NetconfDevices devices,
            @Reference final UnifiedDeviceRegistry registry) {
        this.devices = devices;
        this.published = new DevicePublisher(registry);
        this.listener = devices.registerListener(this);
        // NetconfUnifiedDevice#schemaKey: "netconf:" + the session's schema context id
        this.schemas = registry.registerSchemas(SCHEMA_KEY_PREFIX, devices::knownSchema);
    }

    @Override
    public void onConnected(final NetconfDeviceSession session) {
        // replaces a device of the same node left from an earlier session
        published.publish(new NetconfUnifiedDevice(session, CONFIRM_TIMEOUT, this, RECONNECT_WAIT));
        waiting.getOrDefault(session.nodeId(), Set.of()).forEach(next -> next.complete(session));
    }

    @Override
    public CompletionStage<NetconfDeviceSession> after(final NetconfDeviceSession lost, final Duration wait) {
        final CompletableFuture<NetconfDeviceSession> next = new CompletableFuture<>();
        final Set<CompletableFuture<NetconfDeviceSession>> waiters = waiting.computeIfAbsent(lost.nodeId(),
            id -> ConcurrentHashMap.newKeySet());
        waiters.add(next);
        next.whenComplete((session, failure) -> waiters.remove(next));
        // the node may have reconnected already
        devices.session(lost.nodeId()).filter(current -> current != lost && current.isOpen())
            .ifPresent(next::complete);
        return next.orTimeout(wait.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void onDisconnected(final String nodeId, final boolean removed) {
        published.withdraw(nodeId);
    }

    @Deactivate
    @Override
    public void close() {
        schemas.close();
        listener.close();
        published.close();
    }
}
