package io.sextant.unified.netconf;

import io.sextant.datastore.Failures;
import io.sextant.spi.OperationError;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Edit;
import io.sextant.southbound.netconf.NetconfDatastore;
import io.sextant.southbound.netconf.DeviceCapabilities;
import io.sextant.southbound.netconf.EditOptions;
import io.sextant.southbound.netconf.NetconfDeviceSession;
import io.sextant.unified.DeviceChange;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;

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
 *
 * <p>A rollback undoes whatever the change may have done, also after {@link #finish()} (another
 * device can fail after this one finished). When a request got no answer from the device (it
 * timed out, or the session went down), the session's state is unknown: the rollback drops that
 * session, waits for the node's next one ({@link NextSession}) and restores the device there (so
 * too when this instance lost the node's lease meanwhile, which fences the session: the next
 * session is the one opened when this instance owns the node again):
 * {@code <cancel-commit>} with the persist id, then, under a new lock, discard-changes and the
 * reverse edits, committed. Reverse edits are idempotent (they put back the values from before
 * and remove what the change created), so they are right whether or not the lost requests took
 * effect, even when the device carries them out late.
 *
 * <p>The device is never asked to {@code <validate>}: yuma123 netconfd drops pending candidate edits on it.
 */
final class NetconfDeviceChange implements DeviceChange {
    /** How far the change got; a commit or confirm counts from the moment it is sent. */
    private enum Step { PREPARED, LOCKED, EDITED, COMMIT_SENT, APPLIED, CONFIRM_SENT, FINISHED, ROLLED_BACK }

    /** Attempts to lock on the next session while the device still holds the lost session's lock. */
    private static final int LOCK_ATTEMPTS = 10;
    private static final long LOCK_RETRY_MILLIS = 500;

    private final NetconfDeviceSession session;
    private final CandidateEdits.Plan plan;
    private final Mode mode;
    private final Duration confirmTimeout;
    /** The {@code <persist>} token of a persistent confirmed commit; null when the device has none. */
    private final @Nullable String persistId;
    private final String payload;
    private final NextSession nextSession;
    private final Duration reconnectWait;
    private volatile Step step = Step.PREPARED;
    /** Whether a request failed without the device's answer: what the session did is not known. */
    private volatile boolean unanswered;

    NetconfDeviceChange(final NetconfDeviceSession session, final CandidateEdits.Plan plan,
            final Duration confirmTimeout, final NextSession nextSession, final Duration reconnectWait,
            final @Nullable String persistIdOrNull) throws OperationErrorsException {
        this.session = session;
        this.plan = plan;
        this.confirmTimeout = confirmTimeout;
        this.nextSession = nextSession;
        this.reconnectWait = reconnectWait;
        final DeviceCapabilities capabilities = session.capabilities();
        this.mode = capabilities.hasCandidate() ? capabilities.hasConfirmedCommit() ? Mode.STAGED_CONFIRMABLE
            : Mode.STAGED : Mode.IMMEDIATE;
        this.persistId = mode == Mode.STAGED_CONFIRMABLE && capabilities.hasPersistentConfirmedCommit()
            ? persistIdOrNull != null ? persistIdOrNull : "sextant-" + UUID.randomUUID()
            : null;
        this.payload = plan.isEmpty() ? "" : String.join("\n", session.renderEditConfig(target(), plan.forward(),
            options()));
    }

    private NetconfDatastore target() {
        return mode == Mode.IMMEDIATE ? NetconfDatastore.RUNNING : NetconfDatastore.CANDIDATE;
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
        return watched(session.lock(target()))
            .thenCompose(locked -> {
                step = Step.LOCKED;
                return watched(session.editConfig(target(), plan.forward(), options()));
            })
            .thenRun(() -> step = Step.EDITED);
    }

    @Override
    public CompletionStage<Void> apply() {
        if (plan.isEmpty() || mode == Mode.IMMEDIATE) {
            return done();
        }
        step = Step.COMMIT_SENT;
        final CompletionStage<Void> commit = mode == Mode.STAGED_CONFIRMABLE
            ? session.confirmedCommit(confirmTimeout, persistId) : session.commit();
        return watched(commit).thenRun(() -> step = Step.APPLIED);
    }

