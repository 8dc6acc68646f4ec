package io.sextant.southbound.netconf;

import io.sextant.security.hostkeys.HostKeyPolicy;
import io.sextant.security.service.HostKeys;
import io.sextant.southbound.netconf.client.NodeConnector;
import io.sextant.southbound.netconf.client.NodeSettings;
import java.util.Optional;
import java.util.function.Function;
import org.eclipse.jdt.annotation.Nullable;

/** The NETCONF topology's nodes as accept-host-key sees them: their policy, whether connected. */
final class HostKeyNodes implements HostKeys.Nodes {
    private final Function<String, @Nullable NodeConnector> connectors;
    private final NetconfDevices devices;

    /** @param connectors the topology's connector of a node id, if it is mounted */
    HostKeyNodes(final Function<String, @Nullable NodeConnector> connectors, final NetconfDevices devices) {
        this.connectors = connectors;
        this.devices = devices;
    }

    @Override
    public Optional<HostKeyPolicy> policy(final String nodeId) {
        return Optional.ofNullable(connectors.apply(nodeId)).map(NodeConnector::settings)
            .filter(settings -> !settings.tcpOnly()).map(NodeSettings::hostKeys);
    }

    @Override
    public boolean connected(final String nodeId) {
        return devices.status(nodeId).map(NodeStatus::isConnected).orElse(false);
    }

    @Override
    public void connectNow(final String nodeId) {
        final NodeConnector connector = connectors.apply(nodeId);
        if (connector != null) {
            connector.connectNow();
        }
    }
}
