package io.sextant.console;

import io.sextant.uniconfig.GateOutcome;
import io.sextant.uniconfig.OperationResult;
import io.sextant.uniconfig.UniconfigService;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.karaf.shell.api.action.Argument;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;

/** Base of {@code sextant:confirm-commit} and {@code sextant:cancel-commit}: a decision on a waiting gated commit. */
abstract class GateDecisionCommand extends UniconfigCommand {
    @Argument(index = 0, name = "commit-id", description = "The gated commit's id (its answer's gate commit-id)",
        required = true)
    @SuppressWarnings("NullAway.Init") // a required argument: Karaf's shell sets it before execute()
    String commitId;

    private final AtomicReference<@Nullable GateOutcome> gate = new AtomicReference<>();

    /** Whether the command confirms (true) or cancels the commit. */
    abstract boolean confirm();

    @Override
    QName rpc() {
        return gate(confirm() ? "confirm-commit" : "cancel-commit");
    }

    @Override
    CompletionStage<OperationResult> run(final UniconfigService uniconfig, final ConsoleUser user) {
        return uniconfig.commits().decide(commitId, confirm(), user.context(), user.intentAccess()).thenApply(result -> {
            gate.set(result.gate());
            return result.result();
        });
    }

    @Override
    String afterReport() {
        return GateReport.render(gate.get());
    }
}
