package io.sextant.uniconfig;

import io.sextant.datastore.StateUnavailable;
import io.sextant.persistence.Database;
import io.sextant.persistence.SnapshotNode;
import io.sextant.persistence.SnapshotRepository;
import io.sextant.persistence.StoredSnapshot;
import io.sextant.spi.OperationErrorsException;
import io.sextant.uniconfig.UniconfigStore.KeptSnapshot;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The snapshots part of {@link DurableUniconfigStore}: each write one SQL transaction, repaired when its outcome is unknown. */
final class DurableSnapshots {
    private final SnapshotRepository repository = new SnapshotRepository();
    private final Database database;
    private final OwedWrites owed;

    DurableSnapshots(final Database database, final OwedWrites owed) {
        this.database = database;
        this.owed = owed;
    }

    /** Every kept snapshot. */
    List<KeptSnapshot> load() throws OperationErrorsException {
        return StateUnavailable.call(database, "load the snapshots", tx -> {
            final List<KeptSnapshot> kept = new ArrayList<>();
            for (String name : repository.names(tx)) {
                kept.add(kept(repository.load(tx, name).orElseThrow()));
            }
            return kept;
        });
    }

    /** See {@link UniconfigStore#snapshotTimes}. */
    Map<String, Instant> times() throws OperationErrorsException {
        return StateUnavailable.call(database, "read the kept snapshots' names", repository::createdTimes);
    }

    /** See {@link UniconfigStore#loadSnapshot}. */
    Optional<KeptSnapshot> load(final String name) throws OperationErrorsException {
        return StateUnavailable.call(database, "load snapshot " + name, tx -> repository.load(tx, name)
            .map(DurableSnapshots::kept));
    }

    private static KeptSnapshot kept(final StoredSnapshot stored) {
        final Map<String, SnapshotStore.Captured> captured = new LinkedHashMap<>();
        for (SnapshotNode node : stored.nodes()) {
            captured.put(node.nodeId(), new SnapshotStore.Captured(node.schemaKey(), node.configuration()));
        }
        return new KeptSnapshot(stored.name(), stored.created(), captured);
    }

    /** Keep a snapshot just taken (replacing one of that name whose keeping was reported failed). */
    void created(final String name, final Instant created,
            final Map<String, SnapshotStore.Captured> captured) throws OperationErrorsException {
        final String key = snapshotKey(name);
        // a snapshot of that name kept here is one whose keeping was reported failed: replaced
        owed.write("keep snapshot " + name, Set.of(key), tx -> {
            repository.delete(tx, name);
            repository.create(tx, name, created, snapshotNodes(captured));
        }, Map.of(key, new OwedWrites.Repair("delete snapshot " + name + " not created", tx -> repository.delete(tx,
            name))));
    }

    /** Forget a snapshot; should the outcome be unknown, it is put back as it was. */
    void deleted(final String name, final Instant created,
            final Map<String, SnapshotStore.Captured> captured) throws OperationErrorsException {
        final String key = snapshotKey(name);
        owed.write("delete snapshot " + name, Set.of(key), tx -> repository.delete(tx, name), Map.of(key,
            new OwedWrites.Repair("keep snapshot " + name + " not deleted", tx -> {
                repository.delete(tx, name);
                repository.create(tx, name, created, snapshotNodes(captured));
            })));
    }

    private static List<SnapshotNode> snapshotNodes(final Map<String, SnapshotStore.Captured> captured) {
        final List<SnapshotNode> kept = new ArrayList<>();
        captured.forEach((nodeId, node) -> kept.add(new SnapshotNode(nodeId, node.schemaKey(), node.configuration())));
        return kept;
    }

    private static String snapshotKey(final String name) {
        return "snapshot " + name;
    }
}