    /**
     * Confirms (confirmable devices) and unlocks. The change stands once confirmed: an unlock that
     * fails does not fail the commit; the session is dropped instead, which releases the lock.
     */
    @Override
    public CompletionStage<Void> finish() {
        if (plan.isEmpty()) {
            return done();
        }
        final CompletionStage<Void> confirm;
        if (mode == Mode.STAGED_CONFIRMABLE) {
            step = Step.CONFIRM_SENT;
            confirm = watched(session.confirmCommit(persistId));
        } else {
            confirm = done();
        }
        return confirm.thenCompose(confirmed -> {
            step = Step.FINISHED;
            return session.unlock(target()).exceptionally(failure -> {
                if (session.isOpen()) {
                    session.drop("unlock after the commit failed: " + message(failure));
                }
                return null;
            });
        });
    }

    @Override
    public CompletionStage<Void> rollback() {
        final Step reached = step;
        step = Step.ROLLED_BACK;
        if (reached == Step.ROLLED_BACK || plan.isEmpty()) {
            return done();
        }
        if (reached == Step.PREPARED) {
            // the lock may have been granted after its request timed out: only the session holds it
            if (unanswered && session.isOpen()) {
                session.drop("a lock request got no answer");
            }
            return done();
        }
        if (unanswered || !usable()) {
            return recoverOnNextSession(reached);
        }
        return undo(reached).exceptionallyCompose(failure -> {
            if (isUnanswered(failure) || !usable()) {
                return recoverOnNextSession(reached);
            }
            // the device refused part of the undo: its lock is given back all the same, so that the
            // node's next commit is not refused by a lock this session still holds
            return release().handle((released, ignored) -> {
                // as the undo failed, not wrapped once more
                throw failure instanceof CompletionException wrapped ? wrapped : new CompletionException(failure);
            });
        });
    }

    /** The change's lock given back (a candidate's pending edits discarded first); never fails. */
    private CompletionStage<Void> release() {
        final CompletionStage<Void> discarded = mode == Mode.IMMEDIATE ? done()
            : session.discardChanges().exceptionally(ignored -> null);
        return discarded.thenCompose(d -> session.unlock(target())).exceptionally(ignored -> null);
    }

    /**
     * Whether the change's own session can still undo it: it is up, and this instance still owns
     * the node (a session whose lease ended sends nothing; the node's next session, on whichever
     * instance owns the node then, is the one that can).
     */
    private boolean usable() {
        return session.isOpen() && session.mayChange();
    }

    /** On the change's own session, which still holds the lock unless the change finished. */
    private CompletionStage<Void> undo(final Step reached) {
        return switch (reached) {
            case LOCKED, EDITED -> mode == Mode.IMMEDIATE
                ? (reached == Step.EDITED ? reverseRunning(session) : done())
                    .thenCompose(r -> session.unlock(NetconfDatastore.RUNNING))
                : session.discardChanges().thenCompose(r -> session.unlock(NetconfDatastore.CANDIDATE));
            // a commit the device refused leaves the change (maybe invalid, so that no edit applies to
            // it) in the candidate: discarded first, the reverse edits then apply to a copy of running
            case COMMIT_SENT, APPLIED, CONFIRM_SENT -> (reached == Step.COMMIT_SENT ? session.discardChanges() : done())
                .thenCompose(r -> rollbackCommitted())
                .thenCompose(r -> session.discardChanges())
                .thenCompose(r -> session.unlock(NetconfDatastore.CANDIDATE));
            case FINISHED -> session.lock(target())
                .thenCompose(locked -> mode == Mode.IMMEDIATE ? reverseRunning(session)
                    : reverseCommitted(session))
                .thenCompose(r -> session.unlock(target()));
            case PREPARED, ROLLED_BACK -> done();
        };
    }

    private CompletionStage<Void> rollbackCommitted() {
        if (mode == Mode.STAGED_CONFIRMABLE && persistId != null) {
            // after a confirm whose answer was lost nothing is pending any more: the reverse edits then
            return session.cancelCommit(persistId).exceptionallyCompose(failure -> reverseCommitted(session));
        }
        // The commit stands: edit it back and commit that (which also settles a pending confirmed commit).
        return reverseCommitted(session);
    }

    /**
     * The session's state is unknown, it is gone, or this instance no longer owns the node: drop
     * it, and on the node's next session cancel a confirmed commit that may be pending and put
     * back what the change may have done.
     */
    private CompletionStage<Void> recoverOnNextSession(final Step reached) {
        final boolean owned = session.mayChange();
        if (session.isOpen()) {
            session.drop(owned ? "rolling back a commit whose requests got no answer"
                : "rolling back a commit: this controller instance no longer owns the node");
        }
        return nextSession.after(session, reconnectWait)
            .exceptionallyCompose(failure -> CompletableFuture.failedFuture(Failures.unwrap(failure)
                instanceof TimeoutException ? notRolledBack(owned, reached) : Failures.unwrap(failure)))
            .thenCompose(next -> restoreOn(next, reached));
    }

