package io.sextant.uniconfig;

import io.sextant.spi.IntentAccess;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.RequestContext;
import io.sextant.uniconfig.NodeResult.ErrorKind;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** Snapshots of nodes' intended configuration: create, restore into the intent (in a transaction or not), delete. */
public final class SnapshotService {
    private final NodeRegistry registry;
    private final IntentService intents;
    private final TransactionManager transactions;
    private final SnapshotStore snapshots;

    SnapshotService(final NodeRegistry registry, final IntentService intents, final TransactionManager transactions,
            final SnapshotStore snapshots) {
        this.registry = registry;
        this.intents = intents;
        this.transactions = transactions;
        this.snapshots = snapshots;
    }

    public CompletionStage<OperationResult> createSnapshot(final String name, final List<String> requested) {
        final List<NodeResult> results = new ArrayList<>();
        final Map<String, SnapshotStore.Captured> captured = new HashMap<>();
        for (String id : registry.targets(requested)) {
            final Optional<UniconfigNode> node = registry.node(id);
            if (node.isEmpty()) {
                results.add(NodeResults.unknown(id));
            } else {
                captured.put(id, new SnapshotStore.Captured(node.orElseThrow().schemaKey(),
                    node.orElseThrow().intendedRoot()));
                results.add(NodeResult.ok(id));
            }
        }
        if (results.stream().anyMatch(r -> !r.ok())) {
            return done(OperationResult.failed("Unknown node(s): no snapshot taken", results));
        }
        try {
            snapshots.create(name, captured);
        } catch (OperationErrorsException e) {
            return done(OperationResult.failed(e.errors().get(0).message(), List.of()));
        }
        return done(OperationResult.of(results));
    }

    /**
     * Each requested node's intent := its configuration in snapshot {@code name}. A node's change
     * {@code access} does not permit fails the whole request ({@code access-denied}) before any
     * node is changed (and is checked again under the node's lock).
     */
    public CompletionStage<OperationResult> replaceConfigWithSnapshot(final String name, final List<String> requested,
            final RequestContext context, final IntentAccess access) {
        final Optional<SnapshotStore.Snapshot> snapshot = snapshots.get(name);
        if (snapshot.isEmpty()) {
            return done(OperationResult.failed("Snapshot " + name + " does not exist", List.of()));
        }
        final Map<String, SnapshotStore.Captured> nodes = snapshot.orElseThrow().nodes();
        final Collection<String> ids = requested.isEmpty() ? nodes.keySet() : requested;
        return transactions.run(context, tx -> {
            try {
                for (String id : ids) {
                    final Optional<UniconfigNode> node = registry.node(id);
                    final SnapshotStore.Captured captured = nodes.get(id);
                    if (node.isPresent() && captured != null
                            && captured.schemaKey().equals(node.orElseThrow().schemaKey())) {
                        IntentService.check(access, node.orElseThrow(), intents.intended(node.orElseThrow(), tx),
                            captured.configuration());
                    }
                }
            } catch (OperationErrorsException e) {
                return CompletableFuture.failedFuture(e);
            }
            final List<CompletableFuture<NodeResult>> results = new ArrayList<>();
            for (String id : ids) {
                final Optional<UniconfigNode> node = registry.node(id);
                final SnapshotStore.Captured captured = nodes.get(id);
                if (node.isEmpty()) {
                    results.add(CompletableFuture.completedFuture(NodeResults.unknown(id)));
                } else if (captured == null) {
                    results.add(CompletableFuture.completedFuture(NodeResult.failed(id, ErrorKind.UNKNOWN_NODE,
                        "Snapshot " + name + " does not contain node " + id)));
                } else if (!captured.schemaKey().equals(node.orElseThrow().schemaKey())) {
                    results.add(CompletableFuture.completedFuture(NodeResult.failed(id, ErrorKind.PROCESSING_ERROR,
                        "The device's models changed since snapshot " + name + " was taken")));
                } else {
                    results.add(NodeResults.run(node.orElseThrow(), n -> intents.replace(n,
                        captured.configuration(), tx, access).handle((ok, failure) -> failure == null ? NodeResult.ok(id)
                            : NodeResult.failedProcessing(id, failure, n.schema()))));
                }
            }
            return CompletableFuture.allOf(results.toArray(CompletableFuture[]::new)).thenApply(ignored ->
                OperationResult.of(results.stream().map(CompletableFuture::join).toList()));
        });
    }

    public CompletionStage<OperationResult> deleteSnapshot(final String name) {
        try {
            return done(snapshots.delete(name) ? OperationResult.of(List.of())
                : OperationResult.failed("Snapshot " + name + " does not exist", List.of()));
        } catch (OperationErrorsException e) {
            return done(OperationResult.failed(e.errors().get(0).message(), List.of()));
        }
    }

    private static CompletionStage<OperationResult> done(final OperationResult result) {
        return CompletableFuture.completedFuture(result);
    }
}
