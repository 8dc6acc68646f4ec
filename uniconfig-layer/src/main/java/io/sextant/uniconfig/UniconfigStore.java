package io.sextant.uniconfig;

import io.sextant.spi.OperationErrorsException;
import io.sextant.persistence.LeaseHolder;
import io.sextant.persistence.WaitingCommit;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * Where the UniConfig layer keeps its nodes, commits, transaction log and snapshots, so that a
 * restart loses none of them. Every method is durable when it returns, or fails with an
 * {@link OperationErrorsException} (database unavailable: a 503) having kept nothing: when the
 * database may have kept it although it failed, the store puts that back itself. The
 * layer calls it before it makes a change visible. {@link #inMemory()} keeps nothing.
 */
interface UniconfigStore extends AutoCloseable {

    /**
     * A node as kept, its configurations decoded once {@link #decode} is called: a restart reads
     * every node without decoding them ({@link #loadUndecoded}), and decodes each when it is used.
     */
    interface Kept {
        String nodeId();

        String schemaKey();

        /**
         * @throws OperationErrorsException when what was kept of it cannot be read (logged here):
         *     the node is then read again from its device
         */
        KeptNode decode() throws OperationErrorsException;
    }

    /** A node as it was kept. */
    record KeptNode(String nodeId, String schemaKey, NormalizedNode intended, NormalizedNode actual) implements Kept {
        @Override
        public KeptNode decode() {
            return this;
        }
    }

    /** The nodes kept, to be matched with their devices when those connect. */
    List<KeptNode> load() throws OperationErrorsException;

    /** {@link #load}, each node decoded when it is first needed. */
    default List<? extends Kept> loadUndecoded() throws OperationErrorsException {
        return load();
    }

    /** A node was created by the first read of its device (intent = actual). */
    void created(UniconfigNode node, NormalizedNode configuration) throws OperationErrorsException;

    /**
     * A node changed (intent written, synced, intent reset or replaced). Refused as in-use when the
     * store holds a newer version of the node than the one the update is based on (changed
     * through another controller instance): see {@link #takeNewer}.
     */
    void changed(NodeUpdate update) throws OperationErrorsException;

    /**
     * Several nodes changed by one request (a template applied, a copy, a revert outside a
     * transaction): kept all or none, as {@link #changed} keeps one. Refused as in-use, nothing
     * kept, when the store holds a newer version of one of them.
     */
    void changedAll(List<NodeUpdate> updates) throws OperationErrorsException;

    /** Takes the newer version of a node {@link #takeNewer} found. */
    @FunctionalInterface
    interface NewerVersion {
        /** @return whether the layer took it (it holds the node as {@code kept} now) */
        boolean take(KeptNode kept) throws OperationErrorsException;
    }

    /**
     * When the store holds a newer version of the node than the layer's (another controller
     * instance changed it), hand it to {@code taker}; once taken, the node's next changes are
     * based on it. Call with the node's lock held, after a change of the node was refused or
     * {@link #changedElsewhere} named it; or for a node the layer does not serve, with a taker
     * that refuses it once it is served.
     *
     * @return whether a newer version was taken
     */
    default boolean takeNewer(final String nodeId, final NewerVersion taker) throws OperationErrorsException {
        return false;
    }

    /**
     * The node as kept now, whatever version this store last kept or loaded (a commit another
     * instance left pending is settled against it): given to {@code taker}; false when the node is
     * not kept or the taker refused it. In memory the layer holds what is kept: false.
     */
    default boolean takeKept(final String nodeId, final NewerVersion taker) throws OperationErrorsException {
        return false;
    }

    /**
     * The nodes another controller instance sharing the store kept since the last call (since
     * {@link #load} the first time) in a version other than the one this store last kept or loaded:
     * read from the store, never from a notification. Nothing in memory.
     */
    default Set<String> changedElsewhere() throws OperationErrorsException {
        return Set.of();
    }

    /**
     * Those of {@code nodeIds} that another controller instance sharing the store kept in a version
     * other than the one this store last kept or loaded, in one read: a commit takes their kept
     * versions ({@link #takeNewer}) before it diffs, so that a change kept through another
     * instance just before is committed, not refused. Empty in memory.
     */
    default Set<String> keptNewer(final Collection<String> nodeIds) throws OperationErrorsException {
        return Set.of();
    }

    /**
     * Whether other controller instances were live on the store at the last look (each
     * {@link #changedElsewhere} round): then a read first checks the node's kept version
     * ({@link #keptNewer}), so that it sees a write made through another instance just before.
     * False in memory.
     */
    default boolean sharedWithOthers() {
        return false;
    }

    /**
     * The other controller instance sharing the store that holds the node's lease now (it connects
     * the node's device, this one does not); empty when none does, and in memory.
     */
    default Optional<LeaseHolder> heldElsewhere(final String nodeId) throws OperationErrorsException {
        return Optional.empty();
    }

    /**
     * The other controller instance sharing the store that runs the pending commit
     * {@code commitId} (a gated commit waiting there for its decision); empty when none does, and
     * in memory.
     */
    default Optional<LeaseHolder> commitRunElsewhere(final String commitId) throws OperationErrorsException {
        return Optional.empty();
    }

    /**
     * Gated commit {@code commitId} (recorded as started) waits for confirm-commit until
     * {@code deadline}, so that other controller instances sharing the store list it
     * ({@link #waitingElsewhere}). Nothing in memory.
     */
    default void gateWaits(final String commitId, final Instant deadline) throws OperationErrorsException {
        // listed by this instance only
    }

    /** Gated commit {@code commitId} no longer waits: it was decided. Nothing in memory. */
    default void gateDecided(final String commitId) throws OperationErrorsException {
        // listed by this instance only
    }

    /** The gated commits waiting in the other live controller instances sharing the store; none in memory. */
    default List<WaitingCommit> waitingElsewhere() throws OperationErrorsException {
        return List.of();
    }

    /**
     * The version of the node's actual configuration as this store kept or loaded it last
     * ({@code NodeVersion.actual}); {@link NodeHistory.Step#NOT_KEPT} in memory and for a node not
     * kept. Call with the node's lock held.
     */
    default long keptActualVersion(final String nodeId) {
        return NodeHistory.Step.NOT_KEPT;
    }

    /**
     * Delete a node and what is kept of it (a node created while its device was being unmounted).
     */
    default void deleted(final String nodeId) throws OperationErrorsException {
        // kept nowhere
    }

    /**
     * The node was deleted with its device's mount (its rows went in the mount's database
     * transaction): forget what this store knew of it.
     */
    default void forgotten(final String nodeId) {
        // nothing known
    }

    /**
     * A commit an earlier run left pending (it stopped between {@link #commitStarted} and
     * {@link #commitFinished}): {@code kept} when {@link #commitApplied} had kept it.
     */
    record Interrupted(String commitId, String operation, String user, boolean kept, List<String> nodeIds) {
    }

    /**
     * The commits left pending by an earlier run, oldest first: their nodes are in doubt. With
     * several controller instances, those of this instance's earlier starts and of instances no
     * longer live, not those other live instances are running.
     */
    List<Interrupted> interrupted() throws OperationErrorsException;

    /**
     * The commits of {@code nodeId} that another controller instance left pending and can no
     * longer finish (it died, or started again since), oldest first: the instance taking the node
     * settles them. None in memory.
     */
    default List<Interrupted> orphanedCommitsOf(final String nodeId) throws OperationErrorsException {
        return List.of();
    }

    /** A commit is about to touch devices: it is pending until finished. */
    void commitStarted(String commitId, String operation, String user, List<String> nodeIds)
        throws OperationErrorsException;

    /**
     * Every device of a commit applied its change, which can still be taken back: the nodes'
     * new configurations and the commit's log entry are kept (the commit stays pending until
     * {@link #commitFinished}).
     *
     * @return what puts the nodes back should a device then fail to finish the commit
     */
    KeptCommit commitApplied(String commitId, List<NodeUpdate> updates, CommitRecord record)
        throws OperationErrorsException;

    /** A commit kept by {@link #commitApplied}, which can still be taken back. */
    @FunctionalInterface
    interface KeptCommit {
        /** For a store that keeps nothing. */
        KeptCommit NOTHING = () -> { };

        /**
         * A device failed to finish the commit and every device was put back: so are the
         * commit's nodes, to what they were before it. Never fails: while the store cannot take
         * it, it is owed, written before any later change of those nodes and retried until it is.
         */
        void undo();
    }

    /**
     * The commit is over: done, or failed with its log entry ({@code failure}; null when the
     * entry was kept by {@link #commitApplied} already).
     */
    void commitFinished(String commitId, boolean done, @Nullable CommitRecord failure)
        throws OperationErrorsException;

    /**
     * The most recent {@code limit} entries of the transaction log, oldest first, without their
     * diffs (those are kept, but rendering them needs the nodes' schemas).
     */
    List<CommitRecord> loadLog(int limit) throws OperationErrorsException;

    /**
     * The entries logged since the last call (since {@link #loadLog} the first time), by any
     * controller instance sharing the store, this one included, oldest first, without their diffs:
     * read from the store, never from a notification. An entry replaced since (a commit kept, then
     * failed) is read again. Nothing in memory.
     */
    default List<CommitRecord> logged() throws OperationErrorsException {
        return List.of();
    }

    /**
     * A transaction log entry that keeps no intended or actual configuration: a commit refused
     * before any device was touched, or a drift put back on a device. It is kept, so that every
     * instance sharing the store shows it. Nothing in memory.
     */
    default void logOnly(final CommitRecord record) throws OperationErrorsException {
        // kept nowhere
    }

    /** A snapshot as it was kept. */
    record KeptSnapshot(String name, Instant created, Map<String, SnapshotStore.Captured> nodes) {
    }

    List<KeptSnapshot> loadSnapshots() throws OperationErrorsException;

    /**
     * The kept snapshots' names and creation times, read again (how an instance finds the snapshots
     * other instances sharing the store created and deleted). Kept nowhere else: none.
     */
    default Map<String, Instant> snapshotTimes() throws OperationErrorsException {
        return Map.of();
    }

    /** Snapshot {@code name} as kept now, read again; empty when none of that name is. */
    default Optional<KeptSnapshot> loadSnapshot(final String name) throws OperationErrorsException {
        return Optional.empty();
    }

    void snapshotCreated(String name, Instant created, Map<String, SnapshotStore.Captured> nodes)
        throws OperationErrorsException;

    /** A snapshot was deleted ({@code created} and {@code nodes} are what it held). */
    void snapshotDeleted(String name, Instant created, Map<String, SnapshotStore.Captured> nodes)
        throws OperationErrorsException;

    /** Stop what runs in the background; owed writes not done by then are not done. */
    @Override
    default void close() {
        // nothing runs
    }

    /** Keeps nothing: the controller's state lives in memory only. */
    static UniconfigStore inMemory() {
        return InMemoryStore.INSTANCE;
    }

    /** {@link #inMemory()}. */
    final class InMemoryStore implements UniconfigStore {
        static final InMemoryStore INSTANCE = new InMemoryStore();

        private InMemoryStore() {
        }

        @Override
        public List<KeptNode> load() {
            return List.of();
        }

        @Override
        public List<Interrupted> interrupted() {
            return List.of();
        }

        @Override
        public void created(final UniconfigNode node, final NormalizedNode configuration) {
            // kept nowhere
        }

        @Override
        public void changed(final NodeUpdate update) {
            // kept nowhere
        }

        @Override
        public void changedAll(final List<NodeUpdate> updates) {
            // kept nowhere
        }

        @Override
        public void commitStarted(final String commitId, final String operation, final String user,
                final List<String> nodeIds) {
            // kept nowhere
        }

        @Override
        public KeptCommit commitApplied(final String commitId, final List<NodeUpdate> updates,
                final CommitRecord record) {
            // kept nowhere
            return KeptCommit.NOTHING;
        }

        @Override
        public void commitFinished(final String commitId, final boolean done, final @Nullable CommitRecord failure) {
            // kept nowhere
        }

        @Override
        public List<CommitRecord> loadLog(final int limit) {
            return List.of();
        }

        @Override
        public List<KeptSnapshot> loadSnapshots() {
            return List.of();
        }

        @Override
        public void snapshotCreated(final String name, final Instant created,
                final Map<String, SnapshotStore.Captured> nodes) {
            // kept nowhere
        }

        @Override
        public void snapshotDeleted(final String name, final Instant created,
                final Map<String, SnapshotStore.Captured> nodes) {
            // kept nowhere
        }
    }
}
