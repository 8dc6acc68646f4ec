package io.sextant.southbound.netconf;

import io.sextant.security.hostkeys.HostKeyPolicy;
import io.sextant.security.service.HostKeys;
import io.sextant.southbound.netconf.client.NodeConnector;
import io.sextant.southbound.netconf.client.NodeSettings;
import java.util.Map;
import java.util.Optional;

/** The NETCONF topology's nodes as accept-host-key sees them: their policy, whether connected. */
final class HostKeyNodes implements HostKeys.Nodes {
    private final Map<String, NodeConnector> connectors;
    private final NetconfDevices devices;

    /** @param connectors the topology's connectors by node id, read at each call */
    HostKeyNodes(final Map<String, NodeConnector> connectors, final NetconfDevices devices) {
        this.connectors = connectors;
        this.devices = devices;
    }

    @Override
    public Optional<HostKeyPolicy> policy(final String nodeId) {
        return Optional.ofNullable(connectors.get(nodeId)).map(NodeConnector::settings)
            .filter(settings -> !settings.tcpOnly()).map(NodeSettings::hostKeys);
    }

    @Override
    public boolean connected(final String nodeId) {
        return devices.status(nodeId).map(NodeStatus::isConnected).orElse(false);
    }

    @Override
    public void connectNow(final String nodeId) {
        final NodeConnector connector = connectors.get(nodeId);
        if (connector != null) {
            connector.connectNow();
        }
    }
}
