package io.sextant.console;

import io.sextant.uniconfig.OperationResult;
import io.sextant.uniconfig.UniconfigService;
import java.util.concurrent.CompletionStage;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.opendaylight.yangtools.yang.common.QName;

/** {@code sextant:snapshot-delete <name>}. */
@Service
@Command(scope = "sextant", name = "snapshot-delete", description = "Deletes a snapshot")
public final class SnapshotDeleteCommand extends UniconfigCommand {
    @Argument(index = 0, name = "name", description = "Snapshot name", required = true)
    @SuppressWarnings("NullAway.Init") // a required argument: Karaf\'s shell sets it before execute()
    String name;

    @Override
    QName rpc() {
        return snapshotManager("delete-snapshot");
    }

    @Override
    CompletionStage<OperationResult> run(final UniconfigService uniconfig, final ConsoleUser user) {
        return uniconfig.snapshots().deleteSnapshot(name);
    }
}
