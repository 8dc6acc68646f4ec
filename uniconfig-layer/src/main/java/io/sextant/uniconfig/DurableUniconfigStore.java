package io.sextant.uniconfig;

import io.sextant.spi.OperationErrorsException;
import io.sextant.datastore.StateUnavailable;
import io.sextant.persistence.ChangeHorizon;
import io.sextant.persistence.Compaction;
import io.sextant.persistence.ConfigKind;
import io.sextant.persistence.Database;
import io.sextant.persistence.LeaseHolder;
import io.sextant.persistence.LeaseQueries;
import io.sextant.persistence.NodeConfigReads;
import io.sextant.persistence.NodeConfigRepository;
import io.sextant.persistence.NodeVersion;
import io.sextant.persistence.PersistenceException;
import io.sextant.persistence.StartReads;
import io.sextant.persistence.StoredNode;
import io.sextant.persistence.TransactionLogRepository;
import io.sextant.persistence.UndecodedNode;
import io.sextant.persistence.Tx;
import io.sextant.persistence.WaitingCommit;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link UniconfigStore} in PostgreSQL, on the persistence module's repositories: each node's
 * intended and actual configuration as a base plus a journal of changes (what a change writes
 * follows the size of the change), commit records (pending before any device is touched, then
 * done or failed; {@link DurableCommits}), the transaction log with per-node diffs, and snapshots
 * ({@link DurableSnapshots}). Every call is one SQL transaction (or one statement of its own),
 * durable when it returns.
 */
final class DurableUniconfigStore implements UniconfigStore {
    private static final Logger LOG = LoggerFactory.getLogger(DurableUniconfigStore.class);
    /** The topologies whose nodes have device sessions, one instance's each (node leases). */
    private static final List<String> DEVICE_TOPOLOGIES = List.of("topology-netconf", "topology-cli");

    private final Database database;
    private final NodeConfigRepository nodes = new NodeConfigRepository(Compaction.DEFAULT);
    private final TransactionLogRepository log = new TransactionLogRepository();
    private final DurableSnapshots snapshots;
    private final DurableCommits commitRecords;
    private final String instanceId;

    private final OwedWrites owed;
    /**
     * The version of each node's configurations as this store last kept or loaded them: a change
     * is recorded only onto that version (another instance sharing the database may have
     * recorded one since). Written after a node's write succeeded, under the node's lock.
     */
    private final Map<String, NodeVersion> versions = new ConcurrentHashMap<>();
    /** {@link #sharedWithOthers}: set at each {@link #changedElsewhere} round. */
    private volatile boolean shared;
    /** Where {@link #changedElsewhere} reads from next ({@link ChangeHorizon}); set by {@link #load}. */
    private volatile long horizon = ChangeHorizon.ALL;

    DurableUniconfigStore(final Database database) {
        this(database, Duration.ofSeconds(2));
    }

    /**
     * @param repairRetry how often a repair owed after a write with an unknown outcome is tried
     *     again while the database does not take it
     */
    DurableUniconfigStore(final Database database, final Duration repairRetry) {
        this(database, repairRetry, "");
    }

    /** @param instanceId this controller instance's id among those sharing the database */
    DurableUniconfigStore(final Database database, final Duration repairRetry, final String instanceId) {
        this.database = database;
        this.owed = new OwedWrites(database, repairRetry);
        this.snapshots = new DurableSnapshots(database, owed);
        this.commitRecords = new DurableCommits(database, owed, instanceId);
        this.instanceId = instanceId;
    }

    @Override
    public List<KeptNode> load() throws OperationErrorsException {
        final List<KeptNode> kept = new ArrayList<>();
        for (Kept node : loadUndecoded()) {
            try {
                kept.add(node.decode());
            } catch (OperationErrorsException e) {
                // logged: left out, and read again from its device when it connects
            }
        }
        return kept;
    }

    @Override
    public List<Kept> loadUndecoded() throws OperationErrorsException {
        final StartReads.Read<List<UndecodedNode>> read;
        try {
            // read ahead while the start built the schema and the southbounds, when it began the reads
            read = database.startReads().uniconfigNodes();
        } catch (PersistenceException e) {
            throw StateUnavailable.of(e);
        }
        final List<UndecodedNode> loaded = read.rows();
        horizon = read.horizon();
        final List<Kept> kept = new ArrayList<>(loaded.size());
        for (UndecodedNode node : loaded) {
            versions.put(node.nodeId(), node.version());
            // a node that cannot be decoded is as one never loaded: its next write is a creation
            kept.add(new UndecodedKeptNode(node, () -> versions.remove(node.nodeId(), node.version())));
        }
        return kept;
    }

