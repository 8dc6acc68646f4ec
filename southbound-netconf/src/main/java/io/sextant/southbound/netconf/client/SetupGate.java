package io.sextant.southbound.netconf.client;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.Executor;

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
            if (running >= permits) {
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
            next = waiting.poll();
            if (next == null) {
                running = Math.max(0, running - 1);
                return;
            }
        }
        // Off the caller's thread: it may hold its own connector's lock.
        executor.execute(next);
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
