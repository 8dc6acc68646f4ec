package io.sextant.datastore;

import io.sextant.persistence.ChangeHints;
import io.sextant.persistence.ChangeHorizon;
import io.sextant.persistence.ConfigEntryRepository;
import io.sextant.persistence.Database;
import io.sextant.persistence.PersistenceException;
import io.sextant.persistence.codec.ConfigEntry;
import io.sextant.spi.OperationErrorsException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings into the configuration datastore what other controller instances sharing the database
 * kept there (mounts, unmounts, changed mount settings), on each {@link ChangeHints#CONFIG} hint
 * and every few seconds: the rows written and deleted since what it last read (by the
 * transactions' stamps, {@link ChangeHorizon}), never the hint's content. Rows are read and
 * applied under the store's commit lock, so no commit of this instance runs in between, and only
 * where they differ from what the store holds; the store's listeners see them as any change.
 * Applying them is not recorded again ({@link DurableConfig#replay}): no instance writes back what
 * it read. While rows a refused commit of this instance may have kept are owed a rewrite, nothing
 * is read (they would be taken for another instance's change). An instance that could not read
 * for longer than the deleted rows are kept compares every row instead.
 */
final class KeptConfigFollower implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(KeptConfigFollower.class);
    /** How long deleted rows are kept for the instances to read. */
    static final Duration KEEP_GONE = Duration.ofHours(1);
    /** Behind by more than this, every row is compared (the deleted rows may have been pruned meanwhile). */
    private static final Duration FULL_AFTER = KEEP_GONE.dividedBy(2);
    private static final Duration PRUNE_EVERY = Duration.ofMinutes(10);

    private final Database database;
    private final DurableConfig journal;
    private final ConfigEntryRepository rows;
    private final ChangeHints.Subscription subscription;
    /** Written and read on the hints' thread only (and before it subscribes). */
    private long horizon;
    private long lastRead = System.nanoTime();
    private long lastPrune = System.nanoTime();
    private @Nullable String failing;

    /**
     * @param horizon where the load of the store that {@code journal} keeps began
     *     ({@link ChangeHorizon})
     */
    KeptConfigFollower(final Database database, final DurableConfig journal, final long horizon) {
        this.database = database;
        this.journal = journal;
        this.rows = new ConfigEntryRepository(journal.layout());
        this.horizon = horizon;
        this.subscription = database.hints().subscribe(ChangeHints.CONFIG, this::catchUp);
    }

    /** Read and apply what changed since the last read. */
    void catchUp() {
        if (journal.repairOwed()) {
            // rows a refused commit may have kept are written back from the store first: they are not
            // another instance's changes (read once the repair has stamped them, or later ones, again)
            return;
        }
        final boolean full = System.nanoTime() - lastRead > FULL_AFTER.toNanos();
        final long since = horizon;
        final long[] next = new long[1];
        final int[] applied = new int[1];
        try {
            journal.replay(tx -> {
                final ConfigEntryRepository.Changed changed = read(tx, full, since);
                next[0] = changed.horizon();
                applied[0] = apply(tx, changed);
            });
            horizon = next[0];
            lastRead = System.nanoTime();
            if (applied[0] > 0) {
                LOG.info("{} configuration entries changed through other controller instances were applied", applied[0]);
            }
            if (failing != null) {
                LOG.info("The configuration changed through other controller instances is read again");
                failing = null;
            }
        } catch (OperationErrorsException e) {
            final String message = e.getMessage();
            if (!String.valueOf(message).equals(failing)) {
                LOG.warn("The configuration changed through other controller instances cannot be applied here "
                    + "now (tried again every few seconds): {}", message);
                failing = String.valueOf(message);
            }
        }
        prune();
    }

    private ConfigEntryRepository.Changed read(final ReadSnapshot store, final boolean full, final long since)
            throws OperationErrorsException {
        try {
            if (!full) {
                return database.call("read the configuration changed through other instances",
                    tx -> rows.changedSince(tx, since));
            }
            final ConfigEntryRepository.Changed all = database.call("read the whole kept configuration",
                tx -> rows.changedSince(tx, ChangeHorizon.ALL));
            // rows deleted before the kept deletions: every row the store holds and the database does not
            final Set<String> kept = new HashSet<>();
            all.written().forEach(entry -> kept.add(entry.key()));
            final List<ConfigEntryRepository.Gone> gone = new ArrayList<>();
            final Optional<NormalizedNode> root = store.read(YangInstanceIdentifier.of());
            if (root.isPresent()) {
                for (ConfigEntry held : rows.layout().split(root.orElseThrow())) {
                    if (!kept.contains(held.key())) {
                        gone.add(new ConfigEntryRepository.Gone(held.key(), held.path()));
                    }
                }
            }
            return new ConfigEntryRepository.Changed(all.horizon(), gone, all.written());
        } catch (PersistenceException e) {
            throw StateUnavailable.of(e);
        }
    }

    /** @return how many entries were changed in the store */
    private int apply(final WriteTransaction tx, final ConfigEntryRepository.Changed changed)
            throws OperationErrorsException {
        int applied = 0;
        final Set<String> written = new HashSet<>();
        changed.written().forEach(entry -> written.add(entry.key()));
        for (ConfigEntryRepository.Gone gone : changed.gone()) {
            if (!written.contains(gone.key()) && tx.read(gone.path()).isPresent()) {
                tx.delete(gone.path());
                applied++;
            }
        }
        // parents first (by depth), so a row's put never wipes the rows below it read here
        for (ConfigEntry entry : changed.written()) {
            final Optional<NormalizedNode> current = tx.read(entry.path());
            final NormalizedNode after = current.isPresent() ? rows.layout().overlay(entry, current.orElseThrow())
                : entry.data();
            if (current.isEmpty() || !after.equals(current.orElseThrow())) {
                tx.put(entry.path(), after);
                applied++;
            }
        }
        return applied;
    }

    private void prune() {
        if (System.nanoTime() - lastPrune < PRUNE_EVERY.toNanos()) {
            return;
        }
        lastPrune = System.nanoTime();
        try {
            database.call("forget old deleted configuration rows", tx -> rows.pruneGone(tx, KEEP_GONE));
        } catch (PersistenceException e) {
            LOG.debug("Old deleted configuration rows are forgotten later: {}", e.getMessage());
        }
    }

    @Override
    public void close() {
        subscription.close();
    }
}
