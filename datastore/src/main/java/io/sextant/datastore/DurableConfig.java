package io.sextant.datastore;

import io.sextant.persistence.ChangeHorizon;
import io.sextant.persistence.ConfigEntryRepository;
import io.sextant.persistence.Database;
import io.sextant.persistence.Compaction;
import io.sextant.persistence.LeaseRepository;
import io.sextant.persistence.NodeConfigRepository;
import io.sextant.persistence.OwedWork;
import io.sextant.persistence.MountedNode;
import io.sextant.persistence.PersistenceException;
import io.sextant.persistence.StartReads;
import io.sextant.persistence.Tx;
import io.sextant.persistence.codec.ConfigEntry;
import io.sextant.persistence.codec.EntryChanges;
import io.sextant.persistence.codec.EntryLayout;
import io.sextant.spi.OperationErrorsException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.opendaylight.yangtools.yang.data.tree.api.ModificationType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The configuration datastore kept in PostgreSQL: each commit writes the rows it touched
 * ({@link ConfigEntryRepository}, one row per top-level container and per entry down to the
 * nodes of a topology), in one SQL transaction, before the commit is applied; at start the
 * rows are put back into the store before any component reads it. The same transaction writes
 * the lease rows of the nodes the commit mounts and unmounts ({@link MountLeases}) and deletes
 * the UniConfig nodes of those it unmounts ({@link UnmountedNodes}).
 *
 * <p>A commit whose SQL transaction may have been kept although it failed (the connection failed
 * while it committed) is refused, so the database may hold rows the store does not: the rows
 * and lease rows that commit touched are written again from the store's data, by the next
 * commit in its own SQL transaction, or by an empty commit made every few seconds for that
 * purpose until one succeeds. Rows no refused commit touched are left alone (another controller
 * instance sharing the database may have written them).
 */
final class DurableConfig implements CommitJournal, AutoCloseable {
    /**
     * Rows a refused commit may have written: {@code rows} (each alone), the subtrees of
     * {@code trees}, or every row ({@code all}), and the lease rows of {@code mounts}.
     */
    private record Owed(boolean all, Set<String> rows, Set<String> trees, Set<MountedNode> mounts) {
        static final Owed NONE = new Owed(false, Set.of(), Set.of(), Set.of());

        boolean isEmpty() {
            return !all && rows.isEmpty() && trees.isEmpty() && mounts.isEmpty();
        }

        Owed plus(final EntryChanges changes, final MountLeases.Mounts mounted) {
            final Set<String> moreRows = new HashSet<>(rows);
            changes.written().forEach(entry -> moreRows.add(entry.key()));
            final Set<String> moreTrees = new HashSet<>(trees);
            moreTrees.addAll(changes.deletedTrees());
            final Set<MountedNode> moreMounts = new HashSet<>(mounts);
            moreMounts.addAll(mounted.added());
            moreMounts.addAll(mounted.removed());
            return new Owed(all || changes.deleteAll(), Set.copyOf(moreRows), Set.copyOf(moreTrees),
                Set.copyOf(moreMounts));
        }
    }

    private static final Logger LOG = LoggerFactory.getLogger(DurableConfig.class);
    /** Rows down to the entries of lists inside lists: network-topology/topology/node. */
    private static final int LIST_DEPTH = 2;
    /** Entries put back per store transaction at start. */
    static final int LOAD_BATCH = 200;

    private final Database database;
    private final ConfigEntryRepository rows = new ConfigEntryRepository(new EntryLayout(LIST_DEPTH));
    private final MountLeases mountLeases = new MountLeases();
    private final LeaseRepository leases = new LeaseRepository();
    private final NodeConfigRepository uniconfigNodes = new NodeConfigRepository(Compaction.DEFAULT);
    private final OwedWork rewrites;
    private volatile boolean loading;
    /** Set on the thread that applies changes read from the database (see {@link #replay}). */
    private final ThreadLocal<Boolean> replaying = ThreadLocal.withInitial(() -> Boolean.FALSE);
    /** The rows that may differ from the store's data (written under the store's commit lock). */
    private volatile Owed owed = Owed.NONE;
    private volatile @Nullable DataStore store;

    DurableConfig(final Database database) {
        this(database, Duration.ofSeconds(2));
    }

    /** @param rewriteRetry how often an owed rewrite is tried while the database does not take it */
    DurableConfig(final Database database, final Duration rewriteRetry) {
        this.database = database;
        this.rewrites = new OwedWork("sextant-config-rewrite", rewriteRetry, this::rewrite);
    }

    @Override
    public void record(final DataTreeCandidate candidate) throws OperationErrorsException {
        if (loading || replaying.get()) {
            return;
        }
        final Owed repair = owed;
        final EntryChanges changes = rows.layout().changes(candidate);
        final MountLeases.Mounts mounts = mountLeases.changes(candidate);
        try {
            database.run("save the configuration", tx -> {
                if (!repair.isEmpty()) {
                    repair(tx, repair, rootAfter(candidate));
                }
                rows.write(tx, changes);
                mountLeases.write(tx, mounts);
                uniconfigNodes.deleteAll(tx, UnmountedNodes.of(mounts));
            });
        } catch (PersistenceException e) {
            if (e.outcomeUnknown()) {
                owed = repair.plus(changes, mounts);
                LOG.warn("{}: the rows it touched are written again from the controller's data by the next commit",
                    e.getMessage());
                rewrites.owed();
            }
            throw StateUnavailable.of(e);
        }
        if (!repair.isEmpty()) {
            owed = Owed.NONE;
            LOG.info("The kept configuration rows of a refused commit were written again: they are what the "
                + "controller holds");
        }
    }

