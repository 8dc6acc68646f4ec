package io.sextant.southbound.cli.topology;

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
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * A topology-cli node's state (its connection status, connected message and translation unit) is
 * served by the controller instance that connects the node's device: a read of it through another
 * instance answers {@link HeldElsewhere}'s error naming that one, which the HTTP layer sends on.
 */
@Component(service = CliStateOwner.class, immediate = true)
public final class CliStateOwner implements StateOwner, AutoCloseable {
    private static final int NODE_DEPTH = CliTopologyModel.nodePath("n").getPathArguments().size();
    private static final YangInstanceIdentifier NODES = CliTopologyModel.nodesPath();

    private final CliConnections connections;
    private final Registration registration;

    @Activate
    public CliStateOwner(@Reference final MountPointRegistry mounts, @Reference final CliConnections connections) {
        this.connections = connections;
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

    @Deactivate
    @Override
    public void close() {
        registration.close();
    }
}
