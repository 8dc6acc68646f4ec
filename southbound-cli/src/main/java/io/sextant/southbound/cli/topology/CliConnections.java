package io.sextant.southbound.cli.topology;

import io.sextant.spi.Registration;
import java.util.Collection;
import java.util.Optional;

/** The CLI devices mounted at {@code topology=topology-cli} that are connected now. */
public interface CliConnections {

    /** The device if it is mounted and connected. */
    Optional<CliConnection> find(String nodeId);

    /** Every connected device. */
    Collection<CliConnection> connected();

    /** Tell {@code listener} of connects and disconnects; it is first told of the devices connected now. */
    Registration registerListener(CliConnectionListener listener);
}
