package io.sextant.southbound.netconf.topology;

import io.sextant.model.ControllerSchema;
import io.sextant.security.hostkeys.HostKeyLeaves;
import io.sextant.security.hostkeys.HostKeyPolicy;
import io.sextant.southbound.netconf.NodeStatus;
import io.sextant.southbound.netconf.UnavailableCapability;
import io.sextant.southbound.netconf.client.NodeSettings;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.opendaylight.yangtools.yang.common.Decimal64;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.ChoiceNode;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/**
 * The topology-netconf part of the controller's datastore: paths, QNames of
 * netconf-node-topology (OpenDaylight's names), reading a node's connection leaves into
 * {@link NodeSettings} and writing a {@link NodeStatus} as the node's operational entry.
 */
public final class TopologyModel {
    public static final String TOPOLOGY_NETCONF = "topology-netconf";
    public static final String TOPOLOGY_CLI = "topology-cli";

    public static final QName NETWORK_TOPOLOGY = QName.create(ControllerSchema.NETWORK_TOPOLOGY, "network-topology");
    public static final QName TOPOLOGY = QName.create(NETWORK_TOPOLOGY, "topology");
    public static final QName TOPOLOGY_ID = QName.create(NETWORK_TOPOLOGY, "topology-id");
    public static final QName TOPOLOGY_TYPES = QName.create(NETWORK_TOPOLOGY, "topology-types");
    public static final QName NODE = QName.create(NETWORK_TOPOLOGY, "node");
    public static final QName NODE_ID = QName.create(NETWORK_TOPOLOGY, "node-id");

    static final QName HOST = nettop("host");
    static final QName PORT = nettop("port");
    static final QName TCP_ONLY = nettop("tcp-only");
    static final QName CREDENTIALS = nettop("credentials");
    static final QName LOGIN_PASSWORD_UNENCRYPTED = nettop("login-password-unencrypted");
    static final QName USERNAME = nettop("username");
    static final QName PASSWORD = nettop("password");
    static final QName KEEPALIVE_DELAY = nettop("keepalive-delay");
    static final QName CONNECTION_TIMEOUT = nettop("connection-timeout-millis");
    static final QName REQUEST_TIMEOUT = nettop("default-request-timeout-millis");
    static final QName MAX_ATTEMPTS = nettop("max-connection-attempts");
    static final QName BETWEEN_ATTEMPTS = nettop("between-attempts-timeout-millis");
    static final QName SLEEP_FACTOR = nettop("sleep-factor");
    static final QName MAX_BETWEEN_ATTEMPTS = nettop("max-timeout-between-attempts-millis");

    static final QName CONNECTION_STATUS = nettop("connection-status");
    static final QName AVAILABLE_CAPABILITIES = nettop("available-capabilities");
    static final QName AVAILABLE_CAPABILITY = nettop("available-capability");
    static final QName UNAVAILABLE_CAPABILITIES = nettop("unavailable-capabilities");
    static final QName UNAVAILABLE_CAPABILITY = nettop("unavailable-capability");
    static final QName CAPABILITY = nettop("capability");
    static final QName CAPABILITY_ORIGIN = nettop("capability-origin");
    static final QName FAILURE_REASON = nettop("failure-reason");
    static final QName DETAIL = nettop("detail");
    static final QName CONNECTED_MESSAGE = nettop("connected-message");
    static final QName SESSION_ID = nettop("session-id");
    static final QName SCHEMA_CONTEXT_ID = nettop("schema-context-id");
    static final QName TOPOLOGY_NETCONF_TYPE = nettop("topology-netconf");

    /** {@code /network-topology/topology=topology-netconf}. */
    public static final YangInstanceIdentifier NETCONF_TOPOLOGY = topology(TOPOLOGY_NETCONF);

    /** Status containers shared by every node with the same capability set (thousands of identical CPEs). */
    private static final Map<Set<String>, ContainerNode> AVAILABLE = new ConcurrentHashMap<>();

    private TopologyModel() {
    }

    private static QName nettop(final String name) {
        return QName.create(ControllerSchema.NETCONF_NODE_TOPOLOGY, name).intern();
    }

    public static YangInstanceIdentifier topology(final String topologyId) {
        return YangInstanceIdentifier.builder().node(NETWORK_TOPOLOGY).node(TOPOLOGY)
            .nodeWithKey(TOPOLOGY, TOPOLOGY_ID, topologyId).build();
    }

