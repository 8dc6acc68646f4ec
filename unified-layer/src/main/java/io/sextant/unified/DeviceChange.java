package io.sextant.unified;

import java.util.concurrent.CompletionStage;

/**
 * One device's part of a commit, driven by the UniConfig layer in phases so that a commit
 * across many devices lands on all of them or on none:
 *
 * <ol>
 *   <li>{@link #stage()} on every device that can hold a change without applying it
 *       ({@link Mode#STAGED}, {@link Mode#STAGED_CONFIRMABLE}), then on the others
 *       ({@link Mode#IMMEDIATE} apply the change right away);</li>
 *   <li>{@link #apply()}: confirmable devices first (their change can still be taken back),
 *       then staged ones;</li>
 *   <li>{@link #finish()} once every device has applied: confirm, unlock.</li>
 * </ol>
 *
 * If any step fails anywhere, {@link #rollback()} is called on every device that started:
 * it undoes whatever this change did (discard the staged change, cancel the confirmed commit,
 * or send the reverse of what was applied) and releases locks.
 */
public interface DeviceChange {

    /** How this device takes part in an atomic commit. */
    enum Mode {
        /** Can stage (candidate) and make the applied change revocable (confirmed commit). */
        STAGED_CONFIRMABLE,
        /** Can stage (candidate); once applied, only reverse edits take it back. */
        STAGED,
        /** Applies each change at once (writable-running, CLI); reverse edits take it back. */
        IMMEDIATE
    }

    Mode mode();

    /** Exactly what would be sent to the device (an edit-config RPC, or CLI lines), for dry-run. */
    String payload();

    /** Whether the change does nothing on this device. */
    boolean isEmpty();

    CompletionStage<Void> stage();

    CompletionStage<Void> apply();

    CompletionStage<Void> finish();

    CompletionStage<Void> rollback();
}
