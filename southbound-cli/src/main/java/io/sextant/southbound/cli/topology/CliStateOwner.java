package io.sextant.southbound.cli.topology;

import io.sextant.datastore.StateElsewhere;
import io.sextant.persistence.DeviceOwnership;
import io.sextant.persistence.LeaseHolder;
import io.sextant.spi.HeldElsewhere;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Registration;
import io.sextant.spi.StateOwner;
import java.util.List;
import java.util.Optional;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * A topology-cli node's state (its connection status, connected message and translation unit) is
 * served by the controller instance that connects the node's device: a read of it through another
 * instance answers {@link HeldElsewhere}'s error naming that one, which the HTTP layer sends on.
 * A read of the whole topology through any instance shows every node, those others connect with
 * the state their holders reported.
 */
@Component(service = CliStateOwner.class, immediate = true)
public final class CliStateOwner implements StateOwner, AutoCloseable {
    private static final int NODE_DEPTH = CliTopologyModel.nodePath("n").getPathArguments().size();
    private static final YangInstanceIdentifier NODES = CliTopologyModel.nodesPath();
    private static final StateElsewhere ELSEWHERE = new StateElsewhere(CliTopologyModel.TOPOLOGY_ID, NODES,
        CliTopologyModel.NODE_ID, CliTopologyModel.CONNECTION_STATUS, CliTopologyModel.CONNECTED_MESSAGE, "connecting");

    private final CliConnections connections;
    private final DeviceOwnership ownership;
    private final Registration registration;

    /**
     * @param ownership the state the other instances reported of the nodes they connect, for reads
     *     of the whole topology
     */
    @Activate
    public CliStateOwner(@Reference final MountPointRegistry mounts, @Reference final CliConnections connections,
            @Reference final DeviceOwnership ownership) {
        this.connections = connections;
        this.ownership = ownership;
        this.registration = mounts.registerStateOwner(this);
    }

    @Override
    public void checkServedHere(final YangInstanceIdentifier path) throws OperationErrorsException {
        final List<PathArgument> args = path.getPathArguments();
        if (args.size() < NODE_DEPTH || !NODES.equals(path.getAncestor(NODE_DEPTH - 1))
                || !(args.get(NODE_DEPTH - 1) instanceof NodeIdentifierWithPredicates key)) {
            return;
        }
        final String nodeId = String.valueOf(key.getValue(CliTopologyModel.NODE_ID));
        if (connections.find(nodeId).isPresent()) {
            return;
        }
        final Optional<LeaseHolder> holder = connections.connectedElsewhere(nodeId);
        if (holder.isPresent()) {
            throw HeldElsewhere.of(List.of(nodeId), holder.orElseThrow().instanceId(), holder.orElseThrow().address());
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

    @Deactivate
    @Override
    public void close() {
        registration.close();
    }
}