    /** Why the change could not be rolled back: no next session within {@link #reconnectWait}. */
    private OperationErrorsException notRolledBack(final boolean owned, final Step reached) {
        final String why = owned ? "did not reconnect" : "is owned by another controller instance and was not "
            + "given back";
        // a confirmed commit that was never confirmed: the device takes it back when its timeout ends
        final String pending = mode == Mode.STAGED_CONFIRMABLE && (reached == Step.COMMIT_SENT
            || reached == Step.APPLIED) ? "; the device takes its confirmed commit back by itself within "
                + confirmTimeout.toSeconds() + " s" : "";
        return failed("Node " + session.nodeId() + " " + why + " within " + reconnectWait.toSeconds()
            + " s, so its part of the commit could not be rolled back" + pending);
    }

    private CompletionStage<Void> restoreOn(final NetconfDeviceSession next, final Step reached) {
        final boolean committed = reached.compareTo(Step.COMMIT_SENT) >= 0;
        final CompletionStage<Void> cancelled = committed && persistId != null
            // fails when nothing is pending (never applied, or already confirmed): the reverse edits decide
            ? next.cancelCommit(persistId).exceptionally(ignored -> null) : done();
        return cancelled
            .thenCompose(c -> lockPatiently(next, target(), LOCK_ATTEMPTS))
            .thenCompose(locked -> {
                if (mode == Mode.IMMEDIATE) {
                    // the edit may have gone out once the lock was granted
                    return reverseRunning(next);
                }
                final CompletionStage<Void> discarded = next.discardChanges();
                return committed ? discarded.thenCompose(r -> reverseCommitted(next)) : discarded;
            })
            .thenCompose(r -> next.unlock(target()));
    }

    /** Lock, retrying while the device still holds the lost session's lock. */
    private static CompletionStage<Void> lockPatiently(final NetconfDeviceSession on, final NetconfDatastore target,
            final int attempts) {
        return on.lock(target).exceptionallyCompose(failure -> {
            if (attempts <= 1 || !isLockInUse(failure) || !on.isOpen()) {
                return CompletableFuture.failedFuture(failure);
            }
            return CompletableFuture.supplyAsync(() -> null, CompletableFuture.delayedExecutor(LOCK_RETRY_MILLIS,
                TimeUnit.MILLISECONDS)).thenCompose(ignored -> lockPatiently(on, target, attempts - 1));
        });
    }

    private CompletionStage<Void> reverseCommitted(final NetconfDeviceSession on) {
        return on.editConfig(NetconfDatastore.CANDIDATE, plan.reverse(), EditOptions.DEFAULT)
            .thenCompose(edited -> on.commit());
    }

    private CompletionStage<Void> reverseRunning(final NetconfDeviceSession on) {
        return on.editConfig(NetconfDatastore.RUNNING, plan.reverse(), EditOptions.DEFAULT);
    }

    /** Notes when a request of the change fails without the device's answer. */
    private <T> CompletionStage<T> watched(final CompletionStage<T> request) {
        return request.whenComplete((ok, failure) -> {
            if (failure != null && (isUnanswered(failure) || !session.isOpen())) {
                unanswered = true;
            }
        });
    }

    /**
     * Whether a failure is not the device's answer: a timeout, a lost session, an undecodable reply.
     * The session layer reports those as transport errors or malformed messages.
     */
    private static boolean isUnanswered(final Throwable failure) {
        final Throwable cause = Failures.unwrap(failure);
        if (!(cause instanceof OperationErrorsException failed)) {
            return true;
        }
        for (OperationError error : failed.errors()) {
            if (error.type() == ErrorType.TRANSPORT || error.tag().equals(ErrorTag.MALFORMED_MESSAGE)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isLockInUse(final Throwable failure) {
        final Throwable cause = Failures.unwrap(failure);
        return cause instanceof OperationErrorsException failed && failed.errors().stream().anyMatch(error ->
            error.tag().equals(ErrorTag.LOCK_DENIED) || error.tag().equals(ErrorTag.IN_USE)
                || error.tag().equals(ErrorTag.RESOURCE_DENIED));
    }

    private static String message(final Throwable failure) {
        final Throwable cause = Failures.unwrap(failure);
        return cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
    }

    private static OperationErrorsException failed(final String message) {
        return OperationErrorsException.of(ErrorType.TRANSPORT, ErrorTag.OPERATION_FAILED, message);
    }

    private static CompletionStage<Void> done() {
        return CompletableFuture.completedFuture(null);
    }

    List<Edit> forwardEdits() {
        return plan.forward();
    }
}