    @Override
    public List<Interrupted> interrupted() throws OperationErrorsException {
        return commitRecords.interrupted();
    }

    @Override
    public List<Interrupted> orphanedCommitsOf(final String nodeId) throws OperationErrorsException {
        return commitRecords.orphanedCommitsOf(nodeId);
    }

    @Override
    public void created(final UniconfigNode node, final NormalizedNode configuration)
            throws OperationErrorsException {
        // kept although it failed, the node is what its device held: the layer reads it again as
        // a new node when the device connects again, and a restart before that finds it as read
        owed.write("keep node " + node.nodeId(), Set.of(nodeKey(node.nodeId())), tx -> nodes.create(tx, node.nodeId(),
            node.schemaKey(), configuration, configuration), Map.of());
        versions.put(node.nodeId(), NodeVersion.CREATED);
    }

    @Override
    public void changed(final NodeUpdate update) throws OperationErrorsException {
        final String key = nodeKey(update.node().nodeId());
        final String doing = "keep the change of node " + update.node().nodeId();
        final Map<String, OwedWrites.Repair> repairs = Map.of(key, putBack(update));
        final Map<String, NodeVersion> next = new ConcurrentHashMap<>();
        // most changes (an intent write) change one configuration within its journal's limits: one
        // statement, one round trip; the rest (compaction due, a version moved on) in a transaction
        if (update.changesIntent() == update.changesActual()
                || !owed.writeAlone(doing, Set.of(key), tx -> recordAlone(tx, update, next), repairs)) {
            owed.write(doing, Set.of(key), tx -> record(tx, update, next), repairs);
        }
        versions.putAll(next);
    }

    @Override
    public void changedAll(final List<NodeUpdate> updates) throws OperationErrorsException {
        if (updates.isEmpty()) {
            return;
        }
        if (updates.size() == 1) {
            changed(updates.get(0));
            return;
        }
        final Map<String, OwedWrites.Repair> repairs = new HashMap<>();
        for (NodeUpdate update : updates) {
            repairs.put(nodeKey(update.node().nodeId()), putBack(update));
        }
        final Map<String, NodeVersion> next = new ConcurrentHashMap<>();
        owed.write("keep the changes of nodes " + updates.stream().map(u -> u.node().nodeId()).toList(),
            repairs.keySet(), tx -> {
                for (NodeUpdate update : updates) {
                    record(tx, update, next);
                }
            }, repairs);
        versions.putAll(next);
    }

    @Override
    public long keptActualVersion(final String nodeId) {
        final @Nullable NodeVersion version = versions.get(nodeId);
        return version == null ? NodeHistory.Step.NOT_KEPT : version.actual();
    }

    @Override
    public boolean takeNewer(final String nodeId, final NewerVersion taker) throws OperationErrorsException {
        final @Nullable NodeVersion held = versions.get(nodeId);
        // the version first: a node kept by this instance itself (its own change hint heard before
        // the write's version was noted) is not read and decoded whole, which for a large router
        // cost more than the write
        final StoredNode stored = StateUnavailable.call(database, "load node " + nodeId,
            tx -> NodeConfigReads.versions(tx, List.of(nodeId)).getOrDefault(nodeId, NodeVersion.CREATED)
                .equals(held) ? Optional.<StoredNode>empty() : NodeConfigReads.load(tx, nodeId)).orElse(null);
        if (stored == null || stored.version().equals(held)
                || !taker.take(new KeptNode(nodeId, stored.schemaKey(), stored.intended(), stored.actual()))) {
            return false;
        }
        versions.put(nodeId, stored.version());
        return true;
    }

    @Override
    public boolean takeKept(final String nodeId, final NewerVersion taker) throws OperationErrorsException {
        final StoredNode stored = StateUnavailable.call(database, "load node " + nodeId,
            tx -> NodeConfigReads.load(tx, nodeId)).orElse(null);
        if (stored == null || !taker.take(new KeptNode(nodeId, stored.schemaKey(), stored.intended(),
                stored.actual()))) {
            return false;
        }
        versions.put(nodeId, stored.version());
        return true;
    }

    @Override
    public Set<String> changedElsewhere() throws OperationErrorsException {
        final NodeConfigReads.Changed changed = StateUnavailable.call(database, "read the UniConfig nodes changed through other "
            + "instances", tx -> {
                shared = !instanceId.isEmpty() && LeaseQueries.othersLive(tx, instanceId);
                return NodeConfigReads.changedSince(tx, horizon);
            });
        horizon = changed.horizon();
        final Set<String> elsewhere = new TreeSet<>();
        changed.versions().forEach((nodeId, version) -> {
            // a node whose repair is owed holds what the layer holds once the repair is written
            if (!version.equals(versions.get(nodeId)) && !owed.owes(nodeKey(nodeId))) {
                elsewhere.add(nodeId);
            }
        });
        return elsewhere;
    }

