package io.sextant.uniconfig;

import io.sextant.datastore.Failures;
import io.sextant.datastore.codec.JsonRenderer;
import io.sextant.spi.IntentAccess;
import io.sextant.spi.OperationErrorsException;
import io.sextant.uniconfig.GateOutcome.CheckResult;
import io.sextant.uniconfig.PendingCommits.Decision;
import io.sextant.unified.UnifiedDevice;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * The gate of one commit, run once every device applied its change: each check reads device
 * state (every second) until its condition holds or its time is up; then, when the commit asks
 * for a confirmation, it waits for confirm-commit, cancel-commit or the deadline. Completes
 * with the reason to put every device back, or empty to keep the commit.
 */
final class GateRun {
    private static final long RETRY_MILLIS = 1000;
    private static final int DETAIL_LENGTH = 400;

    /** A check ready to run: how it reads its device. */
    record Resolved(GateCheck check, Function<GateCheck, CompletionStage<String>> read) {
    }

    private final GateRequest request;
    private final String commitId;
    private final String user;
    private final List<IntentAccess.Change> changes;
    private final List<Resolved> checks;
    private final PendingCommits pending;

    /** @param changes each target node's change of its intent (actual before the commit, intended) */
    GateRun(final GateRequest request, final String commitId, final String user,
            final List<IntentAccess.Change> changes, final List<Resolved> checks, final PendingCommits pending) {
        this.request = request;
        this.commitId = commitId;
        this.user = user;
        this.changes = List.copyOf(changes);
        this.checks = List.copyOf(checks);
        this.pending = pending;
    }

    /**
     * How {@code check} reads the state of {@code device}: its show command (CLI), or its path
     * resolved in {@code schema} (NETCONF).
     *
     * @throws TemplateFailure when the path does not name data of the node's schema
     */
    static Resolved resolve(final GateCheck check, final UnifiedDevice device, final EffectiveModelContext schema)
            throws TemplateFailure {
        final String command = check.command();
        if (command != null) {
            return new Resolved(check, c -> device.show(command));
        }
        final YangInstanceIdentifier path = TemplatePath.parse(check.what(), schema);
        return new Resolved(check, c -> device.readState(path).thenApply(found -> found.map(node ->
            render(schema, path, node)).orElse("")));
    }

    private static String render(final EffectiveModelContext schema, final YangInstanceIdentifier path,
            final NormalizedNode node) {
        return node instanceof LeafNode<?> leaf ? String.valueOf(leaf.body()) : JsonRenderer.render(schema, path, node);
    }

    CompletionStage<Optional<String>> pass() {
        final Instant checkDeadline = Instant.now().plus(request.options().checkTimeout());
        final List<CompletableFuture<CheckResult>> runs = new ArrayList<>();
        for (Resolved resolved : checks) {
            runs.add(attempt(resolved, checkDeadline, 1));
        }
        return CompletableFuture.allOf(runs.toArray(CompletableFuture[]::new)).thenCompose(ignored -> {
            final List<CheckResult> results = runs.stream().map(CompletableFuture::join).toList();
            final Optional<CheckResult> failed = results.stream().filter(r -> !r.passed()).findFirst();
            if (failed.isPresent()) {
                final CheckResult first = failed.orElseThrow();
                request.update(new GateOutcome(commitId, GateOutcome.State.PUT_BACK, null, results));
                return CompletableFuture.completedFuture(Optional.of("Check '" + first.name() + "' on node "
                    + first.nodeId() + " did not hold within " + request.options().checkTimeout().toSeconds()
                    + " s (" + first.detail() + ")"));
            }
            final Duration confirmTimeout = request.options().confirmTimeout();
            if (confirmTimeout == null) {
                request.update(new GateOutcome(commitId, GateOutcome.State.CONFIRMED, null, results));
                return CompletableFuture.completedFuture(Optional.empty());
            }
            return awaitConfirmation(confirmTimeout, results);
        });
    }

    private CompletionStage<Optional<String>> awaitConfirmation(final Duration confirmTimeout,
            final List<CheckResult> results) {
        final Instant deadline = Instant.now().plus(confirmTimeout);
        final CompletableFuture<Decision> decision = new CompletableFuture<>();
        decision.completeOnTimeout(Decision.TIMED_OUT, confirmTimeout.toMillis(), TimeUnit.MILLISECONDS);
        final PendingCommits.Pending waiting = new PendingCommits.Pending(commitId, user, deadline, changes, decision,
            request.end());
        pending.add(waiting);
        request.awaiting(new GateOutcome(commitId, GateOutcome.State.AWAITING_CONFIRMATION, deadline, results),
            waiting.nodeIds());
        return decision.thenApply(decided -> {
            pending.remove(waiting);
            final GateOutcome.State state = decided == Decision.CONFIRMED ? GateOutcome.State.CONFIRMED
                : GateOutcome.State.PUT_BACK;
            request.update(new GateOutcome(commitId, state, null, results));
            return switch (decided) {
                case CONFIRMED -> Optional.<String>empty();
                case CANCELLED -> Optional.of("Gated commit " + commitId + " was cancelled (cancel-commit)");
                case TIMED_OUT -> Optional.of("Gated commit " + commitId + " was not confirmed within "
                    + confirmTimeout.toSeconds() + " s");
                case STOPPED -> Optional.of("Gated commit " + commitId + " was waiting for confirmation when the "
                    + "controller stopped");
            };
        });
    }

    private CompletableFuture<CheckResult> attempt(final Resolved resolved, final Instant deadline,
            final int attempts) {
        final GateCheck check = resolved.check();
        CompletionStage<String> read;
        try {
            read = resolved.read().apply(check);
        } catch (RuntimeException e) {
            read = CompletableFuture.failedFuture(e);
        }
        return read.toCompletableFuture().handle((output, failure) -> {
            if (failure == null && check.expect().matcher(output).find()) {
                return CompletableFuture.completedFuture(new CheckResult(check.name(), check.nodeId(), true,
                    attempts, shorten(output)));
            }
            final String detail = failure != null ? "reading " + check.what() + " failed: " + message(failure)
                : "'" + check.expect().pattern() + "' not found in the output of " + check.what() + ": "
                    + shorten(output);
            if (!Instant.now().plusMillis(RETRY_MILLIS).isBefore(deadline)) {
                return CompletableFuture.completedFuture(new CheckResult(check.name(), check.nodeId(), false,
                    attempts, detail));
            }
            return CompletableFuture.supplyAsync(() -> null, CompletableFuture.delayedExecutor(RETRY_MILLIS,
                TimeUnit.MILLISECONDS)).thenCompose(ignored -> attempt(resolved, deadline, attempts + 1));
        }).thenCompose(result -> result);
    }

    private static String message(final Throwable failure) {
        final Throwable cause = Failures.unwrap(failure);
        if (cause instanceof OperationErrorsException failed && !failed.errors().isEmpty()) {
            return failed.errors().get(0).message();
        }
        return cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
    }

    private static String shorten(final String text) {
        final String flat = text.replaceAll("\\s+", " ").trim();
        return flat.length() <= DETAIL_LENGTH ? flat : flat.substring(0, DETAIL_LENGTH) + "...";
    }
}
