package io.sextant.console;

import io.sextant.uniconfig.OperationResult;
import io.sextant.uniconfig.UniconfigService;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;

/** {@code sextant:sync [node...]}. */
@Service
@Command(scope = "sextant", name = "sync",
    description = "Reads the devices' configuration into the actual configuration (sync-from-network)")
public final class SyncCommand extends UniconfigCommand {
    @Argument(name = "nodes", description = "Node ids (default: every node with changes)", multiValued = true)
    @Completion(UniconfigNodeCompleter.class)
    @Nullable List<String> nodes;

    @Override
    QName rpc() {
        return uniconfigManager("sync-from-network");
    }

    @Override
    CompletionStage<OperationResult> run(final UniconfigService uniconfig, final ConsoleUser user) {
        return uniconfig.syncs().syncFromNetwork(orEmpty(nodes), user.context());
    }
}
