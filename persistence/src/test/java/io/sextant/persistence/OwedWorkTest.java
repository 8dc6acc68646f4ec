package io.sextant.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class OwedWorkTest {
    private static final Duration NEVER = Duration.ofHours(1);

    @Test
    void passesRunWhileTheyLeaveWorkOwed() throws Exception {
        final List<Boolean> answers = new CopyOnWriteArrayList<>(List.of(true, true, false));
        final CountDownLatch ran = new CountDownLatch(3);
        final OwedWork work = new OwedWork("test-owed", Duration.ofMillis(10), () -> {
            ran.countDown();
            return !answers.isEmpty() && answers.remove(0);
        });
        work.owed();
        assertTrue(ran.await(30, TimeUnit.SECONDS), "a pass after each pass that left work owed");
        assertFalse(work.stop(), "the last pass at the stop finds nothing owed");
    }

    @Test
    void stoppingRunsALastPassInTheCallersThreadAndAnswersWhatItLeft() {
        final List<String> threads = new CopyOnWriteArrayList<>();
        final OwedWork work = new OwedWork("test-owed", NEVER, () -> {
            threads.add(Thread.currentThread().getName());
            return true;
        });
        work.owed();
        assertTrue(work.stop(), "work is still owed");
        assertEquals(List.of(Thread.currentThread().getName()), threads, "only the last pass ran, here");

        work.owed();
        assertEquals(1, threads.size(), "nothing is scheduled once stopped");
    }

    @Test
    void stoppingWaitsForThePassUnderWayAndPassesNeverOverlap() throws Exception {
        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicInteger running = new AtomicInteger();
        final AtomicInteger mostAtOnce = new AtomicInteger();
        final AtomicInteger passes = new AtomicInteger();
        final OwedWork work = new OwedWork("test-owed", Duration.ofMillis(1), () -> {
            mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
            try {
                if (passes.incrementAndGet() == 1) {
                    started.countDown();
                    release.await();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                running.decrementAndGet();
            }
            return false;
        });
        work.owed();
        assertTrue(started.await(30, TimeUnit.SECONDS));
        final CompletableFuture<Boolean> stopped = CompletableFuture.supplyAsync(work::stop);
        release.countDown();
        assertFalse(stopped.get(60, TimeUnit.SECONDS));
        assertEquals(2, passes.get(), "the pass under way, then the last one");
        assertEquals(1, mostAtOnce.get());
    }
}
