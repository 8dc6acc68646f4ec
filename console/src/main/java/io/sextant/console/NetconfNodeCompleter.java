package io.sextant.console;

import io.sextant.southbound.netconf.NetconfDevices;
import java.util.List;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.CommandLine;
import org.apache.karaf.shell.api.console.Completer;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.completers.StringsCompleter;

/** Completes the ids of mounted NETCONF nodes. */
@Service
public final class NetconfNodeCompleter implements Completer {
    @Reference
    NetconfDevices devices;

    @Override
    public int complete(final Session session, final CommandLine commandLine, final List<String> candidates) {
        return new StringsCompleter(devices.nodeIds().stream().sorted().toList())
            .complete(session, commandLine, candidates);
    }
}
