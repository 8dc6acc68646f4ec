package io.sextant.southbound.netconf;

import io.sextant.spi.Registration;
import io.sextant.persistence.LeaseHolder;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * The mounted NETCONF devices: what the UniConfig and unified layers and the console build on.
 * Devices are mounted and unmounted through the configuration datastore
 * ({@code topology=topology-netconf}); this interface only looks at them.
 */
public interface NetconfDevices {

    /** Ids of every mounted node, connected or not. */
    Set<String> nodeIds();

    /** The node's connection state; empty when no such node is mounted. */
    Optional<NodeStatus> status(String nodeId);

    /** The node's session while it is connected. */
    Optional<NetconfDeviceSession> session(String nodeId);

    /**
     * The live controller instance that connects the node's device when it is not this one
     * (instances sharing a database): requests needing the device are answered there. Empty when
     * the device is this instance's, the node is nobody's, or the database cannot tell now.
     */
    default Optional<LeaseHolder> connectedElsewhere(final String nodeId) {
        return Optional.empty();
    }

    /**
     * The device's whole running configuration (get-config), the {@code sync-from-network}
     * building block. Fails with {@link io.sextant.spi.OperationErrorsException} when the node
     * is not connected or the device refuses.
     *
     * @return the root container ({@code data}) holding every top-level node of the configuration
     */
    CompletionStage<ContainerNode> readConfiguration(String nodeId);

    /**
     * The schema {@link NetconfDeviceSession#schemaContextId()} named for a device of an earlier
     * run, built without a device from its kept module set and cached sources; empty when that
     * cannot be done (nothing kept, or a source missing now).
     */
    Optional<EffectiveModelContext> knownSchema(String schemaContextId);

    /**
     * Tell {@code listener} of connections and disconnections from now on; nodes connected at
     * registration are reported at once through {@link NetconfDeviceListener#onConnected}.
     */
    Registration registerListener(NetconfDeviceListener listener);
}
