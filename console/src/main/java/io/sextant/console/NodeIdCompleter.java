package io.sextant.console;

import io.sextant.datastore.ControllerStores;
import io.sextant.security.service.AccessControl;
import java.util.List;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.CommandLine;
import org.apache.karaf.shell.api.console.Completer;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.completers.StringsCompleter;

/**
 * Completes node ids from every topology of the configuration datastore, those the console's
 * user may read (NACM). Commands that take a
 * node id use it as
 * {@code @Argument(name = "node-id") @Completion(NodeIdCompleter.class) String nodeId;}.
 */
@Service
public final class NodeIdCompleter implements Completer {
    @Reference
    ConsoleServices services;

    @Override
    public int complete(final Session session, final CommandLine commandLine, final List<String> candidates) {
        final ControllerStores datastores = services.datastores();
        final AccessControl control = services.control();
        if (datastores == null || control == null) {
            return -1;
        }
        final ConsoleUser user = ConsoleUser.current(control);
        return new StringsCompleter(TopologyNodes.nodeIds(datastores.config().snapshot(), user::mayRead))
            .complete(session, commandLine, candidates);
    }
}
