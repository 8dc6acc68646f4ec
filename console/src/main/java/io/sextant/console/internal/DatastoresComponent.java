package io.sextant.console.internal;

import io.sextant.console.TopologyNodes;
import io.sextant.console.TopologyNodes.DeviceNode;
import io.sextant.datastore.DataStore;
import io.sextant.datastore.InMemoryDataStore;
import io.sextant.datastore.StoreType;
import io.sextant.datastore.service.ControllerInfo;
import io.sextant.datastore.service.DataService;
import io.sextant.datastore.service.StoreDataService;
import java.time.Instant;
import java.util.Dictionary;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Karaf stand-in for the controller assembly until the real DS components exist: creates the
 * controller's configuration and operational {@link InMemoryDataStore}s on the controller
 * schema and publishes them as {@link DataStore} services (property
 * {@value StoreType#SERVICE_PROPERTY} = {@code configuration} / {@code operational}), the pair
 * as a {@link StoreDataService}, and itself as the {@link ControllerInfo}.
 *
 * <p>Mounted and connected counts come from the operational store: device nodes are those
 * carrying a {@code connection-status} (see {@link TopologyNodes}).
 */
@Component(immediate = true, service = ControllerInfo.class)
public final class DatastoresComponent implements ControllerInfo {
    private static final Logger LOG = LoggerFactory.getLogger(DatastoresComponent.class);

    private final Instant startedAt = Instant.now();
    private final String version;
    private final ExecutorService notifications;
    private final DataStore config;
    private final DataStore operational;
    private final List<ServiceRegistration<?>> registrations;

    @Activate
    public DatastoresComponent(@Reference(target = "(sextant.schema=controller)") final EffectiveModelContext schema,
            final BundleContext bundleContext) {
        version = bundleContext.getBundle().getVersion().toString();
        notifications = Executors.newSingleThreadExecutor(task -> {
            final Thread thread = new Thread(task, "sextant-datastore-notifications");
            thread.setDaemon(true);
            return thread;
        });
        config = new InMemoryDataStore(StoreType.CONFIGURATION, schema, notifications);
        operational = new InMemoryDataStore(StoreType.OPERATIONAL, schema, notifications);
        registrations = List.of(
            bundleContext.registerService(DataStore.class, config, storeProperties(config.type())),
            bundleContext.registerService(DataStore.class, operational, storeProperties(operational.type())),
            bundleContext.registerService(DataService.class, new StoreDataService(config, operational), null));
        LOG.info("Sextant datastores started ({} YANG modules)", schema.getModules().size());
    }

    private static Dictionary<String, Object> storeProperties(final StoreType type) {
        return FrameworkUtil.asDictionary(Map.of(StoreType.SERVICE_PROPERTY, type.serviceValue()));
    }

    @Deactivate
    void deactivate() {
        registrations.forEach(ServiceRegistration::unregister);
        notifications.shutdown();
        LOG.info("Sextant datastores stopped");
    }

    @Override
    public Instant startedAt() {
        return startedAt;
    }

    @Override
    public long configDatastoreNodes() {
        return config.size();
    }

    @Override
    public long operationalDatastoreNodes() {
        return operational.size();
    }

    @Override
    public int mountedNodes() {
        return TopologyNodes.devices(operational.snapshot()).size();
    }

    @Override
    public int connectedNodes() {
        return (int) TopologyNodes.devices(operational.snapshot()).stream().filter(DeviceNode::connected).count();
    }

    @Override
    public String version() {
        return version;
    }
}
