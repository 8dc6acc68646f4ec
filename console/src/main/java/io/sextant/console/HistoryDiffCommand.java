package io.sextant.console;

import io.sextant.spi.OperationErrorsException;
import io.sextant.uniconfig.HistoryService;
import io.sextant.uniconfig.NodeResult;
import io.sextant.uniconfig.OperationResult;
import io.sextant.uniconfig.UniconfigService;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/** {@code sextant:history-diff <node> <from> <to>}. */
@Service
@Command(scope = "sextant", name = "history-diff",
    description = "Shows the changes between two points of a node's history (each a time or a transaction id)")
public final class HistoryDiffCommand extends RpcCommand {
    @Argument(index = 0, name = "node", description = "Node id", required = true)
    @Completion(UniconfigNodeCompleter.class)
    @SuppressWarnings("NullAway.Init") // a required argument: Karaf's shell sets it before execute()
    String node;

    @Argument(index = 1, name = "from", description = "A time (RFC 3339) or a transaction id", required = true)
    @SuppressWarnings("NullAway.Init") // a required argument: Karaf's shell sets it before execute()
    String from;

    @Argument(index = 2, name = "to", description = "A time (RFC 3339) or a transaction id", required = true)
    @SuppressWarnings("NullAway.Init") // a required argument: Karaf's shell sets it before execute()
    String to;

    @Override
    QName rpc() {
        return history("compare-history");
    }

    @Override
    CompletionStage<Report> perform(final UniconfigService uniconfig, final ConsoleUser user) {
        try {
            final HistoryService history = uniconfig.history();
            final HistoryService.Comparison comparison = history.compare(node, HistoryService.parse(from),
                HistoryService.parse(to));
            final EffectiveModelContext schema = history.schemaOf(comparison.to());
            final String text = node + " from transaction " + comparison.from().commitId() + " ("
                + comparison.from().time() + ") to transaction " + comparison.to().commitId() + " ("
                + comparison.to().time() + "):\n" + UniconfigReport.render(OperationResult.of(List.of(
                    NodeResult.ok(node).withDiff(comparison.diff()))), id -> schema);
            return CompletableFuture.completedFuture(new Report(true, List.of(node), text));
        } catch (OperationErrorsException e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
