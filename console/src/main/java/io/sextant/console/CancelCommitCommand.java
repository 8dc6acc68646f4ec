package io.sextant.console;

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;

/** {@code sextant:cancel-commit <commit-id>}. */
@Service
@Command(scope = "sextant", name = "cancel-commit",
    description = "Puts every device of a gated commit that waits for confirmation back now")
public final class CancelCommitCommand extends GateDecisionCommand {
    @Override
    boolean confirm() {
        return false;
    }
}
