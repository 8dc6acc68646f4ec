package io.sextant.southbound.netconf.client;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Bounds how many device session set-ups (connect, SSH, hello, schema) run at once. Mounting
 * thousands of devices in one request would otherwise start thousands of handshakes together,
 * and the slowest devices would miss their hello timeout while the others are served; here the
 * rest wait their turn, in order, and their connection timeout starts only when their turn comes.
 *
 * <p>Each {@link #enter} is matched by exactly one {@link #leave}, called by whoever ran the
 * admitted task when its set-up ends, however it ends.
 */
final class SetupGate {
    private final int permits;
    private final Executor executor;
    private final Queue<Runnable> waiting = new ArrayDeque<>();
    private int running;
    private int holds;
    private boolean closed;

    /**
     * @param permits set-ups allowed at once; 0 or less means no limit
     * @param executor runs tasks admitted when an earlier set-up leaves
     */
    SetupGate(final int permits, final Executor executor) {
        this.permits = permits <= 0 ? Integer.MAX_VALUE : permits;
        this.executor = executor;
    }

    /** Runs {@code setup} now on the caller's thread if a permit is free, otherwise once one is. */
    void enter(final Runnable setup) {
        synchronized (this) {
            if (closed) {
                return;
            }
            if (holds > 0 || running >= permits) {
                waiting.add(setup);
                return;
            }
            running++;
        }
        setup.run();
    }

    /** One admitted set-up ended; its permit goes to the next waiting one, if any. */
    void leave() {
        final Runnable next;
        synchronized (this) {
            if (closed) {
                return;
            }
            next = holds > 0 ? null : waiting.poll();
            if (next == null) {
                running = Math.max(0, running - 1);
                return;
            }
        }
        // Off the caller's thread: it may hold its own connector's lock.
        executor.execute(next);
    }

    /**
     * Admits nothing more until the returned handle runs (once; holds nest): set-ups asked for
     * meanwhile wait, in order, and take their turns when the last hold is released.
     */
    Runnable hold() {
        synchronized (this) {
            holds++;
        }
        final AtomicBoolean released = new AtomicBoolean();
        return () -> {
            if (released.compareAndSet(false, true)) {
                release();
            }
        };
    }

    private void release() {
        final List<Runnable> admitted = new ArrayList<>();
        synchronized (this) {
            if (--holds > 0 || closed) {
                return;
            }
            while (running < permits && !waiting.isEmpty()) {
                admitted.add(waiting.poll());
                running++;
            }
        }
        admitted.forEach(executor::execute);
    }

    /** Stops admitting: the stack is shutting down, waiting set-ups are dropped. */
    synchronized void close() {
        closed = true;
        waiting.clear();
    }

    /** Set-ups running now. */
    synchronized int running() {
        return running;
    }

    /** Set-ups waiting for a permit. */
    synchronized int waiting() {
        return waiting.size();
    }
}
