package io.sextant.perf.fuzz;

import io.sextant.perf.fuzz.FuzzConnection.Outcome;
import io.sextant.perf.fuzz.FuzzConnection.Response;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/**
 * Sends the generator's cases {@code 0..requests-1} over {@code connections} keep-alive
 * connections at once, each case to whichever connection is free, and records every answer. A
 * connection is opened anew after a close, a drop, a hang, or a one-shot category.
 */
public final class FuzzRunner {
    /** Longest wait for one answer before the case counts as hung. */
    public static final int HANG_LIMIT_MILLIS = 30_000;

    private FuzzRunner() {
    }

    public static void run(final int port, final FuzzGenerator generator, final int requests, final int connections,
            final FuzzTally tally, final IntConsumer progress) throws InterruptedException, IOException {
        final AtomicInteger next = new AtomicInteger();
        final AtomicInteger done = new AtomicInteger();
        final ExecutorService pool = Executors.newFixedThreadPool(connections, r -> {
            final Thread t = new Thread(r, "fuzz");
            t.setDaemon(true);
            return t;
        });
        try {
            final List<Future<?>> workers = new ArrayList<>();
            for (int w = 0; w < connections; w++) {
                workers.add(pool.submit(() -> {
                    FuzzConnection connection = null;
                    try {
                        for (int i = next.getAndIncrement(); i < requests; i = next.getAndIncrement()) {
                            final FuzzCase c = generator.next(i);
                            if (connection == null) {
                                connection = new FuzzConnection(port, HANG_LIMIT_MILLIS);
                            }
                            final Outcome outcome = connection.exchange(c.request());
                            tally.record(c, outcome);
                            if (!(outcome instanceof Response response) || response.closes()
                                    || FuzzGenerator.ONE_SHOT.contains(c.category())) {
                                connection.close();
                                connection = null;
                            }
                            final int count = done.incrementAndGet();
                            if (count % 1000 == 0) {
                                progress.accept(count);
                            }
                        }
                    } finally {
                        if (connection != null) {
                            connection.close();
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> worker : workers) {
                try {
                    worker.get();
                } catch (ExecutionException e) {
                    throw new IOException("a fuzz connection failed: " + e.getCause(), e.getCause());
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
