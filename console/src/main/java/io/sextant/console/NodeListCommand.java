package io.sextant.console;

import io.sextant.datastore.service.ControllerInfo;
import java.io.PrintStream;
import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.Session;

@Service
@Command(scope = "sextant", name = "node-list",
    description = "Lists every mounted node (NETCONF and CLI) with its protocol, address and connection status")
public final class NodeListCommand implements Action {
    @Reference
    ControllerInfo info;

    @Reference
    Session session;

    @Override
    public Object execute() {
        final PrintStream out = session.getConsole();
        out.print(MountedNodesReport.list(info.nodes()));
        out.flush();
        return null;
    }
}
