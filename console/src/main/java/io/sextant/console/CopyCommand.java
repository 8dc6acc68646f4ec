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
import org.opendaylight.yangtools.yang.common.QName;

/** {@code sextant:copy [-r] <source-node> <path> <target-node>...}: copy-one-to-many. */
@Service
@Command(scope = "sextant", name = "copy",
    description = "Copies a subtree of one node's intended configuration to other nodes (commit to apply it)")
public final class CopyCommand extends UniconfigCommand {
    @Option(name = "-r", aliases = "--replace", description = "Replace what each target has there (default: merge)")
    boolean replace;

    @Argument(index = 0, name = "source", description = "Node to copy from", required = true)
    @Completion(UniconfigNodeCompleter.class)
    @SuppressWarnings("NullAway.Init") // a required argument: Karaf's shell sets it before execute()
    String source;

    @Argument(index = 1, name = "path", description = "api-path inside the configuration, for example "
        + "openconfig-interfaces:interfaces/interface=eth1", required = true)
    @SuppressWarnings("NullAway.Init") // a required argument: Karaf's shell sets it before execute()
    String path;

    @Argument(index = 2, name = "targets", description = "Nodes to copy to", required = true, multiValued = true)
    @Completion(UniconfigNodeCompleter.class)
    @SuppressWarnings("NullAway.Init") // a required argument: Karaf's shell sets it before execute()
    List<String> targets;

    @Override
    QName rpc() {
        return uniconfigManager("copy-one-to-many");
    }

    @Override
    CompletionStage<OperationResult> run(final UniconfigService uniconfig, final ConsoleUser user) {
        return uniconfig.copies().copy(source, path, replace, targets, user.context(), user.intentAccess());
    }
}
