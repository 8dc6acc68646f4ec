package io.sextant.console;

import io.sextant.uniconfig.GateOutcome;
import org.eclipse.jdt.annotation.Nullable;

/** The lines a gated commit's outcome adds to a command's report. */
final class GateReport {
    private GateReport() {
    }

    static String render(final @Nullable GateOutcome gate) {
        if (gate == null) {
            return "";
        }
        final StringBuilder out = new StringBuilder("Gate: ").append(gate.state().yangName()).append(", commit ")
            .append(gate.commitId());
        if (gate.deadline() != null) {
            out.append(", put back unless confirmed by ").append(gate.deadline())
                .append(" (sextant:confirm-commit ").append(gate.commitId()).append(')');
        }
        out.append('\n');
        for (GateOutcome.CheckResult check : gate.checks()) {
            out.append("  check ").append(check.name()).append(" on ").append(check.nodeId()).append(": ")
                .append(check.passed() ? "held" : "FAILED").append(" after ").append(check.attempts())
                .append(" read(s): ").append(check.detail()).append('\n');
        }
        return out.toString();
    }
}