    /**
     * Write the rows and lease rows {@code repair} names as they are in {@code root} (the whole
     * data; null when there is none): every other row stays as it is (another controller
     * instance may have written it).
     */
    private void repair(final Tx tx, final Owed repair, final @Nullable NormalizedNode root)
            throws SQLException {
        final List<ConfigEntry> current = root == null ? List.of() : rows.layout().split(root);
        if (repair.all()) {
            rows.write(tx, new EntryChanges(true, List.of(), current));
        } else {
            final List<ConfigEntry> written = new ArrayList<>();
            final Set<String> gone = new HashSet<>(repair.rows());
            for (ConfigEntry entry : current) {
                if (repair.rows().contains(entry.key()) || repair.trees().stream().anyMatch(tree -> atOrBelow(tree,
                        entry.key()))) {
                    written.add(entry);
                    gone.remove(entry.key());
                }
            }
            rows.write(tx, new EntryChanges(false, List.copyOf(repair.trees()), written));
            rows.deleteRows(tx, gone);
        }
        mountLeases.repair(tx, repair.mounts(), root);
    }

    private static boolean atOrBelow(final String tree, final String key) {
        return key.equals(tree) || key.startsWith(tree + "/") || key.startsWith(tree + "[");
    }

    /** The whole data once {@code candidate} is applied (an unmodified root names no data: the store's). */
    private @Nullable NormalizedNode rootAfter(final DataTreeCandidate candidate) {
        if (candidate.getRootNode().modificationType() != ModificationType.UNMODIFIED) {
            return candidate.getRootNode().dataAfter();
        }
        final DataStore target = store;
        return target == null ? null : target.snapshot().read(YangInstanceIdentifier.of()).orElse(null);
    }

    EntryLayout layout() {
        return rows.layout();
    }

    /**
     * Apply to the store, in one commit, changes read from the database (kept by another controller
     * instance): they are not written back. {@code changes} runs under the store's commit lock, so
     * no commit of this instance runs between its reads of the database and the store.
     */
    void replay(final DataStore.Changes changes) throws OperationErrorsException {
        final DataStore target = store;
        if (target == null) {
            throw new IllegalStateException("The configuration is not loaded yet");
        }
        replaying.set(Boolean.TRUE);
        try {
            target.update(changes);
        } finally {
            replaying.set(Boolean.FALSE);
        }
    }

    /** Whether some kept rows may differ from the store's data until a commit writes them again. */
    boolean repairOwed() {
        return !owed.isEmpty();
    }

    /**
     * An empty commit, which writes the owed rows (see {@link #record}) under the store's commit
     * lock; answers whether some are still owed.
     */
    private boolean rewrite() {
        final DataStore target = store;
        if (owed.isEmpty() || target == null) {
            return false;
        }
        try {
            target.update(tx -> { });
        } catch (OperationErrorsException e) {
            LOG.debug("The configuration cannot be written again yet: {}", e.getMessage());
        }
        return !owed.isEmpty();
    }

    /** Stops after writing the owed rows once more, when the database takes them. */
    @Override
    public void close() {
        if (rewrites.stop()) {
            LOG.warn("Stopping while the kept configuration may hold a change that was refused: the next start "
                + "loads it as kept");
        }
    }

    /**
     * Put the kept configuration back into {@code store} (which records its commits here), in
     * store transactions of {@value #LOAD_BATCH} entries, parents first (the rows come ordered by
     * depth). A put no longer reads its transaction's earlier writes to find its parents
     * ({@link KnownParents}: before, one transaction of n entries cost n², and a restart with
     * 10,000 mounted nodes spent minutes here); the batches keep each commit, and what its
     * listeners are handed, small.
     *
     * @return where changes kept after this load begin ({@link ChangeHorizon})
     */
    long load(final DataStore store) throws PersistenceException, OperationErrorsException {
        // read ahead while the start built the schema, when it began the reads (StartReads)
        final StartReads.Read<List<ConfigEntry>> kept = database.startReads().configuration();
        final List<ConfigEntry> entries = kept.rows();
        this.store = store;
        loading = true;
        try {
            for (int from = 0; from < entries.size(); from += LOAD_BATCH) {
                final List<ConfigEntry> batch = entries.subList(from, Math.min(entries.size(), from + LOAD_BATCH));
                store.update(tx -> {
                    for (ConfigEntry entry : batch) {
                        tx.put(entry.path(), entry.data());
                    }
                });
            }
        } finally {
            loading = false;
        }
        LOG.info("Configuration loaded from the database: {} entries", entries.size());
        final List<MountedNode> mounted = MountLeases.mounted(store);
        if (!mounted.isEmpty()) {
            final int added = database.call("give the kept nodes their leases", tx -> leases.addNodesIfNone(tx,
                mounted));
            if (added > 0) {
                LOG.info("{} kept node(s) mounted before node leases were kept got their lease rows", added);
            }
        }
        return kept.horizon();
    }
}
