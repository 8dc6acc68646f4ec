package io.sextant.persistence;

import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Passes over work owed to the database (writes it did not take when they were made): every few
 * seconds while some is owed, and once more when stopping, so that what the database takes by
 * then is not left for the next start. What is owed, and how it is written, belongs to the owner;
 * this class only decides when a pass runs, and runs one pass at a time.
 */
public final class OwedWork {
    /** One pass over what is owed. */
    @FunctionalInterface
    public interface Pass {
        /**
         * Write what is owed, as far as the database takes it now.
         *
         * @return whether some work is still owed
         */
        boolean run();
    }

    private static final Logger LOG = LoggerFactory.getLogger(OwedWork.class);
    /** How long stopping waits for a pass under way. */
    private static final Duration PASS_UNDER_WAY = Duration.ofSeconds(30);

    private final Duration interval;
    private final Pass pass;
    private final ScheduledThreadPoolExecutor passes;
    private final AtomicBoolean scheduled = new AtomicBoolean();

    /**
     * @param threadName the name of the thread that runs the passes
     * @param interval how long after work is owed (and after a pass that left some) a pass runs
     */
    public OwedWork(final String threadName, final Duration interval, final Pass pass) {
        this.interval = interval;
        this.pass = pass;
        passes = new ScheduledThreadPoolExecutor(1, runnable -> {
            final Thread thread = new Thread(runnable, threadName);
            thread.setDaemon(true);
            return thread;
        });
        passes.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    }

    /** Some work is owed: a pass runs within the interval, unless one is already due. */
    public void owed() {
        if (scheduled.compareAndSet(false, true)) {
            try {
                passes.schedule(this::scheduledPass, interval.toMillis(), TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException e) {
                // stopping: the last pass is stop()'s
                LOG.debug("Not scheduling a pass over owed work: stopping", e);
            }
        }
    }

    private void scheduledPass() {
        scheduled.set(false);
        if (pass.run()) {
            owed();
        }
    }

    /**
     * Stop passing over the owed work every few seconds, after a last pass in the caller's thread
     * (once a pass under way has ended).
     *
     * @return whether some work is still owed after that pass
     */
    public boolean stop() {
        passes.shutdown();
        try {
            if (!passes.awaitTermination(PASS_UNDER_WAY.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.warn("A pass over owed work did not end within {} s; stopping without a last pass",
                    PASS_UNDER_WAY.toSeconds());
                passes.shutdownNow();
                return true;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            passes.shutdownNow();
            return true;
        }
        return pass.run();
    }
}
