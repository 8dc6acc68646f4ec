package io.sextant.southbound.netconf.topology;

import io.sextant.datastore.Candidates;
import io.sextant.datastore.DataStore;
import io.sextant.datastore.StateElsewhere;
import io.sextant.persistence.DeviceOwnership;
import io.sextant.persistence.LeaseHolder;
import io.sextant.spi.HeldElsewhere;
import io.sextant.spi.OperationError;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Registration;
import io.sextant.spi.MountPoint;
import io.sextant.spi.RpcRegistry;
import io.sextant.spi.StateOwner;
import io.sextant.southbound.netconf.ConnectionStatus;
import io.sextant.southbound.netconf.NetconfDeviceSession;
import io.sextant.southbound.netconf.NetconfDevices;
import io.sextant.southbound.netconf.NodeStatus;
import io.sextant.southbound.netconf.client.NodeSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;
import org.opendaylight.yangtools.yang.data.tree.api.ModificationType;

/**
 * The datastore-facing parts of the NETCONF topology: checking mount requests, node status in
 * the operational datastore, the device mount points, and the connection-manager RPCs.
 */
public final class TopologySupport implements StateOwner, AutoCloseable {
    private static final NodeIdentifier NODE_LIST = new NodeIdentifier(TopologyModel.NODE);
    private static final StateElsewhere ELSEWHERE = new StateElsewhere(TopologyModel.TOPOLOGY_NETCONF,
        TopologyModel.topology(TopologyModel.TOPOLOGY_NETCONF).node(NODE_LIST), TopologyModel.NODE_ID,
        TopologyModel.CONNECTION_STATUS, TopologyModel.CONNECTED_MESSAGE, ConnectionStatus.CONNECTING.yangName());

    private final DataStore operational;
    private final StatusWriter status;
    private final NetconfDevices devices;
    private final DeviceOwnership ownership;

    /**
     * @param ownership whose nodes' state this instance reports to the others, and reads theirs
     *     for reads of the whole topology
     */
    public TopologySupport(final DataStore operational, final NetconfDevices devices,
            final DeviceOwnership ownership) {
        this.operational = operational;
        this.status = new StatusWriter(operational, TopologyModel.TOPOLOGY_NETCONF);
        this.devices = devices;
        this.ownership = ownership;
    }

    /** The status of a node whose device this instance connects: written here and reported to the other instances. */
    public void writeStatus(final NodeStatus nodeStatus, final NodeSettings settings) {
        status.put(nodeStatus.nodeId(), TopologyModel.statusNode(nodeStatus, settings));
        ownership.reportState(TopologyModel.TOPOLOGY_NETCONF, nodeStatus.nodeId(), nodeStatus.status().yangName(),
            Objects.requireNonNullElse(nodeStatus.connectedMessage(), ""));
    }

    /** A stored node that cannot be mounted: reported as unable-to-connect with the reason. */
    public void writeInvalid(final String nodeId, final String reason) {
        status.put(nodeId, ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(TopologyModel.nodeKey(nodeId))
            .withChild(ImmutableNodes.leafNode(TopologyModel.NODE_ID, nodeId))
            .withChild(ImmutableNodes.leafNode(TopologyModel.CONNECTION_STATUS,
                ConnectionStatus.UNABLE_TO_CONNECT.yangName()))
            .withChild(ImmutableNodes.leafNode(TopologyModel.CONNECTED_MESSAGE, reason))
            .build());
    }

    public void removeStatus(final String nodeId) {
        status.remove(nodeId);
    }

    /** Wait until the status submitted so far is in the operational datastore. */
    public void syncStatus() {
        status.sync();
    }

    /**
     * Refuse stored NETCONF nodes that cannot be mounted: a missing host or port, or SSH without
     * a login. Runs inside the commit, so a bad request stores nothing.
     */
    public static void validate(final DataTreeCandidate candidate) throws OperationErrorsException {
        final Optional<DataTreeCandidateNode> topology = Candidates.find(candidate, TopologyModel.NETCONF_TOPOLOGY);
        if (topology.isEmpty()) {
            return;
        }
        final DataTreeCandidateNode topologyNode = topology.get();
        final DataTreeCandidateNode nodes = topologyNode.modificationType() == ModificationType.SUBTREE_MODIFIED
            ? topologyNode.modifiedChild(NODE_LIST) : null;
        if (nodes != null && nodes.modificationType() == ModificationType.SUBTREE_MODIFIED) {
            for (DataTreeCandidateNode node : nodes.childNodes()) {
                final NormalizedNode after = node.dataAfter();
                if (after instanceof MapEntryNode entry) {
                    check(entry);
                }
            }
            return;
        }
        final NormalizedNode after = topologyNode.dataAfter();
        if (after instanceof MapEntryNode topologyEntry
                && topologyEntry.childByArg(NODE_LIST) instanceof MapNode list) {
            for (MapEntryNode entry : list.body()) {
                check(entry);
            }
        }
    }

