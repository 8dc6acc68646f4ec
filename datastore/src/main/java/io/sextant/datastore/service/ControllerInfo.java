package io.sextant.datastore.service;

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
}
