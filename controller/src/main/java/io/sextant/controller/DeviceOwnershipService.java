package io.sextant.controller;

import io.sextant.spi.ControllerSettings;
import io.sextant.persistence.Database;
import io.sextant.persistence.DeviceOwnership;
import io.sextant.persistence.InstanceLeases;
import io.sextant.persistence.InstanceSettings;
import io.sextant.persistence.LeaseHolder;
import io.sextant.persistence.LeaseScheduler;
import io.sextant.persistence.NodeStateElsewhere;
import io.sextant.persistence.NodeStateReport;
import io.sextant.persistence.NodeStates;
import io.sextant.persistence.PersistenceException;
import io.sextant.persistence.StateBackend;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.function.BooleanSupplier;
import org.eclipse.jdt.annotation.Nullable;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * Which nodes' devices this controller instance connects to. State in memory: it is the only
 * instance and owns every node ({@link DeviceOwnership#SOLE}, nothing runs). State in PostgreSQL:
 * a {@link LeaseScheduler} for this instance ({@link InstanceSettings}: the instance id from
 * {@code sextant.instance.id} or the data directory), whose first claim is made before this
 * component is published, so the southbounds start with their kept nodes owned; closing it
 * leaves, handing every node to the other instances at once.
 */
@Component(service = DeviceOwnership.class)
public final class DeviceOwnershipService implements DeviceOwnership, AutoCloseable {
    private final DeviceOwnership ownership;
    /** The leases among instances sharing the database; null in memory (the only instance). */
    private final @Nullable LeaseScheduler scheduler;
    /** The connection state reported to the other instances and read from them; null in memory. */
    private final @Nullable NodeStates states;

    /** Under Karaf: the settings from system properties. */
    @Activate
    public DeviceOwnershipService(@Reference final StateBackend backend) throws InterruptedException {
        this(backend, ControllerSettings.fromSystemProperties(), System.getProperties());
    }

    /**
     * @param settings where the data directory is (the instance id is kept there) and the RESTCONF port
     * @param properties {@value InstanceSettings#ID_PROPERTY} and {@value InstanceSettings#ADDRESS_PROPERTY}
     * @throws InterruptedException when interrupted during the first claim
     */
    public DeviceOwnershipService(final StateBackend backend, final ControllerSettings settings,
            final Properties properties) throws InterruptedException {
        final Database database = backend.database().orElse(null);
        if (database == null) {
            scheduler = null;
            states = null;
            ownership = DeviceOwnership.SOLE;
        } else {
            final InstanceSettings instance = InstanceSettings.from(properties, settings.dataDir(), settings.bindHost(),
                settings.port());
            scheduler = LeaseScheduler.start(new InstanceLeases(database, instance.instanceId(), instance.address(),
                instance.timings()));
            ownership = scheduler;
            states = new NodeStates(database, instance.instanceId());
        }
    }

    /** This instance's id among the instances sharing the database; empty when it is the only one (in memory). */
    @Override
    public String instanceId() {
        return scheduler == null ? "" : scheduler.instanceId();
    }

    @Override
    public Optional<String> unready() {
        return ownership.unready();
    }

    @Override
    public boolean sole() {
        return ownership.sole();
    }

    @Override
    public OptionalLong epoch(final String topologyId, final String nodeId) {
        return ownership.epoch(topologyId, nodeId);
    }

    @Override
    public Optional<LeaseHolder> heldElsewhere(final String topologyId, final String nodeId) {
        return ownership.heldElsewhere(topologyId, nodeId);
    }

    @Override
    public void reportState(final String topologyId, final String nodeId, final String status,
            final String message) {
        if (states != null) {
            states.report(topologyId, nodeId, status, message);
        }
    }

    @Override
    public List<NodeStateElsewhere> stateElsewhere(final String topologyId) throws PersistenceException {
        return states == null ? List.of() : states.elsewhere(topologyId);
    }

    @Override
    public List<NodeStateReport> reportedElsewhereAfter(final Instant after) throws PersistenceException {
        return states == null ? List.of() : states.reportedElsewhereAfter(after);
    }

    @Override
    public boolean owns(final String topologyId, final String nodeId, final long epoch) {
        return ownership.owns(topologyId, nodeId, epoch);
    }

    @Override
    public Optional<BooleanSupplier> fence(final String topologyId, final String nodeId) {
        return ownership.fence(topologyId, nodeId);
    }

    @Override
    public void claimSoon() {
        ownership.claimSoon();
    }

    @Override
    public Watch watch(final String topologyId, final Listener listener) {
        return ownership.watch(topologyId, listener);
    }

    @Deactivate
    @Override
    public void close() {
        if (states != null) {
            states.close();
        }
        if (scheduler != null) {
            scheduler.close();
        }
    }

    @Override
    public String toString() {
        return ownership.toString();
    }
}
