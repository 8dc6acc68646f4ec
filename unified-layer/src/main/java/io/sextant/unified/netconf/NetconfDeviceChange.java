package io.sextant.unified.netconf;

import io.sextant.datastore.OperationFailedException;
import io.sextant.datastore.service.Edit;
import io.sextant.southbound.netconf.Datastore;
import io.sextant.southbound.netconf.DeviceCapabilities;
import io.sextant.southbound.netconf.EditOptions;
import io.sextant.southbound.netconf.NetconfDeviceSession;
import io.sextant.unified.DeviceChange;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.eclipse.jdt.annotation.Nullable;

/**
 * One NETCONF device's part of a commit.
 *
 * <ul>
 *   <li>{@link Mode#STAGED_CONFIRMABLE} (:candidate and :confirmed-commit): stage = lock the
 *       candidate and edit it; apply = confirmed commit (with a persist id under
 *       :confirmed-commit:1.1); finish = confirming commit, unlock; rollback = cancel-commit (or
 *       the reverse edits, committed, without 1.1), discard-changes, unlock.</li>
 *   <li>{@link Mode#STAGED} (:candidate): apply = commit; rollback after the commit = the
 *       reverse edits, committed.</li>
 *   <li>{@link Mode#IMMEDIATE} (:writable-running): stage = lock running and edit it (with
 *       rollback-on-error when offered); rollback = the reverse edits.</li>
 * </ul>
 * The device is never asked to {@code <validate>}: yuma123 netconfd drops pending candidate edits on it.
 */
final class NetconfDeviceChange implements DeviceChange {
    private enum Step { PREPARED, LOCKED, EDITED, APPLIED, FINISHED, ROLLED_BACK }

    private final NetconfDeviceSession session;
    private final CandidateEdits.Plan plan;
    private final Mode mode;
    private final Duration confirmTimeout;
    private final Optional<String> persistId;
    private final String payload;
    private volatile Step step = Step.PREPARED;

    NetconfDeviceChange(final NetconfDeviceSession session, final CandidateEdits.Plan plan,
            final Duration confirmTimeout, final @Nullable String persistIdOrNull) throws OperationFailedException {
        this.session = session;
        this.plan = plan;
        this.confirmTimeout = confirmTimeout;
        final DeviceCapabilities capabilities = session.capabilities();
        this.mode = capabilities.hasCandidate() ? capabilities.hasConfirmedCommit() ? Mode.STAGED_CONFIRMABLE
            : Mode.STAGED : Mode.IMMEDIATE;
        this.persistId = mode == Mode.STAGED_CONFIRMABLE && capabilities.hasPersistentConfirmedCommit()
            ? Optional.of(persistIdOrNull != null ? persistIdOrNull : "sextant-" + UUID.randomUUID())
            : Optional.empty();
        this.payload = plan.isEmpty() ? "" : String.join("\n", session.renderEditConfig(target(), plan.forward(),
            options()));
    }

    private Datastore target() {
        return mode == Mode.IMMEDIATE ? Datastore.RUNNING : Datastore.CANDIDATE;
    }

    private EditOptions options() {
        return mode == Mode.IMMEDIATE && session.capabilities().hasRollbackOnError() ? EditOptions.ROLLBACK_ON_ERROR
            : EditOptions.DEFAULT;
    }

    @Override
    public Mode mode() {
        return mode;
    }

    @Override
    public String payload() {
        return payload;
    }

    @Override
    public boolean isEmpty() {
        return plan.isEmpty();
    }

    @Override
    public CompletionStage<Void> stage() {
        if (plan.isEmpty()) {
            return done();
        }
        return session.lock(target())
            .thenCompose(locked -> {
                step = Step.LOCKED;
                return session.editConfig(target(), plan.forward(), options());
            })
            .thenRun(() -> step = Step.EDITED);
    }

    @Override
    public CompletionStage<Void> apply() {
        if (plan.isEmpty() || mode == Mode.IMMEDIATE) {
            return done();
        }
        final CompletionStage<Void> commit = mode == Mode.STAGED_CONFIRMABLE
            ? session.confirmedCommit(confirmTimeout, persistId) : session.commit();
        return commit.thenRun(() -> step = Step.APPLIED);
    }

    @Override
    public CompletionStage<Void> finish() {
        if (plan.isEmpty()) {
            return done();
        }
        final CompletionStage<Void> confirm = mode == Mode.STAGED_CONFIRMABLE ? session.confirmCommit(persistId)
            : done();
        return confirm.thenCompose(confirmed -> session.unlock(target())).thenRun(() -> step = Step.FINISHED);
    }

    @Override
    public CompletionStage<Void> rollback() {
        final Step reached = step;
        step = Step.ROLLED_BACK;
        return switch (reached) {
            case PREPARED, FINISHED, ROLLED_BACK -> done();
            case LOCKED, EDITED -> mode == Mode.IMMEDIATE
                ? undoApplied(reached == Step.EDITED).thenCompose(r -> session.unlock(Datastore.RUNNING))
                : session.discardChanges().thenCompose(r -> session.unlock(Datastore.CANDIDATE));
            case APPLIED -> rollbackCommitted();
        };
    }

    private CompletionStage<Void> rollbackCommitted() {
        final CompletionStage<Void> undo;
        if (mode == Mode.STAGED_CONFIRMABLE && persistId.isPresent()) {
            undo = session.cancelCommit(persistId);
        } else {
            // The commit stands: edit it back and commit that (which also settles a pending confirmed commit).
            undo = session.editConfig(Datastore.CANDIDATE, plan.reverse(), EditOptions.DEFAULT)
                .thenCompose(edited -> session.commit());
        }
        return undo.thenCompose(r -> session.discardChanges())
            .thenCompose(r -> session.unlock(Datastore.CANDIDATE));
    }

    /** Writable-running: the edit-config itself applied the change (or, failing, rolled itself back). */
    private CompletionStage<Void> undoApplied(final boolean edited) {
        return edited ? session.editConfig(Datastore.RUNNING, plan.reverse(), EditOptions.DEFAULT) : done();
    }

    private static CompletionStage<Void> done() {
        return CompletableFuture.completedFuture(null);
    }

    List<Edit> forwardEdits() {
        return plan.forward();
    }
}
