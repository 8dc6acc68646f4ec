package io.sextant.console;

import io.sextant.security.service.AccessControl;
import io.sextant.uniconfig.UniconfigService;
import java.util.List;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.CommandLine;
import org.apache.karaf.shell.api.console.Completer;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.completers.StringsCompleter;

/** Completes the ids of the nodes of topology=uniconfig that the console's user may read (NACM). */
@Service
public final class UniconfigNodeCompleter implements Completer {
    @Reference
    ConsoleServices services;

    @Override
    public int complete(final Session session, final CommandLine commandLine, final List<String> candidates) {
        final UniconfigService uniconfig = services.uniconfig();
        final AccessControl control = services.control();
        if (uniconfig == null || control == null) {
            return -1;
        }
        final ConsoleUser user = ConsoleUser.current(control);
        return new StringsCompleter(uniconfig.nodeIds().stream()
            .filter(nodeId -> user.mayRead(TopologyNodes.path(TopologyNodes.UNICONFIG, nodeId))).sorted().toList())
            .complete(session, commandLine, candidates);
    }
}
