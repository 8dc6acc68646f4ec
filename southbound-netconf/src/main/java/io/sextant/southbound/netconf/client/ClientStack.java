package io.sextant.southbound.netconf.client;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import io.netty.util.HashedWheelTimer;
import io.netty.util.Timeout;
import io.netty.util.TimerTask;
import org.opendaylight.netconf.common.NetconfTimer;

/**
 * The shared parts of all device connections: the {@link SessionFactory} on OpenDaylight's SSH
 * and TCP transports ({@link EventLoops}) and its timer, the limit on a device's message size, a
 * scheduler for reconnects, keepalives and request timeouts, and a worker pool that completes
 * requests and parses replies off the event loop.
 */
public final class ClientStack implements AutoCloseable {
    /** The hello-timeout timer of OpenDaylight's session negotiators (its own timer class is OSGi-private). */
    private final HashedWheelTimer timer;
    private final EventLoops loops;
    private final SessionFactory sessions;
    private final long maxReplyBytes;
    private final ScheduledThreadPoolExecutor scheduler;
    private final ExecutorService workers;
    private final ExecutorService schemaResolvers;
    private final SetupGate setups;
    /** Starts set-ups whose turn came when another one ended; never the workers, which carry their replies. */
    private final ExecutorService setupStarter;

    /**
     * @param eventLoopThreads Netty I/O threads; 0 lets Netty choose (twice the cores)
     * @param workerThreads threads that parse replies and run callers' continuations
     * @param maxConcurrentSetups session set-ups allowed at once, 0 for no limit
     * @param maxReplyBytes the largest message a device may send before its session is closed
     */
    public ClientStack(final int eventLoopThreads, final int workerThreads, final int maxConcurrentSetups,
            final long maxReplyBytes) {
        this.maxReplyBytes = maxReplyBytes;
        timer = new HashedWheelTimer(daemon("sextant-netconf-timer"), 100, TimeUnit.MILLISECONDS, 512);
        loops = new EventLoops("sextant-netconf", eventLoopThreads);
        sessions = new SessionFactory(new NetconfTimer() {
            @Override
            public Timeout newTimeout(final TimerTask task, final long delay, final TimeUnit unit) {
                return timer.newTimeout(task, delay, unit);
            }
        }, loops);
        final ScheduledThreadPoolExecutor schedulerPool = new ScheduledThreadPoolExecutor(1,
            daemon("sextant-netconf-scheduler"));
        schedulerPool.setRemoveOnCancelPolicy(true);
        scheduler = schedulerPool;
        workers = Executors.newFixedThreadPool(Math.max(1, workerThreads), daemon("sextant-netconf-worker"));
        schemaResolvers = Executors.newFixedThreadPool(2, daemon("sextant-netconf-schema"));
        setupStarter = Executors.newSingleThreadExecutor(daemon("sextant-netconf-setup"));
        setups = new SetupGate(maxConcurrentSetups, setupStarter);
    }

    /** Admits device session set-ups a bounded number at a time. */
    SetupGate setups() {
        return setups;
    }

    /** Admits no session set-up until the returned handle runs; see {@link SetupGate#hold()}. */
    public Runnable holdSetups() {
        return setups.hold();
    }

    /** Session set-ups running now. */
    public int setupsRunning() {
        return setups.running();
    }

    /** Session set-ups waiting for their turn. */
    public int setupsWaiting() {
        return setups.waiting();
    }

    SessionFactory sessions() {
        return sessions;
    }

    /** The largest message a device may send; a device that sends more loses its session. */
    long maxReplyBytes() {
        return maxReplyBytes;
    }

    public ScheduledExecutorService scheduler() {
        return scheduler;
    }

    /** Timers waiting on the scheduler (timeouts, keepalives, reconnects): for checking nothing is left behind. */
    public int scheduledTasks() {
        return scheduler.getQueue().size();
    }

    /**
     * Runs completions and parsing. After {@link #close()} tasks run on the caller's thread, so
     * that sessions going down during shutdown still fail their pending requests.
     */
    public Executor workers() {
        return this::execute;
    }

    /**
     * Runs schema resolutions, which block while waiting for get-schema replies; kept apart from
     * {@link #workers()}, which complete those replies.
     */
    public Executor schemaResolvers() {
        return schemaResolvers;
    }

    private void execute(final Runnable task) {
        try {
            workers.execute(task);
        } catch (RejectedExecutionException e) {
            task.run();
        }
    }

    @Override
    public void close() {
        setups.close();
        scheduler.shutdownNow();
        schemaResolvers.shutdownNow();
        setupStarter.shutdownNow();
        workers.shutdown();
        loops.close();
        timer.stop();
        try {
            workers.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        workers.shutdownNow();
    }

    private static ThreadFactory daemon(final String prefix) {
        final AtomicInteger counter = new AtomicInteger();
        return runnable -> {
            final Thread thread = new Thread(runnable, prefix + "-" + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
