package io.sextant.uniconfig;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;

/**
 * The lock of one UniConfig node: one holder at a time, waiters served in arrival order, and
 * nobody blocks a thread while waiting. A waiter whose future was completed otherwise (timed
 * out, say) is skipped. Releasing hands the lock to the next waiter, which then runs on the
 * releasing thread.
 */
final class NodeLock {
    private final Queue<CompletableFuture<Void>> waiters = new ArrayDeque<>();
    private boolean held;

    /**
     * Completes once the lock is held by the caller. The caller may complete the returned
     * future exceptionally (a timeout) to give up its turn.
     */
    CompletableFuture<Void> acquire() {
        final CompletableFuture<Void> turn;
        synchronized (this) {
            if (!held) {
                held = true;
                return CompletableFuture.completedFuture(null);
            }
            turn = new CompletableFuture<>();
            waiters.add(turn);
        }
        return turn;
    }

    /** Take the lock if nobody holds it. */
    synchronized boolean tryAcquire() {
        if (held) {
            return false;
        }
        held = true;
        return true;
    }

    void release() {
        while (true) {
            final CompletableFuture<Void> next;
            synchronized (this) {
                next = waiters.poll();
                if (next == null) {
                    held = false;
                    return;
                }
            }
            // the lock passes to the next waiter still waiting; one that gave up is skipped
            if (next.complete(null)) {
                return;
            }
        }
    }

    synchronized boolean isHeld() {
        return held;
    }
}