    @Override
    public boolean sharedWithOthers() {
        return shared;
    }

    @Override
    public Set<String> keptNewer(final Collection<String> nodeIds) throws OperationErrorsException {
        final Map<String, NodeVersion> kept;
        try {
            // one statement on every commit's path: without a transaction around it
            kept = database.callStatement("read the versions of nodes " + nodeIds,
                tx -> NodeConfigReads.versions(tx, nodeIds));
        } catch (PersistenceException e) {
            throw StateUnavailable.of(e);
        }
        final Set<String> newer = new TreeSet<>();
        kept.forEach((nodeId, version) -> {
            // a node whose repair is owed holds what the layer holds once the repair is written
            if (!version.equals(versions.get(nodeId)) && !owed.owes(nodeKey(nodeId))) {
                newer.add(nodeId);
            }
        });
        return newer;
    }

    @Override
    public Optional<LeaseHolder> heldElsewhere(final String nodeId) throws OperationErrorsException {
        return StateUnavailable.call(database, "read who holds the lease of node " + nodeId,
            tx -> LeaseQueries.holder(tx, DEVICE_TOPOLOGIES, nodeId))
            .filter(holder -> !holder.instanceId().equals(instanceId));
    }

    @Override
    public Optional<LeaseHolder> commitRunElsewhere(final String commitId) throws OperationErrorsException {
        return commitRecords.runElsewhere(commitId);
    }

    @Override
    public void gateWaits(final String commitId, final Instant deadline) throws OperationErrorsException {
        commitRecords.waiting(commitId, deadline);
    }

    @Override
    public void gateDecided(final String commitId) throws OperationErrorsException {
        commitRecords.waiting(commitId, null);
    }

    @Override
    public List<WaitingCommit> waitingElsewhere() throws OperationErrorsException {
        return commitRecords.waitingElsewhere();
    }

    @Override
    public void deleted(final String nodeId) throws OperationErrorsException {
        owed.write("delete node " + nodeId, Set.of(nodeKey(nodeId)), tx -> nodes.delete(tx, nodeId), Map.of());
        versions.remove(nodeId);
    }

    @Override
    public void forgotten(final String nodeId) {
        versions.remove(nodeId);
    }

    @Override
    public void commitStarted(final String commitId, final String operation, final String user,
            final List<String> nodeIds) throws OperationErrorsException {
        commitRecords.started(commitId, operation, user, nodeIds);
    }

    @Override
    public KeptCommit commitApplied(final String commitId, final List<NodeUpdate> updates,
            final CommitRecord record) throws OperationErrorsException {
        // kept although it failed, the nodes would hold the commit's result while the layer rolls
        // their devices back: they are put back (and the log entry replaced when the commit ends)
        final Map<String, OwedWrites.Repair> repairs = new LinkedHashMap<>();
        final Map<String, NodeVersion> before = new LinkedHashMap<>();
        for (NodeUpdate update : updates) {
            repairs.put(nodeKey(update.node().nodeId()), putBack(update));
            before.put(update.node().nodeId(), version(update.node().nodeId()));
        }
        final Map<String, NodeVersion> next = new ConcurrentHashMap<>();
        owed.write("keep commit " + commitId, repairs.keySet(), tx -> {
            held(tx, updates.stream().filter(NodeUpdate::changesActual).map(update -> update.node().nodeId())
                .toList());
            for (NodeUpdate update : updates) {
                record(tx, update, next);
            }
            log.append(tx, LoggedCommits.logged(record));
        }, repairs);
        versions.putAll(next);
        return () -> {
            // the same repairs: each node back to its configurations and version from before the commit
            owed.putBack("put back the nodes of commit " + commitId, repairs);
            versions.putAll(before);
        };
    }

    /**
     * The fencing check of a commit's keep: this instance holds the leases of the nodes whose
     * devices the commit changed, share-locked until the keep's transaction ends (no other instance
     * takes them meanwhile); one query however many nodes. A controller alone (no instance id)
     * holds every node.
     */
    private void held(final Tx tx, final List<String> nodeIds) throws SQLException, PersistenceException {
        if (instanceId.isEmpty() || nodeIds.isEmpty()) {
            return;
        }
        final SortedSet<String> lost = LeaseQueries.notHeld(tx, DEVICE_TOPOLOGIES, nodeIds, instanceId);
        if (!lost.isEmpty()) {
            throw PersistenceException.conflict("This controller instance no longer holds "
                + (lost.size() == 1 ? "node " : "nodes ") + String.join(", ", lost)
                + " (its lease lapsed during the commit, or another instance took the node)");
        }
    }

