package io.sextant.console;

import io.sextant.spi.ControllerInfo;
import io.sextant.spi.MountedNode;
import io.sextant.security.service.AccessControl;
import java.io.PrintStream;
import java.util.List;
import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.CommandException;
import org.eclipse.jdt.annotation.Nullable;

@Service
@Command(scope = "sextant", name = "node-list",
    description = "Lists every mounted node (NETCONF and CLI) the user may read, with its protocol, address and connection"
        + " status")
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
        final ConsoleUser user = ConsoleUser.current(control);
        final List<MountedNode> nodes = user.readable(info.nodes());
        if (nodes.isEmpty()) {
            // nothing to show: refused like RESTCONF when the user may not read the topologies at all
            user.checkRead(ConsoleUser.TOPOLOGY, "the mounted nodes (network-topology)");
        }
        out.print(MountedNodesReport.list(nodes));
        out.flush();
        return null;
    }
}
