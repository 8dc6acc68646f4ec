package io.sextant.uniconfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.spi.OperationErrorsException;
import io.sextant.unified.DeviceChange;
import io.sextant.unified.DeviceChange.Mode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;

/** The order of {@link CommitCoordinator}'s phases across device kinds, and which devices a rollback touches. */
class CommitCoordinatorTest {
    private final List<String> calls = Collections.synchronizedList(new ArrayList<>());

    /** A device change that records each call as "node:phase" and can fail one phase. */
    private final class Recorder implements DeviceChange {
        private final String nodeId;
        private final Mode mode;
        private final String failAt;

        Recorder(final String nodeId, final Mode mode, final String failAt) {
            this.nodeId = nodeId;
            this.mode = mode;
            this.failAt = failAt;
        }

        @Override
        public Mode mode() {
            return mode;
        }

        @Override
        public String payload() {
            return nodeId;
        }

        @Override
        public boolean isEmpty() {
            return false;
        }

        private CompletionStage<Void> call(final String phase) {
            calls.add(nodeId + ":" + phase);
            return phase.equals(failAt) ? CompletableFuture.failedFuture(OperationErrorsException.of(
                ErrorType.APPLICATION, ErrorTag.OPERATION_FAILED, nodeId + " refused " + phase))
                : CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<Void> stage() {
            return call("stage");
        }

        @Override
        public CompletionStage<Void> apply() {
            return call("apply");
        }

        @Override
        public CompletionStage<Void> finish() {
            return call("finish");
        }

        @Override
        public CompletionStage<Void> rollback() {
            return call("rollback");
        }
    }

    private CommitCoordinator.Participant device(final String nodeId, final Mode mode, final String failAt) {
        return new CommitCoordinator.Participant(nodeId, new Recorder(nodeId, mode, failAt), null);
    }

    private Optional<CommitCoordinator.Failure> run(final CommitCoordinator.Participant... participants) {
        return CommitCoordinator.run(List.of(participants)).toCompletableFuture().join();
    }

    private int indexOf(final String call) {
        final int index = calls.indexOf(call);
        assertTrue(index >= 0, call + " was not made: " + calls);
        return index;
    }

    @Test
    void stagingDevicesStageFirstConfirmableOnesApplyFirstAndAllFinish() {
        final var failure = run(device("cli", Mode.IMMEDIATE, ""), device("plain", Mode.STAGED, ""),
            device("confirm", Mode.STAGED_CONFIRMABLE, ""));
        assertTrue(failure.isEmpty(), failure.toString());
        assertTrue(indexOf("plain:stage") < indexOf("cli:stage"), calls.toString());
        assertTrue(indexOf("confirm:stage") < indexOf("cli:stage"), calls.toString());
        assertTrue(indexOf("cli:stage") < indexOf("confirm:apply"), calls.toString());
        assertTrue(indexOf("confirm:apply") < indexOf("plain:apply"), calls.toString());
        for (String node : List.of("cli", "plain", "confirm")) {
            assertTrue(indexOf("plain:apply") < indexOf(node + ":finish"), calls.toString());
        }
        assertTrue(calls.stream().noneMatch(c -> c.endsWith(":rollback")), calls.toString());
        assertTrue(calls.stream().noneMatch(c -> c.equals("cli:apply")), "an immediate device is applied by stage");
    }

    @Test
    void aFailedStagingDeviceRollsBackOnlyTheDevicesThatStarted() {
        final var failure = run(device("cli", Mode.IMMEDIATE, ""), device("bad", Mode.STAGED, "stage"),
            device("confirm", Mode.STAGED_CONFIRMABLE, ""));
        assertEquals("bad", failure.orElseThrow().nodeId());
        assertTrue(failure.orElseThrow().message().contains("bad refused stage"), failure.toString());
        assertTrue(calls.stream().noneMatch(c -> c.startsWith("cli:")), "the immediate device was never touched: "
            + calls);
        assertTrue(calls.contains("bad:rollback") && calls.contains("confirm:rollback"), calls.toString());
        assertTrue(calls.stream().noneMatch(c -> c.endsWith(":apply") || c.endsWith(":finish")), calls.toString());
    }

