package io.sextant.uniconfig;

import io.sextant.spi.OperationErrorsException;
import io.sextant.uniconfig.NodeResult.ErrorKind;
import io.sextant.unified.UnifiedDevice;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Commits left pending: by an earlier run (the controller stopped between recording a commit and
 * finishing it), by another instance that died ({@link #adopt}), or by this run when a failed
 * commit could not roll back every device ({@link #notRolledBack}). Only their nodes are in
 * doubt; every other kept node is trusted as kept.
 *
 * <p>When the device of an in-doubt node connects, what the commit left pending on it is
 * settled ({@link UnifiedDevice#settle}), its configuration is read back and, where it differs
 * from the configuration kept for the node, put back to the kept one. The kept configuration is
 * the commit's result when the commit had been kept (its devices all confirmed it, or were about
 * to), and the configuration from before the commit otherwise, so a multi-device commit ends
 * on all its devices or on none. Once every node of a commit is back, the commit is finished:
 * done when it had been kept and every device holds it, failed otherwise (with a log entry
 * saying why).
 */
final class InterruptedCommits {
    private static final Logger LOG = LoggerFactory.getLogger(InterruptedCommits.class);

    /**
     * What a recovered device holds now ({@code held}), and why it is not the kept configuration
     * when it is not; {@code held} is null when the device could not be read (the node stays in
     * doubt until its device connects again).
     */
    record Outcome(@Nullable NormalizedNode held, @Nullable String problem) {
    }

    private static final class Commit {
        final UniconfigStore.Interrupted commit;
        final Set<String> waiting;
        final List<NodeResult> results = new ArrayList<>();
        /** For a commit of this run whose rollback failed: its log entry as the request was answered. */
        final @Nullable CommitRecord failed;

        Commit(final UniconfigStore.Interrupted commit, final Collection<String> waiting) {
            this(commit, waiting, null);
        }

        Commit(final UniconfigStore.Interrupted commit, final Collection<String> waiting,
                final @Nullable CommitRecord failed) {
            this.commit = commit;
            this.waiting = new LinkedHashSet<>(waiting);
            this.failed = failed;
        }
    }

    private final UniconfigStore store;
    private final Map<String, Commit> byNode = new ConcurrentHashMap<>();

    /**
     * @param keptNodeIds the nodes kept: an in-doubt node that is not (anymore) cannot come back
     */
    InterruptedCommits(final UniconfigStore store, final Collection<String> keptNodeIds)
            throws OperationErrorsException {
        this.store = store;
        for (UniconfigStore.Interrupted interrupted : store.interrupted()) {
            final Commit commit = new Commit(interrupted, interrupted.nodeIds());
            LOG.warn("Commit {} ({} by {}) was interrupted by a stop of the controller{}; nodes {} are in doubt and "
                + "are read back when their devices connect", interrupted.commitId(), interrupted.operation(),
                interrupted.user(), interrupted.kept() ? " after it was kept" : "", interrupted.nodeIds());
            for (String nodeId : interrupted.nodeIds()) {
                if (keptNodeIds.contains(nodeId)) {
                    byNode.put(nodeId, commit);
                }
            }
            for (String nodeId : interrupted.nodeIds()) {
                if (!keptNodeIds.contains(nodeId)) {
                    recovered(commit, nodeId, "the node is no longer kept");
                }
            }
        }
    }

    /**
     * A commit another controller instance left pending and can no longer finish (it died), for
     * {@code nodeId}, which this instance takes over and serves already: the node is in doubt until
     * {@link #recover}. Only this node of the commit waits here: the instances taking its other nodes
     * settle theirs, each device is brought to the node's kept configuration, and the first part
     * settled records the commit's end (a part settled later that fails shows in its node's status).
     *
     * @return false when the node is in doubt already
     */
    boolean adopt(final UniconfigStore.Interrupted orphaned, final String nodeId) {
        final boolean adopted = byNode.putIfAbsent(nodeId, new Commit(orphaned, List.of(nodeId))) == null;
        if (adopted) {
            LOG.warn("Commit {} ({} by {}) was left pending by a controller instance that stopped{}; node {} is in "
                + "doubt and is read back now that this instance connects its device", orphaned.commitId(),
                orphaned.operation(), orphaned.user(), orphaned.kept() ? " after it was kept" : "", nodeId);
        }
        return adopted;
    }

    /**
     * A commit of this run failed and the devices of {@code nodeIds} could not be rolled back (a
     * session was lost, the node went to another instance, a device refused): those nodes are in
     * doubt, and the commit stays pending, until {@link #recover} has brought each device back to
     * its node's configuration from before the commit; then the commit is recorded failed, as
     * {@code failed} says, with what the recovery did. A node in doubt already for an earlier
     * commit ends its part of that one.
     */
    void notRolledBack(final CommitRecord failed, final List<String> nodeIds) {
        final Commit commit = new Commit(new UniconfigStore.Interrupted(failed.id(), failed.operation(),
            failed.user(), false, nodeIds), nodeIds, failed);
        LOG.warn("Commit {} ({} by {}) failed and nodes {} could not be rolled back; they are in doubt until their "
            + "devices are put back", failed.id(), failed.operation(), failed.user(), nodeIds);
        for (String nodeId : nodeIds) {
            final Commit earlier = byNode.put(nodeId, commit);
            if (earlier != null) {
                recovered(earlier, nodeId, "a later commit could not be rolled back on it either");
            }
        }
    }

    /** Whether {@code nodeId} belongs to a commit left pending. */
    boolean inDoubt(final String nodeId) {
        return byNode.containsKey(nodeId);
    }

    /** The nodes in doubt now (until their devices are back). */
    Set<String> inDoubt() {
        return Set.copyOf(byNode.keySet());
    }

    /**
     * Bring an in-doubt node's device back to {@code keptActual}: settle, read back, put back
     * where it differs. Completes with what the device holds after that; never fails.
     * Run it before the node is visible (nobody else acts on the node meanwhile).
     */
    CompletionStage<Outcome> recover(final String nodeId, final NormalizedNode keptActual,
            final UnifiedDevice device, final Executor executor) {
        final Commit commit = byNode.get(nodeId);
        if (commit == null) {
            return CompletableFuture.completedFuture(new Outcome(keptActual, null));
        }
        final String commitId = commit.commit.commitId();
        final CompletableFuture<Outcome> outcome = new CompletableFuture<>();
        device.settle(commitId)
            .thenCompose(settled -> device.readConfiguration())
            .thenComposeAsync(held -> putBack(nodeId, held, keptActual, device), executor)
            .whenComplete((done, failure) -> {
                if (failure != null) {
                    // still in doubt: tried again when the device connects again
                    outcome.complete(new Outcome(null, "its configuration could not be read back: "
                        + CommitCoordinator.describe(failure, device.schema())));
                    return;
                }
                recovered(commit, nodeId, done.problem());
                outcome.complete(done);
            });
        return outcome;
    }

    /**
     * An in-doubt node's device came back with other models: the node is read again from the
     * device as a new one, and its part of the commit is what the device holds.
     */
    void readAgain(final String nodeId) {
        final Commit commit = byNode.get(nodeId);
        if (commit != null) {
            recovered(commit, nodeId, "its device came back with other models and was read again");
        }
    }

    private static CompletionStage<Outcome> putBack(final String nodeId, final NormalizedNode held,
            final NormalizedNode keptActual, final UnifiedDevice device) {
        final ConfigDiff back = Differ.diff(held, keptActual);
        if (back.isEmpty()) {
            return CompletableFuture.completedFuture(new Outcome(keptActual, null));
        }
        LOG.info("Node {} differs from its kept configuration after an interrupted commit ({} change(s)); putting "
            + "it back", nodeId, back.changes().size());
        final CommitCoordinator.Participant participant;
        try {
            participant = new CommitCoordinator.Participant(nodeId, device.prepare(back, "recovery-"
                + UUID.randomUUID()), device.schema());
        } catch (OperationErrorsException e) {
            return CompletableFuture.completedFuture(new Outcome(held, "it could not be put back: "
                + CommitCoordinator.describe(e, device.schema())));
        }
        return CommitCoordinator.run(List.of(participant)).thenApply(failure -> failure
            .map(why -> new Outcome(held, "it could not be put back: " + why.message()))
            .orElseGet(() -> new Outcome(keptActual, null)));
    }

    private void recovered(final Commit commit, final String nodeId, final @Nullable String problem) {
        final Optional<List<NodeResult>> complete;
        synchronized (commit) {
            if (!commit.waiting.remove(nodeId)) {
                return;
            }
            byNode.remove(nodeId, commit);
            commit.results.add(problem == null ? NodeResult.ok(nodeId)
                : NodeResult.failed(nodeId, ErrorKind.PROCESSING_ERROR, "Node " + nodeId + " is in doubt: "
                    + problem));
            complete = commit.waiting.isEmpty() ? Optional.of(List.copyOf(commit.results)) : Optional.empty();
        }
        complete.ifPresent(results -> {
            if (commit.failed != null) {
                finishNotRolledBack(commit.failed, results);
            } else {
                finish(commit.commit, results);
            }
        });
    }

    private void finishNotRolledBack(final CommitRecord failed, final List<NodeResult> results) {
        final boolean allBack = results.stream().allMatch(NodeResult::ok);
        final String why = failed.result().error().orElse("The commit failed") + (allBack
            ? "; every device not rolled back then was put back once the controller reached it again"
            : "; not every device could be put back: " + results.stream().filter(r -> !r.ok())
                .map(r -> r.error().orElseThrow().message()).collect(Collectors.joining("; ")));
        LOG.info("Commit {}: {}", failed.id(), allBack ? "every device it left in doubt is put back"
            : "not every device it left in doubt could be put back");
        try {
            store.commitFinished(failed.id(), false, new CommitRecord(failed.id(), Instant.now(), failed.user(),
                failed.operation(), OperationResult.failed(why, failed.result().nodes()), failed.schemas(),
                failed.keptChanges()));
        } catch (OperationErrorsException e) {
            LOG.warn("Commit {} could not be marked finished; it is checked again at the next start: {}", failed.id(),
                e.getMessage());
        }
    }

    private void finish(final UniconfigStore.Interrupted commit, final List<NodeResult> results) {
        final boolean allBack = results.stream().allMatch(NodeResult::ok);
        final boolean done = commit.kept() && allBack;
        final @Nullable CommitRecord failure;
        if (done) {
            failure = null;
            LOG.info("Interrupted commit {} is on all its devices", commit.commitId());
        } else {
            final String why = commit.kept() ? "The controller stopped during this commit after keeping it; "
                + "not every device could be brought to it" : "The controller stopped during this commit before "
                + "keeping it; " + (allBack ? "every device holds its configuration from before the commit"
                    : "not every device could be put back");
            failure = new CommitRecord(commit.commitId(), Instant.now(), commit.user(), commit.operation(),
                OperationResult.failed(why, results), Map.of());
            LOG.warn("Interrupted commit {}: {}", commit.commitId(), why);
        }
        try {
            // a commit kept but not brought to every device keeps its "complete" log entry: the
            // failure shows in the commit record and in the nodes' status
            store.commitFinished(commit.commitId(), done, done || commit.kept() ? null : failure);
        } catch (OperationErrorsException e) {
            LOG.warn("Interrupted commit {} could not be marked finished; it is checked again at the next start: {}",
                commit.commitId(), e.getMessage());
        }
    }
}
