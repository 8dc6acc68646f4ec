package io.sextant.uniconfig;

import io.sextant.datastore.DataStore;
import io.sextant.model.ControllerSchema;
import io.sextant.spi.IntentAccess;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.RequestContext;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The gated commits waiting for confirm-commit, by commit id and by node; shown in the
 * operational datastore at {@code sextant-gate:pending-commits}. A node of a waiting commit is
 * refused to every other commit and write at once, naming the commit ({@link #heldBy}).
 */
final class PendingCommits {
    private static final Logger LOG = LoggerFactory.getLogger(PendingCommits.class);
    static final QName CONTAINER = QName.create(ControllerSchema.GATE, "pending-commits");
    static final QName ENTRY = QName.create(CONTAINER, "pending-commit");
    static final QName COMMIT_ID = QName.create(CONTAINER, "commit-id");

    /** How a waiting commit was decided. */
    enum Decision { CONFIRMED, CANCELLED, TIMED_OUT, STOPPED }

    /**
     * A commit waiting for its confirmation.
     *
     * @param changes each node's change of its intent by the commit (actual before it, intended)
     * @param decision completed by confirm-commit, cancel-commit or the deadline, whichever comes first
     * @param end the commit's final answer, once it is kept or put back
     */
    record Pending(String commitId, String user, Instant deadline, List<IntentAccess.Change> changes,
            CompletableFuture<Decision> decision, CompletableFuture<GatedResult> end) {
        Pending {
            changes = List.copyOf(changes);
        }

        List<String> nodeIds() {
            return changes.stream().map(IntentAccess.Change::nodeId).toList();
        }
    }

    private final DataStore operational;
    private final UniconfigStore store;
    private final Executor executor;
    private final Map<String, Pending> byId = new ConcurrentHashMap<>();
    private final Map<String, Pending> byNode = new ConcurrentHashMap<>();

    /**
     * @param store where the other controller instances sharing it learn which commits wait here
     * @param executor where that is written (never on the thread of a device's or a request's I/O)
     */
    PendingCommits(final DataStore operational, final UniconfigStore store, final Executor executor) {
        this.operational = operational;
        this.store = store;
        this.executor = executor;
    }

    void add(final Pending pending) {
        byId.put(pending.commitId(), pending);
        pending.nodeIds().forEach(id -> byNode.put(id, pending));
        show(pending);
        mark(pending.commitId(), () -> store.gateWaits(pending.commitId(), pending.deadline()),
            "waits for confirmation; other controller instances do not list it");
        // however it is decided, it no longer waits
        pending.decision().whenComplete((confirmed, failure) -> remove(pending));
    }

    /** The commit no longer waits (it was decided): its nodes are no longer refused. */
    void remove(final Pending pending) {
        if (byId.remove(pending.commitId(), pending)) {
            pending.nodeIds().forEach(id -> byNode.remove(id, pending));
            try {
                operational.update(tx -> tx.remove(path(pending.commitId())));
            } catch (OperationErrorsException e) {
                LOG.warn("Gated commit {} is still listed as pending: {}", pending.commitId(), e.getMessage());
            }
            mark(pending.commitId(), () -> store.gateDecided(pending.commitId()),
                "was decided; other controller instances list it as waiting until it ends");
        }
    }

    /** A write of the store's mark of a waiting commit. */
    @FunctionalInterface
    private interface Mark {
        void write() throws OperationErrorsException;
    }

    /**
     * Write a mark in the background (a moment later, the other instances list the commit, or no
     * longer do); one that fails is logged ({@code otherwise} says what follows).
     */
    private void mark(final String commitId, final Mark mark, final String otherwise) {
        try {
            executor.execute(() -> {
                try {
                    mark.write();
                } catch (OperationErrorsException e) {
                    LOG.warn("Gated commit {} {}: {}", commitId, otherwise, e.getMessage());
                }
            });
        } catch (RejectedExecutionException e) {
            LOG.debug("Gated commit {} {}: the layer is closing", commitId, otherwise);
        }
    }

    /** Whether gated commit {@code commitId} waits here for its decision. */
    boolean waits(final String commitId) {
        return byId.containsKey(commitId);
    }

    /** Why {@code nodeId} cannot be locked now: a gated commit waiting for confirmation holds it. */
    Optional<String> heldBy(final String nodeId) {
        final Pending pending = byNode.get(nodeId);
        return pending == null ? Optional.empty() : Optional.of("Node " + nodeId + " is held by gated commit "
            + pending.commitId() + " (of user " + pending.user() + "), which waits for confirm-commit until "
            + pending.deadline() + ": confirm-commit or cancel-commit it, or wait until it is put back");
    }

    /**
     * confirm-commit ({@code confirm} true) or cancel-commit of a waiting commit: its final
     * answer, once its devices are kept or put back. The user who made the commit decides it;
     * another user only when {@code access} lets them make the change the decision makes on every
     * node (confirm: the commit's; cancel: putting it back), as a write of the nodes' intent would.
     */
    CompletionStage<GatedResult> decide(final String commitId, final boolean confirm, final RequestContext context,
            final IntentAccess access) {
        final Pending pending = byId.get(commitId);
        if (pending == null) {
            return CompletableFuture.failedFuture(OperationErrorsException.of(ErrorType.PROTOCOL,
                ErrorTag.DATA_MISSING, "No gated commit " + commitId + " waits for confirmation (it was confirmed, "
                    + "put back, or never existed; the transaction log shows how it ended)"));
        }
        if (!pending.user().equals(context.user())) {
            try {
                for (IntentAccess.Change change : pending.changes()) {
                    access.check(confirm ? change : new IntentAccess.Change(change.nodeId(), change.configuration(),
                        change.schema(), change.after(), change.before()));
                }
            } catch (OperationErrorsException e) {
                return CompletableFuture.failedFuture(OperationErrorsException.of(ErrorType.PROTOCOL,
                    ErrorTag.ACCESS_DENIED, "User " + context.user() + " may not " + (confirm ? "confirm" : "cancel")
                        + " gated commit " + commitId + " of user " + pending.user() + ": " + e.getMessage()));
            }
        }
        // a decision that came first (the deadline) stands: the answer then says the commit was put back
        pending.decision().complete(confirm ? Decision.CONFIRMED : Decision.CANCELLED);
        return pending.end();
    }

    /**
     * At the controller's stop: every waiting commit is put back now rather than at the next start;
     * waits up to {@code patience} for the devices.
     */
    void putBackAll(final Duration patience) {
        final List<CompletableFuture<GatedResult>> ends = new ArrayList<>();
        for (Pending pending : byId.values()) {
            pending.decision().complete(Decision.STOPPED);
            ends.add(pending.end());
        }
        if (ends.isEmpty()) {
            return;
        }
        try {
            CompletableFuture.allOf(ends.toArray(CompletableFuture[]::new)).get(patience.toMillis(),
                TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("Not every gated commit waiting at the stop was put back ({}): the next start puts them back",
                e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The {@code pending-commit} entry of a waiting commit. */
    static MapEntryNode entry(final String commitId, final String user, final Instant deadline,
            final List<String> nodeIds) {
        final var nodes = ImmutableNodes.newSystemLeafSetBuilder()
            .withNodeIdentifier(NodeIdentifier.create(QName.create(CONTAINER, "node-id")));
        nodeIds.forEach(id -> nodes.withChild(ImmutableNodes.leafSetEntry(QName.create(CONTAINER, "node-id"), id)));
        return ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(ENTRY, COMMIT_ID, commitId))
            .withChild(ImmutableNodes.leafNode(COMMIT_ID, commitId))
            .withChild(ImmutableNodes.leafNode(QName.create(CONTAINER, "user"), user))
            .withChild(ImmutableNodes.leafNode(QName.create(CONTAINER, "confirm-deadline"), deadline.toString()))
            .withChild(nodes.build())
            .build();
    }

    private void show(final Pending pending) {
        final MapEntryNode entry = entry(pending.commitId(), pending.user(), pending.deadline(), pending.nodeIds());
        try {
            operational.update(tx -> tx.put(path(pending.commitId()), entry));
        } catch (OperationErrorsException e) {
            LOG.warn("Gated commit {} waits for confirmation but cannot be listed: {}", pending.commitId(),
                e.getMessage());
        }
    }

    private static YangInstanceIdentifier path(final String commitId) {
        return YangInstanceIdentifier.builder().node(CONTAINER).node(ENTRY).nodeWithKey(ENTRY, COMMIT_ID, commitId)
            .build();
    }
}
