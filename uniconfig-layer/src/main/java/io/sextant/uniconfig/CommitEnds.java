package io.sextant.uniconfig;

import io.sextant.spi.OperationErrorsException;
import io.sextant.persistence.OwedWork;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import org.eclipse.jdt.annotation.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records the end of commits (done or failed) in the {@link UniconfigStore}. An end that cannot
 * be recorded now (the database is down) is owed: it is recorded again every few seconds, in the
 * order the commits ended, until the store takes it. Otherwise the commit would stay pending and
 * its nodes would be in doubt at the next start, read back from their devices although nothing
 * about them is uncertain. Stopping tries the owed ends once more; a controller stopped while the
 * store still refuses them leaves those commits pending, which the next start checks against
 * their devices (as after a crash).
 */
final class CommitEnds implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CommitEnds.class);

    private record End(String commitId, boolean done, @Nullable CommitRecord failure) {
    }

    private final UniconfigStore store;
    private final Duration retry;
    private final OwedWork retries;
    private final Deque<End> owed = new ArrayDeque<>();

    CommitEnds(final UniconfigStore store, final Duration retry) {
        this.store = store;
        this.retry = retry;
        this.retries = new OwedWork("sextant-commit-ends", retry, this::retryOwed);
    }

    /**
     * The commit is over: record it now, or after the ends owed before it once the store takes
     * them.
     */
    void record(final String commitId, final boolean done, final @Nullable CommitRecord failure) {
        final End end = new End(commitId, done, failure);
        synchronized (owed) {
            if (!owed.isEmpty()) {
                owed.addLast(end);
                return;
            }
        }
        try {
            store.commitFinished(commitId, done, failure);
        } catch (OperationErrorsException e) {
            LOG.warn("Commit {} ({}) could not be marked finished now; retried every {} s until it is: {}", commitId,
                done ? "done" : "failed", retry.toSeconds(), e.getMessage());
            owe(end);
        }
    }

    /** How many commit ends wait for the store. */
    int owed() {
        synchronized (owed) {
            return owed.size();
        }
    }

    private void owe(final End end) {
        final boolean first;
        synchronized (owed) {
            first = owed.isEmpty();
            owed.addLast(end);
        }
        if (first) {
            retries.owed();
        }
    }

    /** Record the owed ends, in order, as far as the store takes them; answers whether some are still owed. */
    private boolean retryOwed() {
        while (true) {
            final End end;
            synchronized (owed) {
                end = owed.peekFirst();
            }
            if (end == null) {
                return false;
            }
            try {
                store.commitFinished(end.commitId(), end.done(), end.failure());
            } catch (OperationErrorsException e) {
                LOG.debug("Commit {} still cannot be marked finished: {}", end.commitId(), e.getMessage());
                return true;
            }
            LOG.info("Commit {} marked {} now that the store takes it again", end.commitId(),
                end.done() ? "done" : "failed");
            synchronized (owed) {
                owed.pollFirst();
            }
        }
    }

    @Override
    public void close() {
        if (retries.stop()) {
            final int left = owed();
            LOG.warn("{} commit ends not recorded: those commits are checked against their devices at the next start",
                left);
        }
    }
}
