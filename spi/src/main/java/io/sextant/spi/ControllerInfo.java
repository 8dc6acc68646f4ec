package io.sextant.spi;

import java.time.Instant;
import java.util.List;

/** What {@code sextant:status} reports about the running controller. */
public interface ControllerInfo {

    Instant startedAt();

    long configDatastoreNodes();

    long operationalDatastoreNodes();

    int mountedNodes();

    int connectedNodes();

    /** Every mounted node of every southbound, sorted by node id, then protocol. */
    List<MountedNode> nodes();

    /** Distinct device schema contexts in use now, over all southbounds. */
    int schemaContexts();

    /** Device schema contexts built since start. */
    long schemaContextsBuilt();

    /** Mounted devices waiting for their turn to set up a session, over all southbounds. */
    int setupsWaiting();

    String version();

    /**
     * This instance's id among the instances sharing the database ({@code sextant.instance.id} or
     * {@code <data-dir>/instance-id}), or {@value #LOCAL} when it keeps its state in memory.
     */
    default String instanceId() {
        return LOCAL;
    }

    /**
     * The controller instances sharing the database, by id, with their heartbeats and how many
     * nodes each owns, as last read (every few seconds); with the state in memory only this one.
     */
    default List<ClusterMember> instances() {
        return List.of();
    }

    /** The instance id shown for a controller that keeps its state in memory, alone. */
    String LOCAL = "local";
}
