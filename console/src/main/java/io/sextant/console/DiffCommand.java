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

/** {@code sextant:diff [node...]}. */
@Service
@Command(scope = "sextant", name = "diff",
    description = "Shows what a commit would change, per node (intended versus actual)")
public final class DiffCommand extends UniconfigCommand {
    @Argument(name = "nodes", description = "Node ids (default: every node with changes)", multiValued = true)
    @Completion(UniconfigNodeCompleter.class)
    @Nullable List<String> nodes;

    @Override
    QName rpc() {
        return uniconfigManager("calculate-diff");
    }

    @Override
    CompletionStage<OperationResult> run(final UniconfigService uniconfig, final ConsoleUser user) {
        return uniconfig.diffs().calculateDiff(orEmpty(nodes), user.context());
    }
}
