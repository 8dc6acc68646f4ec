package io.sextant.console;

import io.sextant.datastore.codec.JsonRenderer;
import io.sextant.spi.OperationErrorsException;
import io.sextant.uniconfig.HistoryService;
import io.sextant.uniconfig.NodeHistory;
import io.sextant.uniconfig.UniconfigService;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;

/** {@code sextant:history-read <node> <time|transaction-id>}. */
@Service
@Command(scope = "sextant", name = "history-read",
    description = "Shows a node's intended configuration as committed at a time (RFC 3339) or after a transaction")
public final class HistoryReadCommand extends RpcCommand {
    @Argument(index = 0, name = "node", description = "Node id", required = true)
    @Completion(UniconfigNodeCompleter.class)
    @SuppressWarnings("NullAway.Init") // a required argument: Karaf's shell sets it before execute()
    String node;

    @Argument(index = 1, name = "point", description = "A time (RFC 3339, as 2026-11-25T08:00:00Z) or a "
        + "transaction id", required = true)
    @SuppressWarnings("NullAway.Init") // a required argument: Karaf's shell sets it before execute()
    String point;

    @Override
    QName rpc() {
        return history("read-history");
    }

    @Override
    CompletionStage<Report> perform(final UniconfigService uniconfig, final ConsoleUser user) {
        try {
            final HistoryService history = uniconfig.history();
            final NodeHistory.Point found = history.point(node, HistoryService.parse(point));
            return CompletableFuture.completedFuture(new Report(true, List.of(node), node + " after transaction "
                + found.commitId() + " (" + found.time() + "):\n" + JsonRenderer.render(history.schemaOf(found),
                    YangInstanceIdentifier.of(), found.configuration()) + "\n"));
        } catch (OperationErrorsException e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
