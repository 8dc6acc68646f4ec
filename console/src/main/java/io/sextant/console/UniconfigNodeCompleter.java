package io.sextant.console;

import io.sextant.uniconfig.UniconfigService;
import java.util.List;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.CommandLine;
import org.apache.karaf.shell.api.console.Completer;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.completers.StringsCompleter;

/** Completes the ids of the nodes of topology=uniconfig. */
@Service
public final class UniconfigNodeCompleter implements Completer {
    @Reference
    UniconfigService uniconfig;

    @Override
    public int complete(final Session session, final CommandLine commandLine, final List<String> candidates) {
        return new StringsCompleter(uniconfig.nodeIds().stream().sorted().toList())
            .complete(session, commandLine, candidates);
    }
}
