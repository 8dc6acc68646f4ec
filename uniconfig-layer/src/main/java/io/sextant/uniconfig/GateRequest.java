package io.sextant.uniconfig;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.jdt.annotation.Nullable;

/**
 * One gated commit as its caller sees it: the answer, which comes early (once every check held
 * and the commit waits for confirm-commit) or with the commit's end, and where the gate stands.
 */
final class GateRequest {
    private final GateOptions options;
    private final CompletableFuture<GatedResult> waiting = new CompletableFuture<>();
    private final CompletableFuture<GatedResult> end = new CompletableFuture<>();
    private final AtomicReference<@Nullable GateOutcome> outcome = new AtomicReference<>();
    /** The commit's id, once it is named (before any device is touched); empty before. */
    private volatile String commitId = "";

    GateRequest(final GateOptions options) {
        this.options = options;
    }

    GateOptions options() {
        return options;
    }

    /** The commit's final answer, once it is kept or put back. */
    CompletableFuture<GatedResult> end() {
        return end;
    }

    /** The answer to the commit request: the commit waiting for confirmation, or its end. */
    CompletableFuture<GatedResult> answer() {
        return waiting.applyToEither(end, result -> result);
    }

    /** The commit is named: its answers carry the id even when it ends before its gate runs. */
    void named(final String id) {
        commitId = id;
    }

    void update(final GateOutcome newOutcome) {
        outcome.set(newOutcome);
    }

    /** Whether the gate put the commit back (a check failed, no confirmation, cancel-commit). */
    boolean putBack() {
        final GateOutcome current = outcome.get();
        return current != null && current.state() == GateOutcome.State.PUT_BACK;
    }

    /** The commit now waits for confirmation: the caller is answered. */
    void awaiting(final GateOutcome awaiting, final List<String> nodeIds) {
        outcome.set(awaiting);
        waiting.complete(new GatedResult(OperationResult.of(nodeIds.stream().map(NodeResult::ok).toList()),
            awaiting));
    }

    /** The commit ended with {@code result}. */
    void finished(final OperationResult result) {
        GateOutcome current = outcome.get();
        if (current == null) {
            // the commit ended before its gate ran: refused, or a device failed; with nothing to change
            // there was nothing to gate (the answer is a plain commit's)
            final String id = commitId;
            current = id.isEmpty() || result.ok() ? null : new GateOutcome(id, GateOutcome.State.PUT_BACK, null,
                List.of());
        } else if (current.state() == GateOutcome.State.AWAITING_CONFIRMATION || !result.ok()) {
            current = new GateOutcome(current.commitId(), result.ok() ? GateOutcome.State.CONFIRMED
                : GateOutcome.State.PUT_BACK, null, current.checks());
        }
        end.complete(new GatedResult(result, current));
    }

    void failed(final Throwable failure) {
        end.completeExceptionally(failure);
    }
}
