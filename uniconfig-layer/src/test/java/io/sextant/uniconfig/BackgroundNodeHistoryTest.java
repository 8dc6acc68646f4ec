package io.sextant.uniconfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.persistence.HistoryMark;
import io.sextant.spi.OperationErrorsException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The history's points are written after the commit answers, in commit order, and a read through
 * the same instance sees every commit that answered before it.
 */
@Timeout(60)
class BackgroundNodeHistoryTest {

    /** A history whose writes wait for {@link #release} and are recorded in the order they ran. */
    private static final class SlowHistory implements NodeHistory {
        final CountDownLatch release = new CountDownLatch(1);
        final List<String> written = new CopyOnWriteArrayList<>();

        @Override
        public void committed(final String commitId, final Instant time, final List<Step> steps) {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (commitId.equals("fails")) {
                throw new IllegalStateException("the database refused it");
            }
            written.add(commitId);
        }

        @Override
        public List<Change> changesOf(final String commitId) {
            return written.contains(commitId) ? List.of(new Change("n", 1, Instant.EPOCH, "schema", List.of()))
                : List.of();
        }

        @Override
        public Optional<Point> point(final String nodeId, final When when) {
            return Optional.empty();
        }

        @Override
        public List<HistoryMark> marks(final String nodeId) {
            return written.stream().map(id -> new HistoryMark(written.indexOf(id) + 1L, id, Instant.EPOCH, true))
                .toList();
        }
    }

    @Test
    void aCommitDoesNotWaitForItsPointsAndAReadWaitsForEveryCommitBeforeIt() throws Exception {
        final SlowHistory slow = new SlowHistory();
        try (BackgroundNodeHistory history = new BackgroundNodeHistory(slow)) {
            history.committed("c1", Instant.EPOCH, List.of());
            history.committed("fails", Instant.EPOCH, List.of());
            history.committed("c2", Instant.EPOCH, List.of());
            assertEquals(List.of(), slow.written, "the commits answered before their points were written");

            final CompletableFuture<List<HistoryMark>> read = CompletableFuture.supplyAsync(() -> {
                try {
                    return history.marks("n");
                } catch (OperationErrorsException e) {
                    throw new IllegalStateException(e);
                }
            });
            TimeUnit.MILLISECONDS.sleep(200);
            assertTrue(!read.isDone(), "the read waits for the points of the commits before it");
            slow.release.countDown();
            assertEquals(List.of("c1", "c2"), read.get(30, TimeUnit.SECONDS).stream().map(HistoryMark::commitId)
                .toList(), "written in commit order; the failed write is left out and the next still written");
            assertEquals(1, history.changesOf("c2").size());
        }
    }

    @Test
    void theStopWritesThePointsStillQueued() {
        final SlowHistory slow = new SlowHistory();
        final BackgroundNodeHistory history = new BackgroundNodeHistory(slow);
        history.committed("c1", Instant.EPOCH, List.of());
        history.committed("c2", Instant.EPOCH, List.of());
        slow.release.countDown();
        history.close();
        assertEquals(List.of("c1", "c2"), slow.written);
    }
}