    /** {@code /network-topology/topology=<topology>/node=<id>}. */
    public static YangInstanceIdentifier node(final String topologyId, final String nodeId) {
        return topology(topologyId).node(NODE).node(nodeKey(nodeId));
    }

    public static NodeIdentifierWithPredicates nodeKey(final String nodeId) {
        return NodeIdentifierWithPredicates.of(NODE, NODE_ID, nodeId);
    }

    /** The node id when {@code path} is exactly a topology-netconf node. */
    public static Optional<String> netconfNodeId(final YangInstanceIdentifier path) {
        final List<PathArgument> args = path.getPathArguments();
        if (args.size() != 5 || !path.getAncestor(3).equals(NETCONF_TOPOLOGY)
                || !(args.get(4) instanceof NodeIdentifierWithPredicates node) || !NODE.equals(node.getNodeType())) {
            return Optional.empty();
        }
        return Optional.ofNullable(node.getValue(NODE_ID)).map(Object::toString);
    }

    /** The node id of a topology-netconf node when {@code path} is that node or a path below it. */
    public static Optional<String> netconfNodeIdAtOrBelow(final YangInstanceIdentifier path) {
        return path.getPathArguments().size() < 5 ? Optional.empty()
            : netconfNodeId(path.getAncestor(5));
    }

    /** The node id of a node list entry. */
    public static String nodeId(final MapEntryNode node) {
        return String.valueOf(node.name().getValue(NODE_ID));
    }

    /** A connection leaf, or a problem with a mount request. */
    public static final class InvalidNodeException extends Exception {
        private static final long serialVersionUID = 1L;

        private final transient QName leaf;
        private final String reason;

        InvalidNodeException(final QName leaf, final String message) {
            super(message);
            this.leaf = leaf;
            this.reason = message;
        }

        public QName leaf() {
            return leaf;
        }

        /** What is wrong, in user terms: every InvalidNodeException says. */
        @Override
        public String getMessage() {
            return reason;
        }
    }

    /**
     * The connection settings of a configured node, with netconf-node-topology's defaults.
     *
     * @throws InvalidNodeException when host, port, or (for SSH) the login is missing
     */
    public static NodeSettings settings(final MapEntryNode node) throws InvalidNodeException {
        final String host = leaf(node, HOST).map(Object::toString).filter(h -> !h.isBlank())
            .orElseThrow(() -> new InvalidNodeException(HOST, "A NETCONF node needs netconf-node-topology:host"));
        final int port = leaf(node, PORT).map(p -> ((Uint16) p).intValue())
            .orElseThrow(() -> new InvalidNodeException(PORT, "A NETCONF node needs netconf-node-topology:port"));
        final boolean tcpOnly = leaf(node, TCP_ONLY).map(Boolean.class::cast).orElse(false);
        final NodeSettings.Credentials credentials = login(node).orElse(null);
        if (!tcpOnly && credentials == null) {
            throw new InvalidNodeException(LOGIN_PASSWORD_UNENCRYPTED, "A NETCONF node over SSH needs "
                + "netconf-node-topology:login-password-unencrypted with username and password");
        }
        return new NodeSettings(host, port, tcpOnly, credentials,
            Duration.ofSeconds(uint(node, KEEPALIVE_DELAY, 120)),
            Duration.ofMillis(uint(node, CONNECTION_TIMEOUT, 20_000)),
            Duration.ofMillis(uint(node, REQUEST_TIMEOUT, 60_000)),
            uint(node, MAX_ATTEMPTS, 0),
            Duration.ofMillis(uint(node, BETWEEN_ATTEMPTS, 2000)),
            leaf(node, SLEEP_FACTOR).map(v -> ((Decimal64) v).doubleValue()).orElse(1.5),
            Duration.ofMillis(uint(node, MAX_BETWEEN_ATTEMPTS, 60_000)),
            hostKeyPolicy(node));
    }

    private static HostKeyPolicy hostKeyPolicy(final MapEntryNode node) throws InvalidNodeException {
        try {
            return HostKeyLeaves.policy(node, ControllerSchema.NETCONF_NODE_TOPOLOGY);
        } catch (HostKeyLeaves.InvalidHostKeyException e) {
            throw new InvalidNodeException(e.leaf(),
                Objects.requireNonNullElse(e.getMessage(), "Invalid host-key settings"));
        }
    }

