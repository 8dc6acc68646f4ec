package io.sextant.uniconfig;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.eclipse.jdt.annotation.Nullable;

/**
 * Where a gated commit stands, as its answers report it.
 *
 * @param deadline when a commit awaiting confirmation is put back; null otherwise
 */
public record GateOutcome(String commitId, State state, @Nullable Instant deadline, List<CheckResult> checks) {

    /** The gate-state of module sextant-gate. */
    public enum State {
        CONFIRMED, AWAITING_CONFIRMATION, PUT_BACK;

        public String yangName() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** One check's result. */
    public record CheckResult(String name, String nodeId, boolean passed, int attempts, String detail) {
    }

    public GateOutcome {
        checks = List.copyOf(checks);
    }
}
