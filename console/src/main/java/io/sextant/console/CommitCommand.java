package io.sextant.console;

import io.sextant.uniconfig.OperationResult;
import io.sextant.uniconfig.UniconfigService;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;

/** {@code sextant:commit [--checked] [node...]}. */
@Service
@Command(scope = "sextant", name = "commit",
    description = "Commits the intended configuration to the devices: all of them change, or none does")
public final class CommitCommand extends UniconfigCommand {
    @Option(name = "--checked", description = "Refuse when a device changed outside the controller since the last sync")
    boolean checked;

    @Argument(name = "nodes", description = "Node ids (default: every node with changes)", multiValued = true)
    @Completion(UniconfigNodeCompleter.class)
    @Nullable List<String> nodes;

    @Override
    QName rpc() {
        return checked ? uniconfigManager("checked-commit") : uniconfigManager("commit");
    }

    @Override
    CompletionStage<OperationResult> run(final UniconfigService uniconfig, final ConsoleUser user) {
        return checked ? uniconfig.commits().checkedCommit(orEmpty(nodes), user.context())
            : uniconfig.commits().commit(orEmpty(nodes), user.context());
    }
}
