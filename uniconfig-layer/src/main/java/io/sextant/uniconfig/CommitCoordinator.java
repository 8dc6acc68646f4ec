package io.sextant.uniconfig;

import io.sextant.datastore.Failures;
import io.sextant.spi.OperationError;
import io.sextant.spi.OperationErrorsException;
import io.sextant.datastore.codec.InstanceIdentifiers;
import io.sextant.unified.DeviceChange;
import io.sextant.unified.DeviceChange.Mode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * Drives the devices of one commit through the phases of {@link DeviceChange} so that the
 * commit lands on every device or on none: stage (staging devices first; meanwhile the caller
 * records that the commit started, and no device's running configuration changes before that
 * record is kept), apply (confirmable ones first), keep (the controller makes the commit durable
 * while every change can still be taken back), finish; on any failure, roll back every device
 * that started.
 */
final class CommitCoordinator {
    /** One device's part: the node and its prepared change. */
    record Participant(String nodeId, DeviceChange change, EffectiveModelContext schema) {
    }

    /**
     * Why a commit failed: the first node that failed and what its device said, or (node
     * {@link #CONTROLLER}) the controller could not keep the commit, with its error.
     *
     * @param kept whether the failure came after the keep step (a device failed to finish the
     *     commit): what the keep kept must be taken back as the devices were
     */
    record Failure(String nodeId, String message, List<RollbackProblem> rollbackProblems, @Nullable Throwable cause,
            boolean kept) {
        Failure(final String nodeId, final String message, final List<RollbackProblem> rollbackProblems) {
            this(nodeId, message, rollbackProblems, null, false);
        }

        boolean ofController() {
            return CONTROLLER.equals(nodeId);
        }

        Failure afterKeeping() {
            return new Failure(nodeId, message, rollbackProblems, cause, true);
        }

        /** The nodes whose devices could not be rolled back: they are in doubt. */
        List<String> notRolledBack() {
            return rollbackProblems.stream().map(RollbackProblem::nodeId).toList();
        }
    }

    /** A device that started the commit and could not be rolled back, and why. */
    record RollbackProblem(String nodeId, String message) {
        /** As a commit's result says it. */
        String describe() {
            return nodeId + ": rollback failed: " + message;
        }
    }

    /** The "node" of a failure of the controller itself (keeping the commit). */
    static final String CONTROLLER = "";

    /** The "node" of a failure of a gated commit's gate (a check, the confirmation). */
    static final String GATE = "gate";

    private final List<Participant> participants;
    private final Supplier<CompletionStage<Void>> record;
    private final Supplier<CompletionStage<Optional<String>>> gate;
    private final Supplier<CompletionStage<Void>> keep;
    private final Set<Participant> started = ConcurrentHashMap.newKeySet();

    private CommitCoordinator(final List<Participant> participants, final Supplier<CompletionStage<Void>> record,
            final Supplier<CompletionStage<Optional<String>>> gate, final Supplier<CompletionStage<Void>> keep) {
        this.participants = List.copyOf(participants);
        this.record = record;
        this.gate = gate;
        this.keep = keep;
    }

    /** Run the commit; completes with the failure, or empty when every device changed. */
    static CompletionStage<Optional<Failure>> run(final List<Participant> participants) {
        return run(participants, () -> CompletableFuture.completedFuture(null));
    }

    /**
     * Run the commit, calling {@code keep} once every device applied its change and before any
     * is finished (confirmed, unlocked): when {@code keep} fails, every device is rolled back.
     */
    static CompletionStage<Optional<Failure>> run(final List<Participant> participants,
            final Supplier<CompletionStage<Void>> keep) {
        return run(participants, () -> CompletableFuture.completedFuture(null),
            () -> CompletableFuture.completedFuture(Optional.empty()), keep);
    }

    /**
     * Run a commit, calling {@code record} (which records that the commit started) once the devices
     * that stage a change were asked to, so that both go on at once; no device applies anything
     * before the stage {@code record} answered completed, and when it fails every device is rolled
     * back (a {@link #CONTROLLER} failure with its cause). The answer comes only once that stage
     * completed, whatever happened. Once every device applied its change (and before the keep),
     * {@code gate} decides; when it completes with a reason (a check failed, no confirmation came),
     * every device is rolled back.
     */
    static CompletionStage<Optional<Failure>> run(final List<Participant> participants,
            final Supplier<CompletionStage<Void>> record, final Supplier<CompletionStage<Optional<String>>> gate,
            final Supplier<CompletionStage<Void>> keep) {
        return new CommitCoordinator(participants, record, gate, keep).run();
    }

