package io.sextant.southbound.cli.topology;

import io.sextant.model.ControllerSchema;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;

/** Names and paths of {@code topology=topology-cli} (network-topology with cli-topology's augment). */
public final class CliTopologyModel {
    public static final String TOPOLOGY_ID = "topology-cli";

    public static final QName NETWORK_TOPOLOGY = nt("network-topology");
    public static final QName TOPOLOGY = nt("topology");
    public static final QName TOPOLOGY_ID_LEAF = nt("topology-id");
    public static final QName NODE = nt("node");
    public static final QName NODE_ID = nt("node-id");

    public static final QName HOST = cli("host");
    public static final QName PORT = cli("port");
    public static final QName TRANSPORT = cli("transport");
    public static final QName DEVICE_TYPE = cli("device-type");
    public static final QName DEVICE_VERSION = cli("device-version");
    public static final QName USERNAME = cli("username");
    public static final QName PASSWORD = cli("password");
    public static final QName KEEPALIVE_DELAY = cli("keepalive-delay");
    public static final QName COMMAND_TIMEOUT_MILLIS = cli("command-timeout-millis");
    public static final QName MAX_CONNECTION_ATTEMPTS = cli("max-connection-attempts");
    public static final QName BETWEEN_ATTEMPTS_TIMEOUT_MILLIS = cli("between-attempts-timeout-millis");
    public static final QName CONNECTION_STATUS = cli("connection-status");
    public static final QName CONNECTED_MESSAGE = cli("connected-message");
    public static final QName TRANSLATION_UNIT = cli("translation-unit");

    private CliTopologyModel() {
    }

    /** {@code network-topology/topology=topology-cli} */
    public static YangInstanceIdentifier topologyPath() {
        return YangInstanceIdentifier.of(new NodeIdentifier(NETWORK_TOPOLOGY), new NodeIdentifier(TOPOLOGY),
            NodeIdentifierWithPredicates.of(TOPOLOGY, TOPOLOGY_ID_LEAF, TOPOLOGY_ID));
    }

    /** The {@code node} list of topology-cli. */
    public static YangInstanceIdentifier nodesPath() {
        return topologyPath().node(new NodeIdentifier(NODE));
    }

    /** {@code network-topology/topology=topology-cli/node=<nodeId>} */
    public static YangInstanceIdentifier nodePath(final String nodeId) {
        return nodesPath().node(nodeKey(nodeId));
    }

    public static NodeIdentifierWithPredicates nodeKey(final String nodeId) {
        return NodeIdentifierWithPredicates.of(NODE, NODE_ID, nodeId);
    }

    private static QName nt(final String name) {
        return QName.create(ControllerSchema.NETWORK_TOPOLOGY, name);
    }

    private static QName cli(final String name) {
        return QName.create(ControllerSchema.CLI_TOPOLOGY, name);
    }
}
