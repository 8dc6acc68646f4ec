package io.sextant.uniconfig;

import io.sextant.persistence.HistoryMark;
import io.sextant.spi.OperationErrorsException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a {@link NodeHistory}'s points after the commit has answered, one commit after the other
 * in the order they committed, on a thread of its own. A full copy of a node's configuration that
 * cannot share the node's stored bytes (see {@link DurableNodeHistory}) is encoded, which costs
 * what the node's size costs: for a 600,000-line router about a second of CPU, which the commit's
 * answer does not wait for. The points are handed over as immutable trees under the nodes' locks,
 * so what is written is what the commit left.
 *
 * <p>Reads through this instance wait until the points of the commits before them are written,
 * so a commit's point is readable here as soon as the commit has answered. Another controller
 * instance on the same database reads it once it is written (usually within the second). A write
 * that fails is logged and the nodes' next points keep full copies, as before; at the stop the
 * writes still queued get {@link #CLOSE_WAIT} to finish.
 */
final class BackgroundNodeHistory implements NodeHistory, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(BackgroundNodeHistory.class);
    static final Duration CLOSE_WAIT = Duration.ofSeconds(30);
    /** A read does not wait longer than this for the writes before it (a database that hangs). */
    private static final Duration READ_WAIT = Duration.ofSeconds(60);

    private final NodeHistory history;
    private final ExecutorService writer = Executors.newSingleThreadExecutor(runnable -> {
        final Thread thread = new Thread(runnable, "sextant-history");
        thread.setDaemon(true);
        return thread;
    });

    BackgroundNodeHistory(final NodeHistory history) {
        this.history = history;
    }

    @Override
    public void committed(final String commitId, final Instant time, final List<Step> steps) {
        try {
            writer.execute(() -> {
                try {
                    history.committed(commitId, time, steps);
                } catch (OperationErrorsException | RuntimeException e) {
                    LOG.warn("Commit {} is not in the nodes' history (it stands; the nodes' next points keep full "
                        + "copies): {}", commitId, e.getMessage());
                }
            });
        } catch (RejectedExecutionException e) {
            LOG.warn("Commit {} is not in the nodes' history: the controller is stopping", commitId);
        }
    }

    @Override
    public List<Change> changesOf(final String commitId) throws OperationErrorsException {
        written();
        return history.changesOf(commitId);
    }

    @Override
    public Optional<Point> point(final String nodeId, final When when) throws OperationErrorsException {
        written();
        return history.point(nodeId, when);
    }

    @Override
    public List<HistoryMark> marks(final String nodeId) throws OperationErrorsException {
        written();
        return history.marks(nodeId);
    }

    /** Wait until the points handed over so far are written (or their writes failed). */
    private void written() {
        final CompletableFuture<Void> done = new CompletableFuture<>();
        try {
            writer.execute(() -> done.complete(null));
            done.get(READ_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            // stopping: what was written is read
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("The nodes' history is read without the points of the last commits: their writes have not "
                + "ended within {} s", READ_WAIT.toSeconds());
        }
    }

    @Override
    public void close() {
        writer.shutdown();
        try {
            if (!writer.awaitTermination(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.warn("The history of the last commits was not written within {} s of the stop", CLOSE_WAIT
                    .toSeconds());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
