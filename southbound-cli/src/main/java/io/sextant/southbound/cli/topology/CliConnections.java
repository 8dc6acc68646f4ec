package io.sextant.southbound.cli.topology;

import io.sextant.persistence.LeaseHolder;
import io.sextant.spi.Registration;
import java.util.Collection;
import java.util.Optional;

/** The CLI devices mounted at {@code topology=topology-cli} that are connected now. */
public interface CliConnections {

    /** The device if it is mounted and connected. */
    Optional<CliConnection> find(String nodeId);

    /**
     * The live controller instance that connects the node's device when it is not this one
     * (instances sharing a database): requests needing the device, or its connection state, are
     * answered there. Empty when the device is this instance's, the node is nobody's, or the
     * database cannot tell now.
     */
    default Optional<LeaseHolder> connectedElsewhere(final String nodeId) {
        return Optional.empty();
    }

    /** Every connected device. */
    Collection<CliConnection> connected();

    /** Tell {@code listener} of connects and disconnects; it is first told of the devices connected now. */
    Registration registerListener(CliConnectionListener listener);

    /**
     * Tell the listeners that commands sent to node {@code nodeId}'s device outside its intent may
     * have changed its configuration ({@link CliConnectionListener#configurationTouched}).
     */
    void configurationTouched(String nodeId);
}