    private static void check(final MapEntryNode entry) throws OperationErrorsException {
        try {
            TopologyModel.settings(entry);
        } catch (TopologyModel.InvalidNodeException e) {
            final String nodeId = TopologyModel.nodeId(entry);
            throw new OperationErrorsException(new OperationError(ErrorType.APPLICATION, ErrorTag.INVALID_VALUE,
                "Cannot mount node " + nodeId + ": " + e.getMessage(),
                TopologyModel.node(TopologyModel.TOPOLOGY_NETCONF, nodeId)
                    .node(new NodeIdentifier(e.leaf())), null,
                "<bad-element>" + e.leaf().getLocalName() + "</bad-element>"));
        }
    }

    /**
     * The mount point of a topology-netconf node: the live device while it is connected.
     *
     * @throws OperationErrorsException when the node is mounted but not connected, or not mounted
     */
    public Optional<MountPoint> findMountPoint(final YangInstanceIdentifier path) throws OperationErrorsException {
        final Optional<String> nodeId = TopologyModel.netconfNodeId(path);
        if (nodeId.isEmpty()) {
            return Optional.empty();
        }
        final Optional<NetconfDeviceSession> session = devices.session(nodeId.get());
        if (session.isPresent()) {
            return Optional.of(new DeviceMountPoint(session.get(), new StateFilter(session.get().schema())));
        }
        // the HTTP layer sends the request on to that instance
        refuseIfConnectedElsewhere(nodeId.get());
        final Optional<NodeStatus> nodeStatus = devices.status(nodeId.get());
        if (nodeStatus.isEmpty()) {
            throw new OperationErrorsException(OperationError.of(ErrorType.PROTOCOL, ErrorTag.DATA_MISSING,
                "No NETCONF node " + nodeId.get() + " is mounted", path));
        }
        final NodeStatus current = nodeStatus.get();
        throw new OperationErrorsException(new OperationError(ErrorType.APPLICATION, ErrorTag.RESOURCE_DENIED,
            "Node " + nodeId.get() + " is not connected (" + current.describe() + ")",
            path, null, "<node-id>" + nodeId.get() + "</node-id>"));
    }

    /**
     * A read of a topology-netconf node's state (its connection status and the rest of its
     * operational data) is served by the instance that connects the node's device: another
     * instance answers {@link HeldElsewhere}'s error naming it, which the HTTP layer sends on.
     */
    @Override
    public void checkServedHere(final YangInstanceIdentifier path) throws OperationErrorsException {
        final Optional<String> nodeId = TopologyModel.netconfNodeIdAtOrBelow(path);
        if (nodeId.isPresent() && devices.session(nodeId.get()).isEmpty()) {
            refuseIfConnectedElsewhere(nodeId.get());
        }
    }

    /**
     * For a read of the whole topology (or above): the nodes whose devices this instance does not
     * connect, each with the connection status and message its holder reported, the message naming
     * the holder (or saying that no instance holds it now).
     */
    @Override
    public Optional<NormalizedNode> servedElsewhere(final YangInstanceIdentifier path)
            throws OperationErrorsException {
        return ELSEWHERE.read(path, ownership);
    }

    /** {@link HeldElsewhere}'s error when another live instance connects the node's device (none here). */
    private void refuseIfConnectedElsewhere(final String nodeId) throws OperationErrorsException {
        final Optional<LeaseHolder> holder = devices.connectedElsewhere(nodeId);
        if (holder.isPresent()) {
            throw HeldElsewhere.of(List.of(nodeId), holder.orElseThrow().instanceId(), holder.orElseThrow().address());
        }
    }

    /** The connection-manager RPCs: installing and uninstalling many nodes, and which are installed. */
    public List<Registration> registerRpcs(final RpcRegistry rpcs, final DataStore config) {
        final List<Registration> registrations = new ArrayList<>(new ConnectionManagerRpcs(config).register(rpcs));
        registrations.addAll(new InstalledNodesRpcs(config, operational).register(rpcs));
        return registrations;
    }

    @Override
    public void close() {
        status.close();
    }
}
