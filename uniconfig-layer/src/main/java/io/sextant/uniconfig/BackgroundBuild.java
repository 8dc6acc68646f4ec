package io.sextant.uniconfig;

import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the kept nodes served unbuilt ({@link UnbuiltNode}) a few at a time on the layer's
 * executor, one round after another until none is left, so that requests on that executor are
 * not held up behind all of them; one chain of rounds at a time.
 */
final class BackgroundBuild {
    private static final Logger LOG = LoggerFactory.getLogger(BackgroundBuild.class);
    private static final int PER_ROUND = 25;

    private final Executor executor;
    private final Supplier<List<String>> unbuilt;
    private final Consumer<String> build;
    private final AtomicBoolean running = new AtomicBoolean();
    private volatile long started;
    private final AtomicInteger built = new AtomicInteger();

    /**
     * @param unbuilt the ids of the nodes still unbuilt
     * @param build builds one (a node built meanwhile, or gone, is left as it is)
     */
    BackgroundBuild(final Executor executor, final Supplier<List<String>> unbuilt, final Consumer<String> build) {
        this.executor = executor;
        this.unbuilt = unbuilt;
        this.build = build;
    }

    /** Start building, unless a chain of rounds runs already (it takes the new nodes too). */
    void start() {
        if (running.compareAndSet(false, true)) {
            started = System.nanoTime();
            built.set(0);
            submit();
        }
    }

    private void submit() {
        try {
            executor.execute(this::round);
        } catch (RejectedExecutionException e) {
            // the layer is closing
            running.set(false);
        }
    }

    private void round() {
        final List<String> ids = unbuilt.get();
        for (String nodeId : ids.subList(0, Math.min(PER_ROUND, ids.size()))) {
            try {
                build.accept(nodeId);
                built.incrementAndGet();
            } catch (RuntimeException e) {
                LOG.warn("Kept node {} could not be built in the background (tried again at its first use)", nodeId, e);
            }
        }
        if (ids.size() > PER_ROUND) {
            submit();
            return;
        }
        LOG.info("{} kept UniConfig nodes built in the background in {} ms", built.get(),
            (System.nanoTime() - started) / 1_000_000);
        running.set(false);
        if (!unbuilt.get().isEmpty()) {
            start();
        }
    }
}
