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

/** {@code sextant:snapshot-restore <name> [node...]}. */
@Service
@Command(scope = "sextant", name = "snapshot-restore",
    description = "Makes a snapshot the intended configuration again (commit to apply it)")
public final class SnapshotRestoreCommand extends UniconfigCommand {
    @Argument(index = 0, name = "name", description = "Snapshot name", required = true)
    @SuppressWarnings("NullAway.Init") // a required argument: Karaf\'s shell sets it before execute()
    String name;

    @Argument(index = 1, name = "nodes", description = "Node ids (default: every node)", multiValued = true)
    @Completion(UniconfigNodeCompleter.class)
    @Nullable List<String> nodes;

    @Override
    QName rpc() {
        return snapshotManager("replace-config-with-snapshot");
    }

    @Override
    CompletionStage<OperationResult> run(final UniconfigService uniconfig, final ConsoleUser user) {
        return uniconfig.snapshots().replaceConfigWithSnapshot(name, orEmpty(nodes), user.context(), user.intentAccess());
    }
}
