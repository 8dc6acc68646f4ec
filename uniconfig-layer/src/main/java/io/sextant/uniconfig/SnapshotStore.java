package io.sextant.uniconfig;

import io.sextant.datastore.DataStore;
import io.sextant.datastore.OperationFailedException;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * Named snapshots of intended configuration. A snapshot holds references to immutable trees,
 * so taking one costs nothing per configuration line. Each snapshot is listed in the
 * operational datastore under topology=snapshots (node-id = snapshot name); the captured
 * configurations are read through the mount point at
 * {@code .../node=<snapshot>/snapshot-manager:snapshot/node=<node>/configuration}.
 */
final class SnapshotStore {
    /** One node's captured configuration and the schema it is in. */
    record Captured(EffectiveModelContext schema, NormalizedNode configuration) {
    }

    /** A snapshot: when it was taken, and the nodes it holds. */
    record Snapshot(String name, Instant created, Map<String, Captured> nodes) {
    }

    private final ConcurrentHashMap<String, Snapshot> snapshots = new ConcurrentHashMap<>();
    private final DataStore operational;

    SnapshotStore(final DataStore operational) {
        this.operational = operational;
    }

    Optional<Snapshot> get(final String name) {
        return Optional.ofNullable(snapshots.get(name));
    }

    synchronized void create(final String name, final Map<String, Captured> nodes) throws OperationFailedException {
        if (snapshots.containsKey(name)) {
            throw OperationFailedException.of(ErrorType.APPLICATION, ErrorTag.DATA_EXISTS, "Snapshot " + name
                + " already exists; delete it first or choose another name");
        }
        final Snapshot snapshot = new Snapshot(name, Instant.now(), Map.copyOf(nodes));
        final var list = ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(
            NodeIdentifier.create(TopologyPaths.SNAPSHOT_NODE));
        for (String nodeId : nodes.keySet()) {
            list.withChild(ImmutableNodes.newMapEntryBuilder()
                .withNodeIdentifier(NodeIdentifierWithPredicates.of(TopologyPaths.SNAPSHOT_NODE,
                    TopologyPaths.SNAPSHOT_NODE_ID, nodeId))
                .withChild(ImmutableNodes.leafNode(TopologyPaths.SNAPSHOT_NODE_ID, nodeId))
                .build());
        }
        final var entry = ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(TopologyPaths.NODE, TopologyPaths.NODE_ID, name))
            .withChild(ImmutableNodes.leafNode(TopologyPaths.NODE_ID, name))
            .withChild(ImmutableNodes.newContainerBuilder().withNodeIdentifier(
                NodeIdentifier.create(TopologyPaths.SNAPSHOT))
                .withChild(ImmutableNodes.leafNode(TopologyPaths.SNAPSHOT_CREATED, snapshot.created().toString()))
                .withChild(list.build())
                .build())
            .build();
        operational.update(tx -> tx.put(TopologyPaths.node(TopologyPaths.SNAPSHOTS, name), entry));
        snapshots.put(name, snapshot);
    }

    synchronized boolean delete(final String name) throws OperationFailedException {
        if (snapshots.remove(name) == null) {
            return false;
        }
        operational.update(tx -> tx.remove(TopologyPaths.node(TopologyPaths.SNAPSHOTS, name)));
        return true;
    }
}
