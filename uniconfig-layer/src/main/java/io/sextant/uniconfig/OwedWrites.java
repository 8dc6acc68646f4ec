package io.sextant.uniconfig;

import io.sextant.spi.OperationErrorsException;

import io.sextant.datastore.StateUnavailable;

import io.sextant.persistence.Database;
import io.sextant.persistence.OwedWork;
import io.sextant.persistence.PersistenceException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the database holding what the layer holds across writes whose outcome is unknown. When
 * the connection fails while a write commits, the write may have been kept although its caller
 * was told it failed (and went on as if nothing was written: the request answered 503). For each
 * such write a repair is owed, under the key of what it repairs (a node, a commit, a snapshot):
 * the write that puts that thing back to what the layer holds. Owed repairs are retried every few
 * seconds until the database takes them (and once more when the layer stops), and a later write
 * of the same key runs them first, in its own SQL transaction, so the later write lands on what
 * the layer holds.
 *
 * <p>Writes of one key come one at a time from the layer (a node is written under its lock, a
 * snapshot under the snapshot store's, a commit once). A write of keys nothing is owed for waits
 * for nothing here.
 */
final class OwedWrites implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(OwedWrites.class);

    /** A write that puts one thing back to what the layer holds. */
    record Repair(String doing, Database.Action action) {
    }

    private final Database database;
    private final Duration retry;
    private final OwedWork retries;
    private final Map<String, Repair> owed = new ConcurrentHashMap<>();
    /** Held while a write of an owed key, or a repair, runs: a repair never overtakes a later write. */
    private final ReentrantLock repairing = new ReentrantLock();

    OwedWrites(final Database database, final Duration retry) {
        this.database = database;
        this.retry = retry;
        this.retries = new OwedWork("sextant-owed-writes", retry, this::repairOwed);
    }

    /**
     * Run {@code action} in one SQL transaction, after the repairs owed for {@code keys}.
     *
     * @param keys what the write changes
     * @param repairs for each key that needs it, what puts it back should this write fail with
     *     an unknown outcome (a key without one is left as the write may have left it)
     * @throws OperationErrorsException the request's error ({@link StateUnavailable}) when the write
     *     (and the repairs before it) were not kept, or may not have been
     */
    void write(final String doing, final Set<String> keys, final Database.Action action,
            final Map<String, Repair> repairs) throws OperationErrorsException {
        try {
            keep(doing, keys, action, repairs);
        } catch (PersistenceException e) {
            throw StateUnavailable.of(e);
        }
    }

    /**
     * As {@link #write}, for {@code work} that runs exactly one SQL statement: when nothing is owed
     * for {@code keys}, that statement runs as its own transaction (one round trip,
     * {@link Database#callAlone}); otherwise after the repairs, in one transaction.
     *
     * @return what {@code work} answered
     */
    <T> T writeAlone(final String doing, final Set<String> keys, final Database.Work<T> work,
            final Map<String, Repair> repairs) throws OperationErrorsException {
        try {
            if (keys.stream().noneMatch(owed::containsKey)) {
                try {
                    return database.callAlone(doing, work);
                } catch (PersistenceException e) {
                    oweIfUnknown(e, repairs);
                    throw e;
                }
            }
            // the last run's answer: a transaction found lost before its commit runs once more
            final AtomicReference<T> answer = new AtomicReference<>();
            keep(doing, keys, tx -> answer.set(work.run(tx)), repairs);
            return Objects.requireNonNull(answer.get(), "the work ran and answered");
        } catch (PersistenceException e) {
            throw StateUnavailable.of(e);
        }
    }

    private void keep(final String doing, final Set<String> keys, final Database.Action action,
            final Map<String, Repair> repairs) throws PersistenceException {
        if (keys.stream().noneMatch(owed::containsKey)) {
            try {
                database.run(doing, action);
            } catch (PersistenceException e) {
                oweIfUnknown(e, repairs);
                throw e;
            }
            return;
        }
        repairing.lock();
        try {
            final List<Repair> first = new ArrayList<>();
            for (String key : keys) {
                final Repair repair = owed.get(key);
                if (repair != null) {
                    first.add(repair);
                }
            }
            try {
                database.run(doing, tx -> {
                    for (Repair repair : first) {
                        repair.action().run(tx);
                    }
                    action.run(tx);
                });
            } catch (PersistenceException e) {
                // what is owed still is: the layer holds what it held
                oweIfUnknown(e, repairs);
                throw e;
            }
            keys.forEach(owed::remove);
        } finally {
            repairing.unlock();
        }
    }

    /**
     * Write {@code repairs} now (each after what is owed for its key), or owe them when the
     * database does not take them: a later write of one of their keys runs them first, and they
     * are retried until written. Never fails.
     */
    void putBack(final String doing, final Map<String, Repair> repairs) {
        try {
            keep(doing, repairs.keySet(), tx -> {
                for (Repair repair : repairs.values()) {
                    repair.action().run(tx);
                }
            }, Map.of());
        } catch (PersistenceException e) {
            // what is owed is replaced: these repairs put back what the layer holds now
            owed.putAll(repairs);
            LOG.warn("Cannot {} now, retried every {} s until the database takes it: {}", doing, retry.toSeconds(),
                e.getMessage());
            retries.owed();
        }
    }

    /** Whether a repair of {@code key} waits for the database (what is kept there is not what the layer holds). */
    boolean owes(final String key) {
        return owed.containsKey(key);
    }

    /** How many repairs wait for the database. */
    int owed() {
        return owed.size();
    }

    private void oweIfUnknown(final PersistenceException failure, final Map<String, Repair> repairs) {
        if (!failure.outcomeUnknown() || repairs.isEmpty()) {
            return;
        }
        repairs.forEach(owed::putIfAbsent);
        LOG.warn("{}: repairs owed for {}, retried every {} s until the database takes them", failure.getMessage(),
            repairs.keySet(), retry.toSeconds());
        retries.owed();
    }

    /** Write the owed repairs the database takes now; answers whether some are still owed. */
    private boolean repairOwed() {
        for (Map.Entry<String, Repair> entry : List.copyOf(owed.entrySet())) {
            repairing.lock();
            try {
                if (owed.get(entry.getKey()) != entry.getValue()) {
                    continue;
                }
                database.run(entry.getValue().doing(), entry.getValue().action());
                owed.remove(entry.getKey(), entry.getValue());
                LOG.info("Repaired {} now that the database takes it: {}", entry.getKey(), entry.getValue().doing());
            } catch (PersistenceException e) {
                if (!e.unavailable()) {
                    // a bug, not an outage: retrying will not help
                    owed.remove(entry.getKey(), entry.getValue());
                    LOG.error("Cannot repair {} ({}); the database may hold what the controller does not", entry
                        .getKey(), entry.getValue().doing(), e);
                    continue;
                }
                LOG.debug("Cannot repair {} yet: {}", entry.getKey(), e.getMessage());
                break;
            } finally {
                repairing.unlock();
            }
        }
        return !owed.isEmpty();
    }

    @Override
    public void close() {
        if (retries.stop()) {
            LOG.warn("Repairs not written, the database may hold what the controller did not keep: {}",
                owed.keySet());
        }
    }
}