    private static Optional<NodeSettings.Credentials> login(final MapEntryNode node) {
        if (!(node.childByArg(new NodeIdentifier(CREDENTIALS)) instanceof ChoiceNode choice)
                || !(choice.childByArg(new NodeIdentifier(LOGIN_PASSWORD_UNENCRYPTED)) instanceof ContainerNode login)) {
            return Optional.empty();
        }
        final Optional<Object> username = leaf(login, USERNAME);
        final Optional<Object> password = leaf(login, PASSWORD);
        if (username.isEmpty() || password.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new NodeSettings.Credentials(username.get().toString(), password.get().toString()));
    }

    private static long uint(final DataContainerNode node, final QName name, final long defaultValue) {
        return leaf(node, name).map(v -> ((Number) v).longValue()).orElse(defaultValue);
    }

    private static Optional<Object> leaf(final DataContainerNode node, final QName name) {
        return node.childByArg(new NodeIdentifier(name)) instanceof LeafNode<?> leaf ? Optional.of(leaf.body())
            : Optional.empty();
    }

    /** The node's entry in the operational datastore. */
    public static MapEntryNode statusNode(final NodeStatus status, final NodeSettings settings) {
        final var builder = ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(nodeKey(status.nodeId()))
            .withChild(ImmutableNodes.leafNode(NODE_ID, status.nodeId()))
            .withChild(ImmutableNodes.leafNode(HOST, settings.host()))
            .withChild(ImmutableNodes.leafNode(PORT, Uint16.valueOf(settings.port())))
            .withChild(ImmutableNodes.leafNode(TCP_ONLY, settings.tcpOnly()))
            .withChild(ImmutableNodes.leafNode(CONNECTION_STATUS, status.status().yangName()));
        final String message = status.connectedMessage();
        if (message != null) {
            builder.withChild(ImmutableNodes.leafNode(CONNECTED_MESSAGE, message));
        }
        final Long sessionId = status.sessionId();
        if (sessionId != null) {
            builder.withChild(ImmutableNodes.leafNode(SESSION_ID, Uint32.valueOf(sessionId)));
        }
        final String schemaContextId = status.schemaContextId();
        if (schemaContextId != null) {
            builder.withChild(ImmutableNodes.leafNode(SCHEMA_CONTEXT_ID, schemaContextId));
        }
        if (!status.availableCapabilities().isEmpty()) {
            if (AVAILABLE.size() > 10_000) {
                // Far more distinct device types than any network has: a churn of capability sets, not reuse.
                AVAILABLE.clear();
            }
            builder.withChild(AVAILABLE.computeIfAbsent(status.availableCapabilities(),
                TopologyModel::availableCapabilities));
        }
        if (!status.unavailableCapabilities().isEmpty()) {
            builder.withChild(unavailableCapabilities(status.unavailableCapabilities()));
        }
        return builder.build();
    }

    private static ContainerNode availableCapabilities(final Set<String> capabilities) {
        final var list = ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(new NodeIdentifier(
            AVAILABLE_CAPABILITY));
        for (String capability : capabilities) {
            list.withChild(ImmutableNodes.newMapEntryBuilder()
                .withNodeIdentifier(NodeIdentifierWithPredicates.of(AVAILABLE_CAPABILITY, CAPABILITY, capability))
                .withChild(ImmutableNodes.leafNode(CAPABILITY, capability))
                .withChild(ImmutableNodes.leafNode(CAPABILITY_ORIGIN, "device-advertised"))
                .build());
        }
        return ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(AVAILABLE_CAPABILITIES))
            .withChild(list.build()).build();
    }

    private static DataContainerChild unavailableCapabilities(final List<UnavailableCapability> capabilities) {
        final var list = ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(new NodeIdentifier(
            UNAVAILABLE_CAPABILITY));
        for (UnavailableCapability capability : capabilities) {
            list.withChild(ImmutableNodes.newMapEntryBuilder()
                .withNodeIdentifier(NodeIdentifierWithPredicates.of(UNAVAILABLE_CAPABILITY, CAPABILITY,
                    capability.capability()))
                .withChild(ImmutableNodes.leafNode(CAPABILITY, capability.capability()))
                .withChild(ImmutableNodes.leafNode(FAILURE_REASON, capability.reason().yangName()))
                .withChild(ImmutableNodes.leafNode(DETAIL, capability.detail()))
                .build());
        }
        return ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(UNAVAILABLE_CAPABILITIES))
            .withChild(list.build()).build();
    }
}
