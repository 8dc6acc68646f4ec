package io.sextant.datastore.service;

import java.time.Instant;

/**
 * What an operator sees first about a running controller ({@code sextant:status}): since when
 * it runs, how much data it holds and how many devices it manages.
 */
public interface ControllerInfo {

    /** When the controller's datastores came up. */
    Instant startedAt();

    /** Number of data nodes in the configuration datastore. */
    long configDatastoreNodes();

    /** Number of data nodes in the operational datastore. */
    long operationalDatastoreNodes();

    /** Devices the controller has mounted (whatever their connection state). */
    int mountedNodes();

    /** Mounted devices whose connection is up. */
    int connectedNodes();

    /** The controller's version. */
    String version();
}
