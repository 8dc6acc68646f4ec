package io.sextant.translation.unified;

import io.sextant.datastore.Failures;
import io.sextant.spi.OperationError;
import io.sextant.spi.OperationErrorsException;
import io.sextant.southbound.cli.CliCommandException;
import io.sextant.translation.CliDevice;
import io.sextant.translation.CommandPlan;
import io.sextant.unified.DeviceChange;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeoutException;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;

/**
 * A CLI device's part of a commit. CLI devices apply every line at once, so the change is
 * {@link Mode#IMMEDIATE}: it is sent when staged (the UniConfig layer stages immediate devices
 * after every stageable one and does not call {@link #apply()} for them; a call is harmless),
 * there is nothing to confirm, and rollback sends the reverse commands of what was applied
 * (only the changes up to the rejected line when the device refused one).
 *
 * <p>When the session is gone by the time of the rollback (it broke, or a command timed out and
 * the session closed itself), which lines took effect is unknown: the rollback waits for the
 * node's next session ({@link NextCliDevice}) and sends the reverse commands of every change
 * there; each puts back a value from before, so it is right whether or not its line had been
 * carried out.
 */
final class CliDeviceChange implements DeviceChange {
    private final CliDevice device;
    private final CommandPlan plan;
    private final NextCliDevice nextDevice;
    private final Duration reconnectWait;
    private @Nullable CompletableFuture<Void> sent;
    private volatile @Nullable Throwable failure;

    CliDeviceChange(final CliDevice device, final CommandPlan plan, final NextCliDevice nextDevice,
            final Duration reconnectWait) {
        this.device = device;
        this.plan = plan;
        this.nextDevice = nextDevice;
        this.reconnectWait = reconnectWait;
    }

    @Override
    public Mode mode() {
        return Mode.IMMEDIATE;
    }

    /** The lines, one per line, as they are sent. */
    @Override
    public String payload() {
        return String.join("\n", plan.lines());
    }

    @Override
    public boolean isEmpty() {
        return plan.isEmpty();
    }

    /** Sends the lines (once). */
    @Override
    public synchronized CompletionStage<Void> stage() {
        CompletableFuture<Void> started = sent;
        if (started == null) {
            started = device.apply(plan).whenComplete((ignored, error) -> failure = error).toCompletableFuture();
            sent = started;
        }
        return started;
    }

    /** The lines went out when staged; this only waits for them. */
    @Override
    public CompletionStage<Void> apply() {
        return stage();
    }

    @Override
    public CompletionStage<Void> finish() {
        return CompletableFuture.completedFuture(null);
    }

    /** Undo what was applied; fails naming the lines the device refused during the rollback. */
    @Override
    public CompletionStage<Void> rollback() {
        final CompletableFuture<Void> applied;
        synchronized (this) {
            applied = sent;
        }
        if (applied == null || plan.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        // wait for the lines still in flight before undoing them
        return applied.handle((ignored, error) -> null).thenCompose(ignored -> {
            if (!device.session().isOpen()) {
                return undoOnNextSession();
            }
            final Throwable failed = failure;
            final CommandPlan undo = failed == null ? plan.rollback() : device.rollbackCommands(plan, failed);
            // sending fails only when the session breaks (rejected lines are the result): go on on the next one
            return device.rollback(undo).handle((rejected, broken) -> broken == null
                ? checked(rejected) : undoOnNextSession()).thenCompose(stage -> stage);
        });
    }

    /** The session is gone: every change may or may not have been made; undo them all on the next session. */
    private CompletionStage<Void> undoOnNextSession() {
        return nextDevice.after(device, reconnectWait)
            .exceptionallyCompose(error -> CompletableFuture.failedFuture(Failures.unwrap(error) instanceof TimeoutException
                ? new OperationErrorsException(OperationError.of(ErrorType.TRANSPORT, ErrorTag.OPERATION_FAILED,
                    "Node " + device.nodeId() + " did not reconnect within " + reconnectWait.toSeconds()
                        + " s, so its part of the commit could not be rolled back"))
                : Failures.unwrap(error)))
            .thenCompose(next -> undo(next, plan.rollback()));
    }

    private CompletionStage<Void> undo(final CliDevice on, final CommandPlan undo) {
        return on.rollback(undo).thenCompose(this::checked);
    }

    /** Fails naming the lines the device refused during the rollback. */
    private CompletionStage<Void> checked(final List<CliCommandException> rejected) {
        return rejected.isEmpty() ? CompletableFuture.completedFuture(null)
            : CompletableFuture.failedFuture(incomplete(rejected));
    }

    private OperationErrorsException incomplete(final List<CliCommandException> rejected) {
        final StringBuilder message = new StringBuilder("Rollback of ").append(device.nodeId())
            .append(" incomplete, the device refused:");
        for (CliCommandException line : rejected) {
            message.append(" '").append(line.command()).append("' (").append(line.getMessage()).append(");");
        }
        return new OperationErrorsException(OperationError.of(ErrorType.APPLICATION, ErrorTag.OPERATION_FAILED,
            message.toString()));
    }
}
