package io.sextant.console;

import io.sextant.uniconfig.NodeResult;
import io.sextant.uniconfig.OperationResult;
import io.sextant.uniconfig.UniconfigService;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.eclipse.jdt.annotation.Nullable;

/** Base of the UniConfig commands: an operation over nodes, printed per node with {@link UniconfigReport}. */
abstract class UniconfigCommand extends RpcCommand {

    abstract CompletionStage<OperationResult> run(UniconfigService service, ConsoleUser user);

    /** What the command prints after the operation's report (nothing by default). */
    String afterReport() {
        return "";
    }

    @Override
    final CompletionStage<Report> perform(final UniconfigService uniconfig, final ConsoleUser user) {
        return run(uniconfig, user).thenApply(result -> new Report(result.ok(), result.nodes().stream()
            .map(NodeResult::nodeId).toList(), UniconfigReport.render(result, id -> uniconfig.schemaOf(id)
                .orElse(null)) + afterReport()));
    }

    static List<String> orEmpty(final @Nullable List<String> nodes) {
        return nodes == null ? List.of() : nodes;
    }
}
