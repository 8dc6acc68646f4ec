package io.sextant.translation.unified;

import io.sextant.datastore.OperationError;
import io.sextant.datastore.OperationFailedException;
import io.sextant.southbound.cli.CliCommandException;
import io.sextant.translation.CliDevice;
import io.sextant.translation.CommandPlan;
import io.sextant.unified.DeviceChange;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;

/**
 * A CLI device's part of a commit. CLI devices apply every line at once, so the change is
 * {@link Mode#IMMEDIATE}: it is sent when staged (the UniConfig layer stages immediate devices
 * after every stageable one and does not call {@link #apply()} for them; a call is harmless),
 * there is nothing to confirm, and rollback sends the reverse commands of what was applied
 * (only the changes up to the rejected line when the device refused one).
 */
final class CliDeviceChange implements DeviceChange {
    private final CliDevice device;
    private final CommandPlan plan;
    private CompletableFuture<Void> sent;
    private volatile Throwable failure;

    CliDeviceChange(final CliDevice device, final CommandPlan plan) {
        this.device = device;
        this.plan = plan;
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
        if (sent == null) {
            sent = device.apply(plan).whenComplete((ignored, error) -> failure = error).toCompletableFuture();
        }
        return sent;
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
        return applied.handle((ignored, error) -> null).thenCompose(ignored -> undo());
    }

    private CompletionStage<Void> undo() {
        final CommandPlan undo = failure == null ? plan.rollback() : device.rollbackCommands(plan, failure);
        return device.rollback(undo).thenApply(rejected -> {
            if (!rejected.isEmpty()) {
                throw new CompletionException(incomplete(rejected));
            }
            return null;
        });
    }

    private OperationFailedException incomplete(final List<CliCommandException> rejected) {
        final StringBuilder message = new StringBuilder("Rollback of ").append(device.nodeId())
            .append(" incomplete, the device refused:");
        for (CliCommandException line : rejected) {
            message.append(" '").append(line.command()).append("' (").append(line.getMessage()).append(");");
        }
        return new OperationFailedException(OperationError.of(ErrorType.APPLICATION, ErrorTag.OPERATION_FAILED,
            message.toString()));
    }
}
