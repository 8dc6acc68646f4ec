package io.sextant.uniconfig;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the kept nodes served unbuilt ({@link UnbuiltNode}) a few at a time on the layer's
 * executor, one round after another, so that requests on that executor are not held up behind
 * all of them; one chain of rounds at a time. A chain takes the ids once and tries each once: a
 * node whose build fails stays unbuilt (tried again at its first use), and a new chain starts
 * only for nodes served unbuilt since the chain took its ids.
 */
final class BackgroundBuild {
    private static final Logger LOG = LoggerFactory.getLogger(BackgroundBuild.class);
    private static final int PER_ROUND = 25;

    private final Executor executor;
    private final Supplier<List<String>> unbuilt;
    private final Consumer<String> build;
    private final AtomicBoolean running = new AtomicBoolean();

    /**
     * @param unbuilt the ids of the nodes still unbuilt
     * @param build builds one (a node built meanwhile, or gone, is left as it is)
     */
    BackgroundBuild(final Executor executor, final Supplier<List<String>> unbuilt, final Consumer<String> build) {
        this.executor = executor;
        this.unbuilt = unbuilt;
        this.build = build;
    }

    /** Start building, unless a chain of rounds runs already (a new chain follows it for the new nodes). */
    void start() {
        if (running.compareAndSet(false, true)) {
            submit(new Chain(unbuilt.get()));
        }
    }

    private void submit(final Chain chain) {
        try {
            executor.execute(chain::round);
        } catch (RejectedExecutionException e) {
            // the layer is closing
            running.set(false);
        }
    }

    /** The ids taken at the chain's start, built {@link #PER_ROUND} a round. */
    private final class Chain {
        private final List<String> ids;
        private final long started = System.nanoTime();
        private int next;
        private int built;
        private int failed;

        Chain(final List<String> ids) {
            this.ids = ids;
        }

        void round() {
            final int end = Math.min(next + PER_ROUND, ids.size());
            for (; next < end; next++) {
                final String nodeId = ids.get(next);
                try {
                    build.accept(nodeId);
                    built++;
                } catch (RuntimeException e) {
                    failed++;
                    LOG.warn("Kept node {} could not be built in the background (tried again at its first use)",
                        nodeId, e);
                }
            }
            if (next < ids.size()) {
                submit(this);
                return;
            }
            LOG.info("{} kept UniConfig nodes built in the background in {} ms ({} failed)", built,
                (System.nanoTime() - started) / 1_000_000, failed);
            running.set(false);
            final Set<String> tried = new HashSet<>(ids);
            if (unbuilt.get().stream().anyMatch(id -> !tried.contains(id))) {
                start();
            }
        }
    }
}
