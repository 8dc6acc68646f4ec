package io.sextant.datastore;

import io.sextant.persistence.ConfigEntryRepository;
import io.sextant.persistence.Database;
import io.sextant.persistence.LeaseRepository;
import io.sextant.persistence.MountedNode;
import io.sextant.persistence.PersistenceException;
import io.sextant.persistence.codec.ConfigEntry;
import io.sextant.persistence.codec.EntryLayout;
import java.util.List;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The configuration datastore kept in PostgreSQL: each commit writes the rows it touched
 * ({@link ConfigEntryRepository}, one row per top-level container and per entry down to the
 * nodes of a topology), in one SQL transaction, before the commit is applied; at start the
 * rows are put back into the store before any component reads it. The same transaction writes
 * the lease rows of the nodes the commit mounts and unmounts ({@link MountLeases}).
 */
final class DurableConfig implements CommitJournal {
    private static final Logger LOG = LoggerFactory.getLogger(DurableConfig.class);
    /** Rows down to the entries of lists inside lists: network-topology/topology/node. */
    private static final int LIST_DEPTH = 2;
    /** Entries put back per store transaction at start. */
    static final int LOAD_BATCH = 200;

    private final Database database;
    private final ConfigEntryRepository rows = new ConfigEntryRepository(new EntryLayout(LIST_DEPTH));
    private final MountLeases mountLeases = new MountLeases();
    private final LeaseRepository leases = new LeaseRepository();
    private volatile boolean loading;

    DurableConfig(final Database database) {
        this.database = database;
    }

    @Override
    public void record(final DataTreeCandidate candidate) throws OperationErrorsException {
        if (loading) {
            return;
        }
        try {
            database.run("save the configuration", tx -> {
                rows.apply(tx, candidate);
                mountLeases.apply(tx, candidate);
            });
        } catch (PersistenceException e) {
            throw StateUnavailable.of(e);
        }
    }

    /**
     * Put the kept configuration back into {@code store} (which records its commits here), in
     * store transactions of {@value #LOAD_BATCH} entries, parents first (the rows come ordered by
     * depth). Each put reads its transaction (parents, write filters), and yangtools applies all of
     * a transaction's earlier writes again for every read: one transaction of n entries cost n²,
     * and a restart with 10,000 mounted nodes spent minutes here.
     */
    void load(final DataStore store) throws PersistenceException, OperationErrorsException {
        final List<ConfigEntry> entries = database.call("load the configuration", rows::load);
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
    }
}