    @Override
    public void commitFinished(final String commitId, final boolean done, final @Nullable CommitRecord failure)
            throws OperationErrorsException {
        commitRecords.finished(commitId, done, failure);
    }

    @Override
    public List<CommitRecord> loadLog(final int limit) throws OperationErrorsException {
        return commitRecords.loadLog(limit);
    }

    @Override
    public List<CommitRecord> logged() throws OperationErrorsException {
        return commitRecords.logged();
    }

    @Override
    public void logOnly(final CommitRecord record) throws OperationErrorsException {
        commitRecords.logOnly(record);
    }

    @Override
    public List<KeptSnapshot> loadSnapshots() throws OperationErrorsException {
        return snapshots.load();
    }

    @Override
    public Map<String, Instant> snapshotTimes() throws OperationErrorsException {
        return snapshots.times();
    }

    @Override
    public Optional<KeptSnapshot> loadSnapshot(final String name) throws OperationErrorsException {
        return snapshots.load(name);
    }

    @Override
    public void snapshotCreated(final String name, final Instant created,
            final Map<String, SnapshotStore.Captured> captured) throws OperationErrorsException {
        snapshots.created(name, created, captured);
    }

    @Override
    public void snapshotDeleted(final String name, final Instant created,
            final Map<String, SnapshotStore.Captured> captured) throws OperationErrorsException {
        snapshots.deleted(name, created, captured);
    }

    private static String nodeKey(final String nodeId) {
        return "node " + nodeId;
    }

    /** Put a node whose update may have been kept back to what it was before the update. */
    private OwedWrites.Repair putBack(final NodeUpdate update) {
        final String nodeId = update.node().nodeId();
        final NormalizedNode intended = update.intentBefore();
        final NormalizedNode actual = update.actualBefore();
        final NodeVersion version = version(nodeId);
        return new OwedWrites.Repair("put node " + nodeId + " back to what the controller holds",
            tx -> nodes.rebase(tx, nodeId, intended, actual, version));
    }

    /** Repairs owed after writes whose outcome is unknown. */
    int owedRepairs() {
        return owed.owed();
    }

    @Override
    public void close() {
        commitRecords.close();
        owed.close();
    }

    /**
     * Record {@code update}, which changes one of the node's configurations, in one statement onto
     * the node's version; its version after goes into {@code next}.
     *
     * @return false, with nothing written, when that takes more ({@link #record})
     */
    private boolean recordAlone(final Tx tx, final NodeUpdate update, final Map<String, NodeVersion> next)
            throws SQLException {
        final String nodeId = update.node().nodeId();
        final NodeVersion version = version(nodeId);
        final boolean intent = update.changesIntent();
        final NodeConfigRepository.@Nullable Recorded recorded = intent
            ? nodes.recordAlone(tx, nodeId, ConfigKind.INTENDED, version.intended(), update.intentBefore(),
                update.intentAfter())
            : nodes.recordAlone(tx, nodeId, ConfigKind.ACTUAL, version.actual(), update.actualBefore(),
                update.actualAfter());
        if (recorded == null) {
            return false;
        }
        next.put(nodeId, version.with(intent ? ConfigKind.INTENDED : ConfigKind.ACTUAL, recorded.version()));
        return true;
    }

    /** Record {@code update} onto the node's version; its version after goes into {@code next}. */
    private void record(final Tx tx, final NodeUpdate update, final Map<String, NodeVersion> next)
            throws SQLException, PersistenceException {
        final String nodeId = update.node().nodeId();
        NodeVersion version = version(nodeId);
        if (update.changesIntent()) {
            version = version.with(ConfigKind.INTENDED, nodes.record(tx, nodeId, ConfigKind.INTENDED,
                version.intended(), update.intentBefore(), update.intentAfter()).version());
        }
        if (update.changesActual()) {
            version = version.with(ConfigKind.ACTUAL, nodes.record(tx, nodeId, ConfigKind.ACTUAL, version.actual(),
                update.actualBefore(), update.actualAfter()).version());
        }
        next.put(nodeId, version);
    }

    private NodeVersion version(final String nodeId) {
        return versions.getOrDefault(nodeId, NodeVersion.CREATED);
    }

}
