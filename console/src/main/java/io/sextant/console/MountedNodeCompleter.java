package io.sextant.console;

import io.sextant.security.service.AccessControl;
import io.sextant.spi.ControllerInfo;
import io.sextant.spi.MountedNode;
import java.util.List;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.CommandLine;
import org.apache.karaf.shell.api.console.Completer;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.completers.StringsCompleter;

/** Completes the ids of mounted nodes of every protocol that the console's user may read (NACM). */
@Service
public final class MountedNodeCompleter implements Completer {
    @Reference
    ConsoleServices services;

    @Override
    public int complete(final Session session, final CommandLine commandLine, final List<String> candidates) {
        final ControllerInfo info = services.info();
        final AccessControl control = services.control();
        if (info == null || control == null) {
            return -1;
        }
        return new StringsCompleter(ConsoleUser.current(control).readable(info.nodes()).stream()
            .map(MountedNode::nodeId).distinct().toList())
            .complete(session, commandLine, candidates);
    }
}
