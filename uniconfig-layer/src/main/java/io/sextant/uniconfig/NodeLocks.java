package io.sextant.uniconfig;

import io.sextant.uniconfig.NodeResult.ErrorKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Takes the locks of UniConfig nodes without blocking a thread. Several nodes are locked one
 * after the other in node-id order, so two commits of overlapping nodes never deadlock; a
 * node that stays busy longer than the timeout fails the acquisition with a
 * {@link NodeFailure} of kind conflict, and the locks taken so far are released; so does a node
 * found {@link UniconfigNode#retired() retired} once locked.
 */
final class NodeLocks {
    private final Duration timeout;
    /** Why a node cannot be locked at all now (a gated commit waiting for confirmation holds it); empty when it can. */
    private final Function<String, Optional<String>> heldBy;

    NodeLocks(final Duration timeout) {
        this(timeout, nodeId -> Optional.empty());
    }

    /**
     * @param heldBy why a node is held for longer than anyone should wait (a gated commit waiting
     *     for confirmation): acquiring it then fails at once with that reason, of kind conflict
     */
    NodeLocks(final Duration timeout, final Function<String, Optional<String>> heldBy) {
        this.timeout = timeout;
        this.heldBy = heldBy;
    }

    /** Locks that are held; {@link #close()} releases them (once). */
    static final class Held implements AutoCloseable {
        private final List<UniconfigNode> nodes;

        private Held(final List<UniconfigNode> nodes) {
            this.nodes = nodes;
        }

        List<UniconfigNode> nodes() {
            return nodes;
        }

        @Override
        public synchronized void close() {
            nodes.forEach(node -> node.lock().release());
            nodes.clear();
        }
    }

    /** Lock every one of {@code nodes}. */
    CompletionStage<Held> acquire(final Collection<UniconfigNode> nodes) {
        final List<UniconfigNode> sorted = nodes.stream().distinct().sorted(Comparator.comparing(
            UniconfigNode::nodeId)).toList();
        final Held held = new Held(new ArrayList<>(sorted.size()));
        CompletableFuture<Held> chain = CompletableFuture.completedFuture(held);
        for (UniconfigNode node : sorted) {
            chain = chain.thenCompose(h -> acquire(node).thenApply(ignored -> {
                h.nodes.add(node);
                return h;
            }));
        }
        return chain.whenComplete((ok, failure) -> {
            if (failure != null) {
                held.close();
            }
        });
    }

    /** Run {@code action} with {@code node} locked; the lock is released when its stage completes. */
    <T> CompletionStage<T> withLock(final UniconfigNode node, final Supplier<CompletionStage<T>> action) {
        return acquire(List.of(node)).thenCompose(held -> {
            CompletionStage<T> stage;
            try {
                stage = action.get();
            } catch (RuntimeException e) {
                stage = CompletableFuture.failedFuture(e);
            }
            return stage.whenComplete((ok, failure) -> held.close());
        });
    }

    private CompletableFuture<Void> acquire(final UniconfigNode node) {
        final Optional<String> held = heldBy.apply(node.nodeId());
        if (held.isPresent()) {
            return CompletableFuture.failedFuture(new NodeFailure(ErrorKind.CONFLICT, held.orElseThrow()));
        }
        return node.lock().acquire().orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS).exceptionallyCompose(
            failure -> CompletableFuture.<Void>failedFuture(new NodeFailure(ErrorKind.CONFLICT, "Node "
                + node.nodeId() + " is busy with another commit or write (waited " + timeout.toSeconds() + " s)")))
            .thenCompose(locked -> {
                if (node.retired()) {
                    node.lock().release();
                    return CompletableFuture.failedFuture(node.replaced());
                }
                return CompletableFuture.completedFuture(null);
            });
    }
}
