package io.sextant.uniconfig;

import io.sextant.datastore.Datastores;
import io.sextant.datastore.Registration;
import io.sextant.datastore.service.ControllerSettings;
import io.sextant.datastore.service.MountPointRegistry;
import io.sextant.datastore.service.RpcRegistry;
import io.sextant.unified.UnifiedDevice;
import io.sextant.unified.UnifiedDevices;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The UniConfig layer as a component: nodes appear when their devices connect (first sync),
 * the configuration mount points and snapshots are served under topology=uniconfig and
 * topology=snapshots, and the uniconfig-manager, snapshot-manager and transaction-manager RPCs
 * are registered.
 */
@Component(service = UniconfigService.class, immediate = true)
public final class UniconfigService implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(UniconfigService.class);
    /** How many commits the in-memory transaction log keeps. */
    private static final int LOG_CAPACITY = 1000;

    private final ExecutorService executor;
    private final UniconfigManager manager;
    private final UniconfigRpcs rpcs;
    private final Registration mount;
    private final Registration mountContainer;
    private final Registration snapshotContainer;
    private final Registration deviceListener;

    @Activate
    public UniconfigService(@Reference final Datastores datastores, @Reference final RpcRegistry rpcRegistry,
            @Reference final MountPointRegistry mounts, @Reference final UnifiedDevices devices) {
        this(datastores, rpcRegistry, mounts, devices, ControllerSettings.fromSystemProperties()
            .transactionIdleTimeout());
    }

    public UniconfigService(final Datastores datastores, final RpcRegistry rpcRegistry,
            final MountPointRegistry mounts, final UnifiedDevices devices, final Duration transactionIdleTimeout) {
        executor = Executors.newFixedThreadPool(Math.max(4, Runtime.getRuntime().availableProcessors() * 2),
            runnable -> {
                final Thread thread = new Thread(runnable, "sextant-uniconfig");
                thread.setDaemon(true);
                return thread;
            });
        final SnapshotStore snapshots = new SnapshotStore(datastores.operational());
        manager = new UniconfigManager(devices, new NodeStatusWriter(datastores.operational()),
            new OperationalTransactionLog(datastores.operational(), LOG_CAPACITY), snapshots, executor,
            transactionIdleTimeout);
        rpcs = new UniconfigRpcs(manager, rpcRegistry);
        mountContainer = mounts.registerMountContainer(TopologyPaths.CONFIGURATION);
        snapshotContainer = mounts.registerMountContainer(TopologyPaths.SNAPSHOT_CONFIGURATION);
        mount = mounts.register(new UniconfigMount(manager, snapshots));
        deviceListener = devices.addListener(new UnifiedDevices.Listener() {
            @Override
            public void connected(final UnifiedDevice device) {
                manager.deviceConnected(device).whenComplete((ok, error) -> {
                    if (error != null) {
                        LOG.warn("First sync of {} failed (listed with its sync-error under topology=uniconfig; "
                            + "sync-from-network or its next connection tries again)", device.nodeId(), error);
                    }
                });
            }

            @Override
            public void disconnected(final String nodeId) {
                // the node and its intent stay; commits to it fail until the device is back
            }
        });
    }

    /** The Java API of the layer (console commands, tests). */
    public UniconfigManager manager() {
        return manager;
    }

    @Deactivate
    @Override
    public void close() {
        deviceListener.close();
        mount.close();
        snapshotContainer.close();
        mountContainer.close();
        rpcs.close();
        manager.close();
        executor.shutdown();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
