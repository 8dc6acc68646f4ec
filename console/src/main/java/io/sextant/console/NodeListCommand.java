package io.sextant.console;

import io.sextant.spi.ControllerInfo;
import io.sextant.security.service.AccessControl;
import java.io.PrintStream;
import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.CommandException;
import org.eclipse.jdt.annotation.Nullable;

@Service
@Command(scope = "sextant", name = "node-list",
    description = "Lists every mounted node (NETCONF and CLI) with its protocol, address and connection status")
public final class NodeListCommand implements Action {
    @Reference
    ConsoleServices services;

    @Reference
    Session session;

    @Override
    public @Nullable Object execute() throws CommandException {
        final PrintStream out = session.getConsole();
        final ControllerInfo info = services.info();
        final AccessControl control = services.control();
        if (info == null || control == null) {
            return Starting.report(out, services);
        }
        ConsoleUser.current(control).checkRead(ConsoleUser.TOPOLOGY, "the mounted nodes (network-topology)");
        out.print(MountedNodesReport.list(info.nodes()));
        out.flush();
        return null;
    }
}
