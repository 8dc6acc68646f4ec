package io.sextant.uniconfig;

import io.sextant.datastore.DataStore;
import io.sextant.spi.OperationErrorsException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/**
 * Named snapshots of intended configuration. A snapshot holds references to immutable trees,
 * so taking one costs nothing per configuration line. Each snapshot is listed in the
 * operational datastore under topology=snapshots (node-id = snapshot name); the captured
 * configurations are read through the mount point at
 * {@code .../node=<snapshot>/snapshot-manager:snapshot/node=<node>/configuration}. Snapshots are
 * kept in the {@link UniconfigStore} before they are listed, loaded from it at start, and those
 * other instances sharing it create and delete are taken at each {@link #catchUp}.
 */
final class SnapshotStore {
    /** One node's captured configuration and the schema it is in (by key, as the node's). */
    record Captured(String schemaKey, NormalizedNode configuration) {
    }

    /** A snapshot: when it was taken, and the nodes it holds. */
    record Snapshot(String name, Instant created, Map<String, Captured> nodes) {
    }

    private final ConcurrentHashMap<String, Snapshot> snapshots = new ConcurrentHashMap<>();
    private final DataStore operational;
    private final UniconfigStore store;

    /** The snapshots kept in {@code store}, listed in {@code operational}. */
    SnapshotStore(final DataStore operational, final UniconfigStore store) throws OperationErrorsException {
        this.operational = operational;
        this.store = store;
        for (UniconfigStore.KeptSnapshot kept : store.loadSnapshots()) {
            list(new Snapshot(kept.name(), kept.created(), Map.copyOf(kept.nodes())));
        }
    }

    Optional<Snapshot> get(final String name) {
        return Optional.ofNullable(snapshots.get(name));
    }

    synchronized void create(final String name, final Map<String, Captured> nodes) throws OperationErrorsException {
        if (snapshots.containsKey(name)) {
            throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.DATA_EXISTS, "Snapshot " + name
                + " already exists; delete it first or choose another name");
        }
        // to the microsecond, as the database keeps it: what another instance reads back is the same time
        final Snapshot snapshot = new Snapshot(name, Instant.now().truncatedTo(ChronoUnit.MICROS), Map.copyOf(nodes));
        store.snapshotCreated(name, snapshot.created(), snapshot.nodes());
        list(snapshot);
    }

    /** Known and listed under topology=snapshots. */
    private void list(final Snapshot snapshot) throws OperationErrorsException {
        final String name = snapshot.name();
        final var list = ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(
            NodeIdentifier.create(TopologyPaths.SNAPSHOT_NODE));
        for (String nodeId : snapshot.nodes().keySet()) {
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

    /**
     * Take the snapshots other instances sharing the store created and deleted: those kept and not
     * listed here, or kept with another creation time (deleted and created again), are read and
     * listed; those listed and no longer kept go.
     */
    synchronized void catchUp() throws OperationErrorsException {
        final Map<String, Instant> kept = store.snapshotTimes();
        for (String name : List.copyOf(snapshots.keySet())) {
            if (!kept.containsKey(name)) {
                unlist(name);
            }
        }
        for (Map.Entry<String, Instant> entry : kept.entrySet()) {
            final Snapshot listed = snapshots.get(entry.getKey());
            if (listed == null || !listed.created().equals(entry.getValue())) {
                final Optional<UniconfigStore.KeptSnapshot> read = store.loadSnapshot(entry.getKey());
                if (read.isPresent()) {
                    final UniconfigStore.KeptSnapshot snapshot = read.orElseThrow();
                    list(new Snapshot(snapshot.name(), snapshot.created(), Map.copyOf(snapshot.nodes())));
                } else if (listed != null) {
                    unlist(entry.getKey());
                }
            }
        }
    }

    private void unlist(final String name) throws OperationErrorsException {
        snapshots.remove(name);
        operational.update(tx -> tx.remove(TopologyPaths.node(TopologyPaths.SNAPSHOTS, name)));
    }

    synchronized boolean delete(final String name) throws OperationErrorsException {
        final Snapshot snapshot = snapshots.get(name);
        if (snapshot == null) {
            return false;
        }
        store.snapshotDeleted(name, snapshot.created(), snapshot.nodes());
        unlist(name);
        return true;
    }
}
