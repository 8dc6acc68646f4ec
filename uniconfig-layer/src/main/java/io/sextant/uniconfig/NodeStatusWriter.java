package io.sextant.uniconfig;

import io.sextant.datastore.DataStore;
import io.sextant.spi.OperationErrorsException;
import java.time.Instant;
import java.util.List;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes UniConfig nodes in the operational datastore, under topology=uniconfig, with their
 * status (synced, changed, out-of-sync) and the time of their last sync.
 */
final class NodeStatusWriter {
    private static final Logger LOG = LoggerFactory.getLogger(NodeStatusWriter.class);
    /** The node-status values. */
    enum Status {
        SYNCED("synced"), CHANGED("changed"), OUT_OF_SYNC("out-of-sync"), SYNC_FAILED("sync-failed");

        final String yangName;

        Status(final String yangName) {
            this.yangName = yangName;
        }
    }

    private final DataStore operational;

    NodeStatusWriter(final DataStore operational) {
        this.operational = operational;
    }

    /**
     * Publish the node's status (changed when its intent differs from its actual configuration,
     * synced otherwise) when it differs from what was published. Call with the node's lock held.
     */
    void publish(final UniconfigNode node) {
        publish(node, false);
    }

    /** The node was just read from its device: publish its status and time of sync. */
    void publishSynced(final UniconfigNode node) {
        publish(node, true);
    }

    /**
     * A drift check compared the node's device with its actual configuration: out-of-sync when
     * {@code differs}, else back to its status when it was out of sync. Call with the node's lock held.
     */
    void publishDrift(final UniconfigNode node, final List<String> drifted) {
        if (!drifted.isEmpty()) {
            if (node.published() != Status.OUT_OF_SYNC) {
                LOG.info("Node {}: its device's configuration changed outside the controller at {} (out-of-sync)",
                    node.nodeId(), drifted);
                write(node.nodeId(), Status.OUT_OF_SYNC, node.lastSync());
                node.published(Status.OUT_OF_SYNC);
            }
        } else if (node.published() == Status.OUT_OF_SYNC) {
            LOG.info("Node {}: its device is back in sync", node.nodeId());
            publish(node, true);
        }
    }

    private void publish(final UniconfigNode node, final boolean synced) {
        final Status now = node.hasChanges() ? Status.CHANGED : Status.SYNCED;
        if (!synced && node.published() == Status.OUT_OF_SYNC) {
            // drift stays shown until the device is read again or found back in sync
            return;
        }
        if (synced || now != node.published()) {
            write(node.nodeId(), now, node.lastSync());
            node.published(now);
        }
    }

    void write(final String nodeId, final Status status, final Instant lastSync) {
        put(nodeId, ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(TopologyPaths.NODE, TopologyPaths.NODE_ID, nodeId))
            .withChild(ImmutableNodes.leafNode(TopologyPaths.NODE_ID, nodeId))
            .withChild(ImmutableNodes.leafNode(TopologyPaths.NODE_STATUS, status.yangName))
            .withChild(ImmutableNodes.leafNode(TopologyPaths.LAST_SYNC, lastSync.toString()))
            .build());
    }

    /** The first read of a device failed: the node is listed with the reason, and no configuration. */
    void writeFailure(final String nodeId, final String error) {
        put(nodeId, ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(TopologyPaths.NODE, TopologyPaths.NODE_ID, nodeId))
            .withChild(ImmutableNodes.leafNode(TopologyPaths.NODE_ID, nodeId))
            .withChild(ImmutableNodes.leafNode(TopologyPaths.NODE_STATUS, Status.SYNC_FAILED.yangName))
            .withChild(ImmutableNodes.leafNode(TopologyPaths.SYNC_ERROR, error))
            .build());
    }

    void remove(final String nodeId) {
        try {
            operational.update(tx -> tx.remove(TopologyPaths.node(TopologyPaths.UNICONFIG, nodeId)));
        } catch (OperationErrorsException e) {
            throw new IllegalStateException("Cannot remove the status of node " + nodeId, e);
        }
    }

    /**
     * Status is the controller's own bookkeeping: written with {@link DataStore#update}, it
     * never conflicts with another writer, so it fails only if the entry does not fit the
     * schema, which is a programming error.
     */
    private void put(final String nodeId, final MapEntryNode entry) {
        try {
            operational.update(tx -> tx.put(TopologyPaths.node(TopologyPaths.UNICONFIG, nodeId), entry));
        } catch (OperationErrorsException e) {
            throw new IllegalStateException("The status entry of node " + nodeId + " does not fit the schema", e);
        }
    }
}
