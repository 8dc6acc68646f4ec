package io.sextant.console;

import io.sextant.persistence.HistoryMark;
import io.sextant.spi.OperationErrorsException;
import io.sextant.uniconfig.UniconfigService;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.opendaylight.yangtools.yang.common.QName;

/** {@code sextant:history <node>}: the kept points of a node's history. */
@Service
@Command(scope = "sextant", name = "history",
    description = "Lists the kept points of a node's history (one per commit that changed it), oldest first")
public final class HistoryCommand extends RpcCommand {
    @Argument(index = 0, name = "node", description = "Node id", required = true)
    @Completion(UniconfigNodeCompleter.class)
    @SuppressWarnings("NullAway.Init") // a required argument: Karaf's shell sets it before execute()
    String node;

    @Override
    QName rpc() {
        return history("list-history");
    }

    @Override
    CompletionStage<Report> perform(final UniconfigService uniconfig, final ConsoleUser user) {
        try {
            return CompletableFuture.completedFuture(new Report(true, List.of(node), render(node,
                uniconfig.history().marks(node))));
        } catch (OperationErrorsException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    static String render(final String node, final List<HistoryMark> marks) {
        if (marks.isEmpty()) {
            return "No kept history of " + node + " (it starts at the node's first commit)\n";
        }
        final StringBuilder out = new StringBuilder();
        for (HistoryMark mark : marks) {
            out.append(mark.committedAt()).append("  ").append(mark.commitId())
                .append(mark.fullCopy() ? "  (full copy)" : "").append('\n');
        }
        return out.toString();
    }
}