    private CompletionStage<Optional<Failure>> run() {
        final List<Participant> staging = select(p -> p.change().mode() != Mode.IMMEDIATE);
        final List<Participant> immediate = select(p -> p.change().mode() == Mode.IMMEDIATE);
        final List<Participant> confirmable = select(p -> p.change().mode() == Mode.STAGED_CONFIRMABLE);
        final List<Participant> stagedOnly = select(p -> p.change().mode() == Mode.STAGED);
        // a staged change is not in effect yet: the commit's start is recorded meanwhile
        final CompletionStage<Optional<Failure>> staged = step(staging, DeviceChange::stage);
        return staged.thenCombine(recorded(), (failed, notRecorded) -> failed.isPresent() ? failed : notRecorded)
            .thenCompose(f -> f.isPresent() ? CompletableFuture.completedFuture(f) : step(immediate, DeviceChange::stage))
            .thenCompose(f -> f.isPresent() ? CompletableFuture.completedFuture(f) : step(confirmable, DeviceChange::apply))
            .thenCompose(f -> f.isPresent() ? CompletableFuture.completedFuture(f) : step(stagedOnly, DeviceChange::apply))
            .thenCompose(f -> f.isPresent() ? CompletableFuture.completedFuture(f) : gate())
            .thenCompose(f -> f.isPresent() ? CompletableFuture.completedFuture(f) : keep())
            .thenCompose(f -> f.isPresent() ? CompletableFuture.completedFuture(f) : step(participants, DeviceChange::finish)
                .thenApply(finished -> finished.map(Failure::afterKeeping)))
            .thenCompose(f -> f.isPresent() ? rollback(f.orElseThrow()) : CompletableFuture.completedFuture(f));
    }

    private List<Participant> select(final Predicate<Participant> filter) {
        return participants.stream().filter(filter).toList();
    }

    /** Run {@code action} on every participant in parallel; the first failure wins. */
    private CompletionStage<Optional<Failure>> step(final List<Participant> group,
            final Function<DeviceChange, CompletionStage<Void>> action) {
        final List<CompletableFuture<Optional<Failure>>> futures = new ArrayList<>();
        for (Participant participant : group) {
            started.add(participant);
            CompletionStage<Void> stage;
            try {
                stage = action.apply(participant.change());
            } catch (RuntimeException e) {
                stage = CompletableFuture.failedFuture(e);
            }
            futures.add(stage.toCompletableFuture().handle((ok, error) -> error == null ? Optional.<Failure>empty()
                : Optional.of(new Failure(participant.nodeId(), describe(error, participant.schema()), List.of()))));
        }
        return CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new)).thenApply(ignored -> futures
            .stream().map(CompletableFuture::join).flatMap(Optional::stream).findFirst());
    }

    private CompletionStage<Optional<Failure>> gate() {
        CompletionStage<Optional<String>> stage;
        try {
            stage = gate.get();
        } catch (RuntimeException e) {
            stage = CompletableFuture.failedFuture(e);
        }
        return stage.handle((reason, error) -> error != null
            ? Optional.of(new Failure(GATE, "The verification gate failed: " + describe(error, null), List.of()))
            : reason.map(why -> new Failure(GATE, why, List.of())));
    }

    private CompletionStage<Optional<Failure>> recorded() {
        return ofController(record, "record");
    }

    private CompletionStage<Optional<Failure>> keep() {
        return ofController(keep, "keep");
    }

    /** A step of the controller's own ({@code doing} the commit): its failure is a {@link #CONTROLLER} one. */
    private static CompletionStage<Optional<Failure>> ofController(final Supplier<CompletionStage<Void>> step,
            final String doing) {
        CompletionStage<Void> stage;
        try {
            stage = step.get();
        } catch (RuntimeException e) {
            stage = CompletableFuture.failedFuture(e);
        }
        return stage.handle((ok, error) -> error == null ? Optional.<Failure>empty()
            : Optional.of(new Failure(CONTROLLER, "The controller could not " + doing + " the commit: "
                + describe(error, null), List.of(), Failures.unwrap(error), false)));
    }

    private CompletionStage<Optional<Failure>> rollback(final Failure failure) {
        final List<CompletableFuture<Optional<RollbackProblem>>> futures = new ArrayList<>();
        for (Participant participant : started) {
            CompletionStage<Void> stage;
            try {
                stage = participant.change().rollback();
            } catch (RuntimeException e) {
                stage = CompletableFuture.failedFuture(e);
            }
            futures.add(stage.toCompletableFuture().handle((ok, error) -> error == null
                ? Optional.<RollbackProblem>empty()
                : Optional.of(new RollbackProblem(participant.nodeId(), describe(error, participant.schema())))));
        }
        return CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new)).thenApply(ignored ->
            Optional.of(new Failure(failure.nodeId(), failure.message(), futures.stream()
                .map(CompletableFuture::join).flatMap(Optional::stream).toList(), failure.cause(), failure.kept())));
    }

    /** The device's errors, with their paths and details, as one line. */
    static String describe(final Throwable failure, final @Nullable EffectiveModelContext schema) {
        final Throwable cause = Failures.unwrap(failure);
        if (cause instanceof OperationErrorsException failed) {
            return failed.errors().stream().map(error -> describe(error, schema)).collect(Collectors.joining("; "));
        }
        // a failure without a message is a bug of ours: its class name would tell a user nothing
        return cause.getMessage() != null ? cause.getMessage() : "an internal error (see the controller log)";
    }

    private static String describe(final OperationError error, final @Nullable EffectiveModelContext schema) {
        final StringBuilder sb = new StringBuilder(error.message());
        sb.append(" (").append(error.tag().elementBody());
        final YangInstanceIdentifier path = error.path();
        if (path != null) {
            sb.append(", path ").append(schema == null ? path.toString()
                : InstanceIdentifiers.toInstanceIdentifier(path, schema));
        }
        final String info = error.info();
        if (info != null) {
            sb.append(", ").append(info);
        }
        return sb.append(')').toString();
    }
}
