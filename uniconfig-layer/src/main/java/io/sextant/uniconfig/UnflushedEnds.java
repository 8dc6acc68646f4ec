package io.sextant.uniconfig;

import io.sextant.datastore.StateUnavailable;
import io.sextant.persistence.CommitRepository;
import io.sextant.persistence.Database;
import io.sextant.persistence.PersistenceException;
import io.sextant.spi.OperationErrorsException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.UUID;
import org.eclipse.jdt.annotation.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ends of commits that went well, written without waiting for PostgreSQL to flush them to disk
 * ({@link CommitRepository#endUnflushed}): the commit's result was kept, and flushed, before its
 * devices were finished, so an end that a crash of the database server loses loses no commit; it
 * leaves the commit pending, whose nodes the next start would read back from their devices. So
 * the ends not known to be flushed are remembered, and recorded again (waiting for the flush this
 * time) once this controller finds that the server lost this run's marker
 * ({@link CommitRepository#markRun}: a row of an unlogged table, which the server's crash recovery
 * empties). An end is known flushed once an end written more than {@link #FLUSHED} after it still
 * found the marker: the server flushes such writes within three times {@code wal_writer_delay}
 * (600 ms by default), and any write that waits for its flush (a commit's keep, say) flushes
 * every write before it. At the stop, the ends not known flushed are recorded again.
 */
final class UnflushedEnds implements AutoCloseable {
    /** How long after its write an end is flushed for sure unless the server crashed meanwhile. */
    static final Duration FLUSHED = Duration.ofSeconds(2);
    private static final Logger LOG = LoggerFactory.getLogger(UnflushedEnds.class);

    private record Unflushed(String commitId, long writtenAt) {
    }

    /** This run's marker as a writer saw it: which one, and how many times a lost one was replaced. */
    private record Marker(String token, long generation) {
    }

    private final Database database;
    private final CommitRepository commits;
    /** Oldest first. Guarded by this. */
    private final Deque<Unflushed> unflushed = new ArrayDeque<>();
    /** Ends to record again, waiting for the flush, before any other: the server may have lost them. Guarded by this. */
    private final List<String> again = new ArrayList<>();
    /** Null until written, and once found lost. Guarded by this. */
    private @Nullable String marker;
    /** Counts the markers found lost. Guarded by this. */
    private long generation;

    UnflushedEnds(final Database database, final CommitRepository commits) {
        this.database = database;
        this.commits = commits;
    }

    /** Record commit {@code commitId} done (a pending one; any other is left as it is). */
    void done(final String commitId) throws OperationErrorsException {
        recordAgain();
        final Marker seen = marker();
        final long writing = System.nanoTime();
        final CommitRepository.UnflushedEnd end;
        try {
            end = database.callAlone("finish commit " + commitId, tx -> commits.endUnflushed(tx, commitId,
                seen.token()));
        } catch (PersistenceException e) {
            throw StateUnavailable.of(e);
        }
        final int lost;
        synchronized (this) {
            if (end.markerFound() && generation == seen.generation()) {
                while (!unflushed.isEmpty() && writing - unflushed.peekFirst().writtenAt() > FLUSHED.toNanos()) {
                    unflushed.pollFirst();
                }
                if (end.ended()) {
                    unflushed.addLast(new Unflushed(commitId, System.nanoTime()));
                }
                return;
            }
            if (generation == seen.generation()) {
                // the next end writes a new marker first
                marker = null;
                generation++;
            }
            unflushed.forEach(u -> again.add(u.commitId()));
            unflushed.clear();
            again.add(commitId);
            lost = again.size();
        }
        LOG.warn("The database server lost this controller's run marker (it crashed, or a standby took over): "
            + "the ends of {} commits written shortly before are recorded again", lost);
        recordAgain();
    }

    /** How many ends are not known to be flushed yet. */
    synchronized int unflushed() {
        return unflushed.size();
    }

    private synchronized Marker marker() throws OperationErrorsException {
        String token = marker;
        if (token == null) {
            final String written = UUID.randomUUID().toString();
            StateUnavailable.run(database, "mark this controller's run", tx -> commits.markRun(tx, written));
            marker = written;
            token = written;
        }
        return new Marker(token, generation);
    }

    /**
     * Record the ends found maybe lost done again, waiting for the flush (those a crash lost are
     * pending again); when the database refuses, they stay to be recorded before the next end.
     */
    private void recordAgain() throws OperationErrorsException {
        final List<String> commitIds;
        synchronized (this) {
            commitIds = List.copyOf(again);
        }
        if (commitIds.isEmpty()) {
            return;
        }
        StateUnavailable.run(database, "record the ends of " + commitIds.size() + " commits again",
            tx -> commits.endAgain(tx, commitIds));
        synchronized (this) {
            again.removeAll(commitIds);
        }
    }

    @Override
    public void close() {
        final int left;
        synchronized (this) {
            unflushed.forEach(u -> again.add(u.commitId()));
            unflushed.clear();
            left = again.size();
        }
        try {
            recordAgain();
        } catch (OperationErrorsException e) {
            LOG.warn("The ends of {} commits written shortly before the stop could not be made sure of: if the "
                + "database server lost them, those commits' nodes are read back from their devices at the next "
                + "start ({})", left, e.getMessage());
        }
    }
}
