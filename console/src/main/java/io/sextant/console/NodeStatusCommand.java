package io.sextant.console;

import io.sextant.spi.ControllerInfo;
import io.sextant.security.service.AccessControl;
import io.sextant.southbound.netconf.NetconfDevices;
import java.io.PrintStream;
import java.util.Optional;
import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.CommandException;
import org.eclipse.jdt.annotation.Nullable;

@Service
@Command(scope = "sextant", name = "node-status",
    description = "Shows a mounted node's connection status and last error (for NETCONF also its capabilities)")
public final class NodeStatusCommand implements Action {
    @Reference
    ConsoleServices services;

    @Reference
    Session session;

    @Argument(name = "node", description = "Node id", required = true)
    @Completion(MountedNodeCompleter.class)
    @SuppressWarnings("NullAway.Init") // a required argument: Karaf\'s shell sets it before execute()
    String node;

    @Override
    public @Nullable Object execute() throws CommandException {
        final PrintStream out = session.getConsole();
        final NetconfDevices devices = services.netconf();
        final ControllerInfo info = services.info();
        final AccessControl control = services.control();
        if (devices == null || info == null || control == null) {
            return Starting.report(out, services);
        }
        final ConsoleUser user = ConsoleUser.current(control);
        // a node the user may not read is not mounted as far as the user can tell (as over RESTCONF)
        final Optional<String> shown = devices.status(node)
            .filter(status -> user.mayRead(TopologyNodes.path(TopologyNodes.NETCONF, node)))
            .map(NetconfNodesReport::status)
            .or(() -> user.readable(info.nodes().stream().filter(n -> n.nodeId().equals(node)).toList()).stream()
                .findFirst().map(MountedNodesReport::status));
        if (shown.isEmpty() && user.readable(info.nodes()).isEmpty()) {
            // refused like node-list when the user may read no node and not the topologies
            user.checkRead(ConsoleUser.TOPOLOGY, "the mounted nodes (network-topology)");
        }
        out.print(shown.orElse("No node " + node + " is mounted.\n"));
        out.flush();
        return null;
    }
}
