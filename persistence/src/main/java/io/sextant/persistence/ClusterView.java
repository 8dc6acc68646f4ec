package io.sextant.persistence;

import java.util.List;
import java.util.Objects;

/**
 * Read-only view of the controller instances sharing this instance's database, for status: each
 * registration in {@code controller_instance} with how many {@code node_lease} rows it owns (see
 * {@link LeaseQueries#instances}). With the state in memory there is no registry: the
 * controller is alone and {@link #instances} is empty.
 */
public final class ClusterView {
    private final StateBackend backend;
    private final String instanceId;

    /**
     * @param instanceId this instance's id among them ({@link InstanceSettings}), to tell which one
     *     answers; anything with the state in memory
     */
    public ClusterView(final StateBackend backend, final String instanceId) {
        this.backend = Objects.requireNonNull(backend);
        this.instanceId = Objects.requireNonNull(instanceId);
    }

    /** Whether the instances are registered in a shared database (false: in memory, alone). */
    public boolean shared() {
        return backend.database().isPresent();
    }

    public String instanceId() {
        return instanceId;
    }

    /**
     * Every registered instance by id, live or expired (an expired one is forgotten ten lease
     * times after another instance retired it); empty in memory.
     *
     * @throws PersistenceException when the database cannot be read
     */
    public List<ControllerInstance> instances() throws PersistenceException {
        final Database database = backend.database().orElse(null);
        if (database == null) {
            return List.of();
        }
        return database.call("read the controller instances", LeaseQueries::instances);
    }
}
