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
import org.opendaylight.netconf.client.NetconfClientFactory;
import org.opendaylight.netconf.client.NetconfClientFactoryImpl;
import io.netty.util.HashedWheelTimer;
import io.netty.util.Timeout;
import io.netty.util.TimerTask;
import org.opendaylight.netconf.common.NetconfTimer;
import org.opendaylight.netconf.transport.ssh.SSHTransportStackFactory;

/**
 * The shared parts of all device connections: OpenDaylight's NETCONF client factory (one Netty
 * event loop group, SSH and TCP transports), its timer, a scheduler for reconnects, keepalives
 * and request timeouts, and a worker pool that completes requests and parses replies off the
 * event loop.
 */
public final class ClientStack implements AutoCloseable {
    /** The hello-timeout timer of OpenDaylight's session negotiators (its own timer class is OSGi-private). */
    private final HashedWheelTimer timer;
    private final SSHTransportStackFactory transports;
    private final NetconfClientFactory clientFactory;
    private final ScheduledExecutorService scheduler;
    private final ExecutorService workers;
    private final ExecutorService schemaResolvers;
    private final SetupGate setups;
    /** Starts set-ups whose turn came when another one ended; never the workers, which carry their replies. */
    private final ExecutorService setupStarter;

    /**
     * @param eventLoopThreads Netty I/O threads; 0 lets Netty choose (twice the cores)
     * @param workerThreads threads that parse replies and run callers' continuations
     * @param maxConcurrentSetups session set-ups allowed at once, 0 for no limit
     */
    public ClientStack(final int eventLoopThreads, final int workerThreads, final int maxConcurrentSetups) {
        timer = new HashedWheelTimer(daemon("sextant-netconf-timer"), 100, TimeUnit.MILLISECONDS, 512);
        transports = new SSHTransportStackFactory("sextant-netconf", eventLoopThreads);
        clientFactory = new NetconfClientFactoryImpl(new NetconfTimer() {
            @Override
            public Timeout newTimeout(final TimerTask task, final long delay, final TimeUnit unit) {
                return timer.newTimeout(task, delay, unit);
            }
        }, transports);
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

    /** Session set-ups running now. */
    public int setupsRunning() {
        return setups.running();
    }

    /** Session set-ups waiting for their turn. */
    public int setupsWaiting() {
        return setups.waiting();
    }

    public NetconfClientFactory clientFactory() {
        return clientFactory;
    }

    public ScheduledExecutorService scheduler() {
        return scheduler;
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
        try {
            clientFactory.close();
        } catch (Exception e) {
            // The factory only closes its transports; nothing to recover.
        }
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
