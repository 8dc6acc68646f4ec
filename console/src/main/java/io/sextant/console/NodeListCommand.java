package io.sextant.console;

import io.sextant.southbound.netconf.NetconfDevices;
import java.io.PrintStream;
import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.Session;

@Service
@Command(scope = "sextant", name = "node-list", description = "Lists the mounted NETCONF nodes and their connection status")
public final class NodeListCommand implements Action {
    @Reference
    NetconfDevices devices;

    @Reference
    Session session;

    @Override
    public Object execute() {
        final PrintStream out = session.getConsole();
        out.print(NetconfNodesReport.list(devices.nodeIds().stream().flatMap(id -> devices.status(id).stream())
            .toList()));
        out.flush();
        return null;
    }
}
