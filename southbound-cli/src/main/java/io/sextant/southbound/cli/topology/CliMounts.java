package io.sextant.southbound.cli.topology;

import io.sextant.datastore.Registration;
import java.util.Collection;
import java.util.Optional;

/** The CLI devices mounted at {@code topology=topology-cli} that are connected now. */
public interface CliMounts {

    /** The device if it is mounted and connected. */
    Optional<CliMountedDevice> find(String nodeId);

    /** Every connected device. */
    Collection<CliMountedDevice> connected();

    /** Tell {@code listener} of connects and disconnects; it is first told of the devices connected now. */
    Registration registerListener(CliMountListener listener);
}
