package io.sextant.console;

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;

/** {@code sextant:confirm-commit <commit-id>}. */
@Service
@Command(scope = "sextant", name = "confirm-commit",
    description = "Keeps a gated commit that waits for confirmation on every device")
public final class ConfirmCommitCommand extends GateDecisionCommand {
    @Override
    boolean confirm() {
        return true;
    }
}