    @Test
    void aFailedApplyRollsBackEveryStartedDeviceAndReportsRollbackProblems() {
        final var failure = run(device("cli", Mode.IMMEDIATE, "rollback"), device("plain", Mode.STAGED, "apply"),
            device("confirm", Mode.STAGED_CONFIRMABLE, ""));
        assertEquals("plain", failure.orElseThrow().nodeId());
        for (String node : List.of("cli", "plain", "confirm")) {
            assertTrue(calls.contains(node + ":rollback"), calls.toString());
        }
        assertEquals(1, failure.orElseThrow().rollbackProblems().size(), failure.toString());
        assertTrue(failure.orElseThrow().rollbackProblems().get(0).describe().startsWith("cli: rollback failed"),
            failure.toString());
        assertTrue(calls.stream().noneMatch(c -> c.endsWith(":finish")), calls.toString());
    }

    /** Run with {@code record} as the commit's start record, which notes itself in the calls. */
    private CompletableFuture<Optional<CommitCoordinator.Failure>> runRecorded(
            final CompletableFuture<Void> record, final CommitCoordinator.Participant... participants) {
        return CommitCoordinator.run(List.of(participants), () -> {
            calls.add("record");
            return record;
        }, () -> CompletableFuture.completedFuture(Optional.empty()),
            () -> CompletableFuture.completedFuture(null)).toCompletableFuture();
    }

    @Test
    void theStartIsRecordedWhileDevicesStageAndNothingAppliesBeforeItIsKept() {
        final CompletableFuture<Void> record = new CompletableFuture<>();
        final var result = runRecorded(record, device("cli", Mode.IMMEDIATE, ""), device("plain", Mode.STAGED, ""),
            device("confirm", Mode.STAGED_CONFIRMABLE, ""));
        assertTrue(calls.containsAll(List.of("plain:stage", "confirm:stage", "record")), calls.toString());
        assertEquals(3, calls.size(), "no device goes further while the record is not kept: " + calls);
        assertFalse(result.isDone(), "the commit waits for its record");
        record.complete(null);
        assertTrue(result.join().isEmpty(), result.toString());
        assertTrue(indexOf("record") < indexOf("cli:stage"), calls.toString());
        assertTrue(calls.contains("plain:finish") && calls.contains("confirm:finish") && calls.contains("cli:finish"),
            calls.toString());
    }

    @Test
    void aStartThatCannotBeRecordedRollsBackTheStagedDevicesAndTouchesNoOther() {
        final var failure = runRecorded(CompletableFuture.failedFuture(OperationErrorsException.of(
            ErrorType.APPLICATION, ErrorTag.RESOURCE_DENIED, "database down")), device("cli", Mode.IMMEDIATE, ""),
            device("plain", Mode.STAGED, ""), device("confirm", Mode.STAGED_CONFIRMABLE, "")).join();
        assertTrue(failure.orElseThrow().ofController(), failure.toString());
        assertTrue(failure.orElseThrow().message().contains("could not record the commit: database down"),
            failure.toString());
        assertTrue(calls.contains("plain:rollback") && calls.contains("confirm:rollback"), calls.toString());
        assertTrue(calls.stream().noneMatch(c -> c.startsWith("cli:")), "the immediate device was never touched: "
            + calls);
        assertTrue(calls.stream().noneMatch(c -> c.endsWith(":apply") || c.endsWith(":finish")), calls.toString());
    }

    @Test
    void aFailedStageStillWaitsForTheRecordBeforeItAnswers() {
        final CompletableFuture<Void> record = new CompletableFuture<>();
        final var result = runRecorded(record, device("bad", Mode.STAGED, "stage"));
        assertFalse(result.isDone(), "the answer waits for the record, so that the commit's end comes after it");
        record.complete(null);
        assertEquals("bad", result.join().orElseThrow().nodeId());
        assertTrue(calls.contains("bad:rollback"), calls.toString());
    }
}
