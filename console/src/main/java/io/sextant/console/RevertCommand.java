package io.sextant.console;

import io.sextant.uniconfig.OperationResult;
import io.sextant.uniconfig.UniconfigService;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.opendaylight.yangtools.yang.common.QName;

/** {@code sextant:revert [--ignore-non-matching] <transaction-id>...}. */
@Service
@Command(scope = "sextant", name = "revert",
    description = "Takes back the changes of transaction-log entries in the intended configuration (commit to apply)")
public final class RevertCommand extends UniconfigCommand {
    @Option(name = "--ignore-non-matching", aliases = "-i",
        description = "Leave what later changes touched as it is instead of refusing the revert")
    boolean ignoreNonMatching;

    @Argument(index = 0, name = "transactions", description = "Transaction ids of uniconfig-manager:transaction-log",
        required = true, multiValued = true)
    @SuppressWarnings("NullAway.Init") // a required argument: Karaf's shell sets it before execute()
    List<String> transactions;

    private volatile Map<String, List<String>> skipped = Map.of();

    @Override
    QName rpc() {
        return history("revert-changes");
    }

    @Override
    CompletionStage<OperationResult> run(final UniconfigService uniconfig, final ConsoleUser user) {
        return uniconfig.reverts().revert(transactions, ignoreNonMatching, List.of(), user.context(),
            user.intentAccess()).thenApply(reverted -> {
                skipped = reverted.skipped();
                return reverted.result();
            });
    }

    @Override
    String afterReport() {
        final StringBuilder out = new StringBuilder();
        skipped.forEach((node, paths) -> paths.forEach(path -> out.append("Skipped on ").append(node).append(": ")
            .append(path).append('\n')));
        return out.toString();
    }
}
